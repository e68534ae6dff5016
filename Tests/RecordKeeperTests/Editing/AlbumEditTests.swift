import RecordKeeper
import TestSupport
import Testing

/// The changes `rk set`, `rk tag` and `rk track` make, as library values a
/// second front end calls.
@Suite("Album edits")
struct AlbumEditTests {
  let album = Album(
    id: "albums/miles-davis-kind-of-blue", title: "Kind of Blue", artist: "Miles Davis", sortArtist: "Davis, Miles",
    released: "1959-08-17", tracks: ["So What", "Freddie Freeloader", "Blue in Green"], tags: ["jazz"])

  func edited(_ edit: AlbumEdit) throws -> (changed: Bool, after: Album, summary: String) {
    var after = album
    let changed = try edit.apply(to: &after)
    return (changed, after, edit.summary(before: album, after: after))
  }

  @Test func setFieldsTrimsAndEmptyClearsAnOptionalField() throws {
    let edit = AlbumEdit.setFields(AlbumFieldChanges(title: "  Kind of Blue (Mono) ", sortArtist: "", released: " "))
    let (changed, after, summary) = try edited(edit)
    #expect(changed)
    #expect(after.title == "Kind of Blue (Mono)")
    #expect(after.sortArtist == nil)
    #expect(after.released == nil)
    #expect(summary == "Change title, sort artist and release date of Miles Davis – Kind of Blue (Mono)")
    #expect(edit.action == "set")
    #expect(try !edited(.setFields(AlbumFieldChanges(title: "Kind of Blue"))).changed)
    #expect(AlbumFieldChanges().isEmpty)
  }

  /// `rk add --musicbrainz ID` and the app's `{"musicbrainz": ID}` add the
  /// release unless both a title and an artist are given (then the id is
  /// only recorded); a blank id is no release.
  @Test func aMusicBrainzIDAloneNamesTheReleaseToAddFrom() {
    let id = "b84ee12a-09ef-421b-82de-0441a926375b"
    func changes(title: String? = nil, artist: String? = nil, musicbrainz: String?) -> AlbumFieldChanges {
      var changes = AlbumFieldChanges(title: title, artist: artist)
      changes.collector[.musicbrainz] = musicbrainz
      return changes
    }
    #expect(changes(musicbrainz: " \(id) ").releaseToAddFrom == id)
    #expect(changes(title: "Blue Train", musicbrainz: id).releaseToAddFrom == id)
    #expect(changes(title: "Blue Train", artist: "John Coltrane", musicbrainz: id).releaseToAddFrom == nil)
    #expect(changes(musicbrainz: " ").releaseToAddFrom == nil)
    #expect(changes(title: "Blue Train", musicbrainz: nil).releaseToAddFrom == nil)
  }

  @Test func tags() throws {
    let added = try edited(.addTags(["modal", " jazz ", "", "cool"]))
    #expect(added.after.tags == ["jazz", "modal", "cool"])
    #expect(added.summary == "Add tags \"modal\", \"cool\" to Miles Davis – Kind of Blue")
    #expect(try !edited(.addTags(["jazz"])).changed)
    let removed = try edited(.removeTags(["jazz", "rock"]))
    #expect(removed.after.tags == [])
    #expect(removed.summary == "Remove tag \"jazz\" from Miles Davis – Kind of Blue")
    #expect(AlbumEdit.addTags(["jazz"]).unchanged == "No change: the album already has that tag.")
  }

  @Test(arguments: [
    (AlbumEdit.addTrack(" Flamenco Sketches ", at: 2), "Add track \"Flamenco Sketches\" to Miles Davis – Kind of Blue", "track-add"),
    (.removeTrack(2), "Remove track 2 \"Freddie Freeloader\" from Miles Davis – Kind of Blue", "track-rm"),
    (.moveTrackUp(3), "Move track 3 \"Blue in Green\" up in Miles Davis – Kind of Blue", "track-up"),
    (.moveTrackDown(1), "Move track 1 \"So What\" down in Miles Davis – Kind of Blue", "track-down"),
    (.renameTrack(1, to: "So What?"), "Rename track 1 \"So What\" to \"So What?\" in Miles Davis – Kind of Blue", "track-rename"),
  ])
  func tracks(edit: AlbumEdit, summary: String, action: String) throws {
    let result = try edited(edit)
    #expect(result.changed)
    #expect(result.summary == summary)
    #expect(edit.action == action)
  }

  @Test func trackRulesStillHold() throws {
    #expect(try !edited(.moveTrackUp(1)).changed)
    #expect(try !edited(.moveTrackDown(3)).changed)
    #expect(throws: AlbumEditError.noSuchTrack(9, count: 3)) { try edited(.removeTrack(9)) }
    #expect(throws: AlbumEditError.blankTrack) { try edited(.addTrack("  ", at: nil)) }
  }

  @Test func summariesShowControlCharactersVisibly() throws {
    var evil = album
    evil.title = "Evil\u{1B}[2J"
    var after = evil
    try AlbumEdit.addTags(["x\u{07}"]).apply(to: &after)
    #expect(AlbumEdit.addTags(["x\u{07}"]).summary(before: evil, after: after) == "Add tag \"x^G\" to Miles Davis – Evil^[[2J")
  }

  @Test func oneOffOrders() {
    let preferences = Preferences(sortMode: .title, seed: 42)
    #expect(preferences.order(overriddenBy: nil).mode == .title)
    #expect(preferences.order(overriddenBy: .year).mode == .year)
    #expect(preferences.order(overriddenBy: .year).seed == 42)
    let stored = Preferences(sortMode: .random, seed: 42)
    #expect(stored.order(overriddenBy: .random).seed == 42)
    // A one-off random order is a fresh shuffle, not the stored one.
    let seeds = Set((0..<5).map { _ in preferences.order(overriddenBy: .random).seed })
    #expect(seeds.count > 1)
    var chosen = preferences
    chosen.choose(.random)
    #expect(chosen.sortMode == .random)
    #expect(chosen.seed != 42)
  }

  @Test func editedTextProblemsAreLocated() {
    let text = ExampleAlbums.kindOfBlue(keys: ["title", "artist", "released"], body: "").replacingOccurrences(
      of: "1959-08-17", with: "1959-02-30")
    var album = Album(id: "a", title: "Kind of Blue", artist: "Miles Davis", released: "1959-02-30")
    album.released = "1959-02-30"
    let error = StoreError.invalid(album: "Miles Davis – Kind of Blue", album.problems())
    let problems = EditedText.problems(in: error, text: text, id: "a")
    #expect(problems?.map(\.line) == [4])
    #expect(problems?.first?.description == "line 4: released: 1959-02 has no day 30")
    #expect(EditedText.problems(in: .nothingToUndo, text: text, id: "a") == nil)
  }
}
