import Testing

@testable import RecordKeeper

/// Credits (docs/commands.md, "Credited artists", seed 003's Parsing): artist strings and the
/// names they credit in each mode, given the artists the collection holds
/// albums by.
@Suite("Credits")
struct CreditRulesTests {
  static let rules: [String: CreditRules] = [
    "basic": CreditRules(),
    "aggressive": CreditRules(mode: .aggressive, never: ["Earth, Wind & Fire"]),
    "always": CreditRules(always: ["Crosby, Stills & Nash"]),
    "never": CreditRules(never: ["Kid Creole with the Coconuts"]),
    "aggressive, always": CreditRules(mode: .aggressive, always: ["Garfunkel"]),
  ]

  /// Rules, the artists of the collection's other albums, the artist, the
  /// names it credits.
  static let cases: [(rules: String, albums: [String], artist: String, credits: [String])] = [
    ("basic", [], "Miles Davis", ["Miles Davis"]),
    ("basic", [], "Santana feat. Rob Thomas", ["Santana", "Rob Thomas"]),
    ("basic", [], "Santana FEAT Rob Thomas", ["Santana", "Rob Thomas"]),
    ("basic", [], "Eminem featuring Rihanna", ["Eminem", "Rihanna"]),
    ("basic", [], "Daft Punk ft. Pharrell Williams", ["Daft Punk", "Pharrell Williams"]),
    ("basic", [], "Daft Punk (feat. Pharrell Williams)", ["Daft Punk", "Pharrell Williams"]),
    ("basic", [], "Duke Ellington with John Coltrane", ["Duke Ellington", "John Coltrane"]),
    ("basic", [], "A feat. B ft. C", ["A", "B", "C"]),
    ("basic", [], "Björk feat. BJÖRK", ["Björk"]),
    ("basic", ["Simon", "Garfunkel"], "Simon & Garfunkel", ["Simon & Garfunkel"]),
    ("basic", [], "Simon and Garfunkel", ["Simon and Garfunkel"]),
    ("basic", [], "Crosby, Stills & Nash", ["Crosby, Stills & Nash"]),
    ("basic", [], "Featherweight", ["Featherweight"]),
    ("basic", [], "Without You", ["Without You"]),
    ("basic", [], "with", ["with"]),
    ("basic", [], "   ", []),
    // Brackets are kept whole.
    ("basic", [], "A & B (C)", ["A & B (C)"]),
    ("basic", [], "Alice (feat. Bob) (Live)", ["Alice (Live)", "Bob"]),
    ("basic", [], "Alice feat. Bob (Live)", ["Alice", "Bob (Live)"]),
    ("basic", [], "Alice [ft. Bob] feat. Carol", ["Alice", "Bob", "Carol"]),
    ("basic", [], "Alice (feat. Bob ft. Carol)", ["Alice", "Bob", "Carol"]),
    ("basic", [], "Alice (Bob feat. Carol)", ["Alice (Bob feat. Carol)"]),
    ("basic", [], "Alice (feat. Bob", ["Alice (feat. Bob"]),
    ("basic", [], "(feat. Bob)", ["(feat. Bob)"]),
    ("basic", [], "Alice (feat. Bob)'s Band", ["Alice (feat. Bob)'s Band"]),
    ("basic", [], "Orchestra (with Strings", ["Orchestra (with Strings"]),
    // Aggressive: only into names that have albums of their own.
    ("aggressive", [], "Simon & Garfunkel", ["Simon & Garfunkel"]),
    ("aggressive", ["Simon"], "Simon & Garfunkel", ["Simon & Garfunkel"]),
    ("aggressive", ["Simon", "GARFUNKEL"], "Simon & Garfunkel", ["Simon", "Garfunkel"]),
    ("aggressive", ["Sly Stone", "The Family Stone"], "Sly & the Family Stone", ["Sly & the Family Stone"]),
    ("aggressive", ["Miles Davis", "John Coltrane"], "Miles Davis & John Coltrane", ["Miles Davis", "John Coltrane"]),
    ("aggressive", ["Miles Davis"], "Miles Davis & John Coltrane", ["Miles Davis & John Coltrane"]),
    ("aggressive", ["Crosby", "Stills", "Nash"], "Crosby, Stills & Nash", ["Crosby", "Stills", "Nash"]),
    ("aggressive", ["Mumford"], "Mumford and Sons", ["Mumford and Sons"]),
    ("aggressive", ["Andy", "Sandy"], "Andy, Sandy", ["Andy", "Sandy"]),
    ("aggressive", ["Earth", "Wind", "Fire"], "Earth, Wind & Fire", ["Earth, Wind & Fire"]),
    (
      "aggressive", ["Crosby, Stills & Nash", "Young"], "Crosby, Stills & Nash & Young",
      ["Crosby, Stills & Nash", "Young"]
    ),
    ("aggressive", ["Crosby, Stills & Nash", "Young"], "Crosby, Stills, Nash & Young", ["Crosby, Stills, Nash & Young"]),
    ("aggressive", ["Alice feat. Bob", "Carol"], "Bob & Carol", ["Bob", "Carol"]),
    ("aggressive", ["Paul", "Art"], "simon & garfunkel feat. Paul & Art", ["simon & garfunkel", "Paul", "Art"]),
    ("aggressive", ["A", "B (C)"], "A & B (C)", ["A", "B (C)"]),
    ("aggressive", ["A", "B", "C"], "A & B (C)", ["A & B (C)"]),
    ("aggressive", ["A", "B"], "A & (B & C)", ["A & (B & C)"]),
    ("aggressive", ["A", "B"], "A & B &", ["A & B &"]),
    ("aggressive", ["Bob", "Carol"], "Alice (feat. Bob & Carol) (Live)", ["Alice (Live)", "Bob", "Carol"]),
    ("always", [], "Crosby, Stills & Nash", ["Crosby", "Stills", "Nash"]),
    ("always", [], "Crosby, Stills, Nash & Young", ["Crosby, Stills, Nash & Young"]),
    ("always", [], "Simon & Garfunkel", ["Simon & Garfunkel"]),
    ("aggressive, always", ["Simon"], "Simon & Garfunkel", ["Simon", "Garfunkel"]),
    ("aggressive, always", [], "Simon & Garfunkel", ["Simon & Garfunkel"]),
    ("never", [], "Kid Creole with the Coconuts", ["Kid Creole with the Coconuts"]),
    ("never", [], "Kid Creole feat. Coati Mundi", ["Kid Creole", "Coati Mundi"]),
  ]

