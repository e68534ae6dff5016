import Testing

@testable import RecordKeeper

@Suite("WebP files read without decoding them")
struct WebPFileTests {
  /// A RIFF file of `chunks` (code, data), each padded to an even size.
  static func riff(_ chunks: [(String, [UInt8])]) -> [UInt8] {
    func size(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
    var body: [UInt8] = []
    for (code, data) in chunks { body += Array(code.utf8) + size(data.count) + data + (data.count % 2 == 1 ? [0] : []) }
    return Array("RIFF".utf8) + size(4 + body.count) + Array("WEBP".utf8) + body
  }

  /// A lossy key frame's first bytes: tag, start code, 14-bit width and height.
  static let lossy: [UInt8] = [0x10, 0x02, 0x00, 0x9D, 0x01, 0x2A, 0x90, 0x01, 0x64, 0x00, 0xAA]

  @Test func theSizeOfALossyALosslessAndAnExtendedImage() {
    #expect(WebPFile.dimensions(Self.riff([("VP8 ", Self.lossy)])).map { [$0.width, $0.height] } == [400, 100])
    // VP8L: signature 0x2f, then width-1 and height-1 in 14 bits each.
    let bits = (99 & 0x3FFF) | (49 << 14)
    let lossless: [UInt8] = [0x2F] + (0..<4).map { UInt8(truncatingIfNeeded: bits >> (8 * $0)) }
    #expect(WebPFile.dimensions(Self.riff([("VP8L", lossless)])).map { [$0.width, $0.height] } == [100, 50])
    let extended: [UInt8] = [0, 0, 0, 0, 0x8F, 0x01, 0x00, 0x8F, 0x01, 0x00]
    #expect(WebPFile.dimensions(Self.riff([("VP8X", extended), ("VP8 ", Self.lossy)])).map { [$0.width, $0.height] } == [400, 400])
  }

  @Test func notAWebPFileOrATruncatedHeaderHasNoSize() {
    #expect(WebPFile.dimensions(Array("RIFF....WEBPVP8 broken".utf8)) == nil)
    #expect(WebPFile.dimensions(Array("RIFF".utf8)) == nil)
    #expect(WebPFile.dimensions(Array(Self.riff([("VP8 ", Self.lossy)]).prefix(24))) == nil)
    #expect(WebPFile.dimensions(Self.riff([("ICCP", [1, 2, 3])])) == nil)
  }

  @Test func theChunksInOrderUpToOneThatRunsPastTheEnd() {
    let file = Self.riff([("VP8X", [UInt8](repeating: 0, count: 10)), ("ICCP", [1, 2, 3]), ("VP8 ", Self.lossy), ("EXIF", [9])])
    #expect(WebPFile.chunks(file)?.map(\.code) == ["VP8X", "ICCP", "VP8 ", "EXIF"])
    #expect(WebPFile.chunks(file)?[1].data == [1, 2, 3])
    #expect(WebPFile.chunks(Array(file.dropLast(2)))?.map(\.code) == ["VP8X", "ICCP", "VP8 "])
    #expect(WebPFile.chunks(Array("RIFF0000WEBX".utf8)) == nil)
  }

  @Test func theImageAloneIsASimpleLossyFile() {
    let extended = Self.riff([("VP8X", [UInt8](repeating: 0, count: 10)), ("ICCP", [1, 2, 3]), ("VP8 ", Self.lossy), ("EXIF", [9])])
    #expect(WebPFile.imageOnly(extended) == Self.riff([("VP8 ", Self.lossy)]))
    #expect(WebPFile.imageOnly(Self.riff([("VP8L", [0x2F, 0, 0, 0, 0])])) == nil)
    #expect(WebPFile.imageOnly(Array(extended.prefix(40))) == nil)
  }
}
