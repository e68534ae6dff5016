import Foundation
import Testing

@testable import RecordKeeper

/// What the app reads from `GET /api/schema` is the library's own rules, and
/// `Tests/Fixtures/validation-cases.json` (which the app's browser test runs
/// through schema.js) is what ``Album/problems()`` says today.
@Suite("Field catalogue")
struct FieldCatalogueTests {
  @Test func everyCollectorFieldIsDescribedWithItsRuleAndLabel() throws {
    for field in CollectorField.allCases {
      let description = try #require(FieldCatalogue.field(named: field.key))
      #expect(description.values == field.allowedValues)
      #expect(description.message == field.problem(with: "{value}"))
      #expect(!description.label.isEmpty && description.label != field.key)
    }
    #expect(FieldCatalogue.field(named: "media_condition")?.label == "Media condition")
    #expect(FieldCatalogue.field(named: "sleeve_condition")?.values?.suffix(2) == ["Generic", "No Cover"])
    #expect(FieldCatalogue.field(named: "barcode")?.digits == 8...14)
  }

  @Test func everyRuleFieldIsInTheCatalogueUnderItsRuleName() {
    for field in RuleField.allCases {
      #expect(FieldCatalogue.field(named: field.name)?.ruleKind == field.kind, "\(field.name)")
    }
  }

  @Test func theDateTemplateGivesTheErrorsOwnWords() throws {
    let template = try #require(FieldCatalogue.messages.first { $0.0 == "date_day" }?.1)
    let filled = template.replacingOccurrences(of: "{year}", with: "1997").replacingOccurrences(of: "{month}", with: "02")
      .replacingOccurrences(of: "{day}", with: "29")
    #expect(filled == ReleaseDateError.day(year: 1997, month: 2, day: 29).description)
  }

  @Test func theValidationCasesTheAppRunsAreWhatTheLibrarySays() throws {
    let url = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appending(path: "Fixtures/validation-cases.json")
    let now = ValidationCases.json.serialized() + "\n"
    let stored = try? String(contentsOf: url, encoding: .utf8)
    if stored != now { try now.write(to: url, atomically: true, encoding: .utf8) }
    #expect(stored == now, "Tests/Fixtures/validation-cases.json was stale and has been rewritten: run the test again and commit it")
  }
}

/// Values for each field that the app's form and the library must judge
/// alike, with the messages ``Album/problems()`` gives for them.
enum ValidationCases {
  static let family = "👨‍👩‍👧‍👦"

  static let texts: [String] = [
    "", "  ", "\u{A0}", "\u{200B}", "Kind of Blue", "Björk", "a\nb", "a\rb", "a\u{85}b", "a\u{2028}b", "a\tb",
    String(repeating: "x", count: 255), String(repeating: "x", count: 256), String(repeating: family, count: 255),
    String(repeating: family, count: 256), String(repeating: "e\u{301}", count: 256), String(repeating: "🇫🇷", count: 200),
    String(repeating: "é", count: 200),
  ]

  static let dates: [String] = [
    "1997", "1997-05", "1997-05-21", "1997-5-7", "1997-02-29", "2000-02-29", "1900-02-29", "1997-04-31", "0", "0000", "10000",
    "1997-13", "1997-00", "1997-05-00", "1997-05-32", "97", "1997-05-21-01", "abcd", "1997-", "-1997", "１９９７", " 1997", "1997--05",
  ]

  static let webAddresses: [String] = [
    "https://en.wikipedia.org/wiki/OK_Computer", "http://x", "HTTPS://X", "https://", "https:///x", "ftp://x", "https://a b",
    "en.wikipedia.org", "https://a\u{A0}b", "https://a\u{3000}b", "https://a\u{85}b", "https://a\u{200B}b", "mailto:x@y",
  ]

  static let trackNames: [String] = [
    "Airbag", "Airbag (4:44)", "Airbag (4:75)", "Airbag (4:5)", "Airbag (1:02:03)", "Airbag (1:60:00)", "Airbag (60:00)",
    "(4:75)", "Song (12)", "Song (a:bc)", "Song (1234567:00)", "Song (123456:00)", "Song (1:2:3:4)", "Song(4:75)", "Song\t(4:75)",
    "", " ", String(repeating: "x", count: 256), "a\nb",
  ]

  static let tagLists: [[String]] = [
    ["jazz", "jazz"], ["jazz", "Jazz"], ["", "x"], ["a b"], ["x", "y", "x", "x"], [String(repeating: "t", count: 256)],
  ]

  static let collectorValues: [CollectorField: [String]] = [
    .barcode: [
      "0602527", "06025274", "0 602527 400 82", "0-602527-40082", "060252740082012", "12345678901234", "1234567a", "１２３４５６７８",
      "1234\t5678", "1234 - 5678",
    ],
    .discogs: ["1234", "12a", "１２", "-1", "007"],
    .musicbrainz: [
      "b1392450-e666-3926-a536-22c65f834433", "B1392450-E666-3926-A536-22C65F834433", "b1392450e6663926a53622c65f834433",
      "b1392450-e666-3926-a536-22c65f83443", "g1392450-e666-3926-a536-22c65f834433", "ｂ1392450-e666-3926-a536-22c65f834433",
    ],
    .mediaCondition: ["VG+", "vg+", "Near Mint (NM or M-)", "Generic", "M", "P"],
    .sleeveCondition: ["Generic", "No Cover", "NM", "no cover"],
    .rating: ["1", "5", "0", "6", "3.5", "05", "five"],
    .status: ["owned", "wanted", "Owned", "sold"],
    .purchased: ["2024", "2024-02-30", "2024-13", "yesterday"],
    .format: ["2×LP", "a\nb", String(repeating: "x", count: 256)],
    .price: ["12.50 EUR"],
  ]

  /// `[{"field", "value", "messages"}]`: a value is text, or a list for
  /// tracks and tags; the messages are every problem of that field, as
  /// `rk check` words them after `field: `.
  static var json: JSONValue {
    var cases: [JSONValue] = []
    func add(_ field: String, _ value: JSONValue, _ album: Album) {
      let messages = album.problems().filter { $0.field.key == field }.map(\.message)
      cases.append(.object([("field", .string(field)), ("value", value), ("messages", .array(messages.map(JSONValue.string)))]))
    }
    let base = Album(id: "albums/x", title: "T", artist: "A")
    for text in texts {
      var album = base
      album.title = text
      add("title", .string(text), album)
      album = base
      album.sortArtist = text
      add("sort_artist", .string(text), album)
    }
    for text in dates {
      var album = base
      album.released = text
      add("released", .string(text), album)
    }
    for text in webAddresses {
      var album = base
      album.wikipedia = text
      add("wikipedia", .string(text), album)
    }
    for name in trackNames {
      add("tracks", .array([.string("One"), .string(name)]), Album(id: "albums/x", title: "T", artist: "A", tracks: ["One", name]))
    }
    for tags in tagLists {
      var album = base
      album.tags = tags
      add("tags", .array(tags.map(JSONValue.string)), album)
    }
    for field in CollectorField.allCases {
      for value in collectorValues[field] ?? [] {
        var album = base
        album[keyPath: field.keyPath] = value
        add(field.key, .string(value), album)
      }
    }
    return .array(cases)
  }
}
