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

    /// Applies one track change and reports it.
    static func change(
      _ options: CollectionOptions, _ album: String, action: String, summary: @escaping (Album, Album) -> String,
      unchanged: String, _ body: (inout Album) throws(AlbumEditError) -> Bool
    ) throws {
      let commit = try options.store().update(album, action: action, summary: summary, body)
      report(commit, unchanged: unchanged)
    }

    static func name(_ album: Album, _ number: Int) -> String {
      album.tracks.indices.contains(number - 1) ? "\"\(album.tracks[number - 1])\"" : ""
    }
  }

  struct AddTrack: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a track (at the end, or at --at N).")

    @OptionGroup var collection: CollectionOptions
    @OptionGroup var target: AlbumArgument
    @Argument(help: "The track name.") var name: String
    @Option(help: ArgumentHelp("Insert as track N.", valueName: "n")) var at: Int?

    func run() async throws {
      try Track.change(collection, target.album, action: "track-add", summary: { _, after in
        "Add track \"\(name.trimmed)\" to \(ChangeMessage.name(of: after))"
      }, unchanged: "No change.") { album throws(AlbumEditError) in
        try album.addTrack(name, at: at)
        return true
      }
    }
  }

  struct RemoveTrack: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rm", abstract: "Remove track N.")

    @OptionGroup var collection: CollectionOptions
    @OptionGroup var target: AlbumArgument
    @Argument(help: "The track number.") var number: Int

    func run() async throws {
      try Track.change(collection, target.album, action: "track-rm", summary: { before, after in
        "Remove track \(number) \(Track.name(before, number)) from \(ChangeMessage.name(of: after))"
      }, unchanged: "No change.") { album throws(AlbumEditError) in
        try album.removeTrack(number)
        return true
      }
    }
  }

  struct MoveTrackUp: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "up", abstract: "Swap track N with the one before it.")

    @OptionGroup var collection: CollectionOptions
    @OptionGroup var target: AlbumArgument
    @Argument(help: "The track number.") var number: Int

    func run() async throws {
      try Track.change(collection, target.album, action: "track-up", summary: { before, after in
        "Move track \(number) \(Track.name(before, number)) up in \(ChangeMessage.name(of: after))"
      }, unchanged: "No change: track \(number) is already the first.") { album throws(AlbumEditError) in
        try album.moveTrackUp(number)
      }
    }
  }

  struct MoveTrackDown: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "down", abstract: "Swap track N with the one after it.")

    @OptionGroup var collection: CollectionOptions
    @OptionGroup var target: AlbumArgument
    @Argument(help: "The track number.") var number: Int

    func run() async throws {
      try Track.change(collection, target.album, action: "track-down", summary: { before, after in
        "Move track \(number) \(Track.name(before, number)) down in \(ChangeMessage.name(of: after))"
      }, unchanged: "No change: track \(number) is already the last.") { album throws(AlbumEditError) in
        try album.moveTrackDown(number)
      }
    }
  }

  struct RenameTrack: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rename", abstract: "Rename track N.")

    @OptionGroup var collection: CollectionOptions
    @OptionGroup var target: AlbumArgument
    @Argument(help: "The track number.") var number: Int
    @Argument(help: "The new name.") var name: String

    func run() async throws {
      try Track.change(collection, target.album, action: "track-rename", summary: { before, after in
        "Rename track \(number) \(Track.name(before, number)) to \"\(name.trimmed)\" in \(ChangeMessage.name(of: after))"
      }, unchanged: "No change: the track already has that name.") { album throws(AlbumEditError) in
        try album.renameTrack(number, to: name)
      }
    }
  }
}
