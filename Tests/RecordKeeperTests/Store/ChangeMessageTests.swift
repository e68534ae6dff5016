import Testing

@testable import RecordKeeper

@Suite("Commit messages")
struct ChangeMessageTests {
  @Test func controlCharactersAreMadeVisible() {
    let message = ChangeMessage.make("Add \u{1B}[2J\u{07}Evil\u{7F}\u{9B}\tX\r\nY", action: "add")
    #expect(message == "Add ^[[2J^GEvil^?<U+009B>^IX^M^JY\n\nRecord-Keeper: add\n")
    #expect(!message.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x9B })
    #expect(ChangeMessage.make("Björk – Homogenic ✓", action: "add").hasPrefix("Björk – Homogenic ✓\n"))
  }

  @Test func trailersAreReadFromTheLastParagraphOnly() {
    let undo = ChangeMessage.make("Undo \"x\"", action: "undo", undoing: String(repeating: "a", count: 40))
    #expect(ChangeMessage.action(of: undo) == "undo")
    #expect(ChangeMessage.undone(by: undo) == String(repeating: "a", count: 40))
    #expect(ChangeMessage.action(of: "Mine\n\nRecord-Keeper: add\n\nMore words\n") == nil)
    #expect(ChangeMessage.action(of: "Mine\n") == nil)
    #expect(ChangeMessage.undone(by: ChangeMessage.make("Add", action: "add")) == nil)
  }

  @Test func handEditsHaveNoTrailer() {
    let album = Album(id: "a", title: "Kind of Blue\u{07}", artist: "Miles Davis")
    #expect(ChangeMessage.handEdit(of: album) == "Edit Miles Davis – Kind of Blue^G by hand\n")
    #expect(ChangeMessage.action(of: ChangeMessage.handEdit(of: album)) == nil)
  }

  @Test func anAlbumWithABlankTitleOrArtistIsStillNamed() {
    // `title: {a: 1}` and `artist: [x, y]` read as blank: the commit said `Add tag "j" to  –`.
    #expect(ChangeMessage.name(of: Album(id: "albums/nt", title: "", artist: " ")) == "albums/nt")
    #expect(ChangeMessage.name(of: Album(id: "albums/nt", title: "Kind of Blue", artist: "")) == "Kind of Blue")
    #expect(ChangeMessage.name(of: Album(id: "albums/nt", title: "", artist: "Miles Davis")) == "Miles Davis")
    #expect(ChangeMessage.name(of: Album(id: "albums/nt", title: "Kind of Blue", artist: "Miles Davis")) == "Miles Davis – Kind of Blue")
  }
}
