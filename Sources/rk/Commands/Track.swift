import ArgumentParser
import RecordKeeper

extension RK {
  struct Track: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Change an album's track listing.",
      discussion: """
        Tracks are numbered from 1, automatically. Names are trimmed and must be 1 to 255 \
        characters. Moving the first track up or the last one down does nothing (seed §3.9).
        """,
      subcommands: [AddTrack.self, RemoveTrack.self, MoveTrackUp.self, MoveTrackDown.self, RenameTrack.self])
  }

  struct AddTrack: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a track (at the end, or at --at N).")

    @OptionGroup var collection: CollectionOptions
    @OptionGroup var target: AlbumArgument
    @Argument(help: "The track name.") var name: String
    @Option(help: ArgumentHelp("Insert as track N.", valueName: "n")) var at: Int?

    func run() async throws {
      try collection.apply(.addTrack(name, at: at), to: target.album)
    }
  }

  struct RemoveTrack: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rm", abstract: "Remove track N.")

    @OptionGroup var collection: CollectionOptions
    @OptionGroup var target: AlbumArgument
    @Argument(help: "The track number.") var number: Int

    func run() async throws {
      try collection.apply(.removeTrack(number), to: target.album)
    }
  }

  struct MoveTrackUp: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "up", abstract: "Swap track N with the one before it.")

    @OptionGroup var collection: CollectionOptions
    @OptionGroup var target: AlbumArgument
    @Argument(help: "The track number.") var number: Int

    func run() async throws {
      try collection.apply(.moveTrackUp(number), to: target.album)
    }
  }

  struct MoveTrackDown: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "down", abstract: "Swap track N with the one after it.")

    @OptionGroup var collection: CollectionOptions
    @OptionGroup var target: AlbumArgument
    @Argument(help: "The track number.") var number: Int

    func run() async throws {
      try collection.apply(.moveTrackDown(number), to: target.album)
    }
  }

  struct RenameTrack: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rename", abstract: "Rename track N.")

    @OptionGroup var collection: CollectionOptions
    @OptionGroup var target: AlbumArgument
    @Argument(help: "The track number.") var number: Int
    @Argument(help: "The new name.") var name: String

    func run() async throws {
      try collection.apply(.renameTrack(number, to: name), to: target.album)
    }
  }
}
