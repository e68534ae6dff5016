import ArgumentParser
import RecordKeeper

extension RK {
  struct Track: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "track",
      abstract: "Change an album's track listing.",
      discussion: """
        Tracks are numbered from 1 across all sides (`### Side A` headings), automatically. \
        Names are trimmed and must be 1 to 255 characters; a name ending in a length, \
        `Airbag (4:44)`, gives the track that length. Moving a track up or down swaps it with \
        its neighbour on its side; the first track of a side moved up becomes the last of the \
        side before, the last moved down the first of the side after. Moving the first track up \
        or the last one down does nothing (seed §3.9). A favourite track's line ends in ` ★` \
        (`rk track fav`, `rk track unfav`; `rk favourites` lists them).
        """,
      subcommands: [
        AddTrack.self, RemoveTrack.self, MoveTrackUp.self, MoveTrackDown.self, RenameTrack.self, FavouriteTrack.self, UnfavouriteTrack.self,
      ])
  }

  struct AddTrack: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "add",
      abstract: "Add a track (at the end, at --at N, or at the end of --side S); \"B3. Name\" goes at the end of side B.")

    @OptionGroup var collection: CollectionOptions
    @OptionGroup var target: AlbumArgument
    @Argument(
      parsing: .allUnrecognized,
      help: ArgumentHelp("The track name; a length at its end, `Airbag (4:44)`, is its length.", valueName: "name"))
    var words: [String] = []
    @Option(parsing: .unconditional, help: ArgumentHelp("Insert as track N, counting across all sides.", valueName: "n")) var at: Int?
    @Option(
      parsing: .unconditional,
      help: ArgumentHelp(
        "Append to the side whose heading is `Side S` or `S` (case-insensitive); a new `### Side S` heading is made at the end of the list when there is none.",
        valueName: "side"))
    var side: String?
    @Option(parsing: .unconditional, help: ArgumentHelp("The track's length, m:ss or h:mm:ss.", valueName: "m:ss")) var duration: String?

    func validate() throws {
      _ = try DashWords.single(words, of: Self.self, what: "track name")
      if at != nil, side != nil { throw ValidationError("Give either --at or --side, not both.") }
      if let duration {
        do throws(TrackDurationError) { _ = try TrackDuration.parse(duration) } catch { throw ValidationError("--duration: \(error)") }
      }
    }

    func run() async throws {
      let seconds = try duration.map { text throws(TrackDurationError) in try TrackDuration.parse(text) }
      let name = try DashWords.single(words, of: Self.self, what: "track name")
      // "B3. Name (4:21)" gives its side, unless --at or --side places it.
      let line = at == nil && side == nil ? TrackLine(parsing: name) : TrackLine(side: side, name: name)
      try collection.apply(.addTrack(line.name, at: at, side: line.side, duration: seconds), to: target.album)
    }
  }

  struct RemoveTrack: TrackNumberCommand {
    static let configuration = CommandConfiguration(commandName: "rm", abstract: "Remove track N.")
    static func edit(_ number: Int) -> AlbumEdit { .removeTrack(number) }
    @OptionGroup var track: TrackNumberArguments
  }

  struct MoveTrackUp: TrackNumberCommand {
    static let configuration = CommandConfiguration(
      commandName: "up", abstract: "Swap track N with the one before it (the first of a side goes to the side before).")
    static func edit(_ number: Int) -> AlbumEdit { .moveTrackUp(number) }
    @OptionGroup var track: TrackNumberArguments
  }

  struct MoveTrackDown: TrackNumberCommand {
    static let configuration = CommandConfiguration(
      commandName: "down", abstract: "Swap track N with the one after it (the last of a side goes to the side after).")
    static func edit(_ number: Int) -> AlbumEdit { .moveTrackDown(number) }
    @OptionGroup var track: TrackNumberArguments
  }

  struct RenameTrack: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "rename", abstract: "Rename track N; it keeps its length unless the new name ends in one.")

    @OptionGroup var track: TrackNumberArguments
    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The new name.", valueName: "name")) var words: [String] = []

    func validate() throws {
      _ = try DashWords.single(words, of: Self.self, what: "new name")
    }

    func run() async throws {
      let name = try DashWords.single(words, of: Self.self, what: "new name")
      try track.collection.apply(.renameTrack(track.number, to: name), to: track.target.album)
    }
  }

  struct FavouriteTrack: TrackNumberCommand {
    static let configuration = CommandConfiguration(
      commandName: "fav", abstract: "Mark track N as a favourite: its line in album.md ends in \" ★\".")
    static func edit(_ number: Int) -> AlbumEdit { .setFavourite(number, true) }
    @OptionGroup var track: TrackNumberArguments
  }

  struct UnfavouriteTrack: TrackNumberCommand {
    static let configuration = CommandConfiguration(commandName: "unfav", abstract: "Take the favourite star off track N.")
    static func edit(_ number: Int) -> AlbumEdit { .setFavourite(number, false) }
    @OptionGroup var track: TrackNumberArguments
  }
}

/// The collection, the album and the track number: what `rk track rm`, `up`,
/// `down`, `rename`, `fav` and `unfav` take.
struct TrackNumberArguments: ParsableArguments {
  @OptionGroup var collection: CollectionOptions
  @OptionGroup var target: AlbumArgument
  @Argument(help: "The track number.") var number: Int
}

/// A `rk track` command that makes one edit to track N and nothing else.
protocol TrackNumberCommand: AsyncParsableCommand {
  static func edit(_ number: Int) -> AlbumEdit
  var track: TrackNumberArguments { get }
}

extension TrackNumberCommand {
  func run() async throws {
    try track.collection.apply(Self.edit(track.number), to: track.target.album)
  }
}
