import RecordKeeper
import TestSupport
import Testing

/// Issue 20.5: every field docs/commands.md, "Searching", lists is searchable with `--in`,
/// notes only when named.
@Suite("Searching notes")
struct NotesSearchTests {
  static let album: Album = {
    let text = ExampleAlbums.kindOfBlue(
      keys: ["title", "artist"], body: "\n## Tracks\n\n1. So What\n\n## Notes\n\nSix-eye label, bought in Lisbon.\n")
    return (try? AlbumFile.parse(Array(text.utf8), id: "albums/kind-of-blue").album) ?? Album(id: "", title: "", artist: "")
  }()

  func matches(_ query: String, in fields: Set<SearchField>) throws -> Bool {
    let matcher = try SearchMatcher(query: SearchQuery(parsing: query), fields: fields)
    var scratch: [UInt8] = []
    let folded = matcher.matches(SearchText(Self.album), of: Self.album, scratch: &scratch)
    #expect(folded == matcher.matches(Self.album), "the server's folded text agrees for \(query)")
    return folded
  }

  @Test func notesAreAFieldToSearch() throws {
    #expect(try SearchField.parseList("notes") == [.notes])
    #expect(try SearchField.parseList("title,label,notes") == [.title, .label, .notes])
  }

  @Test func notesAreSearchedOnlyWhenNamed() throws {
    #expect(!SearchField.defaults.contains(.notes))
    #expect(SearchField.defaults.count == 7, "artist, title, released, tracks, sort-artist, tags, label")
    #expect(try matches("lisbon", in: [.notes]))
    #expect(try matches("lisbon", in: [.title, .notes]))
    #expect(try !matches("lisbon", in: SearchField.defaults))
    #expect(try !matches("so what", in: [.notes]), "the track list is not part of the notes")
    #expect(try !matches("-six-eye", in: [.notes]))
    #expect(try matches("+kind +lisbon", in: [.title, .notes]))
  }
}
