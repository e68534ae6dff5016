import ArgumentParser
import RecordKeeper

extension RK {
  struct Tag: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Add or remove an album's tags.",
      discussion: """
        Tags are exact and case-sensitive. Adding a blank tag or one the album already has \
        does nothing (seed §3.7); the others are added in the order given, in one commit.
        """,
      subcommands: [AddTag.self, RemoveTag.self])
  }

  struct AddTag: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Add tags to an album.")

    @OptionGroup var collection: CollectionOptions
    @OptionGroup var target: AlbumArgument

    @Argument(help: ArgumentHelp("The tags to add.", valueName: "tag"))
    var tags: [String]

    func run() async throws {
      try collection.apply(.addTags(tags), to: target.album)
    }
  }

  struct RemoveTag: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rm", abstract: "Remove tags from an album.")

    @OptionGroup var collection: CollectionOptions
    @OptionGroup var target: AlbumArgument

    @Argument(help: ArgumentHelp("The tags to remove.", valueName: "tag"))
    var tags: [String]

    func run() async throws {
      try collection.apply(.removeTags(tags), to: target.album)
    }
  }
}
