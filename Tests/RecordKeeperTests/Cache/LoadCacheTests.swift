import Foundation
import TestSupport
import Testing

@testable import RecordKeeper

#if canImport(Glibc)
  import Glibc
#endif

/// The load cache (`.git/rk-cache`) never hides a change made behind rk's
/// back: each way git's racy-git tests change a file is made here, and the
/// next query must see it.
@Suite("The load cache sees every change")
struct LoadCacheTests {
  /// A collection in a git folder whose files are old enough to be cached
  /// (a file changed in the last two seconds is never written to the cache),
  /// loaded once so that the cache holds every album.
  private func cachedCollection(_ albums: [String: String]) throws -> TemporaryCollection {
    let collection = try TemporaryCollection(albums: albums)
    try FileManager.default.createDirectory(atPath: collection.path + "/.git", withIntermediateDirectories: true)
    Thread.sleep(forTimeInterval: 2.2)
    _ = try query(collection)
    return collection
  }

  private func query(_ collection: TemporaryCollection) throws -> RecordCollection {
    try RecordCollection.load(CollectionLocation(root: collection.path), validating: false)
  }

  private func titles(_ collection: TemporaryCollection) throws -> [String] {
    try query(collection).albums.map { "\($0.id)=\($0.title)" }.sorted()
  }

  private var cachePath: (TemporaryCollection) -> String { { $0.path + "/.git/" + LoadCache.fileName } }

  private func modificationTime(_ path: String) -> timespec {
    var info = stat()
    _ = lstat(path, &info)
    return info.st_mtim
  }

  /// Sets the file's modification time (a `touch -d`); its ctime moves on, as it must.
  private func setModificationTime(_ path: String, _ time: timespec) {
    var times = [time, time]
    _ = utimensat(AT_FDCWD, path, &times, 0)
  }

