import RecordKeeper

/// The addresses the app loads an album's cover and thumbnail from:
/// `/api/albums/ID/cover?v=VERSION`, the version taken from the image file
/// (inode, size, modification time), so that a cover set from the command
/// line gets a new address and no cache (the service worker's, the
/// browser's) shows the old picture. The album object's `cover` and
/// `thumbnail` stay the paths of docs/commands.md, "Output: JSON, --format and the terminal".
enum CoverAddresses {
  /// `object` (an album object) with `cover_url` and `thumbnail_url` added,
  /// `null` when the album has no such image.
  static func adding(to object: JSONValue, of album: Album, in location: CollectionLocation) -> JSONValue {
    guard case .object(var fields) = object else { return object }
    fields.append(("cover_url", .optional(address(of: album, name: CoverFiles.coverName, present: album.covers.cover, in: location))))
    fields.append(
      ("thumbnail_url", .optional(address(of: album, name: CoverFiles.thumbnailName, present: album.covers.thumbnail, in: location))))
    return .object(fields)
  }

  private static func address(of album: Album, name: String, present: Bool, in location: CollectionLocation) -> String? {
    guard present else { return nil }
    let route = name == CoverFiles.coverName ? "cover" : "thumbnail"
    let base = "/api/albums/\(PathPart.encode(album.id))/\(route)"
    guard let stamp = FileStamp.of(location.path(album.id + "/" + name)) else { return base }
    let version = [stamp.inode, UInt64(bitPattern: stamp.size), UInt64(bitPattern: stamp.modified)]
      .map { String($0, radix: 36) }.joined(separator: "-")
    return base + "?v=" + version
  }
}
