/// Plays whose album is not in the collection (docs/merging.md, "Plays files"): a play of an
/// album that was moved or removed on a path that did not take its plays
/// along (a rebase, a hand rename). `rk check` names each with its file and
/// line, as `plays/2026.md:3: album: …`.
enum PlaysWithoutAlbum {
  /// One issue for each play naming none of `albums` (ids).
  static func issues(in location: CollectionLocation, albums: Set<String>) -> [AlbumIssue] {
    guard let entries = try? FileSystem.list(location.path(PlayHistory.folder)) else { return [] }
    var issues: [AlbumIssue] = []
    for entry in entries where !entry.isDirectory && entry.name.hasSuffix(".md") && !entry.name.hasPrefix(".") {
      let file = PlayHistory.folder + "/" + entry.name
      // A file that cannot be read is reported by the plays' own check.
      guard let bytes = try? FileSystem.read(location.path(file), limit: 64 << 20) else { continue }
      _ = PlayHistory.read(bytes, file: file) { line, play in
        guard !albums.contains(play.album) else { return }
        issues.append(AlbumIssue(id: file, line: line, field: "album", message: message(play.album)))
      }
    }
    return issues
  }

  static func message(_ id: String) -> String {
    "no album \(id) in the collection: write the id the album has now (rk list --format '{id}' shows ids), or remove the line"
  }
}
