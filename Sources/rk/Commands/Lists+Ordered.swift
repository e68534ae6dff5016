import ArgumentParser
import RecordKeeper

/// The ordered lists' commands (issue 32): a list of albums and tracks in an
/// order the collector chooses, kept in `.recordkeeper/lists/NAME.md`.
extension RK.Lists {
  struct New: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "new",
      abstract: "Make an empty ordered list, as one commit.",
      discussion: """
        An ordered list is kept in .recordkeeper/lists/NAME.md, a numbered Markdown list a person may \
        edit by hand: 1. albums/kind-of-blue, optionally a track (albums/kind-of-blue#2 or #A2) and a note \
        after it. Lines rk does not change are kept as written. rk list @NAME prints it in its order.
        """)

    @OptionGroup var collection: CollectionOptions

    @Flag(help: "Make an ordered list (smart lists are made with rk lists save NAME RULES…).")
    var ordered = false

    @Argument(help: ArgumentHelp("The list's name.", valueName: "name"))
    var name: String

    func validate() throws {
      guard ordered else {
        throw ValidationError("rk lists new makes an ordered list: add --ordered (rk lists save NAME RULES… makes a smart list)")
      }
    }

    func run() async throws {
      report(try collection.store().makeOrderedList(named: name), unchanged: "")
    }
  }

  struct AddEntry: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "add", abstract: "Add an album, or one of its tracks, to an ordered list, as one commit.")

    @OptionGroup var collection: CollectionOptions

    @Option(help: ArgumentHelp("The place to put it at, from 1 (default: the end).", valueName: "n"))
    var at: Int?

    @Option(parsing: .unconditional, help: ArgumentHelp("Words written after the entry.", valueName: "text"))
    var note: String?

    @Argument(help: ArgumentHelp("The ordered list's name.", valueName: "name"), completion: .custom(Completions.orderedLists))
    var name: String

    @OptionGroup var target: AlbumArgument

    @Argument(help: ArgumentHelp("A track: its number from 1, or its side position (A2).", valueName: "track"))
    var track: String?

    func run() async throws {
      report(try collection.store().addToOrderedList(name, album: target.album, track: track, note: note, at: at), unchanged: "")
    }
  }

  struct MoveEntry: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "move",
      abstract:
        "Move an ordered list's entry, or an album of a smart list kept in a custom order, from one place to another (from 1), as one commit."
    )

    @OptionGroup var collection: CollectionOptions

    @Argument(help: ArgumentHelp("The list's name.", valueName: "name"), completion: .custom(Completions.anyLists))
    var name: String

    @Argument(help: ArgumentHelp("The entry's place now.", valueName: "from"))
    var from: Int

    @Argument(help: ArgumentHelp("Its new place.", valueName: "to"))
    var to: Int

    func run() async throws {
      let location = try collection.location()
      if !OrderedLists.names(in: location).contains(name), FileSystem.exists(location.path(SmartListFile.path(of: name))) {
        return try SmartListMatches.move(name, from: from, to: to, collection: collection)
      }
      report(try collection.store().moveInOrderedList(name, from: from, to: to), unchanged: "No change: the entry is at \(to) already.")
    }
  }

  struct DropEntry: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "drop", abstract: "Take the entry at a place (from 1) out of an ordered list, as one commit.")

    @OptionGroup var collection: CollectionOptions

    @Argument(help: ArgumentHelp("The ordered list's name.", valueName: "name"), completion: .custom(Completions.orderedLists))
    var name: String

    @Argument(help: ArgumentHelp("The entry's place.", valueName: "n"))
    var place: Int

    func run() async throws {
      report(try collection.store().dropFromOrderedList(name, at: place), unchanged: "")
    }
  }
}

/// `rk list @NAME` for an ordered list: its entries in its own order.
enum OrderedListPrinter {
  /// The ordered list a query names when it is `@NAME` alone and there is
  /// such a list; `nil` otherwise.
  static func list(named query: String, in location: CollectionLocation) throws -> OrderedListFile? {
    let word = query.trimmed
    guard word.hasPrefix("@"), !word.contains(" ") else { return nil }
    return try OrderedLists.load(String(word.dropFirst()), in: location)
  }

  /// Each entry's album as `rk list` shows it, numbered, with its track and note;
  /// `--json` prints `{"place", "album", "track", "note"}` objects with the album object.
  static func print(_ list: OrderedListFile, collection: RecordCollection, json: Bool) {
    let albums = Dictionary(collection.albums.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    for item in list.items where albums[item.entry.album] == nil {
      Terminal.warn(
        "\(collection.location.displayPath(OrderedListFile.path(of: list.name))):\(item.line): there is no album \(item.entry.album)")
    }
    if json {
      let objects = list.items.enumerated().map { index, item in
        JSONValue.object([
          ("place", .number(index + 1)),
          ("album", .string(item.entry.album)),
          ("track", item.entry.track.map(JSONValue.string) ?? .null),
          ("note", item.entry.note.map(JSONValue.string) ?? .null),
        ])
      }
      Terminal.write(JSONValue.array(objects).serialized() + "\n")
      return
    }
    var text = ""
    for (index, item) in list.items.enumerated() {
      let album = albums[item.entry.album]
      var line = "\(index + 1). " + (album.map { "\($0.artist) – \($0.title)" } ?? item.entry.album)
      if let track = item.entry.track, let album {
        let tracks = album.trackList
        let found = Int(track).flatMap { $0 >= 1 && $0 <= tracks.count ? tracks[$0 - 1] : nil } ?? tracks.first { $0.position == track }
        line += " #\(track)" + (found.map { " \($0.name)" } ?? "")
      } else if let track = item.entry.track {
        line += " #\(track)"
      }
      if let note = item.entry.note { line += "  \(note)" }
      text += Visible.text(line) + "\n"
    }
    if list.items.isEmpty { Terminal.warn("The list \(list.name) is empty: rk lists add \(list.name) ALBUM adds an album.") }
    Terminal.write(text)
  }
}
