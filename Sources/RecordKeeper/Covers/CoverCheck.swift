/// `rk check` for covers: `cover.webp` 400x400 and `cover-thumb.webp` 100x100,
/// both WebP, a thumbnail for every cover and no thumbnail without one.
public enum CoverCheck {
  /// The problems with the covers of `album`, read from its folder.
  public static func problems(of album: Album, in location: CollectionLocation) -> [AlbumIssue] {
    var issues: [AlbumIssue] = []
    func issue(_ field: String, _ message: String) {
      issues.append(AlbumIssue(id: album.id, line: 0, field: field, message: message))
    }
    let fix = "run rk cover set \(album.id) IMAGE to make both again, or rk cover rm \(album.id)"
    if album.covers.cover && !album.covers.thumbnail {
      issue("thumbnail", "\(CoverFiles.thumbnailName) is missing: every cover needs its thumbnail; \(fix)")
    }
    if album.covers.thumbnail && !album.covers.cover {
      issue("thumbnail", "there is no \(CoverFiles.coverName) for this thumbnail; \(fix)")
    }
    for (field, name, present, size) in [
      ("cover", CoverFiles.coverName, album.covers.cover, CoverFiles.coverSize),
      ("thumbnail", CoverFiles.thumbnailName, album.covers.thumbnail, CoverFiles.thumbnailSize),
    ] where present {
      let bytes: [UInt8]
      do {
        bytes = try FileSystem.read(location.path(album.id + "/" + name), limit: CoverFiles.storedSizeLimit)
      } catch {
        issue(field, "\(name) cannot be read: \(error.explanation); \(fix)")
        continue
      }
      guard let (width, height) = WebPHeader.dimensions(bytes) else {
        issue(field, "\(name) is not a WebP image; \(fix)")
        continue
      }
      if width != size || height != size {
        issue(field, "\(name) is \(width)x\(height) but must be \(size)x\(size); \(fix)")
      }
    }
    return issues
  }
}

/// The size of a WebP image, read from its header without decoding it.
enum WebPHeader {
  static func dimensions(_ file: [UInt8]) -> (width: Int, height: Int)? {
    guard file.count >= 30, file[0..<4].elementsEqual("RIFF".utf8), file[8..<12].elementsEqual("WEBP".utf8) else {
      return nil
    }
    func little(_ offset: Int, _ count: Int) -> Int {
      (0..<count).reduce(0) { $0 | Int(file[offset + $1]) << (8 * $1) }
    }
    let chunk = file[12..<16]
    let data = 20
    if chunk.elementsEqual("VP8 ".utf8) {
      // A key frame: 3-byte tag, start code 9d 01 2a, then 14-bit sizes.
      guard file[data + 3] == 0x9D, file[data + 4] == 0x01, file[data + 5] == 0x2A else { return nil }
      return (little(data + 6, 2) & 0x3FFF, little(data + 8, 2) & 0x3FFF)
    }
    if chunk.elementsEqual("VP8L".utf8) {
      guard file[data] == 0x2F else { return nil }
      let bits = little(data + 1, 4)
      return ((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
    }
    if chunk.elementsEqual("VP8X".utf8) {
      return (little(data + 4, 3) + 1, little(data + 7, 3) + 1)
    }
    return nil
  }
}
