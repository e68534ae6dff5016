import ArgumentParser
import RecordKeeper

/// A smart list's own order (issue 32): `rk lists sort`, and `rk lists move`
/// for a list kept in a custom order.
extension RK.Lists {
  struct SortList: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "sort",
      abstract: "Give a smart list an order of its own, as one commit: a sort mode, custom, or default.",
      discussion: """
        The order is the line sort: in .recordkeeper/lists/NAME.yaml. A sort mode (\
        \(SortMode.allCases.map(\.rawValue).joined(separator: ", "))) orders the list that way whatever \
        rk sort says. custom keeps the order the list has now under order: (album ids, one a line, \
        which you may edit): rk lists move NAME FROM TO changes it, new matches go to the end, and \
        albums that no longer match are left out. default: the collection's order again (order: is \
        kept for a later custom). rk list @NAME and the app show the list in its order.
        """)

    @OptionGroup var collection: CollectionOptions

    @Argument(help: ArgumentHelp("The smart list's name.", valueName: "name"), completion: .custom(Completions.lists))
    var name: String

    @Argument(
      help: ArgumentHelp("custom, default, or a sort mode.", valueName: "mode"),
      completion: .list(["custom", "default"] + SortMode.allCases.map(\.rawValue)))
    var mode: String

    private var sort: SmartListSort? { mode.lowercased() == "default" ? nil : SmartListSort(name: mode) }

    func validate() throws {
      guard mode.lowercased() == "default" || SmartListSort(name: mode) != nil else {
        throw ValidationError(
          "\"\(mode)\" is not an order: use custom, default or one of \(SortMode.allCases.map(\.rawValue).joined(separator: ", "))")
      }
    }

    func run() async throws {
      let store = try collection.store()
      let matches = try SmartListMatches.ids(of: name, in: try collection.load())
      report(
        try store.sortSmartList(name, by: sort, matches: matches), unchanged: "No change: the smart list \(name) is in that order already.")
    }
  }
}

/// The albums of a smart list in the order it is shown until its own order
/// changes: what ``CollectionStore/sortSmartList(_:by:matches:)`` and
/// ``CollectionStore/moveInSmartList(_:from:to:matches:)`` keep.
enum SmartListMatches {
  /// The ids of the list `name`'s albums in the collection's order, or the
  /// list's own sort mode's; none when there is no such list (the store
  /// then says so).
  static func ids(of name: String, in loaded: RecordCollection) throws -> [String] {
    let lists = SmartLists.load(from: loaded.location)
    guard let list = lists[name] else { return [] }
    let order = list.order(from: try Preferences.load(loaded.location).order(overriddenBy: nil))
    let collection = order.mode.needsPlays || SearchQuery(clauses: list.clauses).needsPlays ? loaded.withPlays() : loaded
    let albums = try QueryRules.run { () throws(SearchQueryError) in try collection.albums(in: list, lists: lists) }
    return order.sorted(albums).map(\.id)
  }

  /// `rk lists move NAME FROM TO` for a smart list kept in a custom order.
  static func move(_ name: String, from: Int, to: Int, collection: CollectionOptions) throws {
    let matches = try ids(of: name, in: try collection.load())
    report(
      try collection.store().moveInSmartList(name, from: from, to: to, matches: matches),
      unchanged: "No change: the album is at \(to) already.")
  }
}
