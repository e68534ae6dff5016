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
      guard let (width, height) = WebPFile.dimensions(bytes) else {
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
