import ArgumentParser
import RecordKeeper

/// How `rk list` and `rk find` print the albums they found: one of JSON,
/// a template, a count or short lines; without any, the list with headings.
struct AlbumListOptions: ParsableArguments {
  @Flag(help: "Print a JSON array of album objects.")
  var json = false

  @Flag(help: "Print only the number of matching albums; on a terminal also how many are wanted: 120 albums (3 wanted).")
  var count = false

  @Flag(help: "One line per album: title, artist, year and tags in columns that fit the terminal.")
  var short = false

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Print each album as TEMPLATE: {id} {title} {artist} {sort_artist} {released} {year} {wikipedia} {tags} {tracks} {plays} {last_played}, the collector's fields {format} {label} {catalog_number} … {musicbrainz}, and any extra key by name ({mood}).",
      valueName: "template"))
  var format: String?

  func validate() throws {
    if [json, format != nil, count, short].filter({ $0 }).count > 1 {
      throw ValidationError("Choose one of --json, --format, --count and --short.")
    }
    if let format {
      do { _ = try FormatTemplate(format) } catch { throw ValidationError("--format: \(error)") }
    }
  }

  /// The options as they are typed, for handing on to `rk list`.
  var arguments: [String] {
    (json ? ["--json"] : []) + (count ? ["--count"] : []) + (short ? ["--short"] : []) + (format.map { ["--format", $0] } ?? [])
  }
}
