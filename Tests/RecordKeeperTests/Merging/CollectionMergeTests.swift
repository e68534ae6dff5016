import Foundation
import TestSupport
import Testing

@testable import RecordKeeper

/// Two collectors share a collection through a bare repository; Bob pushes
/// first, Alice fetches and merges through ``CollectionStore/merge(commit:from:)``.
/// After each scenario every commit of both sides is in Alice's history.
@Suite("Merging two collectors' changes", .libgit2)
struct CollectionMergeTests {
  static let id = "albums/radiohead-ok-computer"
  static let file = id + "/album.md"

  /// Sets up, lets each side change and commit, pushes Bob's, merges into
  /// Alice's, and checks that both sides' commits are all in the history.
  func scenario(
    albums: [String: String] = [id: sharedAlbum()], files: [String: [UInt8]] = [:],
    alice: (TwoCollectors) throws -> Void, bob: (TwoCollectors) throws -> Void
  ) throws -> (TwoCollectors, MergeOutcome, CollectionStore) {
    let collectors = try TwoCollectors(albums: albums, files: files)
    try alice(collectors)
    try bob(collectors)
    try collectors.push(collectors.bob)
    let aliceCommits = try collectors.commits(collectors.alice)
    let bobCommits = try collectors.commits(collectors.bob)
    let (outcome, store) = try collectors.fetchAndMerge(collectors.alice)
    if case .merged = outcome {
      let after = try collectors.commits(collectors.alice)
      #expect(aliceCommits.isSubset(of: after))
      #expect(bobCommits.isSubset(of: after))
    }
    return (collectors, outcome, store)
  }

  func expectAllCommits(_ collectors: TwoCollectors, since before: Set<String>...) throws {
    let after = try collectors.commits(collectors.alice)
    for set in before { #expect(set.isSubset(of: after)) }
  }

  /// A branch with no commits has nothing to merge into: said as such, not
  /// as a libgit2 failure.
  @Test func aCollectionWithNoCommitsYetIsToldSo() throws {
    let collection = try TemporaryCollection(albums: [Self.id: sharedAlbum()])
    try git(["init", "-q", "-b", "main"], in: collection.path)
    try git(["add", "-A"], in: collection.path)
    let tree = try git(["write-tree"], in: collection.path).trimmingCharacters(in: .whitespacesAndNewlines)
    let theirs = try git(
      ["-c", "user.name=Bob", "-c", "user.email=bob@example.com", "commit-tree", tree, "-m", "Bob's"], in: collection.path
    ).trimmingCharacters(in: .whitespacesAndNewlines)
    let store = try CollectionStore(location: CollectionLocation(root: collection.path))
    let error = #expect(throws: MergeError.self) { try store.merge(commit: theirs, from: "origin") }
    #expect(error == .git(.noCommits))
    #expect(error?.description.hasPrefix("this collection's git branch has no commits yet") == true)
  }

  @Test func differentFieldsOfOneAlbum() throws {
    let (c, outcome, _) = try scenario(
      alice: { try $0.edit($0.alice, Self.file, replacing: "label: Parlophone", with: "label: Capitol") },
      bob: { try $0.edit($0.bob, Self.file, replacing: "released: 1997", with: "released: 1997-05-21") })
    guard case .merged(let commit) = outcome else {
      Issue.record("\(outcome)")
      return
    }
    let album = try c.album(c.alice, Self.id)
    #expect(album.label == "Capitol")
    #expect(album.released == "1997-05-21")
    #expect(try c.head(c.alice) == commit)
    #expect(try git(["log", "-1", "--format=%P"], in: c.alice).split(separator: " ").count == 2)
    #expect(try git(["status", "--porcelain"], in: c.alice).isEmpty)
  }

  @Test func bothAddDifferentTags() throws {
    let (c, outcome, _) = try scenario(
      alice: { try $0.edit($0.alice, Self.file, replacing: "- alternative\n", with: "- alternative\n- favourite\n") },
      bob: { try $0.edit($0.bob, Self.file, replacing: "- alternative\n", with: "- alternative\n- british\n") })
    #expect(outcome != .upToDate)
    #expect(try c.album(c.alice, Self.id).tags == ["alternative", "favourite", "british"])
  }

  @Test func oneAddsATagTheOtherRemoves() throws {
    let (c, _, _) = try scenario(
      alice: { try $0.edit($0.alice, Self.file, replacing: "- alternative\n", with: "- alternative\n- jazz\n") },
      bob: { try $0.edit($0.bob, Self.file, replacing: "tags:\n- alternative\n", with: "") })
    #expect(try c.album(c.alice, Self.id).tags == ["jazz"])
  }

  @Test func sameFieldTwoWaysIsAConflictThenTakeTheirs() throws {
    let (c, outcome, store) = try scenario(
      alice: { try $0.edit($0.alice, Self.file, replacing: "label: Parlophone", with: "label: Capitol") },
      bob: { try $0.edit($0.bob, Self.file, replacing: "label: Parlophone", with: "label: EMI") })
    let conflict = FieldConflict(album: Self.id, field: "label", ours: "Capitol", theirs: "EMI")
    #expect(outcome == .conflicts([conflict]))
    #expect(try c.album(c.alice, Self.id).label == "Capitol")
    #expect(store.conflicts() == [conflict])
    // Every other change is refused, naming the album.
    #expect(throws: StoreError.unfinishedMerge(albums: [Self.id])) {
      _ = try store.apply(.addTags(["x"]), to: Self.id)
    }
    let bobHead = try c.head(c.bob)
    let resolution = try store.resolve(Self.id, take: .theirs)
    #expect(resolution.remaining.isEmpty)
    #expect(try c.album(c.alice, Self.id).label == "EMI")
    #expect(resolution.commit?.parentIDs.count == 2)
    #expect(resolution.commit?.parentIDs.contains(bobHead) == true)
    #expect(try git(["status", "--porcelain"], in: c.alice).isEmpty)
    #expect(store.conflicts().isEmpty)
  }

