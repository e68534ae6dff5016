import Foundation
import TestSupport
import Testing

@testable import RecordKeeper

/// The direct album writer (``Album/writeJSON(group:to:indent:)``) against the
/// tree it replaces on the hot path (``Album/json(group:)`` written by
/// ``JSONValue``): the same bytes for every album, however awkward its text.
@Suite("Album JSON written straight to bytes")
struct AlbumJSONWriterTests {
  /// Text that needs every kind of escape, or none: quotes, backslashes, C0,
  /// DEL, C1, line separators, bidi controls, and printable text with the
  /// same lead bytes; emoji, combining marks, wide characters.
  static let pieces = [
    "plain", "OK Computer", "\"Heroes\"", #"back\slash"#, "line\nbreak", "tab\t", "cr\r", "\u{0}", "\u{1}\u{1F}",
    "\u{7F}", "\u{80}\u{9B}\u{9F}", "\u{2028}\u{2029}", "\u{202A}\u{202E}", "\u{2066}\u{2069}", "£ ¡ € ‘q’",
    "\u{2027}\u{202F}\u{2065}\u{206A}", "😀👩‍👩‍👧", "e\u{301}", "Cafe\u{301} Bjo\u{308}rk", "東京事変", "/slash/", " ", "",
  ]

  static func text(_ generator: inout SeededGenerator, words: Int = 3) -> String {
    (0..<Int.random(in: 1...words, using: &generator)).map { _ in pieces.randomElement(using: &generator) ?? "" }
      .joined(separator: Bool.random(using: &generator) ? " " : "")
  }

  static func optionalText(_ generator: inout SeededGenerator) -> String? {
    Bool.random(using: &generator) ? text(&generator) : nil
  }

  static func value(_ generator: inout SeededGenerator, depth: Int = 0) -> JSONValue {
    switch Int.random(in: 0...(depth < 2 ? 6 : 4), using: &generator) {
    case 0: .null
    case 1: .bool(Bool.random(using: &generator))
    case 2: .number([0, 7, -3, 10, 1999, Int.max, Int.min].randomElement(using: &generator) ?? 0)
    case 3, 4: .string(text(&generator))
    case 5: .array((0..<Int.random(in: 0...3, using: &generator)).map { _ in value(&generator, depth: depth + 1) })
    default:
      .object((0..<Int.random(in: 0...3, using: &generator)).map { _ in (text(&generator, words: 1), value(&generator, depth: depth + 1)) })
    }
  }

  /// An album with every field drawn at random from awkward text.
  static func album(_ generator: inout SeededGenerator, index: Int) -> Album {
    var album = Album(
      id: "albums/\(index)-" + text(&generator, words: 1), title: text(&generator), artist: text(&generator),
      sortArtist: optionalText(&generator),
      released: [nil, "1997-5-21", "1997-05-21", "1970", "someday", "2024-02", "800-1-2", "9999-12-31", "1-1", "2023-02-29"].randomElement(
        using: &generator) ?? nil,
      wikipedia: optionalText(&generator),
      tags: (0..<Int.random(in: 0...3, using: &generator)).map { _ in text(&generator, words: 1) },
      extra: (0..<Int.random(in: 0...2, using: &generator)).map { _ in
        ExtraField(key: text(&generator, words: 1), yaml: "", value: value(&generator))
      },
      covers: CoverFiles(cover: Bool.random(using: &generator), thumbnail: Bool.random(using: &generator)))
    let sides: [String?] = [nil, "Side A", "Side B", "Bonus \"disc\"", text(&generator, words: 1)]
    album.trackList = (0..<Int.random(in: 0...6, using: &generator)).map { track in
      let side = Int.random(in: 0..<sides.count, using: &generator)
      return Album.Track(
        name: text(&generator), duration: Bool.random(using: &generator) ? Int.random(in: 0...4000, using: &generator) : nil,
        side: sides[side], sideIndex: side)
    }.sorted { $0.sideIndex < $1.sideIndex }
    for field in CollectorField.allCases where Bool.random(using: &generator) {
      album[keyPath: field.keyPath] = text(&generator)
    }
    return album
  }

