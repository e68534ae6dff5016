import TestSupport
import Testing

@testable import RecordKeeper

/// Issue 29 point 3: what the merge must keep, case by case (docs/merging.md,
/// "What the merge guarantees"), each with two writers' texts.
@Suite("Album merge keeps what each side wrote")
struct AlbumMergeKeepsEachSideTests: AlbumMergeSuite {
  static let id = "albums/blue-train"
  static let base = """
    ---
    title: Blue Train
    artist: John Coltrane
    tags:
    - jazz
    - hard bop
    - mono
    label: Blue Note
    ---

    ## Tracks

    ### Side A

    1. Blue Train
    2. Moment's Notice

    ### Side B

    1. Locomotion
    2. I'm Old Fashioned
    3. Lazy Bird

    ## Notes

    Mono pressing.

    """

  func album(_ result: AlbumMerge.Result) throws -> Album { try AlbumFile.parse(result.bytes, id: Self.id).album }

  @Test func tagsOnlyOneSideReorderedKeepThatSidesOrder() throws {
    let reordered = Self.base.replacingOccurrences(of: "- jazz\n- hard bop\n- mono\n", with: "- mono\n- jazz\n- hard bop\n")
    let retitled = Self.base.replacingOccurrences(of: "title: Blue Train\n", with: "title: Blue Train (Mono)\n")
    for (ours, theirs) in [(reordered, retitled), (retitled, reordered)] {
      let result = try merge(Self.base, ours, theirs)
      #expect(result.conflicts == [])
      #expect(text(result) == reordered.replacingOccurrences(of: "title: Blue Train\n", with: "title: Blue Train (Mono)\n"))
    }
  }

  @Test func tagsOneSideReorderedAndTheOtherAddedToKeepTheOrderAndTheAddition() throws {
    let reordered = Self.base.replacingOccurrences(of: "- jazz\n- hard bop\n- mono\n", with: "- mono\n- jazz\n- hard bop\n")
    let added = Self.base.replacingOccurrences(of: "- mono\n", with: "- mono\n- 1950s\n")
    for (ours, theirs) in [(reordered, added), (added, reordered)] {
      let result = try merge(Self.base, ours, theirs)
      #expect(result.conflicts == [])
      #expect(try album(result).tags == ["mono", "jazz", "hard bop", "1950s"])
    }
  }

  /// A star, a note, a rename or a length on a track the other side removed.
  static let trackChanges: [(name: String, new: String)] = [
    ("star", "2. I'm Old Fashioned ★\n"),
    ("note", "2. I'm Old Fashioned\n   Bob: the ballad\n"),
    ("rename", "2. I'm Old Fashioned (alt)\n"),
    ("length", "2. I'm Old Fashioned (7:58)\n"),
  ]

  @Test(arguments: 0..<4)
  func aTrackChangedOnOneSideAndRemovedOnTheOtherIsAConflict(change: Int) throws {
    let (name, new) = Self.trackChanges[change]
    let changed = Self.base.replacingOccurrences(of: "2. I'm Old Fashioned\n", with: new)
    let removed = Self.base.replacingOccurrences(of: "2. I'm Old Fashioned\n3. Lazy Bird\n", with: "2. Lazy Bird\n")
    for (ours, theirs) in [(changed, removed), (removed, changed)] {
      let result = try merge(Self.base, ours, theirs)
      #expect(!result.conflicts.isEmpty, "\(name): \(text(result))")
      #expect(text(result) == ours, "\(name): our text stays in place")
    }
  }

  @Test(arguments: 0..<4)
  func aTrackRemovedWithAnotherAddedIsNoRenameOfTheTrackTheOtherSideChanged(change: Int) throws {
    let (name, new) = Self.trackChanges[change]
    let changed = Self.base.replacingOccurrences(of: "2. I'm Old Fashioned\n", with: new)
    // The track goes from side B and a new one comes on side A.
    let swapped = Self.base.replacingOccurrences(of: "2. I'm Old Fashioned\n3. Lazy Bird\n", with: "2. Lazy Bird\n")
      .replacingOccurrences(of: "2. Moment's Notice\n", with: "2. Moment's Notice\n3. Naima\n")
    for (ours, theirs) in [(changed, swapped), (swapped, changed)] {
      let result = try merge(Self.base, ours, theirs)
      #expect(!result.conflicts.isEmpty, "\(name): \(text(result))")
      let naima = try album(result).trackList.first { $0.name.hasPrefix("Naima") }
      #expect(naima?.text == "Naima", "\(name): nothing of the changed track lands on the new one: \(text(result))")
      #expect(!text(result).contains("3. Naima\n   Bob"), "\(name)")
    }
  }

  @Test func aLineOneSideDeletedStaysDeletedWhenBothAddTheSameKeyInDifferentPlaces() throws {
    let base = Self.base.replacingOccurrences(of: "label: Blue Note\n", with: "# about the label\nlabel: Blue Note\n")
    let deleting = base.replacingOccurrences(of: "title: Blue Train\n", with: "title: Blue Train\nformat: LP\n")
      .replacingOccurrences(of: "# about the label\n", with: "").replacingOccurrences(of: "label: Blue Note", with: "label: 'Blue Note'")
    let adding = base.replacingOccurrences(of: "label: Blue Note\n", with: "label: Blue Note\nformat: LP\n")
    for (ours, theirs) in [(deleting, adding), (adding, deleting)] {
      let result = try merge(base, ours, theirs)
      #expect(result.conflicts == [])
      #expect(!text(result).contains("# about the label"), "\(text(result))")
      #expect(text(result).contains("label: 'Blue Note'\n"), "\(text(result))")
      #expect(text(result).components(separatedBy: "format: LP").count == 2, "\(text(result))")
    }
  }