  @Test func sameFieldTwoWaysTakeOurs() throws {
    let (c, _, store) = try scenario(
      alice: { try $0.edit($0.alice, Self.file, replacing: "label: Parlophone", with: "label: Capitol") },
      bob: { try $0.edit($0.bob, Self.file, replacing: "label: Parlophone", with: "label: EMI") })
    let resolution = try store.resolve("ok computer", take: .ours)
    #expect(resolution.commit != nil)
    #expect(try c.album(c.alice, Self.id).label == "Capitol")
    #expect(try c.commits(c.alice).contains(try c.head(c.bob)))
  }

  @Test func sameFieldTwoWaysSetAValue() throws {
    let (c, _, store) = try scenario(
      alice: { try $0.edit($0.alice, Self.file, replacing: "label: Parlophone", with: "label: Capitol") },
      bob: { try $0.edit($0.bob, Self.file, replacing: "label: Parlophone", with: "label: EMI") })
    #expect(throws: MergeError.noConflict(album: Self.id, field: "tracks")) {
      _ = try store.resolve(Self.id, setting: "tracks", to: "x")
    }
    let resolution = try store.resolve(Self.id, setting: "label", to: "Capitol / EMI")
    #expect(resolution.commit != nil)
    #expect(try c.album(c.alice, Self.id).label == "Capitol / EMI")
  }

  @Test func editAgainstDeleteKeepsTheEditedAlbum() throws {
    let (c, outcome, store) = try scenario(
      alice: { try $0.edit($0.alice, Self.file, replacing: "label: Parlophone", with: "label: Capitol") },
      bob: {
        try git(["rm", "-q", "-r", Self.id], in: $0.bob)
        try git(["commit", "-q", "-m", "Remove"], in: $0.bob)
      })
    #expect(outcome == .conflicts([FieldConflict(album: Self.id, field: "album", ours: "changed", theirs: nil)]))
    #expect(try c.album(c.alice, Self.id).label == "Capitol")
    // Taking theirs (the deletion) removes it, and the merge is made.
    let resolution = try store.resolve(Self.id, take: .theirs)
    #expect(resolution.commit != nil)
    #expect(!FileManager.default.fileExists(atPath: c.alice + "/" + Self.id))
    #expect(try git(["status", "--porcelain"], in: c.alice).isEmpty)
  }

  @Test func deleteAgainstEditKeepsTheirEdit() throws {
    let (c, outcome, store) = try scenario(
      alice: {
        try git(["rm", "-q", "-r", Self.id], in: $0.alice)
        try git(["commit", "-q", "-m", "Remove"], in: $0.alice)
      },
      bob: { try $0.edit($0.bob, Self.file, replacing: "label: Parlophone", with: "label: EMI") })
    #expect(outcome == .conflicts([FieldConflict(album: Self.id, field: "album", ours: nil, theirs: "changed")]))
    #expect(try c.album(c.alice, Self.id).label == "EMI")
    _ = try store.resolve(Self.id, take: .theirs)
    #expect(try c.album(c.alice, Self.id).label == "EMI")
    #expect(try git(["ls-files", Self.file], in: c.alice).contains("album.md"))
  }

  @Test func addAgainstAddOfTheSameFolder() throws {
    let kidA = "albums/radiohead-kid-a"
    let (c, outcome, _) = try scenario(
      alice: {
        try $0.write($0.alice, kidA + "/album.md", albumText(title: "Kid A", artist: "Radiohead", tags: ["electronic"]))
        try $0.commitAll($0.alice, "Add Kid A")
      },
      bob: {
        try $0.write($0.bob, kidA + "/album.md", albumText(title: "Kid A", artist: "Radiohead", released: "2000"))
        try $0.commitAll($0.bob, "Add Kid A too")
      })
    guard case .merged = outcome else {
      Issue.record("\(outcome)")
      return
    }
    let album = try c.album(c.alice, kidA)
    #expect(album.tags == ["electronic"])
    #expect(album.released == "2000")
  }

  @Test func tracksReorderedOnOneSideRenamedOnTheOther() throws {
    let (c, outcome, _) = try scenario(
      alice: { try $0.edit($0.alice, Self.file, replacing: "1. Airbag\n2. Paranoid Android\n", with: "1. Paranoid Android\n2. Airbag\n") },
      bob: { try $0.edit($0.bob, Self.file, replacing: "3. Karma Police", with: "3. Karma Police (Live)") })
    guard case .merged = outcome else {
      Issue.record("\(outcome)")
      return
    }
    #expect(try c.album(c.alice, Self.id).tracks == ["Paranoid Android", "Airbag", "Karma Police (Live)"])
  }

  @Test func folderRenamedOnOneSideEditedOnTheOther() throws {
    let moved = "albums/ok-computer"
    let (c, outcome, _) = try scenario(
      alice: {
        try git(["mv", Self.id, moved], in: $0.alice)
        try git(["commit", "-q", "-m", "Move"], in: $0.alice)
      },
      bob: { try $0.edit($0.bob, Self.file, replacing: "label: Parlophone", with: "label: EMI") })
    guard case .merged = outcome else {
      Issue.record("\(outcome)")
      return
    }
    #expect(try c.album(c.alice, moved).label == "EMI")
    #expect(!FileManager.default.fileExists(atPath: c.alice + "/" + Self.id))
  }

  /// A folder moved on one side and the album edited on both, with a
  /// line both changed: the rename is followed, the edits merge in the
  /// new folder, and only the true conflict is left.
  @Test func folderRenamedAndEditedOnOneSideEditedOnTheOtherConflicts() throws {
    let moved = "albums/ok-computer"
    let (c, outcome, store) = try scenario(
      alice: {
        try git(["mv", Self.id, moved], in: $0.alice)
        try $0.commitAll($0.alice, "Move")
        try $0.edit($0.alice, moved + "/album.md", replacing: "label: Parlophone", with: "label: Capitol")
        try $0.edit($0.alice, moved + "/album.md", replacing: "- alternative\n", with: "- alternative\n- favourite\n")
      },
      bob: {
        try $0.edit($0.bob, Self.file, replacing: "label: Parlophone", with: "label: EMI")
        try $0.edit($0.bob, Self.file, replacing: "3. Karma Police", with: "3. Karma Police (Live)")
      })
    #expect(outcome == .conflicts([FieldConflict(album: moved, field: "label", ours: "Capitol", theirs: "EMI")]))
    #expect(store.conflicts() == [FieldConflict(album: moved, field: "label", ours: "Capitol", theirs: "EMI")])
    #expect(!FileManager.default.fileExists(atPath: c.alice + "/" + Self.id))
    _ = try store.resolve(moved, take: .theirs)
    let album = try c.album(c.alice, moved)
    #expect(album.label == "EMI")
    #expect(album.tags == ["alternative", "favourite"])
    #expect(album.tracks.last == "Karma Police (Live)")
    #expect(!FileManager.default.fileExists(atPath: c.alice + "/" + Self.id))
    #expect(try git(["status", "--porcelain"], in: c.alice).isEmpty)
  }

  /// The same, with the folder moved on their side.
  @Test func folderRenamedOnTheirSideEditedOnOursConflicts() throws {
    let moved = "albums/ok-computer"
    let (c, outcome, store) = try scenario(
      alice: {
        try $0.edit($0.alice, Self.file, replacing: "label: Parlophone", with: "label: Capitol")
        try $0.edit($0.alice, Self.file, replacing: "- alternative\n", with: "- alternative\n- favourite\n")
      },
      bob: {
        try git(["mv", Self.id, moved], in: $0.bob)
        try $0.commitAll($0.bob, "Move")
        try $0.edit($0.bob, moved + "/album.md", replacing: "label: Parlophone", with: "label: EMI")
      })
    #expect(outcome == .conflicts([FieldConflict(album: moved, field: "label", ours: "Capitol", theirs: "EMI")]))
    #expect(!FileManager.default.fileExists(atPath: c.alice + "/" + Self.id))
    _ = try store.resolve(moved, take: .ours)
    let album = try c.album(c.alice, moved)
    #expect(album.label == "Capitol")
    #expect(album.tags == ["alternative", "favourite"])
    #expect(!FileManager.default.fileExists(atPath: c.alice + "/" + Self.id))
    #expect(try git(["status", "--porcelain"], in: c.alice).isEmpty)
  }

  @Test func coversChangedOnBothSidesKeepBoth() throws {
    let cover = Self.id + "/cover.webp"
    let (c, outcome, store) = try scenario(
      files: [cover: Array("base image".utf8)],
      alice: {
        try $0.write($0.alice, cover, "alice's image")
        try $0.commitAll($0.alice, "Alice's cover")
      },
      bob: {
        try $0.write($0.bob, cover, "bob's image")
        try $0.commitAll($0.bob, "Bob's cover")
      })
    #expect(outcome == .conflicts([FieldConflict(album: Self.id, field: "cover", ours: "cover.webp", theirs: "cover.theirs.webp")]))
    #expect(try c.read(c.alice, cover) == "alice's image")
    #expect(try c.read(c.alice, Self.id + "/cover.theirs.webp") == "bob's image")
    let resolution = try store.resolve(Self.id, take: .theirs, field: "cover")
    #expect(resolution.commit != nil)
    #expect(try c.read(c.alice, cover) == "bob's image")
    #expect(!FileManager.default.fileExists(atPath: c.alice + "/" + Self.id + "/cover.theirs.webp"))
    #expect(try git(["status", "--porcelain"], in: c.alice).isEmpty)
  }

  static let fiveTracks = sharedAlbum(tracks: ["Airbag", "Paranoid Android", "Subterranean Homesick Alien", "Exit Music", "Let Down"])

  /// Both reorder (lines merge cleanly, fields do not): a `tracks` conflict,
  /// never a ghost `album` one whose `--take theirs` deleted the album.
  @Test func bothReorderTracksTakeTheirsKeepsTheAlbumAndItsCovers() throws {
    let cover = Self.id + "/cover.webp"
    let (c, outcome, store) = try scenario(
      albums: [Self.id: Self.fiveTracks], files: [cover: Array("image".utf8)],
      alice: { try $0.edit($0.alice, Self.file, replacing: "1. Airbag\n2. Paranoid Android\n", with: "1. Paranoid Android\n2. Airbag\n") },
      bob: { try $0.edit($0.bob, Self.file, replacing: "4. Exit Music\n5. Let Down\n", with: "4. Let Down\n5. Exit Music\n") })
    guard case .conflicts(let found) = outcome else {
      Issue.record("\(outcome)")
      return
    }
    #expect(found.map(\.field) == ["tracks"])
    #expect(store.conflicts().map(\.field) == ["tracks"])
    let resolution = try store.resolve(Self.id, take: .theirs)
    #expect(resolution.commit?.parentIDs.count == 2)
    #expect(
      try c.album(c.alice, Self.id).tracks == ["Airbag", "Paranoid Android", "Subterranean Homesick Alien", "Let Down", "Exit Music"])
    #expect(try c.read(c.alice, cover) == "image")
    #expect(try git(["ls-tree", "-r", "--name-only", "HEAD", Self.id], in: c.alice).contains("cover.webp"))
    #expect(try git(["status", "--porcelain"], in: c.alice).isEmpty)
  }

  /// A YAML slip on their side (lines merge cleanly): the file cannot be
  /// merged by field, its own kind of conflict; theirs writes their file.
  @Test func aFileThatCannotBeMergedByFieldTakeTheirsWritesTheirFile() throws {
    let (c, outcome, store) = try scenario(
      alice: { try $0.edit($0.alice, Self.file, replacing: "label: Parlophone", with: "label: Capitol") },
      bob: { try $0.edit($0.bob, Self.file, replacing: "title: OK Computer", with: "title: [OK Computer") })
    let bobFile = try c.read(c.bob, Self.file)
    guard case .conflicts(let found) = outcome else {
      Issue.record("\(outcome)")
      return
    }
    #expect(found.map(\.field) == ["album.md"])
    #expect(store.conflicts().map(\.field) == ["album.md"])
    #expect(try c.album(c.alice, Self.id).label == "Capitol")
    let resolution = try store.resolve(Self.id, take: .theirs)
    #expect(resolution.commit?.parentIDs.count == 2)
    #expect(try c.read(c.alice, Self.file) == bobFile)
    #expect(try git(["status", "--porcelain"], in: c.alice).isEmpty)
  }

  /// Resolving settles from the recorded versions: the merged file is
  /// never re-merged as if it were ours, so no track is doubled or lost.
  @Test func resolvingNeverDuplicatesATrack() throws {
    let (c, outcome, store) = try scenario(
      alice: {
        try $0.edit(
          $0.alice, Self.file, replacing: "1. Airbag\n2. Paranoid Android\n3. Karma Police",
          with: "1. Airbag (Remaster)\n2. Paranoid Android\n3. Lucky\n4. Karma Police")
      },
      bob: {
        try $0.edit($0.bob, Self.file, replacing: "1. Airbag\n", with: "1. Airbag (Live)\n")
        try $0.edit($0.bob, Self.file, replacing: "3. Karma Police", with: "3. Karma Police (Live)")
      })
    guard case .conflicts(let found) = outcome else {
      Issue.record("\(outcome)")
      return
    }
    #expect(found.allSatisfy { $0.field == "tracks" })
    _ = try store.resolve(Self.id, take: .theirs)
    let tracks = try c.album(c.alice, Self.id).tracks
    #expect(Set(tracks).count == tracks.count, "\(tracks)")
    #expect(tracks.contains("Airbag (Live)") && tracks.contains("Karma Police (Live)") && tracks.contains("Paranoid Android"), "\(tracks)")
    #expect(tracks.contains("Lucky"), "\(tracks)")
    #expect(try git(["status", "--porcelain"], in: c.alice).isEmpty)
  }

  /// What the person wrote into the file by hand during the merge stays
  /// when a conflict is then settled from the recorded versions.
  @Test func handEditsDuringTheMergeSurviveTheResolution() throws {
    let (c, _, store) = try scenario(
      alice: { try $0.edit($0.alice, Self.file, replacing: "label: Parlophone", with: "label: Capitol") },
      bob: { try $0.edit($0.bob, Self.file, replacing: "label: Parlophone", with: "label: EMI") })
    let edited = try c.read(c.alice, Self.file).replacingOccurrences(of: "label: Capitol\n", with: "label: Capitol\nrating: 4\n")
    try c.write(c.alice, Self.file, edited)
    _ = try store.resolve(Self.id, take: .theirs)
    let album = try c.album(c.alice, Self.id)
    #expect(album.label == "EMI")
    #expect(album.rating == "4")
  }

  /// Settling one conflict, then the other, gives what settling both at
  /// once gives.
  @Test func resolvingOneFieldAtATimeIsIdempotent() throws {
    func run(_ steps: [String?]) throws -> String {
      let (c, _, store) = try scenario(
        alice: {
          try $0.edit($0.alice, Self.file, replacing: "label: Parlophone", with: "label: Capitol")
          try $0.edit(
            $0.alice, Self.file, replacing: "1. Airbag\n2. Paranoid Android\n3. Karma Police",
            with: "1. Airbag (Remaster)\n2. Paranoid Android\n3. Lucky\n4. Karma Police")
        },
        bob: {
          try $0.edit($0.bob, Self.file, replacing: "label: Parlophone", with: "label: EMI")
          try $0.edit($0.bob, Self.file, replacing: "1. Airbag\n", with: "1. Airbag (Live)\n")
          try $0.edit($0.bob, Self.file, replacing: "3. Karma Police", with: "3. Karma Police (Live)")
        })
      for field in steps { _ = try store.resolve(Self.id, take: .theirs, field: field) }
      #expect(store.conflicts().isEmpty)
      return try c.read(c.alice, Self.file)
    }
    let once = try run([nil])
    #expect(try run(["label", "tracks"]) == once)
    #expect(try run(["tracks", "label"]) == once)
    #expect(once.contains("label: EMI"))
  }

  @Test func upToDateAndFastForward() throws {
    let c = try TwoCollectors(albums: [Self.id: sharedAlbum()])
    let (same, _) = try c.fetchAndMerge(c.alice)
    #expect(same == .upToDate)
    try c.edit(c.bob, Self.file, replacing: "label: Parlophone", with: "label: EMI")
    try c.push(c.bob)
    let (outcome, _) = try c.fetchAndMerge(c.alice)
    #expect(outcome == .fastForwarded(to: try c.head(c.bob)))
    #expect(try c.album(c.alice, Self.id).label == "EMI")
    #expect(try git(["status", "--porcelain"], in: c.alice).isEmpty)
  }

  @Test func uncommittedEditsInTheWayAreNeverLost() throws {
    let c = try TwoCollectors(albums: [Self.id: sharedAlbum()])
    try c.edit(c.bob, Self.file, replacing: "label: Parlophone", with: "label: EMI")
    try c.push(c.bob)
    let mine = try c.read(c.alice, Self.file).replacingOccurrences(of: "label: Parlophone", with: "label: Mine")
    try c.write(c.alice, Self.file, mine)
    let before = try c.head(c.alice)
    #expect(throws: MergeError.uncommittedChanges([Self.file])) { _ = try c.fetchAndMerge(c.alice) }
    #expect(try c.read(c.alice, Self.file) == mine)
    #expect(try c.head(c.alice) == before)
  }
}

