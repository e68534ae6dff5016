import ArgumentParser
import RecordKeeper

extension RK {
  struct Move: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "mv",
      abstract: "Rename an album's folder, as one commit.",
      discussion: """
        NEW-FOLDER is a folder name, which stays beside the old folder (rk mv blue kind-of-blue), or a path \
        relative to the collection root (rk mv blue jazz/kind-of-blue). It must stay inside the collection, \
        must not be hidden, must not exist yet and must not be inside another album. Everything in the folder \
        moves with it (covers, notes, other files), and git records a rename. Uncommitted edits in the album are \
        first committed on their own ("Edit … by hand"); rk undo moves the album back.
        """)

    @OptionGroup var collection: CollectionOptions
    @OptionGroup var target: AlbumArgument

    @Argument(
      help: ArgumentHelp("The new folder: a name beside the old one, or a path from the collection root.", valueName: "new-folder"),
      completion: .directory)
    var newFolder: String

    func run() async throws {
      let result = try collection.store().move(target.album, to: newFolder)
      report(result.commit, unchanged: "\(result.album.id) is already in that folder; nothing was moved.")
    }
  }
}