  @Test(arguments: cases.indices)
  func anArtistCreditsTheNamesItsModeSplits(_ index: Int) {
    let (name, albums, artist, credits) = Self.cases[index]
    let rules = Self.rules[name] ?? CreditRules()
    #expect(ArtistCredits(rules, artists: albums + [artist]).credits(of: artist) == credits, "\(name): \(artist)")
  }

  /// A collection kept up to date album by album splits as one read whole:
  /// an album by Garfunkel coming and going splits Simon & Garfunkel and
  /// joins it again.
  @Test func addingAndRemovingAlbumsChangesWhatSplits() {
    let rules = CreditRules(mode: .aggressive)
    var credits = ArtistCredits(rules, artists: ["Simon & Garfunkel", "Simon", "Simon"])
    #expect(credits.credits(of: "Simon & Garfunkel") == ["Simon & Garfunkel"])
    credits.add(artist: "Art Garfunkel feat. Garfunkel")
    #expect(credits.credits(of: "Simon & Garfunkel") == ["Simon", "Garfunkel"])
    credits.remove(artist: "Simon")
    #expect(credits.credits(of: "Simon & Garfunkel") == ["Simon", "Garfunkel"], "one album by Simon is left")
    credits.remove(artist: "Art Garfunkel feat. Garfunkel")
    #expect(credits.credits(of: "Simon & Garfunkel") == ["Simon & Garfunkel"])
  }

  /// Every name an artist credits, whatever albums the collection holds,
  /// is among the names the artist index files it under.
  @Test(arguments: cases.indices)
  func possibleNamesHoldEveryCredit(_ index: Int) {
    let (name, albums, artist, credits) = Self.cases[index]
    let rules = Self.rules[name] ?? CreditRules()
    let possible = rules.possibleNames(of: artist)
    let applied = ArtistCredits(rules, artists: albums + [artist]).credits(of: artist)
    #expect(applied.allSatisfy { possible.contains(TextFolding.foldedBytes($0)) }, "\(artist): \(credits)")
  }

  @Test func configSetsTheModeAndLists() throws {
    #expect(try CreditRules.parse("version: 1\n", file: "c") == CreditRules())
    #expect(try CreditRules.parse("version: 1\ncredits: aggressive\n", file: "c") == CreditRules(mode: .aggressive))
    let rules = try CreditRules.parse(
      "version: 1\ncredits:\n  always: [\"A, B & C\"]\n  never:\n    - Simon & Garfunkel\n", file: "c")
    #expect(rules == CreditRules(always: ["A, B & C"], never: ["Simon & Garfunkel"]))
    #expect(
      try CreditRules.parse("credits: {mode: aggressive, never: [X & Y]}\n", file: "c") == CreditRules(mode: .aggressive, never: ["X & Y"]))
  }

  @Test(arguments: [
    ("version: 1\ncredits: wild\n", ".recordkeeper/config.yaml:2: credits: write basic or aggressive"),
    ("credits:\n  mode: loud\n", ".recordkeeper/config.yaml:2: credits.mode: write basic or aggressive"),
    ("credits:\n  never: Simon & Garfunkel\n", ".recordkeeper/config.yaml:2: credits.never: write a list of artists"),
    ("credits:\n  sometimes: [A]\n", ".recordkeeper/config.yaml:2: credits.sometimes: credits takes mode, always and never"),
  ])
  func aBadValueNamesTheFileLineAndKey(text: String, message: String) {
    #expect(throws: CreditRulesError.self) { try CreditRules.parse(text, file: ".recordkeeper/config.yaml") }
    do {
      _ = try CreditRules.parse(text, file: ".recordkeeper/config.yaml")
    } catch {
      #expect(error.description.hasPrefix(message), "\(error.description)")
    }
  }
}
