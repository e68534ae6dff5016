import Foundation
import RecordKeeper

/// A collection in a fresh temporary folder, removed when the value goes away.
public final class TemporaryCollection: Sendable {
  public let root: URL

  /// Makes `.recordkeeper/` and one `album.md` per entry of `albums` (id → text).
  public init(albums: [String: String] = [:]) throws {
    // Before any repository is opened: libgit2 reads the hermetic home only.
    _ = hermeticEnvironment
    root = FileManager.default.temporaryDirectory.appendingPathComponent("rk-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: root.appendingPathComponent(".recordkeeper"), withIntermediateDirectories: true)
    try "version: 1\n".write(to: root.appendingPathComponent(".recordkeeper/config.yaml"), atomically: false, encoding: .utf8)
    for (id, text) in albums { try write(id, text) }
  }

  deinit { try? FileManager.default.removeItem(at: root) }

  public var path: String { root.path }

  /// Writes `text` as the `album.md` of album `id`.
  public func write(_ id: String, _ text: String) throws {
    let folder = root.appendingPathComponent(id)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try text.write(to: folder.appendingPathComponent(AlbumFile.name), atomically: false, encoding: .utf8)
  }

  /// Writes an arbitrary file inside the collection.
  public func writeFile(_ relative: String, _ bytes: [UInt8]) throws {
    let url = root.appendingPathComponent(relative)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(bytes).write(to: url)
  }

  /// The text of a file inside the collection.
  public func read(_ relative: String) throws -> String {
    try String(contentsOf: root.appendingPathComponent(relative), encoding: .utf8)
  }
}

/// The text of a minimal album file.
public func albumText(
  title: String, artist: String, sortArtist: String? = nil, released: String? = nil,
  tags: [String] = [], tracks: [String] = []
) -> String {
  var album = Album(id: "", title: title, artist: artist, sortArtist: sortArtist, released: released, tracks: tracks, tags: tags)
  album.body = AlbumBody()
  return AlbumFile.render(album)
}
