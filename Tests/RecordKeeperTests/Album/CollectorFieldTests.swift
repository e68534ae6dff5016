import Testing

@testable import RecordKeeper

private func parse(_ frontMatter: String) throws -> AlbumFile.Parsed {
  try AlbumFile.parse(Array("---\ntitle: T\nartist: A\n\(frontMatter)---\n".utf8), id: "albums/test")
}

/// The rules each collector's field (docs/album-format.md, "The collector's fields") breaks for a value.
private func rules(_ field: CollectorField, _ value: String) -> [AlbumProblem.Rule] {
  var album = Album(id: "albums/test", title: "T", artist: "A")
  album[keyPath: field.keyPath] = value
  return album.problems().filter { $0.field == .collector(field) }.map(\.rule)
}

@Suite struct CollectorFieldTests {
  @Test func readsTheCollectorsFieldsAsFieldsNotExtras() throws {
    let parsed = try parse("label: Parlophone\ncatalog_number: NODATA 02\nmedia_condition: VG+\nmood: calm\n")
    #expect(parsed.album.label == "Parlophone")
    #expect(parsed.album.catalogNumber == "NODATA 02")
    #expect(parsed.album.mediaCondition == "VG+")
    #expect(parsed.album.extra.map(\.key) == ["mood"])
    #expect(parsed.problems.isEmpty)
  }

  @Test func aProblemNamesTheLineOfItsKey() throws {
    let parsed = try parse("rating: 7\n")
    let problems = parsed.album.problems()
    #expect(problems.map(\.rule) == [.collectorValue])
    #expect(parsed.lines.line(of: .collector(.rating)) == 4)
    #expect(problems.first?.description.hasPrefix("rating: \"7\" is not a rating") == true)
  }

  @Test(arguments: ["M", "NM", "VG+", "VG", "G+", "G", "F", "P"])
  func goldmineGradesPass(_ grade: String) {
    #expect(rules(.mediaCondition, grade).isEmpty)
    #expect(rules(.sleeveCondition, grade).isEmpty)
  }

  @Test(arguments: ["Excellent", "vg+", "Very Good Plus"])
  func otherGradesFail(_ grade: String) {
    #expect(rules(.mediaCondition, grade) == [.collectorValue])
  }

  /// Written by hand as Discogs writes them, they read as the short grade
  /// (issue 20.14), as `rk set` and `rk import discogs` read them.
  @Test(arguments: ["Near Mint (NM or M-)", "very good plus (vg+)", "Mint (M)"])
  func discogsLongNamesPass(_ grade: String) {
    #expect(rules(.mediaCondition, grade).isEmpty)
    #expect(rules(.sleeveCondition, grade).isEmpty)
  }

  @Test func discogsLongNamesBecomeShortGrades() {
    #expect(CollectorField.shortGrade("Very Good Plus (VG+)") == "VG+")
    #expect(CollectorField.shortGrade("near mint (nm or m-)") == "NM")
    #expect(CollectorField.shortGrade("VG") == "VG")
  }

  @Test func barcodeIs8To14DigitsAfterSpacesAndDashes() {
    #expect(rules(.barcode, "7 24385 52292 8").isEmpty)
    #expect(rules(.barcode, "0724-3855-2292-8").isEmpty)
    #expect(rules(.barcode, "12345678").isEmpty)
    #expect(rules(.barcode, "1234567") == [.collectorValue])
    #expect(rules(.barcode, "123456789012345") == [.collectorValue])
    #expect(rules(.barcode, "12345678X") == [.collectorValue])
  }

  @Test func ratingIs1To5() {
    #expect(rules(.rating, "1").isEmpty)
    #expect(rules(.rating, "5").isEmpty)
    #expect(rules(.rating, "0") == [.collectorValue])
    #expect(rules(.rating, "6") == [.collectorValue])
    #expect(rules(.rating, "4.5") == [.collectorValue])
  }

  @Test func statusIsOwnedOrWanted() {
    #expect(rules(.status, "owned").isEmpty)
    #expect(rules(.status, "wanted").isEmpty)
    #expect(rules(.status, "sold") == [.collectorValue])
  }

  @Test func purchasedIsADateLikeReleased() {
    #expect(rules(.purchased, "2021-03-14").isEmpty)
    #expect(rules(.purchased, "2021").isEmpty)
    #expect(rules(.purchased, "2021-02-30") == [.collectorValue])
  }

  @Test func discogsIsDigits() {
    #expect(rules(.discogs, "1234567").isEmpty)
    #expect(rules(.discogs, "r1234567") == [.collectorValue])
  }

  @Test func musicbrainzIsAUUID() {
    #expect(rules(.musicbrainz, "b84ee12a-09ef-421b-82de-0441a926375b").isEmpty)
    #expect(rules(.musicbrainz, "b84ee12a09ef421b82de0441a926375b") == [.collectorValue])
    #expect(rules(.musicbrainz, "g84ee12a-09ef-421b-82de-0441a926375b") == [.collectorValue])
  }

  @Test func freeTextIsAtMost255CharactersOnOneLine() {
    #expect(rules(.label, String(repeating: "x", count: 255)).isEmpty)
    #expect(rules(.label, String(repeating: "x", count: 256)) == [.tooLong])
    #expect(rules(.location, "shelf\n3") == [.singleLine])
  }

  @Test func aNewFieldGoesAfterTheKeysBeforeItInProductOrder() throws {
    let text = "---\ntitle: T\nartist: A\ntags:\n- rock\nrating: 4\nmood: calm\n---\n"
    let file = try AlbumFile.parse(Array(text.utf8), id: "albums/test")
    var new = file.album
    new.label = "Parlophone"
    let rewritten = try AlbumFile.rewrite(Array(text.utf8), to: new)
    #expect(
      String(decoding: rewritten, as: UTF8.self)
        == "---\ntitle: T\nartist: A\ntags:\n- rock\nlabel: Parlophone\nrating: 4\nmood: calm\n---\n")
  }

  @Test func canonicalRenderOrdersThemAfterTheKeysOfSection1() {
    var album = Album(id: "albums/test", title: "T", artist: "A", tags: ["rock"])
    album.status = "owned"
    album.label = "Parlophone"
    let text = AlbumFile.render(album)
    #expect(text.hasPrefix("---\ntitle: T\nartist: A\ntags:\n- rock\nlabel: Parlophone\nstatus: owned\n---\n"))
  }
}
