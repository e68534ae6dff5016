import TestSupport
import Testing

@testable import RecordKeeper

/// Issue 17: every line either side wrote survives a merge, or a conflict
/// says which (docs/merging.md, "What the merge guarantees").
@Suite("Album merge keeps every line")
struct AlbumMergeLineTests: AlbumMergeSuite {
  static let id = "albums/blue-train"
  static let base = """
    ---
    # bought at a fair
    title: Blue Train
    artist: John Coltrane
    released: "1957"
    tags:
    - jazz
    label: Blue Note
    ---

    ## Tracks

    1. Blue Train
    2. Moment's Notice
    3. Locomotion

    ## Notes

    Mono pressing.

    """

  @Test func theIssuesReproductionKeepsTheirComment() throws {
    let base = "---\ntitle: T\nartist: A\n---\n"
    let ours = "---\ntitle: T\nartist: A\ntags:\n- x\n---\n"
    let theirs = "---\n# theirs: ask about pressing\ntitle: T\nartist: A\n---\n"
    let result = try merge(base, ours, theirs)
    #expect(result.conflicts == [])
    #expect(text(result) == "---\n# theirs: ask about pressing\ntitle: T\nartist: A\ntags:\n- x\n---\n")
  }

  /// One side's edit of text rk does not read as a field.
  static let textEdits: [(name: String, old: String, new: String)] = [
    ("new front-matter comment", "label: Blue Note\n", "# theirs: ask about pressing\nlabel: Blue Note\n"),
    ("edited comment", "# bought at a fair\n", "# bought at a fair in Leeds, 2019\n"),
    ("trailing comment on a key", "label: Blue Note\n", "label: Blue Note  # the original label\n"),
    ("indented track note", "2. Moment's Notice\n", "2. Moment's Notice\n   Bob: note on track two\n"),
    ("list track note", "2. Moment's Notice\n", "2. Moment's Notice\n   - alternate take exists\n"),
  ]

  /// The other side's edit of a field.
  static let fieldEdits: [(name: String, old: String, new: String)] = [
    ("a tag", "- jazz\n", "- jazz\n- hard bop\n"),
    ("a field", "title: Blue Train\n", "title: Blue Train (Mono)\n"),
    ("a track", "3. Locomotion\n", "3. Locomotion (alt)\n4. Lazy Bird\n"),
  ]

  @Test(arguments: 0..<5, 0..<3)
  func theirTextSurvivesOurFieldEdit(textEdit: Int, fieldEdit: Int) throws {
    let (name, old, new) = Self.textEdits[textEdit]
    let field = Self.fieldEdits[fieldEdit]
    let theirs = Self.base.replacingOccurrences(of: old, with: new)
    let ours = Self.base.replacingOccurrences(of: field.old, with: field.new)
    let expected = theirs.replacingOccurrences(of: field.old, with: field.new)
    let result = try merge(Self.base, ours, theirs)
    #expect(result.conflicts == [], "\(name) against \(field.name)")
    #expect(text(result) == expected, "\(name) against \(field.name)")
    // And with the sides the other way round.
    let swapped = try merge(Self.base, theirs, ours)
    #expect(swapped.conflicts == [], "\(field.name) against \(name)")
    #expect(text(swapped) == expected, "\(field.name) against \(name)")
  }

