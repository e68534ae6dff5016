/// Choosing the MusicBrainz release for a scan's answer (seed 001: "select
/// first result with matching artist name"; "prefer original/main release").
///
/// A release matches when its artist and title are the answer's (compared
/// as ``SleeveIdentification/key`` does). Among those, a vinyl release
/// comes first (this is a record collection), then one from the answer's
/// year, then MusicBrainz's own order (best score first). No match is
/// better than another album: `nil` when none matches.
public enum ReleaseChoice {
  public static func best(in search: MusicBrainzReleaseSearch, for answer: VisionAnswer) -> MusicBrainzRelease? {
    let key = SleeveIdentification.key(artist: answer.artistName, title: answer.albumTitle)
    let year = answer.releaseYear.map { String($0.prefix(4)) }
    let matching = search.releases.enumerated().filter {
      SleeveIdentification.key(artist: $0.element.artistText, title: $0.element.title) == key
    }
    return matching.min { left, right in
      rank(left.element, year: year, order: left.offset) < rank(right.element, year: year, order: right.offset)
    }?.element
  }

  private static func rank(_ release: MusicBrainzRelease, year: String?, order: Int) -> (Int, Int, Int) {
    let vinyl = (release.media ?? []).contains { $0.format?.contains("Vinyl") == true } ? 0 : 1
    let sameYear = year != nil && release.date?.hasPrefix(year ?? "") == true ? 0 : 1
    return (vinyl, sameYear, order)
  }

  /// The search for the answer's release: `artist:"…" AND release:"…"`
  /// (seed 001's primary search), quotes and backslashes escaped.
  public static func query(for answer: VisionAnswer) -> String {
    "artist:\(quoted(answer.artistName)) AND release:\(quoted(answer.albumTitle))"
  }

  /// The fallback when that finds nothing: the words alone.
  public static func looseQuery(for answer: VisionAnswer) -> String {
    AlbumMatching.normalized(answer.artistName + " " + answer.albumTitle)
  }

  private static func quoted(_ text: String) -> String {
    "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
  }
}
