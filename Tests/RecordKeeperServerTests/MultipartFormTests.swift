import Hummingbird
import Testing

@testable import RecordKeeperServer

/// The Add and Save forms read by multipart-kit's parser, a piece of the
/// body at a time, as the server receives them.
@Suite("Multipart forms")
struct MultipartFormTests {
  static let boundary = "rk-boundary-42"

  /// A form as a browser's `FormData` writes it: `parts` are (name, bytes).
  static func form(_ parts: [(String, [UInt8])], closed: Bool = true) -> [UInt8] {
    var bytes: [UInt8] = []
    for (name, body) in parts {
      bytes += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\nContent-Type: x/y\r\n\r\n".utf8)
      bytes += body + [13, 10]
    }
    if closed { bytes += Array("--\(boundary)--\r\n".utf8) }
    return bytes
  }

  /// The parts of `bytes` fed to the reader `size` bytes at a time.
  static func parts(_ bytes: [UInt8], size: Int) throws(APIError) -> [String: [UInt8]] {
    let reader = Multipart.Reader(boundary: boundary)
    var start = 0
    while start < bytes.count {
      try reader.read(ByteBuffer(bytes: bytes[start..<min(start + size, bytes.count)]))
      start += size
    }
    return try reader.finish()
  }

  /// Bytes an image may hold that look like the start of a boundary.
  static let binary: [UInt8] = [0, 13, 10, 45, 45, 13, 13, 10, 45, 255] + Array("\r\n--rk-boundary-4".utf8) + [7]

  @Test(arguments: [1, 2, 7, 1 << 16])
  func thePartsByNameWhateverPiecesTheBodyComesIn(size: Int) throws {
    let bytes = Self.form([("album", Array(#"{"title": "Kind of Blue"}"#.utf8)), ("cover", Self.binary), ("album", [1])])
    let parts = try Self.parts(bytes, size: size)
    #expect(parts["album"] == Array(#"{"title": "Kind of Blue"}"#.utf8), "the first part of a name counts")
    #expect(parts["cover"] == Self.binary)
  }

  @Test func anEmptyPartIsThere() throws {
    #expect(try Self.parts(Self.form([("album", []), ("cover", [])]), size: 5) == ["album": [], "cover": []])
  }

  @Test(arguments: ["no boundary", "cut in a part", "bad header"])
  func aFormThatCannotBeReadIsRefused(_ damage: String) {
    let whole = Self.form([("album", Array("{}".utf8)), ("cover", Self.binary)])
    let bytes =
      switch damage {
      case "no boundary": Array("{}".utf8)
      case "cut in a part": Array(whole.prefix(whole.count - 30))
      default: Array("--\(Self.boundary)\r\nNo Colon Here\r\n\r\n{}\r\n--\(Self.boundary)--\r\n".utf8)
      }
    #expect(throws: APIError.self) { try Self.parts(bytes, size: 3) }
  }

  @Test func theBoundaryComesFromTheContentType() {
    #expect(Multipart.boundary("multipart/form-data; boundary=\"abc\"") == "abc")
    #expect(Multipart.boundary("Multipart/Form-Data;boundary=xyz; charset=utf-8") == "xyz")
    #expect(Multipart.boundary("application/json") == nil)
    #expect(Multipart.boundary("multipart/form-data; boundary=") == nil)
  }

  @Test func pathPartsAndQueriesAreDecodedAsBrowsersEncodeThem() {
    #expect(PathPart.decode("albums%2Fcaf%C3%A9") == "albums/café")
    #expect(PathPart.decode("100%") == nil && PathPart.decode("%C3") == nil && PathPart.decode("%zz") == nil)
    #expect(PathPart.encode("albums/café é~_-.") == "albums%2Fcaf%C3%A9%20%C3%A9~_-.")
    let query = QueryString("q=kind+of%20blue&q=second&empty&bad=%zz&caf%C3%A9=1&=x")
    #expect(query["q"] == "kind of blue")
    #expect(query["empty"] == "" && query["bad"] == "" && query["café"] == "1" && query[""] == "x")
  }
}
