import RecordKeeper

/// The cover thumbnails `rk list` draws beside its albums on a colour
/// terminal, decoded by the `rk-cover` helper.
enum ListThumbnails {
  /// The longest list drawn with real thumbnails.
  static let drawnAtMost = 200

  /// The `side`×`side` pixels of the thumbnail of each album in `albums`
  /// that has one, by album id, decoded in one run of `rk-cover`, which is
  /// not started when none has a thumbnail.
  ///
  /// A thumbnail that cannot be read is left out (the list draws the gray
  /// placeholder instead); all such failures together make one warning.
  /// Lists of more than ``drawnAtMost`` albums keep the placeholders:
  /// decoding costs about 0.7 ms a thumbnail, which a search result of a
  /// few albums never notices but a whole 10,000-album collection would.
  static func load(_ albums: [Album], in location: CollectionLocation, side: Int) -> [String: [[Style.RGB]]] {
    guard albums.count <= drawnAtMost else { return [:] }
    let ids = albums.filter(\.covers.thumbnail).map(\.id)
    if ids.isEmpty { return [:] }
    let results: [Result<[[(r: UInt8, g: UInt8, b: UInt8)]], CoverError>]
    do throws(CoverError) {
      results = try CoverTool.pixels(
        files: ids.map { location.path($0 + "/" + CoverFiles.thumbnailName) }, width: side, height: side)
    } catch {
      Terminal.warn("cover thumbnails are drawn as placeholders: \(error)")
      return [:]
    }
    var thumbnails: [String: [[Style.RGB]]] = [:]
    var failures: [(id: String, error: CoverError)] = []
    for (id, result) in zip(ids, results) {
      switch result {
      case .success(let rows): thumbnails[id] = rows.map { $0.map { Style.RGB(Int($0.r), Int($0.g), Int($0.b)) } }
      case .failure(let error): failures.append((id, error))
      }
    }
    if let first = failures.first {
      let others = failures.count == 1 ? "" : " and \(failures.count - 1) more"
      Terminal.warn(
        "cannot draw the cover thumbnail of \(first.id)\(others), drawn as placeholders (\(first.error)); `rk check` lists damaged covers")
    }
    return thumbnails
  }
}