@Suite("Merging files beside the albums", .libgit2)
struct CollectionMergeOtherFilesTests {
  static let list = ".recordkeeper/lists/jazz.yaml"

  @Test func smartListChangedBothWaysKeepsBothUntilResolved() throws {
    let c = try TwoCollectors(albums: [CollectionMergeTests.id: sharedAlbum()], files: [Self.list: Array("rules: '#jazz'\n".utf8)])
    try c.write(c.alice, Self.list, "rules: '#jazz #modal'\n")
    try c.commitAll(c.alice, "Alice's list")
    try c.write(c.bob, Self.list, "rules: '#jazz #bop'\n")
    try c.commitAll(c.bob, "Bob's list")
    try c.push(c.bob)
    let (outcome, store) = try c.fetchAndMerge(c.alice)
    #expect(
      outcome
        == .conflicts([FieldConflict(album: ".recordkeeper/lists", field: "jazz.yaml", ours: "jazz.yaml", theirs: "jazz.theirs.yaml")]))
    #expect(try c.read(c.alice, ".recordkeeper/lists/jazz.theirs.yaml") == "rules: '#jazz #bop'\n")
    let resolution = try store.resolve(".recordkeeper/lists", take: .theirs)
    #expect(resolution.commit != nil)
    #expect(try c.read(c.alice, Self.list) == "rules: '#jazz #bop'\n")
    #expect(!FileManager.default.fileExists(atPath: c.alice + "/.recordkeeper/lists/jazz.theirs.yaml"))
    #expect(try git(["status", "--porcelain"], in: c.alice).isEmpty)
    // The albums are all still there.
    #expect(FileManager.default.fileExists(atPath: c.alice + "/" + CollectionMergeTests.file))
  }

  @Test func smartListDeletedAgainstChangedRemovesOnlyThatFile() throws {
    let c = try TwoCollectors(albums: [CollectionMergeTests.id: sharedAlbum()], files: [Self.list: Array("rules: '#jazz'\n".utf8)])
    try c.write(c.alice, Self.list, "rules: '#jazz #modal'\n")
    try c.commitAll(c.alice, "Alice's list")
    try git(["rm", "-q", Self.list], in: c.bob)
    try c.commitAll(c.bob, "Remove the list")
    try c.push(c.bob)
    let (outcome, store) = try c.fetchAndMerge(c.alice)
    #expect(outcome == .conflicts([FieldConflict(album: ".recordkeeper/lists", field: "jazz.yaml", ours: "changed", theirs: nil)]))
    _ = try store.resolve(".recordkeeper/lists", take: .theirs)
    #expect(!FileManager.default.fileExists(atPath: c.alice + "/" + Self.list))
    #expect(FileManager.default.fileExists(atPath: c.alice + "/.recordkeeper/config.yaml"))
    #expect(try git(["status", "--porcelain"], in: c.alice).isEmpty)
  }
}