  static func albums(count: Int, seed: UInt64) -> [Album] {
    var generator = SeededGenerator(seed: seed)
    return (0..<count).map { album(&generator, index: $0) }
  }

  @Test("the same bytes as the JSONValue tree", arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
  func sameBytesAsTheTree(seed: UInt64) {
    for album in Self.albums(count: 60, seed: seed) {
      for group in [nil, .some(nil), .some("R"), .some("\"#\"")] as [String??] {
        for indent in [0, 2, 6] {
          for layout in [JSONLayout.pretty, .line] {
            var output = JSONOutput(capacity: 16)
            album.writeJSON(group: group, to: &output, indent: indent, layout: layout)
            let expected = album.json(group: group).serializedBytes(indent: indent, layout: layout)
            #expect(
              output.bytes == expected,
              "seed \(seed), \(album.id), group \(String(describing: group)), indent \(indent), \(layout)")
          }
        }
      }
    }
  }

  @Test func albumsAreWrittenInTheArrangedOrderWithTheirGroups() throws {
    let albums = Self.albums(count: 300, seed: 12)
    let order = AlbumOrder(mode: .title)
    let arranged = order.arrangement(of: albums)
    let lines = order.sorted(albums).map { $0.json(group: .some(order.group(of: $0))).serialized(layout: .line) }
    let expected = "[\n" + lines.joined(separator: ",\n") + "\n]"
    #expect(String(decoding: Album.jsonArrayChunks(albums, arranged: arranged).flatMap(\.bytes), as: UTF8.self) == expected)
  }

  @Test func theLineLayoutIsOneLine() throws {
    for album in Self.albums(count: 60, seed: 9) {
      var output = JSONOutput()
      album.writeJSON(group: .some("G"), to: &output, layout: .line)
      let text = String(decoding: output.bytes, as: UTF8.self)
      #expect(!text.contains("\n"), "\(album.id)")
      #expect(text.hasPrefix(#"{"id": "#))
      #expect(try JSONSerialization.jsonObject(with: Data(output.bytes)) is [String: Any])
    }
  }

  @Test func everyCollectorFieldIsWrittenInItsPlace() {
    // One field at a time, so a field written under another's key shows.
    for field in CollectorField.allCases {
      var album = Album(id: "albums/a", title: "t", artist: "a")
      album[keyPath: field.keyPath] = "value of \(field.key)"
      for layout in [JSONLayout.pretty, .line] {
        var output = JSONOutput()
        album.writeJSON(to: &output, layout: layout)
        #expect(output.bytes == album.json().serializedBytes(layout: layout), "\(field.key)")
        #expect(String(decoding: output.bytes, as: UTF8.self).contains("\"\(field.key)\": \"value of \(field.key)\""))
      }
    }
  }

  @Test("an array in chunks is the array written whole", arguments: [0, 1, 2, 5, 64, 65, 300])
  func chunkedArrayOfAlbums(count: Int) {
    let albums = Self.albums(count: count, seed: UInt64(count) + 100)
    let pretty = JSONValue.array(albums.map { $0.json(group: .some("G")) }).serializedBytes()
    // One album a line between the brackets.
    let lines = albums.map { $0.json(group: .some("G")).serialized(layout: .line) }
    let line = Array((count == 0 ? "[]" : "[\n" + lines.joined(separator: ",\n") + "\n]").utf8)
    for (layout, expected) in [(JSONLayout.pretty, pretty), (.line, line)] {
      for chunkSize in [1, 7, 64, 256] {
        var chunks: [JSONChunk] = []
        JSONValue.streamArrayChunks(count: albums.count, layout: layout, chunkSize: chunkSize) { index, output, indent, layout in
          albums[index].writeJSON(group: .some("G"), to: &output, indent: indent, layout: layout)
        } to: { chunk in
          chunks.append(chunk)
          return true
        }
        #expect(chunks.flatMap(\.bytes) == expected, "\(layout), chunks of \(chunkSize)")
        #expect(chunks.count == max(1, (count + chunkSize - 1) / chunkSize))
      }
    }
    let arranged = AlbumOrder.Arrangement(positions: Array(albums.indices), groups: Array(repeating: "G", count: count))
    #expect(Album.jsonArrayChunks(albums, arranged: arranged).flatMap(\.bytes) == line)
    #expect(Album.jsonArrayChunks(albums, arranged: arranged, layout: .pretty).flatMap(\.bytes) == pretty)
  }