  /// Replaces every occurrence of `old` in the cache file by `new` (the
  /// same length) and makes its checksum right again: a cache rk would trust.
  private func forge(_ collection: TemporaryCollection, _ old: String, _ new: String) throws {
    var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: cachePath(collection))))
    let from = Array(old.utf8)
    let to = Array(new.utf8)
    var index = 0
    while index + from.count <= bytes.count - 8 {
      if bytes[index..<(index + from.count)].elementsEqual(from) { bytes.replaceSubrange(index..<(index + from.count), with: to) }
      index += 1
    }
    let sum = LoadCache.checksum(bytes[..<(bytes.count - 8)])
    withUnsafeBytes(of: sum.littleEndian) { bytes.replaceSubrange((bytes.count - 8)..., with: $0) }
    let time = modificationTime(cachePath(collection))
    try Data(bytes).write(to: URL(fileURLWithPath: cachePath(collection)))
    setModificationTime(cachePath(collection), time)
  }

  @Test func aForgedCacheIsUsedForFilesThatDidNotChange() throws {
    // The control for every test below: the cache really is read.
    let collection = try cachedCollection(["albums/a": albumText(title: "Aaaa", artist: "X")])
    try forge(collection, "Aaaa", "Zzzz")
    #expect(try titles(collection) == ["albums/a=Zzzz"])
    #expect(
      try RecordCollection.load(CollectionLocation(root: collection.path)).albums.map(\.title) == ["Aaaa"], "rk check reads every file")
  }

  @Test func sameSizeSameSecond() throws {
    let collection = try cachedCollection(["albums/a": albumText(title: "Aaaa", artist: "X")])
    try collection.write("albums/a", albumText(title: "Bbbb", artist: "X"))
    #expect(try titles(collection) == ["albums/a=Bbbb"])
  }

  @Test func sameSizeWithTheOldModificationTimeTouchedBack() throws {
    let collection = try cachedCollection(["albums/a": albumText(title: "Aaaa", artist: "X")])
    let file = collection.path + "/albums/a/album.md"
    let old = modificationTime(file)
    try collection.write("albums/a", albumText(title: "Bbbb", artist: "X"))
    setModificationTime(file, old)
    #expect(try titles(collection) == ["albums/a=Bbbb"])
  }

  @Test func replacedByAnotherFileOfTheSameSizeAndTime() throws {
    let collection = try cachedCollection(["albums/a": albumText(title: "Aaaa", artist: "X")])
    let file = collection.path + "/albums/a/album.md"
    let old = modificationTime(file)
    try albumText(title: "Cccc", artist: "X").write(toFile: file + ".new", atomically: false, encoding: .utf8)
    setModificationTime(file + ".new", old)
    #expect(rename(file + ".new", file) == 0)
    #expect(try titles(collection) == ["albums/a=Cccc"])
  }

  @Test func aRacyEntryIsReadAgain() throws {
    // An entry whose file is not older than the cache file is not trusted,
    // even when its stamp matches (the file may have changed in the same tick).
    let collection = try cachedCollection(["albums/a": albumText(title: "Aaaa", artist: "X")])
    try forge(collection, "Aaaa", "Zzzz")
    setModificationTime(cachePath(collection), modificationTime(collection.path + "/albums/a/album.md"))
    #expect(try titles(collection) == ["albums/a=Aaaa"])
  }

  @Test func deletedAndNewAlbumsAndCovers() throws {
    let collection = try cachedCollection([
      "albums/a": albumText(title: "Aaaa", artist: "X"), "albums/b": albumText(title: "Bbbb", artist: "X"),
      "albums/deep/c": albumText(title: "Cccc", artist: "X"),
    ])
    try FileManager.default.removeItem(atPath: collection.path + "/albums/b")
    try collection.write("albums/new", albumText(title: "New", artist: "X"))
    try collection.write("albums/deep/d", albumText(title: "Dddd", artist: "X"))
    try collection.writeFile("albums/a/cover.webp", [1, 2, 3])
    let loaded = try query(collection)
    #expect(
      loaded.albums.map { "\($0.id)=\($0.title)" }.sorted() == [
        "albums/a=Aaaa", "albums/deep/c=Cccc", "albums/deep/d=Dddd", "albums/new=New",
      ])
    #expect(loaded.albums.first { $0.id == "albums/a" }?.covers.cover == true)
  }

  @Test func albumsAroundOneAddedAndOneRemovedStillComeFromTheCache() throws {
    // Entries are looked for at their place in walk order: an album added or
    // removed before others must not make theirs wrong or unused.
    let collection = try cachedCollection([
      "albums/a": albumText(title: "Aaaa", artist: "X"), "albums/b": albumText(title: "Bbbb", artist: "X"),
      "albums/c": albumText(title: "Cccc", artist: "X"), "albums/d": albumText(title: "Dddd", artist: "X"),
    ])
    for (old, new) in [("Aaaa", "Qqqq"), ("Cccc", "Zzzz"), ("Dddd", "Yyyy")] { try forge(collection, old, new) }
    try FileManager.default.removeItem(atPath: collection.path + "/albums/b")
    try collection.write("albums/bb", albumText(title: "New", artist: "X"))
    let expected = ["albums/a=Qqqq", "albums/bb=New", "albums/c=Zzzz", "albums/d=Yyyy"]
    #expect(try titles(collection) == expected)
    #expect(try titles(collection) == expected, "the cache written again still serves them")
  }

  @Test func tracksComeBackFromTheCacheAsTheFileHasThem() throws {
    // Sides, positions and lengths are kept in 32 bits and numbered again when read from the cache.
    let text = "---\ntitle: Aaaa\nartist: X\n---\n\n## Tracks\n\n### Side A\n\n1. One (4:44)\n2. Two\n\n### Disc 2\n\n1. Three (1:02:03)\n"
    let collection = try cachedCollection(["albums/a": text])
    let read = try #require(try RecordCollection.load(CollectionLocation(root: collection.path)).albums.first)
    let cached = try #require(try query(collection).albums.first)
    #expect(cached.trackList.map(\.position) == ["A1", "A2", "1"])
    #expect(cached.trackList.map(\.duration) == [284, nil, 3723])
    #expect(cached.trackList.map(\.sideIndex) == [1, 1, 2])
    #expect(cached.tracks == ["One", "Two", "Three"])
    #expect(cached == read)
  }

  @Test func replacedByALinkOutOfTheCollection() throws {
    let collection = try cachedCollection(["albums/a": albumText(title: "Aaaa", artist: "X")])
    let outside = collection.path + "/../outside-\(getpid()).md"
    try albumText(title: "Bbbb", artist: "X").write(toFile: outside, atomically: false, encoding: .utf8)
    defer { unlink(outside) }
    let file = collection.path + "/albums/a/album.md"
    #expect(unlink(file) == 0)
    #expect(symlink(outside, file) == 0)
    let loaded = try query(collection)
    #expect(loaded.albums.isEmpty)
    #expect(loaded.unreadable.map(\.id) == ["albums/a"])
  }

  @Test func aFileThatBecameUnreadableIsReported() throws {
    let collection = try cachedCollection(["albums/a": albumText(title: "Aaaa", artist: "X")])
    try collection.write("albums/a", "no front matter\n")
    let loaded = try query(collection)
    #expect(loaded.albums.isEmpty)
    #expect(loaded.unreadable.map(\.id) == ["albums/a"])
  }

  @Test(arguments: ["damaged", "truncated", "foreign", "empty", "other version", "other root"])
  func anUntrustworthyCacheIsRebuiltWithoutAWord(_ damage: String) throws {
    let collection = try cachedCollection(["albums/a": albumText(title: "Aaaa", artist: "X")])
    let path = cachePath(collection)
    var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    switch damage {
    case "damaged": bytes[bytes.count / 2] ^= 0x20
    case "truncated": bytes = Array(bytes.prefix(bytes.count / 2))
    case "foreign": bytes = Array("PK\u{3}\u{4} not a cache at all, a zip perhaps".utf8)
    case "empty": bytes = []
    case "other version":
      try forge(collection, RecordKeeperVersion.current, String(repeating: "9", count: RecordKeeperVersion.current.utf8.count))
    default: try forge(collection, collection.path, String(repeating: "/", count: collection.path.utf8.count))
    }
    if !damage.hasPrefix("other") { try Data(bytes).write(to: URL(fileURLWithPath: path)) }
    // Whatever the cache says, the file says Aaaa: a forged title makes a trusted cache show.
    if damage.hasPrefix("other") { try forge(collection, "Aaaa", "Zzzz") }
    #expect(try titles(collection) == ["albums/a=Aaaa"])
    #expect(LoadCache.read(path, root: collection.path).folderCount > 0, "the cache was written anew")
  }

  @Test func aCacheBeingWrittenWhenRkWasKilledLeavesTheOldOne() throws {
    // The cache is written to a temporary file and renamed over the old one:
    // a kill leaves the old cache (or none) and at worst a temporary file.
    let collection = try cachedCollection(["albums/a": albumText(title: "Aaaa", artist: "X")])
    let leftover = cachePath(collection) + ".rk-999999999-2.tmp"
    try Data(Array(repeating: 0x41, count: 100)).write(to: URL(fileURLWithPath: leftover))
    try collection.write("albums/a", albumText(title: "Bbbb", artist: "X"))
    #expect(try titles(collection) == ["albums/a=Bbbb"])
    #expect(!FileManager.default.fileExists(atPath: leftover), "the next write removes what a killed one left")
  }

  @Test func aLoadThatKeepsSomeAlbumsReadsAndCachesThemAll() throws {
    // `rk list QUERY` keeps only the matches; the next cache must still hold every album.
    let collection = try TemporaryCollection(albums: [
      "albums/a": albumText(title: "Aaaa", artist: "X"), "albums/b": albumText(title: "Bbbb", artist: "Y"),
    ])
    try FileManager.default.createDirectory(atPath: collection.path + "/.git", withIntermediateDirectories: true)
    Thread.sleep(forTimeInterval: 2.2)
    let location = CollectionLocation(root: collection.path)
    let kept = try RecordCollection.load(location, validating: false, keeping: .matching { $0.title == "Aaaa" })
    #expect(kept.albums.map(\.id) == ["albums/a"])
    #expect(kept.readCount == 2)
    #expect(LoadCache.read(cachePath(collection), root: collection.path).albumCount == 2, "the album not kept is cached too")
    // b's record is really used: a forged title shows, and a load keeping none still counts it.
    try forge(collection, "Bbbb", "Zzzz")
    #expect(try titles(collection) == ["albums/a=Aaaa", "albums/b=Zzzz"])
    let fromCache = try RecordCollection.load(location, validating: false, keeping: .matching { $0.title == "Zzzz" })
    #expect(fromCache.albums.map(\.id) == ["albums/b"])
    #expect(try RecordCollection.load(location, validating: false, keeping: .none).readCount == 2)
  }
  @Test func aQuerysTermsAreMatchedAgainstTheCachedFoldedTextWithoutDecoding() throws {
    let collection = try cachedCollection(["albums/a": albumText(title: "Aaaa", artist: "X")])
    // The title is forged, its folded text ("aaaa") is not: the terms are
    // matched against the folded text, and the album is not even decoded.
    try forge(collection, "Aaaa", "Love")
    let location = CollectionLocation(root: collection.path)
    #expect(try titles(collection) == ["albums/a=Love"], "the forged title is read")
    let love = try SearchMatcher(query: SearchQuery(parsing: "love"))
    #expect(try RecordCollection.load(location, validating: false, keeping: love.selection).albums.isEmpty)
  }

  @Test func aQueryKeepsWhatTheMatcherMatchesWithTheCacheOrWithout() throws {
    let collection = try cachedCollection([
      "albums/a": albumText(title: "Déjà Vu", artist: "Crosby, Stills, Nash & Young", tags: ["rock", "folk:west coast"]),
      "albums/b": albumText(
        title: "Blue", artist: "Joni Mitchell", sortArtist: "Mitchell, Joni", released: "1971-06-22",
        tags: ["folk"], tracks: ["All I Want", "My Old Man", "A Case of You"]),
      "albums/c": albumText(
        title: "Kind of Blue", artist: "Miles Davis", released: "1959", tags: ["jazz", "modal"],
        tracks: ["So What", "Freddie Freeloader"]),
    ])
    let location = CollectionLocation(root: collection.path)
    let every = try RecordCollection.load(location).albums
    for text in [
      "deja", "DÉJÀ", "blue -jazz", "+blue +folk", "case", "mitchell, joni", "1971", "west coast", "zzz", "blue #jazz", "so what",
    ] {
      let matcher = try SearchMatcher(query: SearchQuery(parsing: text))
      let kept = try RecordCollection.load(location, validating: false, keeping: matcher.selection).albums.map(\.id).sorted()
      #expect(kept == every.filter(matcher.matches).map(\.id).sorted(), "\(text)")
    }
  }
}
