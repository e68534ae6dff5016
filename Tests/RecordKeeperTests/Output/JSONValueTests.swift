import Foundation
import Testing

@testable import RecordKeeper

@Suite("JSON values")
struct JSONValueTests {
  @Test(
    "scalars",
    arguments: [
      (JSONValue.null, "null"), (.bool(true), "true"), (.bool(false), "false"), (.number(0), "0"), (.number(-42), "-42"),
      (.number(Int.max), "9223372036854775807"), (.string(""), "\"\""), (.string("OK Computer"), "\"OK Computer\""),
      (.array([]), "[]"), (.object([]), "{}"),
    ])
  func scalars(value: JSONValue, text: String) {
    #expect(value.serialized() == text)
  }

  @Test(
    "strings are escaped",
    arguments: [
      ("\"Heroes\"", #""\"Heroes\"""#),
      (#"back\slash"#, #""back\\slash""#),
      ("line\nbreak", #""line\nbreak""#),
      ("tab\there", #""tab\there""#),
      ("cr\rhere", #""cr\rhere""#),
      ("\u{1}\u{1F}", #""\u0001\u001f""#),
      ("\u{0}", #""\u0000""#),
      ("Björk ♫ 😀", "\"Björk ♫ 😀\""),
      ("/slash/", "\"/slash/\""),
      // DEL, C1 and bidi controls are escaped, so JSON on a terminal cannot drive it.
      ("\u{7F}\u{9B}\u{202E}\u{2028}", #""\u007f\u009b\u202e\u2028""#),
      ("\u{80}\u{9F}\u{2066}\u{2069}", #""\u0080\u009f\u2066\u2069""#),
      // Same lead bytes (0xC2, 0xE2) as the escaped ones, but printable: kept.
      ("£ ¡ € ‘quoted’ \u{2027} \u{202F} \u{2065} \u{206A}", "\"£ ¡ € ‘quoted’ \u{2027} \u{202F} \u{2065} \u{206A}\""),
      ("ends in £", "\"ends in £\""),
    ])
  func escaping(text: String, json: String) throws {
    let serialized = JSONValue.string(text).serialized()
    #expect(serialized == json)
    // Any JSON reader gets the same text back.
    let decoded = try JSONSerialization.jsonObject(with: Data("[\(serialized)]".utf8)) as? [String]
    #expect(decoded == [text])
  }

  @Test("an array written in chunks is the same bytes as one written whole", arguments: [0, 1, 2, 255, 256, 257, 1000])
  func chunkedArrays(count: Int) {
    let texts = ["plain", "quote \" and \\", "line\nbreak", "Björk", "\u{9B}", "‘x’", "€"]
    let items = (0..<count).map { index in
      JSONValue.object([("n", .number(index)), ("text", .string(texts[index % texts.count])), ("tags", .array([]))])
    }
    #expect(Self.chunked(items, layout: .pretty) == JSONValue.array(items).serializedBytes())
  }

  @Test func nestedValuesAreIndentedByTwoSpaces() {
    let value = JSONValue.object([
      ("id", .string("albums/a")),
      ("tracks", .array([.string("one"), .string("two")])),
      ("extra", .object([("label", .string("L")), ("formats", .array([]))])),
      ("empty", .object([])),
      ("wikipedia", .null),
    ])
    #expect(
      value.serialized() == """
        {
          "id": "albums/a",
          "tracks": [
            "one",
            "two"
          ],
          "extra": {
            "label": "L",
            "formats": []
          },
          "empty": {},
          "wikipedia": null
        }
        """)
  }

  @Test func arraysOfObjects() {
    let value = JSONValue.array([.object([("a", .number(1))]), .object([("b", .bool(false))])])
    #expect(value.serialized() == "[\n  {\n    \"a\": 1\n  },\n  {\n    \"b\": false\n  }\n]")
  }

  @Test func lineLayoutSeparatesAsPythonsJSONDumps() {
    let value = JSONValue.object([
      ("id", .string("albums/a")),
      ("tracks", .array([.string("one"), .string("two\nlines")])),
      ("extra", .object([("label", .string("L")), ("formats", .array([])), ("n", .number(-3))])),
      ("empty", .object([])),
      ("wikipedia", .null),
      ("list", .array([.object([("a", .bool(true))]), .array([.null])])),
    ])
    // json.dumps(value) in Python, key for key; the line break stays escaped.
    #expect(
      value.serialized(layout: .line) == #"""
        {"id": "albums/a", "tracks": ["one", "two\nlines"], "extra": {"label": "L", "formats": [], "n": -3}, \#
        "empty": {}, "wikipedia": null, "list": [{"a": true}, [null]]}
        """#)
    // The indent is the pretty layout's alone.
    #expect(value.serialized(indent: 6, layout: .line) == value.serialized(layout: .line))
  }

  @Test("an array in the line layout has one element a line", arguments: [0, 1, 2, 300])
  func lineLayoutArrays(count: Int) {
    let items = (0..<count).map { JSONValue.object([("n", .number($0)), ("text", .string("a\nb")), ("tags", .array([.string("x")]))]) }
    let expected = count == 0 ? "[]" : "[\n" + items.map { $0.serialized(layout: .line) }.joined(separator: ",\n") + "\n]"
    #expect(Self.chunked(items, layout: .line) == Array(expected.utf8))
  }

  /// `items` written by ``JSONValue/streamArrayChunks(count:layout:chunkSize:write:to:)``.
  static func chunked(_ items: [JSONValue], layout: JSONLayout) -> [UInt8] {
    var bytes: [UInt8] = []
    JSONValue.streamArrayChunks(count: items.count, layout: layout) { index, output, indent, layout in
      items[index].write(to: &output, indent: indent, layout: layout)
    } to: { chunk in
      bytes += chunk.bytes
      return true
    }
    return bytes
  }

  @Test func startingIndent() {
    #expect(JSONValue.array([.number(1)]).serialized(indent: 4) == "[\n      1\n    ]")
  }

  @Test func objectKeysKeepTheirOrder() {
    let ab = JSONValue.object([("a", .number(1)), ("b", .number(2))])
    let ba = JSONValue.object([("b", .number(2)), ("a", .number(1))])
    #expect(ab.serialized() == "{\n  \"a\": 1,\n  \"b\": 2\n}")
    #expect(ba.serialized() == "{\n  \"b\": 2,\n  \"a\": 1\n}")
    #expect(ab != ba)
    #expect(ab == JSONValue.object([("a", .number(1)), ("b", .number(2))]))
  }

  @Test func equalityAndHashing() {
    let values: [JSONValue] = [
      .null, .bool(true), .bool(false), .number(1), .number(2), .string("1"), .string("a"), .array([]), .array([.null]),
      .object([]), .object([("a", .null)]), .object([("b", .null)]), .object([("a", .number(1))]),
    ]
    for (i, a) in values.enumerated() {
      for (j, b) in values.enumerated() {
        #expect((a == b) == (i == j), "\(a) / \(b)")
      }
    }
    #expect(Set(values).count == values.count)
    #expect(Set(values + values).count == values.count)
    #expect(JSONValue.number(1) != .string("1"))
    #expect(JSONValue.bool(false) != .null)
  }

  @Test func optionalStrings() {
    #expect(JSONValue.optional(nil) == .null)
    #expect(JSONValue.optional("x") == .string("x"))
  }

  @Test func albumObjectHasTheFieldsInOrder() throws {
    let album = Album(
      id: "albums/radiohead-ok-computer", title: "OK Computer", artist: "Radiohead", released: "1997-5-21",
      tracks: ["Airbag"], tags: ["1990s"],
      extra: [ExtraField(key: "mood", yaml: "mood: tense\n", value: .string("tense"))],
      covers: CoverFiles(cover: true, thumbnail: false))
    var withLabel = album
    withLabel.label = "Parlophone"
    #expect(
      withLabel.json()
        == .object([
          ("id", .string("albums/radiohead-ok-computer")),
          ("title", .string("OK Computer")),
          ("artist", .string("Radiohead")),
          ("sort_artist", .null),
          ("released", .string("1997-05-21")),
          ("wikipedia", .null),
          ("tracks", .array([.string("Airbag")])),
          ("tags", .array([.string("1990s")])),
          ("cover", .string("albums/radiohead-ok-computer/cover.webp")),
          ("thumbnail", .null),
          ("format", .null), ("label", .string("Parlophone")), ("catalog_number", .null), ("barcode", .null),
          ("country", .null), ("media_condition", .null), ("sleeve_condition", .null), ("rating", .null),
          ("location", .null), ("purchased", .null), ("price", .null), ("status", .null), ("discogs", .null),
          ("musicbrainz", .null),
          ("extra", .object([("mood", .string("tense"))])),
          ("notes", .string("")),
          (
            "track_list",
            .array([
              .object([
                ("position", .string("1")), ("name", .string("Airbag")), ("side", .null), ("duration", .null), ("favourite", .bool(false)),
              ])
            ])
          ),
          ("duration", .null),
          ("plays", .number(0)),
          ("last_played", .null),
        ]))
    let serialized = album.json(group: "R").serialized()
    let object = try #require(try JSONSerialization.jsonObject(with: Data(serialized.utf8)) as? [String: Any])
    #expect(object["group"] as? String == "R")
    #expect(object["sort_artist"] is NSNull)
    #expect(
      serialized.hasSuffix(
        "\"favourite\": false\n    }\n  ],\n  \"duration\": null,\n  \"plays\": 0,\n  \"last_played\": null,\n  \"group\": \"R\"\n}"))
  }

  @Test func groupIsNullInRandomModeAndAbsentOutsideLists() {
    let album = Album(id: "a", title: "t", artist: "a")
    guard case .object(let withNull) = album.json(group: .some(nil)), case .object(let without) = album.json() else {
      Issue.record("album JSON is not an object")
      return
    }
    #expect(withNull.last?.0 == "group")
    #expect(withNull.last?.1 == .null)
    #expect(!without.contains { $0.0 == "group" })
    #expect(
      without.map(\.0) == ["id", "title", "artist", "sort_artist", "released", "wikipedia", "tracks", "tags", "cover", "thumbnail"]
        + CollectorField.allCases.map(\.key) + ["extra", "notes", "track_list", "duration", "plays", "last_played"])
  }

  @Test func invalidReleaseDateIsShownAsWritten() {
    let album = Album(id: "a", title: "t", artist: "a", released: "someday")
    guard case .object(let fields) = album.json() else {
      Issue.record("album JSON is not an object")
      return
    }
    #expect(fields.first { $0.0 == "released" }?.1 == .string("someday"))
  }
}
