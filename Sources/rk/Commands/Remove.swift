import ArgumentParser
import RecordKeeper

extension RK {
  struct Remove: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "rm",
      abstract: "Delete an album after \"Are you sure?\".",
      discussion: """
        Without a terminal, --yes is required. rk undo brings the album back: uncommitted edits and untracked \
        files in its folder are first committed on their own ("Edit … by hand"), so they come back too. A folder \
        holding files git ignores is not removed, since no commit could bring those back: rk rm lists them; \
        move them out or delete them, then run it again.
        """)

    @OptionGroup var collection: CollectionOptions
    @OptionGroup var target: AlbumArgument

    @Flag(name: [.short, .long], help: "Do not ask; required when not on a terminal.")
    var yes = false

    func validate() throws {
      if !yes && !Editor.isInteractive { throw ValidationError("Not on a terminal: add --yes to delete without asking.") }
    }

    func run() async throws {
      let store = try collection.store()
      if !yes {
        let album = try store.read(try store.resolve(target.album)).album
        print("Confirm\nRemove \(ChangeMessage.name(of: album)) (\(album.id))?")
        guard Editor.confirm("Are you sure?", defaultAnswer: false) else {
          print("Nothing was removed.")
          return
        }
      }
      report(try store.remove(target.album).commit, unchanged: "Nothing to commit.")
    }
  }
}
