import Foundation
import RecordKeeper
import Synchronization
import TestSupport
import Testing

/// Issue 22.3: adding and filling from MusicBrainz is one library call that
/// `rk add --musicbrainz`, `rk set --fill` and the API all use.
@Suite("ReleaseFill: an album added or filled from a release", .libgit2)
struct ReleaseFillTests {
  static let id = "5b1a7e8c-0f6d-4c4e-9a57-1d2a3b4c5d6e"

  /// A release and maybe a cover, counting the covers asked for.
  final class Source: ReleaseSource, Sendable {
    let cover: CoverImages?
    let coversAsked = Mutex(0)

    init(cover: CoverImages?) { self.cover = cover }

    func release(_ id: String) throws(LookupError) -> MusicBrainzRelease {
      guard id == ReleaseFillTests.id else { throw .notFound(service: .musicBrainz, what: "release \(id)") }
      do {
        return try MusicBrainzRelease.decode(
          Array(
            """
            {"id": "\(ReleaseFillTests.id)", "title": "Kind of Blue", "date": "1959", "label-info": [{"catalog-number": "CL 1355", "label": {"name": "Columbia"}}],
             "artist-credit": [{"name": "Miles Davis", "artist": {"sort-name": "Davis, Miles"}}],
             "media": [{"format": "12\\" Vinyl", "tracks": [{"number": "A1", "title": "So What", "length": 562000}]}]}
            """.utf8))
      }
    }

    func frontCover(of release: MusicBrainzRelease) throws(LookupError) -> CoverImages? {
      coversAsked.withLock { $0 += 1 }
      return cover
    }
  }

  static let images = CoverImages(cover: Array("cover".utf8), thumbnail: Array("thumb".utf8))

  func store(_ collection: TemporaryCollection) throws -> CollectionStore {
    try collection.initializeGit()
    return try CollectionStore(location: CollectionLocation(root: collection.path))
  }

  @Test func addsTheReleaseWithWhatWasGivenOnTopAndItsCover() async throws {
    let collection = try TemporaryCollection()
    let store = try store(collection)
    let added = try await ReleaseFill.add(Self.id.uppercased(), from: Source(cover: Self.images), into: store, duplicate: false) {
      (album) throws(AlbumEditError) in
      try album.addTag("jazz")
    }
    #expect(added.id == "albums/miles-davis-kind-of-blue")
    #expect(added.notes.isEmpty)
    let text = try collection.read(added.id + "/album.md")
    #expect(text.contains("label: Columbia\n") && text.contains("musicbrainz: \(Self.id)\n") && text.contains("- jazz"), "\(text)")
    #expect(try collection.read(added.id + "/cover.webp") == "cover")
  }

  @Test func refusesAReleaseAlreadyThereBeforeAskingForItsCover() async throws {
    let collection = try TemporaryCollection(albums: ["albums/kob": albumText(title: "Kind Of Blue", artist: "Miles Davis")])
    let store = try store(collection)
    let source = Source(cover: Self.images)
    await #expect(throws: ReleaseFillError.alreadyPresent(album: "albums/kob", sameID: false)) {
      try await ReleaseFill.add(Self.id, from: source, into: store, duplicate: false) { _ throws(AlbumEditError) in }
    }
    #expect(source.coversAsked.withLock { $0 } == 0)
    let second = try await ReleaseFill.add(Self.id, from: Source(cover: nil), into: store, duplicate: true) { _ throws(AlbumEditError) in }
    #expect(second.notes == ["the Cover Art Archive has no front cover for this release; the album has none."])
  }

  @Test func refusesAnIdThatIsNotOneWithoutAsking() async throws {
    let collection = try TemporaryCollection()
    let store = try store(collection)
    await #expect(throws: ReleaseFillError.lookup(.invalidID("12a"))) {
      try await ReleaseFill.add("12a", from: Source(cover: nil), into: store, duplicate: false) { _ throws(AlbumEditError) in }
    }
  }

  @Test func fillsFromTheAlbumsOwnIdAndKeepsItsCover() async throws {
    let collection = try TemporaryCollection(albums: [
      "albums/kob": "---\ntitle: Kind Of Blue\nartist: Miles Davis\nmusicbrainz: \(Self.id)\n---\n",
      "albums/other": albumText(title: "Giant Steps", artist: "John Coltrane"),
    ])
    try collection.writeFile("albums/kob/cover.webp", Array("mine".utf8))
    let store = try store(collection)
    let source = Source(cover: Self.images)
    let filled = try await ReleaseFill.fill("kob", release: nil, from: source, in: store, replacing: false)
    #expect(filled.commit != nil)
    let text = try collection.read("albums/kob/album.md")
    #expect(
      text.contains("title: Kind Of Blue\n") && text.contains("catalog_number: CL 1355\n") && text.contains("So What (9:22)"), "\(text)")
    #expect(try collection.read("albums/kob/cover.webp") == "mine")
    #expect(source.coversAsked.withLock { $0 } == 0)

    let again = try await ReleaseFill.fill("kob", release: nil, from: source, in: store, replacing: false)
    #expect(again.commit == nil)
    await #expect(throws: ReleaseFillError.noRelease(album: "albums/other", artist: "John Coltrane", title: "Giant Steps")) {
      try await ReleaseFill.fill("other", release: nil, from: source, in: store, replacing: false)
    }
  }
}