/// A merge or fast-forward cut short (rk sync killed) is finished or rolled
/// back by the next change, from its journal: never an empty album.md or a
/// stale index lock (issue 17).
@Suite("Merges interrupted part way", .libgit2)
struct InterruptedMergeTests {
  static let id = CollectionMergeTests.id
  static let file = CollectionMergeTests.file

  /// Alice's clone with Bob's label change fetched, and the journal of a
  /// fast-forward to it that was killed after writing album.md, with the
  /// index lock it held.
  func killedFastForward() throws -> (TwoCollectors, CollectionStore, before: String, theirs: String) {
    let c = try TwoCollectors(albums: [Self.id: sharedAlbum()])
    try c.edit(c.bob, Self.file, replacing: "label: Parlophone", with: "label: EMI")
    try c.push(c.bob)
    try git(["fetch", "-q", "origin"], in: c.alice)
    let before = try c.head(c.alice)
    let theirs = try c.head(c.alice, "FETCH_HEAD")
    let store = try CollectionStore(location: CollectionLocation(root: c.alice))
    let journal = MergeJournal(
      head: before, theirs: theirs, target: theirs, message: "merge origin: Fast-forward", unfinished: false, paths: [Self.file],
      locks: [c.alice + "/.git/index.lock"])
    try journal.write(to: c.alice + "/.git/" + MergeJournal.fileName)
    try c.write(c.alice, Self.file, try c.read(c.bob, Self.file))
    try c.write(c.alice, Self.file + ".rk-999-1.tmp", "half")
    try c.write(c.alice, ".git/index.lock", "")
    return (c, store, before, theirs)
  }