  @Test func aTrailingCommentOnAKeyTheOtherSideChangedIsKeptWithTheNewValue() throws {
    let ours = Self.base.replacingOccurrences(of: "label: Blue Note\n", with: "label: Blue Note Records\n")
    let theirs = Self.base.replacingOccurrences(of: "label: Blue Note\n", with: "label: Blue Note  # the original label\n")
    let result = try merge(Self.base, ours, theirs)
    #expect(result.conflicts == [])
    #expect(
      text(result) == Self.base.replacingOccurrences(of: "label: Blue Note\n", with: "label: Blue Note Records  # the original label\n"))
    // Both sides' comments on one key: ours stays, theirs is reported.
    let commented = Self.base.replacingOccurrences(of: "label: Blue Note\n", with: "label: Blue Note Records  # ours\n")
    let clash = try merge(Self.base, commented, theirs)
    #expect(clash.conflicts.map(\.field) == ["notes"])
    #expect(clash.conflicts.first?.theirs == "label: Blue Note  # the original label")
  }

  @Test func aTrackNoteUnderATrackTheOtherSideRenamedIsKept() throws {
    let ours = Self.base.replacingOccurrences(of: "2. Moment's Notice\n", with: "2. Moment's Notice (Take 5)\n")
    let theirs = Self.base.replacingOccurrences(of: "2. Moment's Notice\n", with: "2. Moment's Notice\n   Bob: note on track two\n")
    let result = try merge(Self.base, ours, theirs)
    #expect(result.conflicts == [])
    #expect(text(result).contains("2. Moment's Notice (Take 5)\n   Bob: note on track two\n"))
  }

  @Test func aTrackMovedOnOneSideKeepsTheNoteTheOtherSideAddedUnderIt() throws {
    let moved = Self.base.replacingOccurrences(
      of: "1. Blue Train\n2. Moment's Notice\n", with: "1. Moment's Notice\n2. Blue Train\n")
    let noted = Self.base.replacingOccurrences(of: "1. Blue Train\n", with: "1. Blue Train\n   Bob: the title track\n")
    for (ours, theirs) in [(moved, noted), (noted, moved)] {
      let result = try merge(Self.base, ours, theirs)
      #expect(result.conflicts == [])
      #expect(text(result).contains("1. Moment's Notice\n2. Blue Train\n   Bob: the title track\n3. Locomotion\n"), "\(text(result))")
    }
  }

  @Test func textBothSidesChangedIsANotesConflictWithOurTextInPlace() throws {
    let ours = Self.base.replacingOccurrences(of: "# bought at a fair\n", with: "# bought in Leeds\n")
    let theirs = Self.base.replacingOccurrences(of: "# bought at a fair\n", with: "# bought in York\n")
    let result = try merge(Self.base, ours, theirs)
    #expect(
      result.conflicts == [FieldConflict(album: "albums/blue-train", field: "notes", ours: "# bought in Leeds", theirs: "# bought in York")]
    )
    #expect(text(result) == ours)
    #expect(text(try merge(Self.base, ours, theirs, prefer: ["notes": .theirs])) == theirs)
  }

  /// `rk resolve --take theirs` re-merges with the merged file as ours:
  /// our other note lines, which theirs never touched, must stay.
  @Test func preferringTheirsSettlesOnlyTrueConflicts() throws {
    let base = Self.base.replacingOccurrences(of: "Mono pressing.\n", with: "Mono pressing.\n\nSleeve: VG.\n")
    let ours = base.replacingOccurrences(of: "Mono pressing.", with: "Mono pressing, 1957.")
      .replacingOccurrences(of: "Sleeve: VG.", with: "Sleeve: VG+.")
    let theirs = base.replacingOccurrences(of: "Mono pressing.", with: "Mono pressing, 1958.")
    let line = LineMerge(base: Array(base.utf8)[...], ours: Array(ours.utf8)[...], theirs: Array(theirs.utf8)[...], prefer: .theirs)
    let merged = String(decoding: line.bytes, as: UTF8.self)
    #expect(merged.contains("Mono pressing, 1958."))
    #expect(merged.contains("Sleeve: VG+."))
    let result = try merge(base, ours, theirs, prefer: ["notes": .theirs])
    #expect(result.conflicts == [])
    #expect(text(result).contains("Sleeve: VG+."))
    #expect(text(result).contains("Mono pressing, 1958."))
  }

  @Test func bothAddingTheAlbumWithDifferentTrackListsIsATracksConflict() throws {
    let ours = albumText(title: "Kid A", artist: "Radiohead", tracks: ["Everything in Its Right Place", "Kid A"])
    let theirs = albumText(title: "Kid A", artist: "Radiohead", tracks: ["Kid A", "The National Anthem", "How to Disappear"])
    let result = try merge(nil, ours, theirs)
    #expect(result.conflicts.map(\.field) == ["tracks"])
    #expect(try AlbumFile.parse(result.bytes, id: "a").album.tracks == ["Everything in Its Right Place", "Kid A"])
    let taken = try merge(nil, ours, theirs, prefer: ["tracks": .theirs])
    #expect(try AlbumFile.parse(taken.bytes, id: "a").album.tracks == ["Kid A", "The National Anthem", "How to Disappear"])
  }

  @Test func bothReorderingTracksDifferentlyIsATracksConflictNeverAJumble() throws {
    let ours = Self.base.replacingOccurrences(
      of: "1. Blue Train\n2. Moment's Notice\n3. Locomotion\n", with: "1. Locomotion\n2. Blue Train\n3. Moment's Notice\n")
    let theirs = Self.base.replacingOccurrences(
      of: "1. Blue Train\n2. Moment's Notice\n3. Locomotion\n", with: "1. Moment's Notice\n2. Blue Train\n3. Locomotion\n")
    let result = try merge(Self.base, ours, theirs)
    #expect(result.conflicts.map(\.field).contains("tracks"))
    #expect(try AlbumFile.parse(result.bytes, id: "a").album.tracks == ["Locomotion", "Blue Train", "Moment's Notice"])
  }

  @Test func aTrackAddedWhileTheOtherSideRenamesASideHeading() throws {
    let base = Self.base.replacingOccurrences(
      of: "1. Blue Train\n2. Moment's Notice\n3. Locomotion\n",
      with: "### Side A\n\n1. Blue Train\n2. Moment's Notice\n\n### Side B\n\n1. Locomotion\n2. I'm Old Fashioned\n")
    let ours = base.replacingOccurrences(of: "2. I'm Old Fashioned\n", with: "2. I'm Old Fashioned\n3. Lazy Bird\n")
    let theirs = base.replacingOccurrences(of: "### Side B", with: "### Side Two")
    for (a, b) in [(ours, theirs), (theirs, ours)] {
      let result = try merge(base, a, b)
      let album = try AlbumFile.parse(result.bytes, id: "a").album
      #expect(result.conflicts == [])
      #expect(
        album.trackList.map { "\($0.side ?? ""): \($0.name)" } == [
          "Side A: Blue Train", "Side A: Moment's Notice", "Side Two: Locomotion", "Side Two: I'm Old Fashioned", "Side Two: Lazy Bird",
        ])
    }
  }

  @Test func crlfFilesStayCRLF() throws {
    let base = Self.base.replacingOccurrences(of: "\n", with: "\r\n")
    let ours = base.replacingOccurrences(of: "- jazz\r\n", with: "- jazz\r\n- hard bop\r\n")
    let theirs = base.replacingOccurrences(of: "2. Moment's Notice\r\n", with: "2. Moment's Notice\r\n   Bob: note\r\n")
    let result = try merge(base, ours, theirs)
    #expect(result.conflicts == [])
    #expect(text(result) == theirs.replacingOccurrences(of: "- jazz\r\n", with: "- jazz\r\n- hard bop\r\n"))
  }

  @Test func flowListsKeepTheirStyle() throws {
    let base = Self.base.replacingOccurrences(of: "tags:\n- jazz\n", with: "tags: [jazz, hard bop]\n")
    let ours = base.replacingOccurrences(of: "[jazz, hard bop]", with: "[jazz, hard bop, mono]")
    let theirs = base.replacingOccurrences(of: "[jazz, hard bop]", with: "[jazz, hard bop, 1950s]  # from the sleeve")
    let result = try merge(base, ours, theirs)
    let album = try AlbumFile.parse(result.bytes, id: "a").album
    #expect(Set(album.tags) == ["jazz", "hard bop", "mono", "1950s"])
    if result.conflicts.isEmpty { #expect(text(result).contains("# from the sleeve")) }
  }

  @Test func aHugeNotesFileMergesQuickly() throws {
    // 400 KB of notes changed at both ends: linear-ish, not a quadratic table of 10^8 cells.
    let notes = (0..<12_500).map { "A diary of the record, note \($0)" }.joined(separator: "\n") + "\n"
    let base = Self.base + notes
    #expect(notes.utf8.count > 400_000)
    // Ours changes both ends, so only lines found once anchor its match.
    let ours = base.replacingOccurrences(of: "note 1\n", with: "note one\n").replacingOccurrences(of: "note 11999\n", with: "note last\n")
    let theirs = base.replacingOccurrences(of: "note 6000\n", with: "note six thousand\n")
    let result = try merge(base, ours, theirs)
    #expect(result.conflicts == [])
    #expect(text(result) == ours.replacingOccurrences(of: "note 6000\n", with: "note six thousand\n"))
  }
}
