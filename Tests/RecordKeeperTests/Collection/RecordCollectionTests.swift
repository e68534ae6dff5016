import Foundation
import Synchronization
import Testing

@testable import RecordKeeper

/// The folders loading names before listing them, from any thread.
private final class FolderNames: Sendable {
  let list = Mutex<[String]>([])
}

/// A fresh folder under the temporary directory; call ``remove()`` when done.
private struct Folder {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("rk-unit-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  var path: String { url.path }

  /// Makes it a collection: `.recordkeeper/config.yaml`.
  func makeCollection(at relative: String = "") throws {
    try write(relative.isEmpty ? ".recordkeeper/config.yaml" : relative + "/.recordkeeper/config.yaml", "version: 1\n")
  }

  func write(_ relative: String, _ text: String) throws {
    try write(relative, bytes: Array(text.utf8))
  }

  func write(_ relative: String, bytes: [UInt8]) throws {
    let file = url.appendingPathComponent(relative)
    try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(bytes).write(to: file)
  }

  func makeFolder(_ relative: String) throws {
    try FileManager.default.createDirectory(at: url.appendingPathComponent(relative), withIntermediateDirectories: true)
  }

  func read(_ relative: String) throws -> String {
    try String(contentsOf: url.appendingPathComponent(relative), encoding: .utf8)
  }

  func remove() { try? FileManager.default.removeItem(at: url) }
}

private func albumFile(_ title: String, _ artist: String, extra: String = "") -> String {
  "---\ntitle: \(title)\nartist: \(artist)\n\(extra)---\n"
}

/// Loads the collection in `folder`.
private func load(_ folder: Folder) throws -> RecordCollection {
  try RecordCollection.load(CollectionLocation(root: folder.path))
}

@Suite("Loading a collection")
struct RecordCollectionTests {
  // MARK: Loading

  @Test func everyFolderWithAnAlbumFileIsAnAlbum() throws {
    let folder = try Folder()
    defer { folder.remove() }
    try folder.makeCollection()
    try folder.write("albums/radiohead-ok-computer/album.md", albumFile("OK Computer", "Radiohead"))
    try folder.write("albums/jazz/miles-davis-kind-of-blue/album.md", albumFile("Kind of Blue", "Miles Davis"))
    try folder.write("box-sets/beatles/album.md", albumFile("The Beatles", "The Beatles"))
    try folder.write("box-sets/beatles/disc-2/album.md", albumFile("Disc 2", "The Beatles"))
    try folder.write("loose/album.md", albumFile("Loose", "Someone"))
    try folder.write("a/b/c/d/e/album.md", albumFile("Deep", "Down"))
    try folder.write("albums/empty/notes.txt", "not an album\n")
    try folder.write("albums/capital/Album.md", albumFile("Wrong", "Name"))
    try folder.write("album.md", albumFile("Root", "Is not an album"))
    let collection = try load(folder)
    let expected = [
      "a/b/c/d/e", "albums/jazz/miles-davis-kind-of-blue", "albums/radiohead-ok-computer", "box-sets/beatles",
      "box-sets/beatles/disc-2", "loose",
    ]
    #expect(collection.albums.map(\.id).sorted() == expected)
    #expect(collection.unreadable == [])
    #expect(collection.problems == [])
    #expect(try RecordCollection.albumIDs(CollectionLocation(root: folder.path)).sorted() == expected)
    let ok = collection.albums.first { $0.id == "albums/radiohead-ok-computer" }
    #expect(ok?.title == "OK Computer")
    #expect(ok?.artist == "Radiohead")
    #expect(ok?.folderName == "radiohead-ok-computer")
  }

  @Test func anEmptyCollectionHasNoAlbums() throws {
    let folder = try Folder()
    defer { folder.remove() }
    try folder.makeCollection()
    let collection = try load(folder)
    #expect(collection.albums.isEmpty)
    #expect(collection.unreadable.isEmpty)
  }