  @Test func aFastForwardKilledBeforeTheBranchMovedIsRolledBack() throws {
    let (c, store, before, _) = try killedFastForward()
    var told: [InterruptedChange] = []
    store.onInterruptedChange = { told.append($0) }
    _ = try store.apply(.addTags(["next"]), to: Self.id)
    #expect(told.map(\.outcome) == [.rolledBack])
    #expect(try git(["rev-parse", "HEAD~1"], in: c.alice).trimmingCharacters(in: .whitespacesAndNewlines) == before)
    #expect(try c.album(c.alice, Self.id).label == "Parlophone")
    #expect(!FileManager.default.fileExists(atPath: c.alice + "/.git/index.lock"))
    #expect(!FileManager.default.fileExists(atPath: c.alice + "/.git/" + MergeJournal.fileName))
    #expect(!FileManager.default.fileExists(atPath: c.alice + "/" + Self.file + ".rk-999-1.tmp"))
    #expect(try git(["status", "--porcelain"], in: c.alice).isEmpty)
    // The next sync fast-forwards as if nothing had happened.
    let (outcome, _) = try c.fetchAndMerge(c.alice)
    guard case .merged = outcome else {
      Issue.record("\(outcome)")
      return
    }
    #expect(try c.album(c.alice, Self.id).label == "EMI")
  }

