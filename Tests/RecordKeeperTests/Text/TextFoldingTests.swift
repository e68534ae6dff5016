import Testing

@testable import RecordKeeper

@Suite("Folding text for search and sort")
struct TextFoldingTests {
  @Test(
    "case and diacritics fold away",
    arguments: [
      ("Björk", "bjork"), ("BJÖRK", "bjork"), ("bjork", "bjork"), ("BJORK", "bjork"),
      ("Bjo\u{308}rk", "bjork"), ("Ágætis byrjun", "agaetis byrjun"), ("Sigur Rós", "sigur ros"),
      ("Œuvre", "oeuvre"), ("Straße", "strasse"), ("Øystein Sevåg", "oystein sevag"), ("Łódź", "lodz"),
      ("Þórir", "thorir"), ("Đorđe", "dorde"), ("Motörhead", "motorhead"), ("Beyoncé", "beyonce"),
      ("Hüsker Dü", "husker du"), ("Émilie Simon", "emilie simon"), ("ÇA", "ca"), ("Ñandú", "nandu"),
      ("Ṣẹ́gun", "segun"), ("İstanbul", "istanbul"), ("ΆΛΦΑ", "αλφα"),
    ])
  func folds(text: String, folded: String) {
    #expect(TextFolding.fold(text) == folded)
    #expect(TextFolding.foldedBytes(text) == Array(folded.utf8))
  }

  @Test(
    "ASCII only loses its capitals",
    arguments: [
      ("OK Computer", "ok computer"), ("AC/DC", "ac/dc"), ("!!!", "!!!"), ("1999", "1999"), ("", ""),
      ("[Brackets] {And} ~Tilde~ @At_", "[brackets] {and} ~tilde~ @at_"), ("already lower", "already lower"),
    ])
  func ascii(text: String, folded: String) {
    #expect(TextFolding.fold(text) == folded)
  }

  @Test("other scripts are kept, lowercased", arguments: [("坂本龍一", "坂本龍一"), ("Кино", "кино"), ("Ωmega", "ωmega"), ("😀", "😀")])
  func otherScripts(text: String, folded: String) {
    #expect(TextFolding.fold(text) == folded)
  }

  @Test func foldingIsIdempotent() {
    for text in ["Björk", "Ágætis", "Straße", "ΆΛΦΑ", "OK Computer", "Œuvre"] {
      #expect(TextFolding.fold(TextFolding.fold(text)) == TextFolding.fold(text))
    }
  }

  @Test func composedAndDecomposedFoldAlike() {
    #expect(TextFolding.fold("Sigur R\u{F3}s") == TextFolding.fold("Sigur Ro\u{301}s"))
    #expect(TextFolding.fold("\u{C5}ngstr\u{F6}m") == TextFolding.fold("A\u{30A}ngstro\u{308}m"))
  }

  @Test(
    "case folding, not lowercasing",
    arguments: [
      ("ΟΔΥΣΣΕΑΣ", "οδυσσεας"), ("Οδυσσεας", "ΟΔΥΣΣΕΑΣ"), ("STRASSE", "straße"), ("ſtar", "star"),
    ])
  func caseFolding(one: String, other: String) {
    #expect(TextFolding.fold(one) == TextFolding.fold(other))
  }

  @Test(
    "stored decomposed, typed composed",
    arguments: [
      ("\u{D55C}\u{AD6D}\u{C5B4}", "\u{1112}\u{1161}\u{11AB}\u{1100}\u{116E}\u{11A8}\u{110B}\u{1165}"),  // 한국어
      ("\u{30AC}\u{30F3}\u{30C0}\u{30E0}", "\u{30AB}\u{3099}\u{30F3}\u{30BF}\u{3099}\u{30E0}"),  // ガンダム
      ("\u{3071}\u{3082}", "\u{306F}\u{309A}\u{3082}"),  // ぱも
      ("\u{30AC}", "\u{FF76}\u{FF9E}"),  // half-width ｶﾞ
      ("Beyonc\u{E9}", "Beyonce\u{301}"), ("Ph\u{1EDF}", "Pho\u{31B}\u{309}"),
    ])
  func composedAndDecomposed(composed: String, decomposed: String) {
    #expect(TextFolding.fold(composed) == TextFolding.fold(decomposed))
    #expect(TextFolding.fold(composed) == TextFolding.fold(TextFolding.fold(decomposed)))
  }

