import Foundation
import RecordKeeper
import TestSupport
import Testing

/// The scan history in `.recordkeeper/scans/` (docs/commands.md, "Identifying a sleeve from a photo").
@Suite("The scan history")
struct ScanHistoryTests {
  static func answer(_ title: String = "Kind of Blue", artist: String = "Miles Davis") -> VisionAnswer {
    VisionAnswer(
      albumTitle: title, artistName: artist, releaseYear: "1959", genres: ["jazz"], recordLabel: "Columbia",
      contextSummary: "Modal jazz starts here.", contextBullets: ["Quadruple platinum"], rating: 10, recommendation: .essential,
      keyTracks: ["So What"])
  }

  static func scan(_ id: String, _ seconds: Double, title: String = "Kind of Blue", artist: String = "Miles Davis") -> Scan {
    Scan(id: id, date: Date(timeIntervalSince1970: seconds), answer: answer(title, artist: artist))
  }

  @Test func scansAreListedNewestFirstReadAndRemoved() throws {
    let collection = try TemporaryCollection()
    let history = ScanHistory(location: CollectionLocation(root: collection.path))
    #expect(history.list().scans.isEmpty)
    let old = Self.scan("20261101-100000-aaaa", 1_793_527_200, title: "Abbey Road", artist: "The Beatles")
    let new = Self.scan("20261102-100000-bbbb", 1_793_613_600)
    try history.save(old)
    try history.save(new)
    #expect(history.list().scans.map(\.id) == [new.id, old.id])
    #expect(try history.read(old.id) == old)
    // A unique start of an id names the scan.
    #expect(try history.read("20261101") == old)
    #expect(throws: IdentifyError.ambiguousScan("2026110", [old.id, new.id])) { try history.read("2026110") }
    #expect(throws: IdentifyError.scanNotFound("../config")) { try history.read("../config") }
    #expect(try history.remove("20261102") == new.id)
    #expect(history.list().scans.map(\.id) == [old.id])
    #expect(throws: IdentifyError.scanNotFound(new.id)) { try history.remove(new.id) }
  }

  @Test func theFileIsSmallJSONWithoutThePhoto() throws {
    let collection = try TemporaryCollection()
    let history = ScanHistory(location: CollectionLocation(root: collection.path))
    var scan = Self.scan("20261123-184512-3f2a", 1_795_459_512)
    scan.coverURL = "https://coverartarchive.org/release/x/front"
    try history.save(scan)
    let text = try collection.read(".recordkeeper/scans/20261123-184512-3f2a.json")
    #expect(
      text.hasPrefix(
        "{\n  \"id\": \"20261123-184512-3f2a\",\n  \"date\": \"2026-11-23T18:45:12Z\",\n  \"answer\": {\n    \"album_title\": \"Kind of Blue\""
      ))
    #expect(text.contains("\"musicbrainz\": null"))
    #expect(text.contains("\"reused_from\": null"))
    #expect(text.utf8.count < 2_000)
  }

  @Test func theHistoryIsIgnoredByGit() throws {
    let collection = try TemporaryCollection()
    try collection.initializeGit()
    try ScanHistory(location: CollectionLocation(root: collection.path)).save(Self.scan("20261123-184512-3f2a", 1_795_459_512))
    #expect(try collection.status().isEmpty)
    #expect(try collection.read(".recordkeeper/scans/.gitignore").contains("\n*\n"))
  }

  @Test func anUnreadableScanIsNamedAndTheOthersListed() throws {
    let collection = try TemporaryCollection()
    let history = ScanHistory(location: CollectionLocation(root: collection.path))
    try history.save(Self.scan("20261123-184512-3f2a", 1_795_459_512))
    try collection.writeFile(".recordkeeper/scans/20261124-000000-0000.json", Array("{\"id\": \"20261124-000000-0000\"}".utf8))
    let (scans, unreadable) = history.list()
    #expect(scans.map(\.id) == ["20261123-184512-3f2a"])
    #expect(unreadable.count == 1)
    #expect(
      unreadable.first?.hasSuffix(
        ".recordkeeper/scans/20261124-000000-0000.json cannot be read: it has no valid \"date\". Remove it with rk scans rm, or delete the file"
      ) == true)
  }

  @Test func theLatestScanOfTheSameAlbumIsFound() throws {
    let collection = try TemporaryCollection()
    let history = ScanHistory(location: CollectionLocation(root: collection.path))
    try history.save(Self.scan("20261101-100000-aaaa", 1_793_527_200))
    try history.save(Self.scan("20261102-100000-bbbb", 1_793_613_600))
    try history.save(Self.scan("20261103-100000-cccc", 1_793_700_000, title: "Abbey Road", artist: "The Beatles"))
    #expect(history.latest(of: SleeveIdentification(albumTitle: "KIND OF BLUE", artistName: "miles davis"))?.id == "20261102-100000-bbbb")
    #expect(history.latest(of: SleeveIdentification(albumTitle: "abbey road", artistName: "Beatles"))?.id == "20261103-100000-cccc")
    #expect(history.latest(of: SleeveIdentification(albumTitle: "Let It Be", artistName: "The Beatles")) == nil)
  }

  @Test func idsSortByTimeAndAreSafeFileNames() {
    let id = Scan.newID(at: Date(timeIntervalSince1970: 1_795_459_512))
    #expect(id.hasPrefix("20261123-184512-"))
    #expect(Scan.isID(id))
    for bad in ["20261123-184512", "../x", "20261123-184512-3F2A", "20261123-184512-3f2a.json", ""] { #expect(!Scan.isID(bad)) }
  }
}
