/// The RIFF container of WebP files, read without decoding the image: its
/// size for `rk check`, and the image chunk alone for `rk-cover`.
///
/// A simple lossy WebP file is `RIFF`, the size of what follows, `WEBP`, and
/// one `VP8 ` chunk. libvips writes the extended form instead when it adds
/// metadata: a `VP8X` header chunk, then `ICCP`, the image, `EXIF` and
/// `XMP ` chunks. Each chunk is a four-character code, a little-endian
/// 32-bit size, the data, and a pad byte when the size is odd.
public enum WebPFile {
  /// One chunk: its four-character code, its data, and all of it with its header and pad byte.
  public struct Chunk {
    public let code: String
    public let data: ArraySlice<UInt8>
    public let whole: ArraySlice<UInt8>
  }

  /// The chunks of `file` in order, up to the first that runs past its end;
  /// `nil` when it is not a WebP file.
  public static func chunks(_ file: [UInt8]) -> [Chunk]? {
    guard file.count >= 12, file[0..<4].elementsEqual("RIFF".utf8), file[8..<12].elementsEqual("WEBP".utf8) else {
      return nil
    }
    var chunks: [Chunk] = []
    var offset = 12
    while offset + 8 <= file.count {
      let size = little(file, offset + 4, 4)
      let end = offset + 8 + size + size % 2
      guard offset + 8 + size <= file.count else { break }
      chunks.append(
        Chunk(
          code: String(decoding: file[offset..<offset + 4], as: UTF8.self), data: file[(offset + 8)..<(offset + 8 + size)],
          whole: file[offset..<min(end, file.count)]))
      offset = end
    }
    return chunks
  }

  /// The size of the image, from the header of its first chunk.
  public static func dimensions(_ file: [UInt8]) -> (width: Int, height: Int)? {
    guard let first = chunks(file)?.first else { return nil }
    let data = Array(first.data)
    switch first.code {
    case "VP8 ":
      // A key frame: 3-byte tag, start code 9d 01 2a, then 14-bit sizes.
      guard data.count >= 10, data[3] == 0x9D, data[4] == 0x01, data[5] == 0x2A else { return nil }
      return (little(data, 6, 2) & 0x3FFF, little(data, 8, 2) & 0x3FFF)
    case "VP8L":
      guard data.count >= 5, data[0] == 0x2F else { return nil }
      let bits = little(data, 1, 4)
      return ((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
    case "VP8X":
      guard data.count >= 10 else { return nil }
      return (little(data, 4, 3) + 1, little(data, 7, 3) + 1)
    default:
      return nil
    }
  }

  /// `file` rebuilt as a simple lossy WebP holding only its `VP8 ` chunk, or
  /// nil when it is not a WebP file or has no such chunk (lossless and
  /// transparent images have none).
  public static func imageOnly(_ file: [UInt8]) -> [UInt8]? {
    guard let chunk = chunks(file)?.first(where: { $0.code == "VP8 " }), chunk.whole.count % 2 == 0 else { return nil }
    let riffSize = UInt32(4 + chunk.whole.count)
    return Array("RIFF".utf8) + (0..<4).map { UInt8(truncatingIfNeeded: riffSize >> (8 * $0)) } + Array("WEBP".utf8) + chunk.whole
  }

  private static func little(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> Int {
    (0..<count).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
  }
}