  @Test func hiddenFoldersAreSkipped() throws {
    let folder = try Folder()
    defer { folder.remove() }
    try folder.makeCollection()
    try folder.write("albums/visible/album.md", albumFile("Seen", "A"))
    try folder.write(".hidden/album.md", albumFile("Hidden", "A"))
    try folder.write(".hidden/inner/album.md", albumFile("Hidden", "A"))
    try folder.write("albums/.trash/old/album.md", albumFile("Trashed", "A"))
    try folder.write("albums/.draft/album.md", albumFile("Draft", "A"))
    try folder.write(".recordkeeper/album.md", albumFile("Marker", "A"))
    try folder.write(".git/album.md", albumFile("Git", "A"))
    let collection = try load(folder)
    #expect(collection.albums.map(\.id) == ["albums/visible"])
  }

  @Test func everyFolderWalkedIsNamedBeforeItIsListed() throws {
    let folder = try Folder()
    defer { folder.remove() }
    try folder.makeCollection()
    try folder.write("albums/visible/album.md", albumFile("Seen", "A"))
    try folder.write("albums/visible/photos/front.webp", "x")
    try folder.write("albums/.draft/album.md", albumFile("Draft", "A"))
    try folder.write(".hidden/inner/album.md", albumFile("Hidden", "A"))
    try FileManager.default.createSymbolicLink(atPath: folder.path + "/albums/everything", withDestinationPath: "..")
    // A folder made by the callback itself is listed after it, so loading
    // finds it: what lets rk serve watch each folder before reading it.
    let named = FolderNames()
    let root = folder.path
    let collection = try RecordCollection.load(CollectionLocation(root: root)) { id in
      named.list.withLock { $0.append(id) }
      if id == "albums" { try? FileManager.default.createDirectory(atPath: root + "/albums/late", withIntermediateDirectories: false) }
      if id == "albums/late" {
        try? albumFile("Late", "A").write(toFile: root + "/albums/late/album.md", atomically: false, encoding: .utf8)
      }
    }
    #expect(named.list.withLock { $0.sorted() } == ["", "albums", "albums/late", "albums/visible", "albums/visible/photos"])
    #expect(collection.albums.map(\.id).sorted() == ["albums/late", "albums/visible"])
  }

  @Test func aSymbolicLinkLoopDoesNotLoadAlbumsAgain() throws {
    let folder = try Folder()
    defer { folder.remove() }
    try folder.makeCollection()
    try folder.write("albums/radiohead-ok-computer/album.md", albumFile("OK Computer", "Radiohead"))
    // A link back to the collection root, as `ln -s .. albums/everything` makes.
    try FileManager.default.createSymbolicLink(atPath: folder.path + "/albums/everything", withDestinationPath: "..")
    let collection = try load(folder)
    #expect(collection.albums.map(\.id) == ["albums/radiohead-ok-computer"])
  }

  @Test func aBrokenAlbumDoesNotStopTheOthers() throws {
    let folder = try Folder()
    defer { folder.remove() }
    try folder.makeCollection()
    try folder.write("albums/good/album.md", albumFile("Good", "A"))
    try folder.write("albums/also-good/album.md", albumFile("Also Good", "B"))
    try folder.write("albums/no-front-matter/album.md", "title: x\nartist: y\n")
    try folder.write("albums/yaml/album.md", "---\ntitle: OK Computer\nartist: Radio: head\n---\n")
    try folder.write("albums/unclosed/album.md", "---\ntitle: T\nartist: A\n")
    try folder.write("albums/latin1/album.md", bytes: Array("---\ntitle: Caf".utf8) + [0xE9] + Array("\nartist: A\n---\n".utf8))
    let collection = try load(folder)
    #expect(collection.albums.map(\.id).sorted() == ["albums/also-good", "albums/good"])
    #expect(collection.unreadable.map(\.id) == ["albums/latin1", "albums/no-front-matter", "albums/unclosed", "albums/yaml"])
    #expect(collection.unreadable.map(\.line) == [1, 1, 1, 3])
    #expect(
      collection.unreadable.prefix(3).map(\.message) == [
        AlbumFileError.notUTF8.description, AlbumFileError.missingFrontMatter.description,
        AlbumFileError.unclosedFrontMatter.description,
      ])
    let yaml = try #require(collection.unreadable.first { $0.id == "albums/yaml" })
    #expect(yaml.line == 3)
    #expect(yaml.field == "front matter")
    #expect(yaml.message.hasPrefix("YAML syntax: "))
    let location = collection.location
    #expect(yaml.formatted(in: location).hasPrefix(folder.path + "/albums/yaml/album.md:3: front matter: YAML syntax: "))
    #expect(throws: CollectionError.unreadableAlbum("albums/yaml")) { try collection.album("yaml") }
    #expect(try collection.album("good").title == "Good")
  }

