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
      let store = try collection.store()
      var added: [String] = []
      let commit = try store.update(target.album, action: "tag-add", summary: { _, after in
        "Add tag\(added.count == 1 ? "" : "s") \(ChangeMessage.quoted(added)) to \(ChangeMessage.name(of: after))"
      }) { album throws(AlbumEditError) in
        for tag in tags { if try album.addTag(tag) { added.append(tag.trimmed) } }
        return !added.isEmpty
      }
      report(commit, unchanged: "No change: the album already has \(tags.count == 1 ? "that tag" : "those tags").")
    }
  }

  struct RemoveTag: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rm", abstract: "Remove tags from an album.")

    @OptionGroup var collection: CollectionOptions
    @OptionGroup var target: AlbumArgument

    @Argument(help: ArgumentHelp("The tags to remove.", valueName: "tag"))
    var tags: [String]

    func run() async throws {
      let store = try collection.store()
      var removed: [String] = []
      let commit = try store.update(target.album, action: "tag-rm", summary: { _, after in
        "Remove tag\(removed.count == 1 ? "" : "s") \(ChangeMessage.quoted(removed)) from \(ChangeMessage.name(of: after))"
      }) { album in
        for tag in tags where album.removeTag(tag) { removed.append(tag.trimmed) }
        return !removed.isEmpty
      }
      report(commit, unchanged: "No change: the album has no such tag.")
    }
  }
}
