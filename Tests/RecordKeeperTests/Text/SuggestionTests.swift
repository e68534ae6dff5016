import RecordKeeper
import Testing

@Suite("Suggestions for mistyped names")
struct SuggestionTests {
  @Test(arguments: [
    ("kitten", "sitting", 3), ("cuont", "count", 1), ("lsit", "list", 1), ("", "abc", 3), ("same", "same", 0),
    ("ab", "ba", 1), ("titel", "title", 1),
  ])
  func editDistance(a: String, b: String, distance: Int) {
    #expect(Suggestion.editDistance(a, b) == distance)
    #expect(Suggestion.editDistance(b, a) == distance)
  }

  @Test func closestIsCloseEnough() {
    let options = ["in", "sort", "json", "format", "count"]
    #expect(Suggestion.closest(to: "cuont", among: options) == "count")
    #expect(Suggestion.closest(to: "jsn", among: options) == "json")
    #expect(Suggestion.closest(to: "frmat", among: options) == "format")
    #expect(Suggestion.closest(to: "zzzzzz", among: options) == nil)
    #expect(Suggestion.closest(to: "lsit", among: ["list", "show", "set"]) == "list")
  }
}
