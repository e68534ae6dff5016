import TestSupport
import Testing

@testable import RecordKeeper

@Suite("Album merge by field")
struct AlbumMergeTests: AlbumMergeSuite {
  static let id = "albums/ok"
  static let base = """
    ---
    title: OK Computer
    artist: Radiohead  # the band
    released: 1997-05-21
    tags:
    - alternative
    - 1990s
    label: Parlophone
    ---

    Bought in Leeds.

    ## Tracks

    1. Airbag
    2. Paranoid Android
    3. Subterranean Homesick Alien

    ## Notes

    First pressing.
    """

  @Test func differentFieldsBothApplyAndOursStaysAsWritten() throws {
    let ours = Self.base.replacingOccurrences(of: "label: Parlophone", with: "label: 'Parlophone Records'")
    let theirs = Self.base.replacingOccurrences(of: "released: 1997-05-21", with: "released: 1997-06-16")
    let result = try merge(Self.base, ours, theirs)
    #expect(result.conflicts.isEmpty)
    #expect(text(result) == ours.replacingOccurrences(of: "released: 1997-05-21", with: "released: 1997-06-16"))
  }

  @Test func unchangedTheirsGivesOursByteForByte() throws {
    let ours = Self.base.replacingOccurrences(of: "OK Computer", with: "OK Computer (Remaster)")
    let result = try merge(Self.base, ours, Self.base)
    #expect(result.bytes == Array(ours.utf8))
    #expect(result.conflicts.isEmpty)
  }

  @Test func sameChangeOnBothSidesIsNoConflict() throws {
    let both = Self.base.replacingOccurrences(of: "label: Parlophone", with: "label: Capitol")
    let result = try merge(Self.base, both, both)
    #expect(result.conflicts.isEmpty)
    #expect(text(result) == both)
  }

  @Test func keyChangedTwoWaysIsAConflictWithOurValueKept() throws {
    let ours = Self.base.replacingOccurrences(of: "label: Parlophone", with: "label: Capitol")
    let theirs = Self.base.replacingOccurrences(of: "label: Parlophone", with: "label: EMI")
    let result = try merge(Self.base, ours, theirs)
    #expect(result.conflicts == [FieldConflict(album: "albums/ok", field: "label", ours: "Capitol", theirs: "EMI")])
    #expect(text(result) == ours)
    #expect(text(try merge(Self.base, ours, theirs, prefer: ["label": .theirs])) == theirs)
  }

  @Test func removedOnOneSideChangedOnTheOtherIsAConflict() throws {
    let ours = Self.base.replacingOccurrences(of: "label: Parlophone\n", with: "")
    let theirs = Self.base.replacingOccurrences(of: "label: Parlophone", with: "label: EMI")
    let result = try merge(Self.base, ours, theirs)
    #expect(result.conflicts == [FieldConflict(album: "albums/ok", field: "label", ours: nil, theirs: "EMI")])
  }

  @Test func tagsMergeAsSets() throws {
    // Ours adds jazz and removes 1990s; theirs adds rock and removes alternative.
    let ours = Self.base.replacingOccurrences(of: "- alternative\n- 1990s\n", with: "- alternative\n- jazz\n")
    let theirs = Self.base.replacingOccurrences(of: "- alternative\n- 1990s\n", with: "- 1990s\n- rock\n")
    let result = try merge(Self.base, ours, theirs)
    #expect(result.conflicts.isEmpty)
    let album = try AlbumFile.parse(result.bytes, id: "albums/ok").album
    #expect(album.tags == ["jazz", "rock"])
  }

  @Test func bothAddingDifferentTagsKeepsBoth() throws {
    let ours = Self.base.replacingOccurrences(of: "- 1990s\n", with: "- 1990s\n- favourite\n")
    let theirs = Self.base.replacingOccurrences(of: "- 1990s\n", with: "- 1990s\n- british\n")
    let album = try AlbumFile.parse(try merge(Self.base, ours, theirs).bytes, id: "albums/ok").album
    #expect(album.tags == ["alternative", "1990s", "favourite", "british"])
  }

