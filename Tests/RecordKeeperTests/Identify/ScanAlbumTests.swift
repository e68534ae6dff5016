import Foundation
import RecordKeeper
import TestSupport
import Testing

/// `rk identify --add` / `--want`: the album a scan makes, with its
/// `## Context` notes (docs/commands.md, "Identifying a sleeve from a photo"), in one commit.
@Suite("Adding a scan's album")
struct ScanAlbumTests {
  static let release = """
    {"id": "5b1a7e8c-0f6d-4c4e-9a57-1d2a3b4c5d6e", "title": "Kind of Blue", "date": "1959-08-17", "country": "US",
     "artist-credit": [{"name": "Miles Davis", "joinphrase": "", "artist": {"sort-name": "Davis, Miles"}}],
     "label-info": [{"catalog-number": "CL 1355", "label": {"name": "Columbia"}}],
     "media": [{"position": 1, "format": "12\\" Vinyl", "tracks": [
       {"number": "A1", "position": 1, "title": "So What", "length": 562000},
       {"number": "B1", "position": 2, "title": "All Blues", "length": 693000}]}]}
    """

  static func scan(match: Bool = true) throws -> Scan {
    var scan = ScanHistoryTests.scan("20261123-184512-3f2a", 1_795_459_512)
    scan.answer.contextBullets = ["# One of the best-selling jazz records", "Quadruple platinum"]
    scan.answer.contextSummary = "Modal jazz\nstarts here."
    scan.answer.keyTracks = ["So What", "Blue in Green"]
    if match { scan.match = LookupCandidate(try MusicBrainzRelease.decode(Array(release.utf8))) }
    return scan
  }

  static let context = """
    ## Context

    Modal jazz starts here.

    - # One of the best-selling jazz records
    - Quadruple platinum

    Rating: 10/10

    Recommendation: 💎 ESSENTIAL

    Key tracks: So What, Blue in Green

    """

  @Test func theContextSectionHoldsSummaryBulletsRatingAndBadge() throws {
    #expect(ContextNotes.section(for: try Self.scan().answer) == Self.context)
    var answer = try Self.scan().answer
    answer.contextSummary = "## Not a heading"
    answer.contextBullets = []
    answer.keyTracks = []
    answer.rating = 4.5
    answer.recommendation = .avoid
    #expect(ContextNotes.section(for: answer) == "## Context\n\n\\## Not a heading\n\nRating: 4.5/10\n\nRecommendation: 💩 AVOID\n")
  }

  @Test func aMatchedReleaseGivesFieldsAndTracksTheWantlistItsStatus() throws {
    let release = try MusicBrainzRelease.decode(Array(Self.release.utf8))
    let album = try Self.scan().album(release: release, destination: .wantlist)
    #expect(
      AlbumFile.render(album) == """
        ---
        title: Kind of Blue
        artist: Miles Davis
        sort_artist: Davis, Miles
        released: 1959-08-17
        tags:
        - jazz
        format: LP
        label: Columbia
        catalog_number: CL 1355
        country: US
        status: wanted
        musicbrainz: 5b1a7e8c-0f6d-4c4e-9a57-1d2a3b4c5d6e
        ---

        ## Tracks

        ### Side A

        1. So What (9:22)

        ### Side B

        1. All Blues (11:33)

        \(Self.context)
        """)
    // The context is the album's notes, and reads back as written.
    let parsed = try AlbumFile.parse(Array(AlbumFile.render(album).utf8), id: "albums/x").album
    #expect(parsed.body.notes.contains("Rating: 10/10"))
    #expect(parsed.trackList.count == 2)
  }

  @Test func withoutAReleaseTheModelsFieldsAreUsed() throws {
    var scan = try Self.scan(match: false)
    scan.answer.releaseYear = "late 1950s"
    let album = scan.album(release: nil, destination: .collection)
    #expect(album.title == "Kind of Blue")
    #expect(album.artist == "Miles Davis")
    #expect(album.released == nil)
    #expect(album.label == "Columbia")
    #expect(album.status == nil)
    #expect(album.tags == ["jazz"])
    #expect(album.trackList.isEmpty)
  }

  @Test func addingCommitsOnceAndNeverTwice() throws {
    let collection = try TemporaryCollection()
    try collection.initializeGit()
    let store = try CollectionStore(location: CollectionLocation(root: collection.path))
    let release = try MusicBrainzRelease.decode(Array(Self.release.utf8))
    let images = CoverImages(cover: [1, 2, 3], thumbnail: [4, 5])
    let first = try store.add(scan: try Self.scan(), release: release, cover: images, to: .collection)
    #expect(first == .added(id: "albums/miles-davis-kind-of-blue"))
    #expect(try collection.commitSubjects().count == 2)
    #expect(try collection.status().isEmpty)
    #expect(try Data(contentsOf: collection.root.appendingPathComponent("albums/miles-davis-kind-of-blue/cover.webp")) == Data([1, 2, 3]))
    // Already there: by the MusicBrainz id, and by artist and title.
    #expect(
      try store.add(scan: try Self.scan(), release: release, cover: nil, to: .wantlist)
        == .alreadyPresent(id: "albums/miles-davis-kind-of-blue", wanted: false))
    #expect(
      try store.add(scan: try Self.scan(match: false), release: nil, cover: nil, to: .collection)
        == .alreadyPresent(id: "albums/miles-davis-kind-of-blue", wanted: false))
    #expect(try collection.commitSubjects().count == 2)
  }

  @Test func theReleaseChosenMatchesArtistAndTitlePreferringVinyl() throws {
    func release(_ id: Int, title: String, format: String, date: String) -> String {
      #"{"id": "00000000-0000-4000-8000-00000000000\#(id)", "title": "\#(title)", "date": "\#(date)", "score": \#(100 - id), "#
        + #""artist-credit": [{"name": "Miles Davis", "joinphrase": ""}], "media": [{"format": "\#(format)", "track-count": 5}]}"#
    }
    let releases = [
      release(1, title: "Kind of Blue (Legacy Edition)", format: #"12\" Vinyl"#, date: "2009"),
      release(2, title: "Kind of Blue", format: "CD", date: "1997"),
      release(3, title: "Kind of Blue", format: #"12\" Vinyl"#, date: "2015"),
      release(4, title: "Kind of Blue", format: #"12\" Vinyl"#, date: "1959-08-17"),
    ]
    let search = try MusicBrainzReleaseSearch.decode(
      Array(#"{"count": 4, "releases": ["#.utf8) + Array(releases.joined(separator: ", ").utf8) + Array("]}".utf8))
    let answer = ScanHistoryTests.answer()
    #expect(ReleaseChoice.best(in: search, for: answer)?.id == "00000000-0000-4000-8000-000000000004")
    var other = answer
    other.artistName = "John Coltrane"
    #expect(ReleaseChoice.best(in: search, for: other) == nil)
    #expect(ReleaseChoice.query(for: answer) == #"artist:"Miles Davis" AND release:"Kind of Blue""#)
    other.albumTitle = #"Say "Hi" \ Bye"#
    #expect(ReleaseChoice.query(for: other) == #"artist:"John Coltrane" AND release:"Say \"Hi\" \\ Bye""#)
  }
}