  @Test func aRollBackLeavesAFileEditedByHandSinceAsItIs() throws {
    let (c, store, _, _) = try killedFastForward()
    let mine = try c.read(c.alice, Self.file).replacingOccurrences(of: "label: EMI", with: "label: Mine")
    try c.write(c.alice, Self.file, mine)
    try store.finishInterruptedChange()
    #expect(try c.read(c.alice, Self.file) == mine)
    #expect(!FileManager.default.fileExists(atPath: c.alice + "/.git/" + MergeJournal.fileName))
  }

  @Test func aFastForwardKilledAfterTheBranchMovedIsFinished() throws {
    let (c, store, _, theirs) = try killedFastForward()
    try FileManager.default.removeItem(atPath: c.alice + "/.git/index.lock")
    try git(["read-tree", theirs], in: c.alice)
    try git(["update-ref", "refs/heads/main", theirs], in: c.alice)
    try c.write(c.alice, ".git/index.lock", "")
    var told: [InterruptedChange] = []
    store.onInterruptedChange = { told.append($0) }
    try store.finishInterruptedChange()
    #expect(told.map(\.outcome) == [.finished])
    #expect(try c.head(c.alice) == theirs)
    #expect(try c.album(c.alice, Self.id).label == "EMI")
    #expect(!FileManager.default.fileExists(atPath: c.alice + "/.git/index.lock"))
    #expect(!FileManager.default.fileExists(atPath: c.alice + "/.git/" + MergeJournal.fileName))
    #expect(try git(["status", "--porcelain"], in: c.alice).isEmpty)
  }