  @Test func aBrokenAlbumNamedByItsFolderIsNotTakenForAnotherAlbumsWords() throws {
    // `rk show bl` on a broken albums/bl showed "Kind of Blue" (the words
    // matched), while `rk tag add bl` named the broken file.
    let folder = try Folder()
    defer { folder.remove() }
    try folder.makeCollection()
    try folder.write("albums/miles-davis-kind-of-blue/album.md", albumFile("Kind of Blue", "Miles Davis"))
    try folder.write("albums/bl/album.md", "---\ntitle: T\nartist: A: B\n---\n")
    try folder.write("albums/blue-broken/album.md", "---\ntitle: T\n")
    let collection = try load(folder)
    #expect(throws: CollectionError.unreadableAlbum("albums/bl")) { try collection.album("bl") }
    #expect(throws: CollectionError.unreadableAlbum("albums/blue-broken")) { try collection.album("blue-b") }
    #expect(throws: CollectionError.ambiguous("b", candidates: ["albums/bl", "albums/blue-broken"])) { try collection.album("b") }
    #expect(try collection.album("kind of blue").id == "albums/miles-davis-kind-of-blue")
  }

  @Test func problemsAreReportedWithTheirLines() throws {
    let folder = try Folder()
    defer { folder.remove() }
    try folder.makeCollection()
    try folder.write("albums/bad/album.md", "---\ntitle: T\nartist: A\nreleased: 1997-02-29\ntags:\n- jazz\n- jazz\n---\n")
    try folder.write("albums/blank/album.md", "---\ntitle: \"  \"\nartist: A\n---\n")
    try folder.write("albums/fine/album.md", albumFile("Fine", "A"))
    let collection = try load(folder)
    #expect(collection.albums.count == 3)
    #expect(collection.unreadable == [])
    #expect(
      collection.problems == [
        AlbumIssue(id: "albums/bad", line: 4, field: "released", message: "1997-02 has no day 29"),
        AlbumIssue(id: "albums/bad", line: 7, field: "tags", message: "\"jazz\" appears more than once; remove the repeat"),
        AlbumIssue(id: "albums/blank", line: 2, field: "title", message: "is required and must not be blank"),
      ])
    #expect(
      collection.problems[0].formatted(in: collection.location) == folder.path + "/albums/bad/album.md:4: released: 1997-02 has no day 29")
  }

  @Test func coversAreFoundByFileName() throws {
    let folder = try Folder()
    defer { folder.remove() }
    try folder.makeCollection()
    for id in ["albums/both", "albums/cover-only", "albums/thumb-only", "albums/none", "albums/other-names"] {
      try folder.write(id + "/album.md", albumFile("T", "A"))
    }
    try folder.write("albums/both/cover.webp", bytes: [0])
    try folder.write("albums/both/cover-thumb.webp", bytes: [0])
    try folder.write("albums/cover-only/cover.webp", bytes: [0])
    try folder.write("albums/thumb-only/cover-thumb.webp", bytes: [0])
    try folder.write("albums/other-names/cover.jpg", bytes: [0])
    try folder.write("albums/other-names/Cover.webp", bytes: [0])
    try folder.makeFolder("albums/none/cover.webp")
    let collection = try load(folder)
    let covers = Dictionary(uniqueKeysWithValues: collection.albums.map { ($0.id, $0.covers) })
    #expect(covers["albums/both"] == CoverFiles(cover: true, thumbnail: true))
    #expect(covers["albums/cover-only"] == CoverFiles(cover: true, thumbnail: false))
    #expect(covers["albums/thumb-only"] == CoverFiles(cover: false, thumbnail: true))
    #expect(covers["albums/none"] == CoverFiles())
    #expect(covers["albums/other-names"] == CoverFiles())
    let both = try collection.album("both")
    guard case .object(let fields) = both.json() else {
      Issue.record("album JSON is not an object")
      return
    }
    #expect(fields.first { $0.0 == "cover" }?.1 == .string("albums/both/cover.webp"))
    #expect(fields.first { $0.0 == "thumbnail" }?.1 == .string("albums/both/cover-thumb.webp"))
  }

  @Test func loadingAFolderThatDoesNotExistFails() {
    #expect(throws: CollectionError.self) {
      try RecordCollection.load(CollectionLocation(root: "/nonexistent/rk-\(UUID().uuidString)"))
    }
  }

  // MARK: Finding the collection

  @Test func explicitFolder() throws {
    let folder = try Folder()
    defer { folder.remove() }
    try folder.makeCollection()
    try folder.makeCollection(at: "other")
    let location = try CollectionLocation.find(explicit: folder.path, environment: ["RK_COLLECTION": folder.path + "/other"])
    #expect(location.root == folder.path)
    #expect(try CollectionLocation.find(explicit: folder.path + "/", environment: [:]).root == folder.path)
    #expect(try CollectionLocation.find(explicit: folder.path + "/other/../.", environment: [:]).root == folder.path)
  }

  @Test func explicitFolderThatIsMissingOrNotACollection() throws {
    let folder = try Folder()
    defer { folder.remove() }
    try folder.makeFolder("plain")
    try folder.write("marker-is-a-file/.recordkeeper", "not a folder\n")
    let missing = folder.path + "/missing"
    #expect(throws: CollectionError.noSuchFolder(missing)) { try CollectionLocation.find(explicit: missing, environment: [:]) }
    let plain = folder.path + "/plain"
    #expect(throws: CollectionError.notACollection(plain)) { try CollectionLocation.find(explicit: plain, environment: [:]) }
    let file = folder.path + "/marker-is-a-file"
    #expect(throws: CollectionError.notACollection(file)) { try CollectionLocation.find(explicit: file, environment: [:]) }
    #expect(CollectionError.notACollection(plain).description.contains("rk init"))
  }

  @Test func environmentVariable() throws {
    let folder = try Folder()
    defer { folder.remove() }
    try folder.makeCollection(at: "mine")
    try folder.makeFolder("elsewhere")
    let location = try CollectionLocation.find(
      explicit: nil, environment: ["RK_COLLECTION": folder.path + "/mine"], start: folder.path + "/elsewhere")
    #expect(location.root == folder.path + "/mine")
    #expect(throws: CollectionError.notACollection(folder.path + "/elsewhere")) {
      try CollectionLocation.find(explicit: nil, environment: ["RK_COLLECTION": folder.path + "/elsewhere"], start: folder.path + "/mine")
    }
    #expect(throws: CollectionError.noSuchFolder(folder.path + "/gone")) {
      try CollectionLocation.find(explicit: nil, environment: ["RK_COLLECTION": folder.path + "/gone"], start: folder.path + "/mine")
    }
  }

  @Test func emptyEnvironmentVariableIsIgnored() throws {
    let folder = try Folder()
    defer { folder.remove() }
    try folder.makeCollection()
    try folder.makeFolder("albums/x")
    let location = try CollectionLocation.find(explicit: nil, environment: ["RK_COLLECTION": ""], start: folder.path + "/albums/x")
    #expect(location.root == folder.path)
  }

  @Test func upwardSearchFindsTheNearestCollection() throws {
    let folder = try Folder()
    defer { folder.remove() }
    try folder.makeCollection()
    try folder.makeFolder("albums/radiohead-ok-computer/scans")
    try folder.makeCollection(at: "albums/nested")
    try folder.makeFolder("albums/nested/deeper")
    #expect(try CollectionLocation.find(explicit: nil, environment: [:], start: folder.path).root == folder.path)
    #expect(
      try CollectionLocation.find(explicit: nil, environment: [:], start: folder.path + "/albums/radiohead-ok-computer/scans").root
        == folder.path)
    #expect(
      try CollectionLocation.find(explicit: nil, environment: [:], start: folder.path + "/albums/nested/deeper").root
        == folder.path + "/albums/nested")
  }

  @Test func noCollectionAnywhereAbove() throws {
    let folder = try Folder()
    defer { folder.remove() }
    try folder.makeFolder("a/b")
    let start = folder.path + "/a/b"
    #expect(throws: CollectionError.notFound(start)) { try CollectionLocation.find(explicit: nil, environment: [:], start: start) }
    #expect(CollectionError.notFound(start).description.contains("RK_COLLECTION"))
  }

  @Test func pathsInsideTheCollection() {
    let location = CollectionLocation(root: "/music/records")
    #expect(location.root == "/music/records")
    #expect(location.path("albums/x") == "/music/records/albums/x")
    #expect(location.displayPath(ofAlbum: "albums/x") == "/music/records/albums/x/album.md")
  }

  // MARK: Album references

  private static let ids = [
    "albums/radiohead-ok-computer", "albums/radiohead-kid-a", "albums/abba", "albums/abba-gold", "jazz/kind-of-blue",
    "albums/kind-of-blue", "loose",
  ]
  private static let location = CollectionLocation(root: "/music")

  @Test(
    "references that name one album",
    arguments: [
      ("albums/radiohead-ok-computer", "albums/radiohead-ok-computer"),
      ("radiohead-ok-computer", "albums/radiohead-ok-computer"),
      ("radiohead-ok", "albums/radiohead-ok-computer"),
      ("radiohead-k", "albums/radiohead-kid-a"),
      ("abba", "albums/abba"),
      ("abba-", "albums/abba-gold"),
      ("jazz/kind-of-blue", "jazz/kind-of-blue"),
      ("albums/kind-of-blue", "albums/kind-of-blue"),
      ("loose", "loose"),
      ("lo", "loose"),
      ("albums/radiohead-ok-computer/", "albums/radiohead-ok-computer"),
      ("./albums/radiohead-ok-computer/album.md", "albums/radiohead-ok-computer"),
      ("radiohead-kid-a/album.md", "albums/radiohead-kid-a"),
      ("/music/albums/abba-gold", "albums/abba-gold"),
      ("/music/albums/abba/album.md", "albums/abba"),
    ])
  func resolves(reference: String, id: String) throws {
    #expect(try AlbumReference.resolve(reference, among: Self.ids, in: Self.location) == id)
  }

  @Test(
    "ambiguous references list the candidates",
    arguments: [
      ("radiohead", ["albums/radiohead-kid-a", "albums/radiohead-ok-computer"]),
      ("r", ["albums/radiohead-kid-a", "albums/radiohead-ok-computer"]),
      ("kind-of-blue", ["albums/kind-of-blue", "jazz/kind-of-blue"]),
      ("kind", ["albums/kind-of-blue", "jazz/kind-of-blue"]),
      ("ab", ["albums/abba", "albums/abba-gold"]),
    ])
  func ambiguous(reference: String, candidates: [String]) {
    #expect(throws: CollectionError.ambiguous(reference, candidates: candidates)) {
      try AlbumReference.resolve(reference, among: Self.ids, in: Self.location)
    }
    let message = CollectionError.ambiguous(reference, candidates: candidates).description
    for candidate in candidates { #expect(message.contains("  " + candidate)) }
  }

  @Test("unknown references", arguments: ["zappa", "", "albums/zappa", "ok-computer", "albums/radio", "abba-gold-2"])
  func unknown(reference: String) {
    #expect(throws: CollectionError.noSuchAlbum(reference)) {
      try AlbumReference.resolve(reference, among: Self.ids, in: Self.location)
    }
  }

  @Test func collectionAlbumByReference() throws {
    let collection = RecordCollection(location: Self.location, albums: Self.ids.map { Album(id: $0, title: $0, artist: "A") })
    #expect(try collection.album("abba").id == "albums/abba")
    #expect(try collection.album("radiohead-ok").title == "albums/radiohead-ok-computer")
    #expect(throws: CollectionError.noSuchAlbum("nothing")) { try collection.album("nothing") }
    #expect(throws: CollectionError.self) { try collection.album("radiohead") }
  }

  // MARK: Queries

  private static let shelf = RecordCollection(
    location: CollectionLocation(root: "/music"),
    albums: [
      Album(id: "1", title: "OK Computer", artist: "Radiohead", tags: ["alternative", "1990s", "jazz"]),
      Album(id: "2", title: "Kid A", artist: "RADIOHEAD", tags: ["electronic", "Jazz"]),
      Album(id: "3", title: "Abbey Road", artist: "The Beatles", sortArtist: "Beatles, The", tags: ["rock"]),
      Album(id: "4", title: "Homogenic", artist: "Björk", tags: ["electronic"]),
      Album(id: "5", title: "Debut", artist: "bjork", tags: ["jazz"]),
      Album(id: "6", title: "Blue", artist: "Joni Mitchell", sortArtist: "Mitchell, Joni"),
      Album(id: "7", title: "Ágætis byrjun", artist: "Sigur Rós", tags: ["1990s", "Ísland"]),
    ])

  @Test func artistsAreDistinctCaseInsensitiveAndAlphabetical() {
    #expect(
      Self.shelf.artists() == [
        "Beatles, The", "Björk", "bjork", "Joni Mitchell", "Mitchell, Joni", "Radiohead", "Sigur Rós", "The Beatles",
      ])
  }

  @Test(
    "artists by prefix, folded",
    arguments: [
      ("b", ["Beatles, The", "Björk", "bjork"]),
      ("bjö", ["Björk", "bjork"]),
      ("BJO", ["Björk", "bjork"]),
      ("radio", ["Radiohead"]),
      ("sigur ro", ["Sigur Rós"]),
      ("the", ["The Beatles"]),
      ("mitchell", ["Mitchell, Joni"]),
      ("zappa", [String]()),
      ("", ["Beatles, The", "Björk", "bjork", "Joni Mitchell", "Mitchell, Joni", "Radiohead", "Sigur Rós", "The Beatles"]),
    ])
  func artistsByPrefix(prefix: String, expected: [String]) {
    #expect(Self.shelf.artists(prefix: prefix) == expected)
  }

  @Test func artistsDoNotDependOnTheOrderAlbumsWereLoadedIn() {
    let albums = [
      Album(id: "1", title: "OK Computer", artist: "Radiohead"),
      Album(id: "2", title: "Kid A", artist: "RADIOHEAD"),
      Album(id: "3", title: "Amnesiac", artist: "radiohead"),
      Album(id: "4", title: "Homogenic", artist: "Björk"),
    ]
    let expected = RecordCollection(location: CollectionLocation(root: "/music"), albums: albums).artists()
    #expect(expected.count == 2)
    for order in [[3, 2, 1, 0], [1, 0, 2, 3], [2, 3, 0, 1]] {
      let shuffled = RecordCollection(location: CollectionLocation(root: "/music"), albums: order.map { albums[$0] })
      #expect(shuffled.artists() == expected, "albums in the order \(order.map { albums[$0].id })")
    }
  }

  @Test func tagCountsAreExactAndAlphabetical() {
    let counts = Self.shelf.tagCounts()
    #expect(counts.map(\.tag) == ["1990s", "alternative", "electronic", "Ísland", "Jazz", "jazz", "rock"])
    #expect(counts.map(\.count) == [2, 1, 2, 1, 1, 2, 1])
  }

  @Test func anEmptyCollectionHasNoArtistsOrTags() {
    let empty = RecordCollection(location: CollectionLocation(root: "/music"), albums: [])
    #expect(empty.artists().isEmpty)
    #expect(empty.tagCounts().isEmpty)
  }

  // MARK: Preferences

  @Test func preferencesRoundTrip() throws {
    let folder = try Folder()
    defer { folder.remove() }
    try folder.makeCollection()
    let location = CollectionLocation(root: folder.path)
    for preferences in [
      Preferences(sortMode: .random, seed: 12_345), Preferences(sortMode: .title, seed: UInt64.max), Preferences(),
    ] {
      try preferences.save(to: location)
      #expect(try Preferences.load(location) == preferences)
    }
    try Preferences(sortMode: .year, seed: 7).save(to: location)
    #expect(
      try folder.read(".recordkeeper/local.yaml")
        == "# This clone's Record Keeper preferences; git ignores this file.\nsort: year\nseed: 7\n")
    #expect(try folder.read(".recordkeeper/.gitignore") == "local.yaml\n")
  }

  @Test func missingPreferencesAreTheDefaults() throws {
    let folder = try Folder()
    defer { folder.remove() }
    try folder.makeCollection()
    let preferences = try Preferences.load(CollectionLocation(root: folder.path))
    #expect(preferences == Preferences(sortMode: .artistYear, seed: 0))
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/.recordkeeper/.gitignore"))
  }

  @Test func savingKeepsAnExistingGitignoreAndMakesSureItIgnoresThePreferences() throws {
    let folder = try Folder()
    defer { folder.remove() }
    try folder.makeCollection()
    try folder.write(".recordkeeper/.gitignore", "*.tmp\n")
    try Preferences(sortMode: .random, seed: 1).save(to: CollectionLocation(root: folder.path))
    let ignore = try folder.read(".recordkeeper/.gitignore")
    #expect(ignore.hasPrefix("*.tmp\n"))
    #expect(ignore.split(separator: "\n").contains("local.yaml"), "local.yaml is not ignored: \(ignore)")
  }

  @Test func savingTwiceLeavesTheGitignoreAlone() throws {
    let folder = try Folder()
    defer { folder.remove() }
    try folder.makeCollection()
    let location = CollectionLocation(root: folder.path)
    try Preferences(sortMode: .random, seed: 1).save(to: location)
    try Preferences(sortMode: .year, seed: 2).save(to: location)
    #expect(try folder.read(".recordkeeper/.gitignore") == "local.yaml\n")
    #expect(try Preferences.load(location) == Preferences(sortMode: .year, seed: 2))
  }

  @Test func handEditedPreferences() throws {
    let folder = try Folder()
    defer { folder.remove() }
    try folder.makeCollection()
    let location = CollectionLocation(root: folder.path)
    try folder.write(".recordkeeper/local.yaml", "# mine\n\n  sort:  Title  \ncolour: blue\nseed: 99\n")
    #expect(try Preferences.load(location) == Preferences(sortMode: .title, seed: 99))
  }

  @Test(
    "broken preferences name the file and line",
    arguments: [
      ("sort: year\nnonsense\n", 2, nil as String?),
      (
        "sort: alphabetical\n", 1,
        "\"alphabetical\" is not a sort mode; use one of artist-year, artist-title, title, year, random, plays, last-played, relevance"
      ),
      ("# c\nseed: -1\n", 2, "the seed must be a whole number"),
      ("seed: lots\n", 1, "the seed must be a whole number"),
    ])
  func brokenPreferences(text: String, line: Int, message: String?) throws {
    let folder = try Folder()
    defer { folder.remove() }
    try folder.makeCollection()
    try folder.write(".recordkeeper/local.yaml", text)
    let location = CollectionLocation(root: folder.path)
    let path = folder.path + "/.recordkeeper/local.yaml"
    let expected: PreferencesError = message.map { .badValue(path: path, line: line, message: $0) } ?? .malformed(path: path, line: line)
    #expect(throws: expected) { try Preferences.load(location) }
  }

  @Test func preferencesOrder() {
    let order = Preferences(sortMode: .random, seed: 77).order
    #expect(order.mode == .random)
    #expect(order.seed == 77)
  }
}