  @Test func aStreamStopsWhenItsReaderHasGone() {
    let albums = Self.albums(count: 100, seed: 7)
    var handed = 0
    JSONValue.streamArrayChunks(count: albums.count, layout: .line, chunkSize: 1) { index, output, indent, layout in
      albums[index].writeJSON(to: &output, indent: indent, layout: layout)
    } to: { _ in
      handed += 1
      return handed < 3
    }
    #expect(handed == 3)
  }

  @Test func awkwardTextSurvivesAJSONReader() throws {
    let albums = Self.albums(count: 200, seed: 42)
    let arranged = AlbumOrder.Arrangement(positions: Array(albums.indices), groups: Array(repeating: nil, count: albums.count))
    let bytes = Album.jsonArrayChunks(albums, arranged: arranged).flatMap(\.bytes)
    let objects = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [[String: Any]])
    #expect(objects.count == albums.count)
    for (object, album) in zip(objects, albums) {
      #expect(object["title"] as? String == album.title)
      #expect(object["artist"] as? String == album.artist)
      #expect(object["tags"] as? [String] == album.tags)
      #expect(object["group"] is NSNull)
      let trackList = try #require(object["track_list"] as? [[String: Any]])
      #expect(trackList.map { $0["name"] as? String } == album.trackList.map(\.name))
      #expect(trackList.map { $0["duration"] as? Int } == album.trackList.map(\.duration))
    }
  }

  /// The escape rule of JSONValue, one scalar at a time: the reference the
  /// eight-bytes-at-once fast path is held to.
  static func reference(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x22: result += "\\\""
      case 0x5C: result += "\\\\"
      case 0x0A: result += "\\n"
      case 0x0D: result += "\\r"
      case 0x09: result += "\\t"
      case 0..<0x20, 0x7F...0x9F, 0x2028...0x202E, 0x2066...0x2069:
        result += "\\u" + String(format: "%04x", scalar.value)
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }

  @Test(
    "each escaped or non-ASCII character at every place of a plain run",
    arguments: [
      "\"", "\\", "\n", "\u{0}", "\u{1F}", " ", "~", "\u{7F}", "\u{80}", "\u{9F}", "\u{A0}", "é", "€", "\u{2028}",
      "\u{202E}", "\u{2069}", "\u{206A}", "😀", "e\u{301}",
    ])
  func fastPathFindsEveryEscape(special: String) {
    for length in 0..<20 {
      for place in 0...length {
        let plain = String(repeating: "abcdefgh", count: 3).prefix(length)
        let text = String(plain.prefix(place)) + special + String(plain.dropFirst(place))
        #expect(JSONValue.string(text).serialized() == Self.reference(text), "\(text.debugDescription)")
      }
    }
  }

  @Test("numbers", arguments: [0, 1, 9, 10, 99, 100, -1, -9, -10, 4000, 1_234_567_890, Int.max, Int.min, Int.min + 1])
  func numbers(value: Int) {
    var output = JSONOutput(capacity: 16)
    JSONBytes.number(value, to: &output)
    #expect(String(decoding: output.bytes, as: UTF8.self) == String(value))
  }

  @Test func outputGrowsPastItsCapacity() {
    var output = JSONOutput(capacity: 16)
    output.indent(100)
    output.append("null")
    output.append(UInt8(ascii: ","))
    JSONBytes.string(String(repeating: "\u{1}", count: 50), to: &output)
    let escaped = "\"" + String(repeating: "\\u0001", count: 50) + "\""
    #expect(output.bytes == [UInt8](repeating: UInt8(ascii: " "), count: 100) + Array("null,".utf8) + Array(escaped.utf8))
    #expect(output.count == 100 + 5 + escaped.utf8.count)
    let chunk = output.finish()
    #expect(chunk.count == 100 + 5 + escaped.utf8.count)
    #expect(chunk.withUnsafeBytes { Array($0) } == chunk.bytes)
  }
}
