import HTTPTestSupport
import Hummingbird
import RecordKeeper
import TestSupport
import Testing

/// `GET /api/schema` serves the library's field catalogue, from which the
/// app builds its forms (issue 18, point 6).
@Suite("API: the field catalogue")
struct SchemaAPITests {
  @Test func theSchemaNamesEveryFieldWithItsLabelLimitsValuesAndMessagesAndEveryListTheAppOffers() async throws {
    let fixture = try await ServerFixture()
    try await fixture.withClient { client in
      try await client.execute(uri: "/api/schema", method: .get) { response in
        #expect(response.status == .ok)
        #expect(response.object["max_length"] as? Int == 255)
        let fields = response.object["fields"] as? [[String: Any]] ?? []
        let byName = Dictionary(fields.map { ($0["name"] as? String ?? "", $0) }, uniquingKeysWith: { first, _ in first })
        // Every front-matter key, collector's field and rule field, under its JSON name.
        let names =
          ["title", "artist", "sort_artist", "released", "wikipedia", "tracks", "tags", "year", "cover", "notes"]
          + CollectorField.allCases.map(\.key) + ["plays", "last_played"]
        #expect(Set(byName.keys) == Set(names))
        let media = try #require(byName["media_condition"])
        #expect(media["label"] as? String == "Media condition")
        #expect(media["kind"] as? String == "choice")
        #expect(media["values"] as? [String] == ["M", "NM", "VG+", "VG", "G+", "G", "F", "P"])
        #expect((media["message"] as? String)?.contains("{value}") == true)
        #expect(byName["title"]?["required"] as? Bool == true)
        #expect(byName["title"]?["label"] as? String == "Album name")
        #expect(byName["barcode"]?["digits"] as? [Int] == [8, 14])
        #expect(byName["status"]?["default"] as? String == "owned")
        #expect(byName["wikipedia"]?["kind"] as? String == "web_address")
        #expect(byName["year"]?["editable"] as? Bool == false)
        #expect(fields.filter { $0["collector"] as? Bool == true }.map { $0["name"] as? String } == CollectorField.allCases.map(\.key))
        #expect(byName["rating"]?["rule_kind"] as? String == "number")
        let messages = response.object["messages"] as? [String: String] ?? [:]
        #expect(messages["too_long"] == "is {count} characters long; at most 255 are allowed")
        #expect(messages["date_day"] == "{year}-{month} has no day {day}")
        let search = response.object["search_fields"] as? [[String: Any]] ?? []
        #expect(search.map { $0["name"] as? String } == SearchField.allCases.map(\.rawValue))
        #expect(search.filter { $0["default"] as? Bool == true }.count == SearchField.defaults.count)
        let sorts = response.object["sort_modes"] as? [[String: Any]] ?? []
        #expect(sorts.map { $0["name"] as? String } == SortMode.allCases.map(\.rawValue))
        #expect(sorts.first { $0["name"] as? String == "plays" }?["label"] as? String == "Most played")
        #expect(sorts.filter { $0["default"] as? Bool == true }.map { $0["name"] as? String } == ["artist-year"])
        let listName = response.object["list_name"] as? [String: Any] ?? [:]
        #expect(listName["max_length"] as? Int == 64)
        #expect((listName["rule"] as? String)?.contains("letters, digits") == true)
      }
    }
  }
}
