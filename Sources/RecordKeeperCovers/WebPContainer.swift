/// The RIFF container of WebP files, just enough to drop everything but the
/// image from a file libvips wrote.
///
/// A simple lossy WebP file is `RIFF`, the size of what follows, `WEBP`, and
/// one `VP8 ` chunk. libvips writes the extended form instead when it adds
/// metadata: a `VP8X` header chunk, then `ICCP`, the image, `EXIF` and
/// `XMP ` chunks. Each chunk is a four-character code, a little-endian
/// 32-bit size, the data, and a pad byte when the size is odd.
enum WebPContainer {
  /// `file` rebuilt as a simple lossy WebP holding only its `VP8 ` chunk, or
  /// nil when it is not a WebP file or has no such chunk (lossless and
  /// transparent images have none).
  static func imageOnly(_ file: [UInt8]) -> [UInt8]? {
    guard file.count >= 12, file[0..<4].elementsEqual("RIFF".utf8), file[8..<12].elementsEqual("WEBP".utf8) else {
      return nil
    }
    var offset = 12
    while offset + 8 <= file.count {
      let size = file[offset + 4..<offset + 8].reversed().reduce(0) { $0 << 8 | Int($1) }
      let end = offset + 8 + size + size % 2
      guard end <= file.count else { return nil }
      if file[offset..<offset + 4].elementsEqual("VP8 ".utf8) {
        let chunk = file[offset..<end]
        let riffSize = UInt32(4 + chunk.count)
        return Array("RIFF".utf8) + (0..<4).map { UInt8(truncatingIfNeeded: riffSize >> (8 * $0)) } + Array("WEBP".utf8) + chunk
      }
      offset = end
    }
    return nil
  }
}
