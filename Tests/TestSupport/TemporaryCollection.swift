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

  deinit {
    try? FileManager.default.removeItem(at: root)
    try? FileManager.default.removeItem(atPath: outside)
  }

  public var path: String { root.path }

  /// Where a file of the test's own that must not be in the collection (a
  /// CSV to import, an export) goes: beside it, removed with it.
  public func outsidePath(_ name: String) throws -> String {
    try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
    return outside + "/" + name
  }

  private var outside: String { root.path + "-outside" }

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