  @Test func aCommentOneSideEditedIsNotBroughtBackByAKeyTheOtherAddedAfterIt() throws {
    let base = Self.base.replacingOccurrences(of: "title: Blue Train\n", with: "# bought at a fair\ntitle: Blue Train\n")
    let edited = base.replacingOccurrences(of: "# bought at a fair\n", with: "# bought at a fair in Leeds\n")
    let added = base.replacingOccurrences(of: "# bought at a fair\n", with: "# bought at a fair\nformat: LP\n")
    for (ours, theirs) in [(edited, added), (added, edited)] {
      let result = try merge(base, ours, theirs)
      #expect(result.conflicts == [])
      #expect(text(result) == base.replacingOccurrences(of: "# bought at a fair\n", with: "# bought at a fair in Leeds\nformat: LP\n"))
    }
  }

  @Test func tracksBothSidesAddedAreNumberedOneToNInOrder() throws {
    let ours = Self.base.replacingOccurrences(of: "3. Lazy Bird\n", with: "3. Lazy Bird\n4. Naima\n")
    let theirs = Self.base.replacingOccurrences(of: "2. Moment's Notice\n", with: "2. Moment's Notice\n3. Giant Steps\n")
      .replacingOccurrences(of: "1. Locomotion\n", with: "1. Traneing In\n2. Locomotion\n")
      .replacingOccurrences(of: "2. I'm Old Fashioned\n3. Lazy Bird\n", with: "3. I'm Old Fashioned\n4. Lazy Bird\n")
    let result = try merge(Self.base, ours, theirs)
    #expect(result.conflicts == [])
    #expect(
      text(result).contains(
        "1. Blue Train\n2. Moment's Notice\n3. Giant Steps\n\n### Side B\n\n1. Traneing In\n2. Locomotion\n3. I'm Old Fashioned\n4. Lazy Bird\n5. Naima\n"
      ), "\(text(result))")
  }

  @Test func aMergedFileHasItsBasesLineEndingsOnly() throws {
    let base = Self.base.replacingOccurrences(of: "\n", with: "\r\n")
    let ours = Self.base.replacingOccurrences(of: "- mono\n", with: "- mono\n- 1950s\n")  // saved as LF by an editor
    let theirs = base.replacingOccurrences(of: "Mono pressing.\r\n", with: "Mono pressing.\r\nBob: bought in 2019.\r\n")
    for (a, b) in [(ours, theirs), (theirs, ours)] {
      let result = try merge(base, a, b)
      #expect(result.conflicts == [])
      #expect(
        text(result)
          == base.replacingOccurrences(of: "- mono\r\n", with: "- mono\r\n- 1950s\r\n")
          .replacingOccurrences(of: "Mono pressing.\r\n", with: "Mono pressing.\r\nBob: bought in 2019.\r\n"))
    }
  }

  /// `rk resolve --take theirs` on a `tracks` conflict: a note under a
  /// track neither side touched stays.
  @Test func takingTheirTracksKeepsANoteNeitherSideEdited() throws {
    let base = Self.base.replacingOccurrences(of: "1. Locomotion\n", with: "1. Locomotion\n   pressed off-centre\n")
    let ours = base.replacingOccurrences(
      of: "1. Blue Train\n2. Moment's Notice\n", with: "1. Moment's Notice\n2. Blue Train\n"
    )
    .replacingOccurrences(of: "2. I'm Old Fashioned\n3. Lazy Bird\n", with: "2. Lazy Bird\n3. I'm Old Fashioned\n")
    let theirs = base.replacingOccurrences(
      of: "2. I'm Old Fashioned\n3. Lazy Bird\n", with: "2. Lazy Bird (7:00)\n3. I'm Old Fashioned\n"
    )
    .replacingOccurrences(of: "1. Locomotion\n   pressed off-centre\n", with: "")
    .replacingOccurrences(of: "2. Lazy Bird (7:00)\n3. I'm Old", with: "1. Lazy Bird (7:00)\n2. I'm Old")
    .replacingOccurrences(of: "2. I'm Old Fashioned\n", with: "2. I'm Old Fashioned\n3. Locomotion\n   pressed off-centre\n")
    let conflicted = try merge(base, ours, theirs)
    #expect(conflicted.conflicts.map(\.field).contains("tracks"), "\(text(conflicted))")
    let taken = try merge(base, ours, theirs, prefer: ["tracks": .theirs])
    #expect(taken.conflicts == [])
    #expect(text(taken).contains("Locomotion\n   pressed off-centre\n"), "\(text(taken))")
    #expect(try album(taken).tracks.sorted() == ["Blue Train", "I'm Old Fashioned", "Lazy Bird", "Locomotion", "Moment's Notice"])
  }
}