  @Test("voicing marks are part of the kana, not accents")
  func kanaKeepVoicing() {
    #expect(TextFolding.fold("\u{30AC}") != TextFolding.fold("\u{30AB}"))
    #expect(TextFolding.fold("\u{30AB}\u{3099}") != TextFolding.fold("\u{30AB}"))
  }

  @Test(
    "compatibility forms fold to what is typed",
    arguments: [
      ("\u{FB01}nal", "final"), ("\u{FB02}ow", "flow"), ("\u{FF21}\u{FF22}\u{FF23}", "abc"), ("\u{2460}", "1"),
    ])
  func compatibility(text: String, folded: String) {
    #expect(TextFolding.fold(text) == folded)
  }

  @Test func foldedBytesCompareByCharacterCode() {
    let sorted = ["Zebra", "abba", "ÁBBA", "1999", "(What's)", "beck", "Björk"]
      .sorted { TextFolding.foldedBytes($0).lexicographicallyPrecedes(TextFolding.foldedBytes($1)) }
    #expect(sorted.first == "(What's)")
    #expect(sorted[1] == "1999")
    #expect(Array(sorted.suffix(3)) == ["beck", "Björk", "Zebra"])
  }

  // MARK: Trimming (seed §3.9)

  @Test(
    "trimming removes leading and trailing white space only",
    arguments: [
      ("  OK Computer  ", "OK Computer"), ("\tKid A\n", "Kid A"), ("a  b", "a  b"), ("", ""), ("   ", ""),
      ("\u{A0}Amnesiac\u{3000}", "Amnesiac"), ("x", "x"), (" é ", "é"),
    ])
  func trimming(text: String, trimmed: String) {
    #expect(text.trimmed == trimmed)
    #expect(text.isBlank == trimmed.isEmpty)
  }

  // MARK: Folder names

  @Test(
    "slugs for new album folders",
    arguments: [
      ("Radiohead", "OK Computer", "radiohead-ok-computer"),
      ("Sigur Rós", "Ágætis byrjun", "sigur-ros-agaetis-byrjun"),
      ("Björk", "Homogenic", "bjork-homogenic"),
      ("David Bowie", "\"Heroes\"", "david-bowie-heroes"),
      ("AC/DC", "Back in Black", "ac-dc-back-in-black"),
      ("Prince", "1999", "prince-1999"),
      ("!!!", "Myth Takes", "myth-takes"),
      ("坂本龍一", "音楽図鑑", "album"),
      ("Motörhead", "Ace of Spades!!", "motorhead-ace-of-spades"),
    ])
  func slugs(artist: String, title: String, slug: String) {
    #expect(Slug.make(artist: artist, title: title) == slug)
  }

  /// Issue 22.3: Discogs' column keys are slugs too, folded by the same
  /// rule (Foundation's folding kept "ß" and "æ", which then became "_").
  @Test func discogsColumnKeysFoldAsSlugsDo() {
    #expect(DiscogsColumn.key(forHeader: "Straße Ægis") == "strasse_aegis")
    #expect(Slug.make("Straße Ægis", separator: "_") == "strasse_aegis")
    #expect(Slug.make(artist: "Straße", title: "Ægis") == "strasse-aegis")
  }

  @Test func slugsAreShortAndPlain() {
    let slug = Slug.make(artist: String(repeating: "Long Name ", count: 30), title: "Title")
    #expect(slug.count <= 80)
    #expect(slug.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" })
  }
}
