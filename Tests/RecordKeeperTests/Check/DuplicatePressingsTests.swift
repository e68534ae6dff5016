import TestSupport
import Testing

@testable import RecordKeeper

private func album(_ id: String, discogs: String? = nil, musicbrainz: String? = nil, barcode: String? = nil) -> Album {
  var album = Album(id: id, title: "Kind of Blue", artist: "Miles Davis")
  album.discogs = discogs
  album.musicbrainz = musicbrainz
  album.barcode = barcode
  return album
}

private func issues(_ albums: [Album]) -> [String] {
  DuplicatePressings.issues(in: albums) { _, field in DuplicatePressings.fields.firstIndex(of: field)! + 10 }
    .map { "\($0.id):\($0.line): \($0.field): \($0.message)" }
}

@Suite("Duplicate pressings")
struct DuplicatePressingsTests {
  @Test func sameDiscogsIdIsReportedForEachAlbum() {
    #expect(
      issues([album("a", discogs: "1234"), album("b", discogs: "1234"), album("c", discogs: "999")]) == [
        "a:10: discogs: same Discogs release 1234 as b — keep one, give each album the id of its own pressing, or if you own it twice number the copies (copy: 2)",
        "b:10: discogs: same Discogs release 1234 as a — keep one, give each album the id of its own pressing, or if you own it twice number the copies (copy: 2)",
      ])
  }

  @Test func sameMusicBrainzIdIgnoresCase() {
    let id = "8f2a5b0c-3d4e-4f5a-9b6c-7d8e9f0a1b2c"
    #expect(
      issues([album("a", musicbrainz: id), album("b", musicbrainz: id.uppercased())]) == [
        "a:11: musicbrainz: same MusicBrainz release \(id) as b — keep one, give each album the id of its own pressing, or if you own it twice number the copies (copy: 2)",
        "b:11: musicbrainz: same MusicBrainz release \(id.uppercased()) as a — keep one, give each album the id of its own pressing, or if you own it twice number the copies (copy: 2)",
      ])
  }

  @Test func barcodesCompareByDigitsOnly() {
    let found = issues([
      album("a", barcode: "0 74646 93522 6"), album("b", barcode: "074646935226"), album("c", barcode: "0-74646-93522-6"),
    ])
    #expect(
      found == [
        "a:12: barcode: same barcode 0 74646 93522 6 as b and c — keep one, give each album the barcode printed on its own sleeve, or if you own it twice number the copies (copy: 2)",
        "b:12: barcode: same barcode 074646935226 as a and c — keep one, give each album the barcode printed on its own sleeve, or if you own it twice number the copies (copy: 2)",
        "c:12: barcode: same barcode 0-74646-93522-6 as a and b — keep one, give each album the barcode printed on its own sleeve, or if you own it twice number the copies (copy: 2)",
      ])
  }

  @Test func discogsIdsIgnoreLeadingZeros() {
    #expect(issues([album("a", discogs: "0042"), album("b", discogs: "42")]).count == 2)
  }

  @Test func distinctOrAbsentOrInvalidIdsAreNoDuplicates() {
    #expect(
      issues([album("a", discogs: "1", barcode: "12345678"), album("b", discogs: "2", barcode: "12345679"), album("c"), album("d")]).isEmpty
    )
    // Invalid values are reported by their own rule, not twice as duplicates.
    #expect(issues([album("a", discogs: "r1"), album("b", discogs: "r1"), album("c", barcode: "12"), album("d", barcode: "12")]).isEmpty)
  }

  @Test func oneAlbumCanDuplicateSeveralFields() {
    let found = issues([album("a", discogs: "7", barcode: "12345678"), album("b", discogs: "7", barcode: "1234-5678")])
    #expect(found.map { String($0.prefix(4)) } == ["a:10", "a:12", "b:10", "b:12"])
  }

  @Test func collectionCheckReportsThemOnTheFieldsLine() throws {
    let collection = try TemporaryCollection(albums: [
      "albums/a": "---\ntitle: A\nartist: X\n# bought twice?\ndiscogs: 1234\n---\n",
      "albums/b": "---\ntitle: B\nartist: X\ndiscogs: '1234'\n---\n",
    ])
    let check = CollectionCheck(try RecordCollection.load(CollectionLocation(root: collection.path)))
    #expect(!check.isClean)
    #expect(check.issues.map { "\($0.id):\($0.line): \($0.field)" } == ["albums/a:5: discogs", "albums/b:4: discogs"])
    #expect(check.summary == "2 albums checked: 2 problems in 2 albums.")
  }

  private func copy(_ album: Album, _ number: JSONValue) -> Album {
    var album = album
    let text = if case .number(let value) = number { "\(value)" } else { "\"\(number)\"" }
    album.extra.append(ExtraField(key: DuplicatePressings.copyKey, yaml: "copy: \(text)\n", value: number))
    return album
  }

  @Test func copiesNumberedApartAreCopiesOwnedTwiceNotAProblem() {
    #expect(issues([album("a", discogs: "1234"), copy(album("b", discogs: "1234"), .number(2))]).isEmpty)
    #expect(
      issues([copy(album("a", barcode: "074646935226"), .string("2")), copy(album("b", barcode: "074646935226"), .number(3))]).isEmpty)
  }

  @Test func copiesWithTheSameNumberOrNoWholeNumberAreStillReported() {
    let found = issues([
      copy(album("a", discogs: "1234"), .number(2)), copy(album("b", discogs: "1234"), .string("2")),
      copy(album("c", discogs: "1234"), .number(3)),
    ])
    #expect(found.map { $0.prefix(1) } == ["a", "b"], "\(found)")
    #expect(found.first?.contains("as b and c") == true, "\(found)")
    #expect(issues([album("a", discogs: "1234"), copy(album("b", discogs: "1234"), .string("second"))]).count == 2)
  }
}
