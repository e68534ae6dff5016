import ArgumentParser
import RecordKeeper

extension RK {
  struct Remote: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "remote",
      abstract: "List, add or remove the remotes the collection is shared with.",
      discussion: "rk remote lists each remote's name and URL; rk sync syncs with one.",
      subcommands: [List.self, Add.self, Remove.self],
      defaultSubcommand: List.self)

    struct List: AsyncParsableCommand {
      static let configuration = CommandConfiguration(commandName: "list", abstract: "List the remotes: name and URL, one a line.")

      @OptionGroup var collection: CollectionOptions

      func run() async throws {
        for remote in try collection.store().remotes() {
          print("\(Visible.text(remote.name))\t\(Visible.text(remote.url))")
        }
      }
    }

    struct Add: AsyncParsableCommand {
      static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a remote.",
        discussion: "URL is as for rk clone; a relative folder path is stored absolute.")

      @OptionGroup var collection: CollectionOptions

      @Argument(help: ArgumentHelp("The remote's name, such as origin.", valueName: "name"))
      var name: String

      @Argument(help: ArgumentHelp("Where the remote is.", valueName: "url"))
      var url: String

      func run() async throws {
        try collection.store().addRemote(name: name, url: url)
        print("Added remote \(Visible.text(name)).")
      }
    }

    struct Remove: AsyncParsableCommand {
      static let configuration = CommandConfiguration(
        commandName: "rm", abstract: "Remove a remote (the collection's own files and history stay as they are).")

      @OptionGroup var collection: CollectionOptions

      @Argument(help: ArgumentHelp("The remote's name.", valueName: "name"))
      var name: String

      func run() async throws {
        try collection.store().removeRemote(name: name)
        print("Removed remote \(Visible.text(name)).")
      }
    }
  }
}
