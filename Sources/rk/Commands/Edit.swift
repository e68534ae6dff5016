import ArgumentParser
import Foundation
import RecordKeeper

extension RK {
  struct Edit: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
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
          guard let found = Self.problems(in: error, text: text, id: id) else { throw error }
          problems = found
        }
        try AlbumTemplate.reject(text, name: name, problems: problems)
      }
    }

    /// The problems to show for a refused edit, or `nil` for other errors.
    private static func problems(in error: StoreError, text: String, id: String) -> [String]? {
      switch error {
      case .invalid(_, let found):
        let located = (try? AlbumFile.parse(Array(text.utf8), id: id))?.problems ?? []
        return found.map { problem in
          located.first { $0.description == problem.description }.map { "line \($0.line): \($0)" } ?? problem.description
        }
      case .unreadable(_, let fileError): return ["line \(fileError.line): \(fileError)"]
      default: return nil
      }
    }
  }
}
