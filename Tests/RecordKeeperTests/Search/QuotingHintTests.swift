import RecordKeeper
import Testing

/// A rule's value ends at a space; when words follow one, the query that
/// matched nothing says how to quote it (docs/commands.md, "Exit status and errors").
@Suite("Quoting hints for rules cut at a space")
struct QuotingHintTests {
  @Test func anExactRuleFollowedByWordsIsShownQuoted() throws {
    let hint = try #require(SearchQuery.quotingHint("@artist:=Miles Davis"))
    #expect(hint.hasSuffix("quote a value with spaces: @artist:=\"Miles Davis\""))
    #expect(hint.contains("@artist:=Miles looked for \"Miles\" alone, and \"Davis\" was searched as a word of its own"))
  }

  @Test func aContainsRuleTakesEveryPlainWordAfterIt() {
    #expect(SearchQuery.quotingHint("@title:kind of blue #jazz")?.hasSuffix("@title:\"kind of blue\"") == true)
  }

  @Test(arguments: [
    "@artist:=\"Miles Davis\"", "@year:>1990 jazz", "#jazz blue", "miles @artist:=Miles", "@artist:=Miles -live", "@cover",
    "@artist:=Miles",
  ])
  func otherQueriesGetNoHint(_ query: String) {
    #expect(SearchQuery.quotingHint(query) == nil)
  }
}