  /// A merge left unfinished by a conflict, killed before git's merge state
  /// was written: rolled back whole, conflict records and all.
  @Test func anUnfinishedMergeKilledBeforeItsStateWasWrittenIsRolledBack() throws {
    let c = try TwoCollectors(albums: [Self.id: sharedAlbum()])
    try c.edit(c.alice, Self.file, replacing: "label: Parlophone", with: "label: Capitol")
    try c.edit(c.bob, Self.file, replacing: "label: Parlophone", with: "label: EMI")
    try c.push(c.bob)
    let (outcome, store) = try c.fetchAndMerge(c.alice)
    guard case .conflicts = outcome else {
      Issue.record("\(outcome)")
      return
    }
    let before = try c.head(c.alice)
    // As if killed between the conflict records and MERGE_HEAD.
    for name in ["MERGE_HEAD", "MERGE_MSG", "MERGE_MODE", "ORIG_HEAD"] {
      try? FileManager.default.removeItem(atPath: c.alice + "/.git/" + name)
    }
    let journal = MergeJournal(
      head: before, theirs: try c.head(c.bob), target: before, message: "Merge changes from origin\n", unfinished: true, paths: [],
      conflicted: [Self.file])
    try journal.write(to: c.alice + "/.git/" + MergeJournal.fileName)
    try store.finishInterruptedChange()
    #expect(store.conflicts().isEmpty)
    #expect(try git(["status", "--porcelain"], in: c.alice).isEmpty)
    #expect(try c.album(c.alice, Self.id).label == "Capitol")
    _ = try store.apply(.addTags(["next"]), to: Self.id)
  }
}
