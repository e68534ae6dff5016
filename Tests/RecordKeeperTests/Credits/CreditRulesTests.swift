import Testing

@testable import RecordKeeper

/// Credits (PRODUCT.md §1.4, seed 003's Parsing): artist strings and the
/// names they credit in each mode.
@Suite("Credits")
struct CreditRulesTests {
  static let basic = CreditRules()
  static let aggressive = CreditRules(mode: .aggressive, never: ["Simon & Garfunkel", "Earth, Wind & Fire"])
  static let always = CreditRules(always: ["Crosby, Stills & Nash"])
  static let never = CreditRules(never: ["Kid Creole with the Coconuts"])

  static let cases: [(rules: String, artist: String, credits: [String])] = [
    ("basic", "Miles Davis", ["Miles Davis"]),
    ("basic", "Santana feat. Rob Thomas", ["Santana", "Rob Thomas"]),
    ("basic", "Santana FEAT Rob Thomas", ["Santana", "Rob Thomas"]),
    ("basic", "Eminem featuring Rihanna", ["Eminem", "Rihanna"]),
    ("basic", "Daft Punk ft. Pharrell Williams", ["Daft Punk", "Pharrell Williams"]),
    ("basic", "Daft Punk (feat. Pharrell Williams)", ["Daft Punk", "Pharrell Williams"]),
    ("basic", "Duke Ellington with John Coltrane", ["Duke Ellington", "John Coltrane"]),
    ("basic", "A feat. B ft. C", ["A", "B", "C"]),
    ("basic", "Björk feat. BJÖRK", ["Björk"]),
    ("basic", "Simon & Garfunkel", ["Simon & Garfunkel"]),
    ("basic", "Simon and Garfunkel", ["Simon and Garfunkel"]),
    ("basic", "Crosby, Stills & Nash", ["Crosby, Stills & Nash"]),
    ("basic", "Featherweight", ["Featherweight"]),
    ("basic", "Without You", ["Without You"]),
    ("basic", "with", ["with"]),
    ("basic", "   ", []),
    ("aggressive", "Crosby, Stills & Nash", ["Crosby", "Stills", "Nash"]),
    ("aggressive", "Mumford and Sons", ["Mumford", "Sons"]),
    ("aggressive", "Simon & Garfunkel", ["Simon & Garfunkel"]),
    ("aggressive", "simon & garfunkel feat. Paul & Art", ["simon & garfunkel", "Paul", "Art"]),
    ("aggressive", "Earth, Wind & Fire", ["Earth, Wind & Fire"]),
    ("aggressive", "Andy, Sandy", ["Andy", "Sandy"]),
    ("always", "Crosby, Stills & Nash", ["Crosby", "Stills", "Nash"]),
    ("always", "Crosby, Stills, Nash & Young", ["Crosby, Stills, Nash & Young"]),
    ("always", "Simon & Garfunkel", ["Simon & Garfunkel"]),
    ("never", "Kid Creole with the Coconuts", ["Kid Creole with the Coconuts"]),
    ("never", "Kid Creole feat. Coati Mundi", ["Kid Creole", "Coati Mundi"]),
  ]

  @Test(arguments: cases.indices)
  func anArtistCreditsTheNamesItsModeSplits(_ index: Int) {
    let (name, artist, credits) = Self.cases[index]
    let rules = ["basic": Self.basic, "aggressive": Self.aggressive, "always": Self.always, "never": Self.never][name] ?? Self.basic
    #expect(rules.credits(of: artist) == credits, "\(name): \(artist)")
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
