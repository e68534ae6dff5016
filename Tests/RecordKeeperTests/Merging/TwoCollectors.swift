import Foundation
import TestSupport

@testable import RecordKeeper

/// Two clones of one collection and the bare repository both push to, in a
/// temporary folder: the setting of every sharing scenario (docs/sharing.md).
final class TwoCollectors {
  let origin: TemporaryCollection
  let remote: String
  let alice: String
  let bob: String
  private let clones: SharedClones

  init(albums: [String: String], files: [String: [UInt8]] = [:]) throws {
    origin = try TemporaryCollection(albums: albums)
    for (path, bytes) in files { try origin.writeFile(path, bytes) }
    try origin.initializeGit()
    clones = try SharedClones(of: origin.path)
    (remote, alice, bob) = (clones.remote, clones.alice, clones.bob)
  }

  deinit {
    clones.remove()
  }

  func read(_ clone: String, _ path: String) throws -> String {
    try String(contentsOfFile: clone + "/" + path, encoding: .utf8)
  }

  func write(_ clone: String, _ path: String, _ text: String) throws {
    let url = URL(fileURLWithPath: clone + "/" + path)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
  }

  /// Rewrites a file by replacing text and commits it with the git CLI.
  func edit(_ clone: String, _ path: String, replacing old: String, with new: String, message: String = "Edit") throws {
    let text = try read(clone, path)
    precondition(text.contains(old), "\(path) has no \(old)")
    try write(clone, path, text.replacingOccurrences(of: old, with: new))
    try commitAll(clone, message)
  }

  func commitAll(_ clone: String, _ message: String) throws {
    try git(["add", "-A"], in: clone)
    try git(["commit", "-q", "-m", message], in: clone)
  }

  func push(_ clone: String) throws {
    try git(["push", "-q", "origin", "HEAD"], in: clone)
  }

  /// Fetches origin and merges its head into the clone through the library.
  func fetchAndMerge(_ clone: String) throws -> (MergeOutcome, CollectionStore) {
    try git(["fetch", "-q", "origin"], in: clone)
    let theirs = try head(clone, "FETCH_HEAD")
    let store = try CollectionStore(location: CollectionLocation(root: clone))
    return (try store.merge(commit: theirs, from: "origin"), store)
  }

  func head(_ clone: String, _ name: String = "HEAD") throws -> String {
    try git(["rev-parse", name], in: clone).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Every commit reachable from the clone's branch.
  func commits(_ clone: String) throws -> Set<String> {
    Set(try git(["rev-list", "HEAD"], in: clone).split(separator: "\n").map(String.init))
  }

  func album(_ clone: String, _ id: String) throws -> Album {
    try AlbumFile.parse(Array(try read(clone, id + "/album.md").utf8), id: id).album
  }
}

/// An album text with the collector's label, tags and tracks.
func sharedAlbum(
  title: String = "OK Computer", label: String = "Parlophone", tags: [String] = ["alternative"],
  tracks: [String] = ["Airbag", "Paranoid Android", "Karma Police"]
) -> String {
  var text = albumText(title: title, artist: "Radiohead", released: "1997", tags: tags, tracks: tracks)
  text = text.replacingOccurrences(of: "---\n\n", with: "label: \(label)\n---\n\n")
  return text
}
