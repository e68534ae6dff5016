/// The `Tags` and `Tracks` cells of `rk export csv`, written and read back
/// (docs/commands.md, "Discogs"): one tag a line; the track list one item a line, as
/// `album.md` writes it, so sides (`### Side A`) and lengths survive a round
/// trip through `rk import discogs`.
public enum DiscogsTrackList {
  /// The tags' cell.
  public static func cell(tags: [String]) -> String { tags.joined(separator: "\n") }

  /// The track list's cell: a `### heading` line where a side starts, then
  /// `1. Airbag (4:44)`, numbered from 1 under each heading.
  public static func cell(tracks: [Album.Track]) -> String {
    var lines: [String] = []
    var sideIndex = 0
    var number = 0
    for track in tracks {
      if track.sideIndex != sideIndex {
        sideIndex = track.sideIndex
        number = 0
        if let side = track.side { lines.append("### " + side) }
      }
      number += 1
      lines.append("\(number). \(track.text)")
    }
    return lines.joined(separator: "\n")
  }

  /// The non-blank lines of a cell, trimmed.
  static func lines(_ cell: String) -> [String] {
    cell.split(separator: "\n").map { String($0).trimmed }.filter { !$0.isEmpty }
  }

  /// The tracks a cell lists: `### ` lines start a side; an item's number
  /// (`1.`) is dropped, since numbers are regenerated; a length at its end
  /// is its length.
  static func tracks(_ cell: String) -> [Album.Track] {
    var tracks: [Album.Track] = []
    var side: String?
    var sideIndex = 0
    for line in lines(cell) {
      if line.hasPrefix("### ") {
        side = String(line.dropFirst(4)).trimmed
        sideIndex += 1
        continue
      }
      let item = line.firstMatch(of: /^\d+\.\s+/).map { String(line[$0.range.upperBound...]) } ?? line
      let (name, seconds) = TrackDuration.split(item)
      tracks.append(Album.Track(name: name, duration: seconds, side: side, sideIndex: sideIndex))
    }
    return tracks
  }
}
