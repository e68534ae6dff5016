import ArgumentParser
import RecordKeeper

extension RK {
  struct Tag: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "tag",
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

    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The tags to add; -- before a tag that begins with --.", valueName: "tag"))
    var words: [String]

    func validate() throws {
      if try DashWords.values(words, of: Self.self).isEmpty { throw ValidationError("Name at least one tag to add.") }
    }

    func run() async throws {
      try collection.apply(.addTags(DashWords.values(words, of: Self.self)), to: target.album)
    }
  }

  struct RemoveTag: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rm", abstract: "Remove tags from an album.")

    @OptionGroup var collection: CollectionOptions
    @OptionGroup var target: AlbumArgument

    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The tags to remove; -- before a tag that begins with --.", valueName: "tag"))
    var words: [String]

    func validate() throws {
      if try DashWords.values(words, of: Self.self).isEmpty { throw ValidationError("Name at least one tag to remove.") }
    }

    func run() async throws {
      try collection.apply(.removeTags(DashWords.values(words, of: Self.self)), to: target.album)
    }
  }
}
