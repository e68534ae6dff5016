import ArgumentParser
import Foundation
import RecordKeeper

extension RK {
  struct Format: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "fmt",
      abstract: "Put albums into canonical form, as one commit.",
      discussion: """
        With no ALBUM, every album of the collection. Canonical form: the keys title, artist, sort_artist, \
        released, wikipedia, tags, then the collector's fields (format, label … musicbrainz), then other keys \
        as written; text values plain unless YAML needs quotes, dates zero-padded; tags one `- tag` line each; \
        tracks numbered 1…N on each side (### heading); LF line ends and a final newline. Nothing is lost: a \
        comment stays above the key it preceded (or at the end of its `key: value` line), and the body, notes \
        and per-track notes stay as written. An album rk cannot read whole (merge-conflict markers, YAML errors, \
        aliases) is left untouched and named with what to do; the others are still formatted, and rk fmt then \
        exits with status 1. Uncommitted edits to an album it rewrites are first committed on their own \
        ("Edit … by hand").
        """)

    @OptionGroup var collection: CollectionOptions

    @Argument(
      help: ArgumentHelp("Albums to format (ids, folder names, or words of artist and title); all when none.", valueName: "album"),
      completion: .custom(Completions.albums))
    var albums: [String] = []

    func run() async throws {
      let result = try collection.store().format(albums)
      for problem in result.skipped {
        FileHandle.standardError.write(Data("rk: not formatted: \(Visible.lines(problem.description))\n".utf8))
      }
      if result.commit == nil && result.skipped.isEmpty {
        let what =
          switch result.alreadyCanonical {
          case 0: "There are no albums to format."
          case 1: "The album is already in canonical form."
          case let count: "All \(count) albums are already in canonical form."
          }
        report(nil, unchanged: what)
      } else {
        report(result.commit, unchanged: "Nothing was formatted.")
      }
      if !result.skipped.isEmpty { throw ExitCode.failure }
    }
  }
}