  @Test func tracksReorderedOnOneSideAndRenamedOnTheOther() throws {
    let ours = Self.base.replacingOccurrences(
      of: "1. Airbag\n2. Paranoid Android\n", with: "1. Paranoid Android\n2. Airbag\n")
    let theirs = Self.base.replacingOccurrences(of: "Subterranean Homesick Alien", with: "Subterranean Homesick Alien (Live)")
    let result = try merge(Self.base, ours, theirs)
    #expect(result.conflicts.isEmpty)
    #expect(
      try AlbumFile.parse(result.bytes, id: "a").album.tracks == ["Paranoid Android", "Airbag", "Subterranean Homesick Alien (Live)"])
    // And the other way round.
    let other = try merge(Self.base, theirs, ours)
    #expect(other.conflicts.isEmpty)
    #expect(try AlbumFile.parse(other.bytes, id: "a").album.tracks == ["Paranoid Android", "Airbag", "Subterranean Homesick Alien (Live)"])
  }

  @Test func movedTrackRenamedOnTheOtherSideKeepsBoth() throws {
    let ours = Self.base.replacingOccurrences(
      of: "1. Airbag\n2. Paranoid Android\n", with: "1. Paranoid Android\n2. Airbag\n")
    let theirs = Self.base.replacingOccurrences(of: "2. Paranoid Android", with: "2. Paranoid Android (Edit)")
    let result = try merge(Self.base, ours, theirs)
    #expect(result.conflicts.isEmpty)
    #expect(
      try AlbumFile.parse(result.bytes, id: "a").album.tracks == ["Paranoid Android (Edit)", "Airbag", "Subterranean Homesick Alien"])
  }

  @Test func sameTrackRenamedTwoWaysIsAConflict() throws {
    let ours = Self.base.replacingOccurrences(of: "2. Paranoid Android", with: "2. Paranoid Android (A)")
    let theirs = Self.base.replacingOccurrences(of: "2. Paranoid Android", with: "2. Paranoid Android (B)")
    let result = try merge(Self.base, ours, theirs)
    #expect(
      result.conflicts == [FieldConflict(album: "albums/ok", field: "tracks", ours: "Paranoid Android (A)", theirs: "Paranoid Android (B)")]
    )
    #expect(text(result) == ours)
    let taken = try merge(Self.base, ours, theirs, prefer: ["tracks": .theirs])
    #expect(text(taken) == theirs)
  }

  @Test func tracksAddedOnBothSidesKeepBoth() throws {
    let ours = Self.base.replacingOccurrences(
      of: "3. Subterranean Homesick Alien\n", with: "3. Subterranean Homesick Alien\n4. Exit Music\n")
    let theirs = Self.base.replacingOccurrences(of: "1. Airbag\n", with: "1. Intro\n2. Airbag\n")
    let result = try merge(Self.base, ours, theirs)
    #expect(result.conflicts.isEmpty)
    #expect(
      try AlbumFile.parse(result.bytes, id: "a").album.tracks == [
        "Intro", "Airbag", "Paranoid Android", "Subterranean Homesick Alien", "Exit Music",
      ])
  }

  @Test func notesMergeByLines() throws {
    let ours = Self.base.replacingOccurrences(of: "Bought in Leeds.", with: "Bought in Leeds, 1997.")
    let theirs = Self.base.replacingOccurrences(of: "First pressing.", with: "First pressing.\n\nSleeve worn.")
    let result = try merge(Self.base, ours, theirs)
    #expect(result.conflicts.isEmpty)
    #expect(text(result) == ours.replacingOccurrences(of: "First pressing.", with: "First pressing.\n\nSleeve worn."))
  }

  @Test func sameNoteLineChangedTwoWaysIsAConflict() throws {
    let ours = Self.base.replacingOccurrences(of: "First pressing.", with: "Second pressing.")
    let theirs = Self.base.replacingOccurrences(of: "First pressing.", with: "Third pressing.")
    let result = try merge(Self.base, ours, theirs)
    #expect(result.conflicts == [FieldConflict(album: "albums/ok", field: "notes", ours: "Second pressing.", theirs: "Third pressing.")])
    #expect(text(result) == ours)
  }

  @Test func addedOnBothSidesMergesWithNoAncestor() throws {
    let ours = albumText(title: "Kid A", artist: "Radiohead", tags: ["electronic"])
    let theirs = albumText(title: "Kid A", artist: "Radiohead", released: "2000", tags: ["2000s"])
    let result = try merge(nil, ours, theirs)
    #expect(result.conflicts == [])
    let album = try AlbumFile.parse(result.bytes, id: "a").album
    #expect(album.released == "2000")
    #expect(album.tags == ["electronic", "2000s"])
    let clash = try merge(nil, ours, albumText(title: "Kid A.", artist: "Radiohead"))
    #expect(clash.conflicts.map(\.field) == ["title"])
  }

  @Test func extraKeysMergeThreeWay() throws {
    let base = Self.base.replacingOccurrences(of: "label: Parlophone\n", with: "label: Parlophone\nmood: calm\n")
    let ours = base.replacingOccurrences(of: "mood: calm", with: "mood: tense")
    let theirs = base + "\n"
    #expect(try merge(base, ours, theirs).conflicts.isEmpty)
    let clash = try merge(base, ours, base.replacingOccurrences(of: "mood: calm", with: "mood: happy"))
    #expect(clash.conflicts.map(\.field) == ["mood"])
  }

  @Test func unreadableVersionIsRefused() {
    #expect(throws: AlbumMergeError.self) {
      try merge(Self.base, "<<<<<<< ours\n", Self.base)
    }
  }

  /// Property: for random changes to distinct fields on each side, the merge
  /// has every change of both sides and no conflict.
  @Test func randomChangesToDifferentFieldsAllSurvive() throws {
    var generator = SeededGenerator(seed: 42)
    let keys = CollectorField.allCases.filter {
      ![.rating, .barcode, .status, .discogs, .musicbrainz, .purchased, .mediaCondition, .sleeveCondition].contains($0)
    }
    for _ in 0..<50 {
      let shuffled = keys.shuffled(using: &generator)
      let ourKeys = Array(shuffled.prefix(3))
      let theirKeys = Array(shuffled.dropFirst(3).prefix(3))
      var ours = try AlbumFile.parse(Array(Self.base.utf8), id: "a").album
      var theirs = ours
      for key in ourKeys { ours[keyPath: key.keyPath] = "ours \(key.key) \(Int.random(in: 0..<100, using: &generator))" }
      for key in theirKeys { theirs[keyPath: key.keyPath] = "theirs \(key.key)" }
      let ourText = try AlbumFile.rewrite(Array(Self.base.utf8), to: ours)
      let theirText = try AlbumFile.rewrite(Array(Self.base.utf8), to: theirs)
      let result = try AlbumMerge.merge(base: Array(Self.base.utf8), ours: ourText, theirs: theirText, id: "a")
      #expect(result.conflicts.isEmpty)
      let merged = try AlbumFile.parse(result.bytes, id: "a").album
      for key in ourKeys { #expect(merged[keyPath: key.keyPath] == ours[keyPath: key.keyPath]) }
      for key in theirKeys { #expect(merged[keyPath: key.keyPath] == theirs[keyPath: key.keyPath]) }
      // Minimal: every line of ours that theirs has too is still there.
      let theirLines = Set(String(decoding: theirText, as: UTF8.self).split(separator: "\n"))
      let mergedLines = Set(String(decoding: result.bytes, as: UTF8.self).split(separator: "\n"))
      for line in String(decoding: ourText, as: UTF8.self).split(separator: "\n") where theirLines.contains(line) {
        #expect(mergedLines.contains(line))
      }
    }
  }
}