/// Album files that are not what they seem: each is reported as a problem of
/// its own album, none hangs or exhausts memory, and the others still load.
@Suite("Loading only regular album files")
struct AlbumFileKindTests {
  @Test func specialFilesAreReportedAndTheOthersLoad() throws {
    let folder = try Folder()
    defer { folder.remove() }
    try folder.makeCollection()
    try folder.write("albums/good/album.md", albumFile("Good", "A"))
    try folder.makeFolder("albums/fifo")
    #expect(mkfifo(folder.path + "/albums/fifo/album.md", 0o644) == 0)
    try folder.makeFolder("albums/zero")
    try FileManager.default.createSymbolicLink(atPath: folder.path + "/albums/zero/album.md", withDestinationPath: "/dev/zero")
    try folder.makeFolder("albums/folder/album.md")
    try folder.write("albums/huge/album.md", String(repeating: "x", count: RecordCollection.albumFileSizeLimit + 1))
    let collection = try load(folder)
    #expect(collection.albums.map(\.id) == ["albums/good"])
    let messages = Dictionary(uniqueKeysWithValues: collection.unreadable.map { ($0.id, $0.message) })
    #expect(
      messages["albums/fifo"]
        == "cannot read it: it is a named pipe (FIFO), not a regular file; rk reads only regular files: put a file there instead")
    #expect(messages["albums/zero"]?.hasPrefix("cannot read it: it is a character device, not a regular file") == true)
    #expect(messages["albums/folder"]?.hasPrefix("cannot read it: it is a folder, not a regular file") == true)
    #expect(messages["albums/huge"]?.hasPrefix("cannot read it: it is 1 MiB, more than the 1 MiB rk reads") == true, "\(messages)")
    #expect(collection.unreadable.allSatisfy { $0.field == "file" && $0.line == 0 })
  }

  @Test func linksOutOfTheCollectionAreRefusedAndLinksInsideAreRead() throws {
    let folder = try Folder()
    defer { folder.remove() }
    try folder.makeCollection(at: "records")
    try folder.write("secret.md", albumFile("Secret", "Outside"))
    try folder.makeFolder("records/albums/outside")
    try FileManager.default.createSymbolicLink(
      atPath: folder.path + "/records/albums/outside/album.md", withDestinationPath: "../../../secret.md")
    try folder.write("records/shared/inside.md", albumFile("Inside", "Here"))
    try folder.makeFolder("records/albums/inside")
    try FileManager.default.createSymbolicLink(
      atPath: folder.path + "/records/albums/inside/album.md", withDestinationPath: "../../shared/inside.md")
    let collection = try RecordCollection.load(CollectionLocation(root: folder.path + "/records"))
    #expect(collection.albums.map(\.title) == ["Inside"])
    let issue = try #require(collection.unreadable.first)
    #expect(issue.id == "albums/outside")
    #expect(
      issue.message.contains("it is a symbolic link to \(try FileSystem.realPath(folder.path))/secret.md, outside"), "\(issue.message)")
  }
}
