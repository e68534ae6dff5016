@testable import RecordKeeper

/// A suite that merges three texts of one album, `id`.
protocol AlbumMergeSuite {
  static var id: String { get }
}

extension AlbumMergeSuite {
  func merge(_ base: String?, _ ours: String, _ theirs: String, prefer: [String: MergeSide] = [:]) throws -> AlbumMerge.Result {
    try AlbumMerge.merge(
      base: base.map { Array($0.utf8) }, ours: Array(ours.utf8), theirs: Array(theirs.utf8), id: Self.id, prefer: prefer)
  }

  /// The merged file's text.
  func text(_ result: AlbumMerge.Result) -> String { String(decoding: result.bytes, as: UTF8.self) }
}
