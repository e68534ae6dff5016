import ArgumentParser
import Foundation
import RecordKeeper

extension RK {
  struct Edit: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "edit",
      abstract: "Edit an album's album.md in $VISUAL or $EDITOR, then commit it.",
      discussion: """
        After you save, the album is checked. On a terminal, problems are listed and you \
        can edit again; otherwise rk fails, changes nothing, and keeps what you typed in a \
        file whose path it prints. Saving without changes commits nothing.
        """)

    @OptionGroup var collection: CollectionOptions
    @OptionGroup var target: AlbumArgument

    func run() async throws {
      let store = try collection.store()
      let id = try store.resolve(target.album)
      let originalBytes = try store.read(id).bytes
      let original = String(decoding: originalBytes, as: UTF8.self)
      let name = String(id.split(separator: "/").last ?? "album")
      var text = original
      while true {
        text = try Editor.edit(text, name: name)
        if text == original {
          FileHandle.standardError.write(Data("No change.\n".utf8))
          return
        }
        let problems: [String]
        do {
          report(try store.replace(id, with: text, expecting: originalBytes), unchanged: "No change.")
          return
        } catch .changedSinceOpened(let path) {
          let kept = Editor.keepRejected(text, name: name).map { " Your text is kept in \($0)." } ?? ""
          throw EditRejected(message: "\(StoreError.changedSinceOpened(path: path)).\(kept)")
        } catch {
          guard let found = EditedText.problems(in: error, text: text, id: id) else { throw error }
          problems = found.map(\.description)
        }
        try AlbumTemplate.reject(text, name: name, problems: problems)
      }
    }
  }
}
