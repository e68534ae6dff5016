import ArgumentParser
import RecordKeeper
import Synchronization

extension RK {
  struct List: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "list",
      abstract: "List albums: filtered, sorted and grouped, like the main screen.",
      discussion: """
        The query is split into terms at spaces; "…" makes one literal term of several \
        words; \\" is a quote and \\\\ a backslash. +TERM must appear, -TERM must not, \
        and when plain terms exist an album must contain at least one. Matching ignores \
        case and diacritics. Words starting with - that are not options are terms; -- \
        ends the options.

        Rules (smart lists, seed 003): #TAG has exactly that tag (case-sensitive). \
        @FIELD:TEXT contains the text; @FIELD:=TEXT is the whole value (both ignore case \
        and diacritics; quote text with spaces: @artist:="Miles Davis"). @FIELD:>N, <N, \
        >=N, <=N and @FIELD:A..B compare numbers (year, rating, tracks, discogs) and dates \
        (released, purchased) at the precision written: @purchased:>2024 is 2025 or later. \
        @FIELD alone: the field is present (@cover, @tags). @NAME: in the smart list NAME. \
        'count(#PREFIX:) <= N' (also =, <, >, >=) compares how many tags start with \
        PREFIX: (case-sensitive, like #TAG): 'count(#instruments:) <= 2'. \
        +(R, R…) holds when any of its rules does; so does -(R, R…). An album matches when \
        every + clause holds and not every - clause does; a bare rule is a + clause of one \
        rule, -#TAG a - clause of one. A quoted "#1" is plain text.
        """)

    @OptionGroup var collection: CollectionOptions

    @Option(
      name: .customLong("in"),
      parsing: .unconditional,
      help: ArgumentHelp(
        "Fields to search, comma-separated: \(SearchField.allCases.map(\.rawValue).joined(separator: ", ")) (default: all but notes).",
        valueName: "fields"))
    var fields: String?

    @Option(
      parsing: .unconditional,
      help: ArgumentHelp(
        "Sort this once by MODE, without changing the stored mode: \(SortMode.allCases.map(\.rawValue).joined(separator: ", ")). relevance puts the best matches of the query's words first; without words it is the default order.",
        valueName: "mode"))
    var sort: SortMode?

    @OptionGroup var output: AlbumListOptions

    @Argument(
      parsing: .allUnrecognized,
      help: ArgumentHelp("The search query: terms and rules.", valueName: "query"),
      completion: .custom(Completions.queryWords))
    var query: [String] = []

    func validate() throws {
      // Every word before `--` that begins with `--` is an option (docs/commands.md, "Exit status and errors").
      if let word = query.prefix(while: { $0 != "--" }).first(where: { $0.hasPrefix("--") }) {
        throw ValidationError(UsageCheck.unknownOption(word, in: Self.self))
      }
      if let fields {
        do { _ = try SearchField.parseList(fields) } catch { throw ValidationError("--in: \(error)") }
      }
      do { _ = try SearchQuery(parsing: queryText) } catch { throw ValidationError(error.description) }
    }

    /// The query text; ArgumentParser hands over the `--` that ends the options.
    private var queryText: String {
      var words = query
      if let end = words.firstIndex(of: "--") { words.remove(at: end) }
      return words.joined(separator: " ")
    }

    func run() async throws {
      let searchFields = try fields.map(SearchField.parseList) ?? SearchField.defaults
      let location = try collection.location()
      if let list = try OrderedListPrinter.list(named: queryText, in: location) {
        return OrderedListPrinter.print(list, collection: try collection.load(), json: output.json)
      }
      let query = try QueryRules.run { () throws(SearchQueryError) in try SearchQuery(parsing: queryText) }
      // `@artist:=` sees credited artists; config.yaml is read only then.
      let credits = query.usesCredits ? try CreditRules.load(from: location) : CreditRules()
      let template = try output.format.map { text in try FormatTemplate(text) }
      // The list files are read only when the query names a list.
      let lists = query.listNames.isEmpty ? SmartLists() : SmartLists.load(from: location)
      // `@NAME` alone is shown in the list's own order, unless --sort names one.
      let ownOrder = sort == nil ? SmartLists.listAlone(in: query).flatMap { lists[$0] } : nil
      let collectionOrder = try Preferences.load(location).order(overriddenBy: sort)
      let order = ownOrder?.order(from: collectionOrder) ?? collectionOrder
      func matcher(_ credits: ArtistCredits) throws -> SearchMatcher {
        try QueryRules.run { () throws(SearchQueryError) in
          try SearchMatcher(query: query, fields: searchFields, lists: lists, credits: credits)
        }
      }
      let earlyMatcher = try matcher(ArtistCredits(credits))
      // Albums are matched as they are read and only the matches kept, unless
      // matching needs plays, aggressive credits need every album's artist,
      // or a template must see every album's extra keys.
      let matchesWhileLoading = !query.needsPlays && template == nil && credits.mode != .aggressive
      let interactive = Terminal.standardOutput().isInteractive
      if output.count && matchesWhileLoading {
        // A script's count of every album needs none of them decoded.
        if query.isEmpty && !interactive { return print(try collection.load(keeping: .none).readCount) }
        let tally = MatchTally()
        _ = try collection.load(
          keeping: .matching(
            { album in
              tally.count(album, earlyMatcher)
              return false
            }, text: earlyMatcher.textTest))
        print(tally.summary(interactive: interactive))
        if tally.isEmpty { hintWhenNothingMatched() }
        return
      }
      var loaded = try collection.load(keeping: matchesWhileLoading && !query.isEmpty ? earlyMatcher.selection : .all)
      let matcher = credits.mode == .aggressive ? try matcher(ArtistCredits(credits, albums: loaded.albums)) : earlyMatcher
      let collectionSize = loaded.readCount
      // Plays are read only when something shown, matched or sorted needs them.
      if output.json || order.mode.needsPlays || template?.needsPlays == true || query.needsPlays {
        loaded = loaded.withPlays()
      }
      let matched = matchesWhileLoading ? loaded.albums : loaded.albums(matching: matcher)
      if matched.isEmpty { hintWhenNothingMatched() }
      if output.count {
        let tally = MatchTally()
        for album in matched { tally.count(album, matcher) }
        print(tally.summary(interactive: interactive))
        return
      }
      var arranged = order.arrangement(of: matched, query: query, fields: searchFields, collectionSize: collectionSize)
      if let ownOrder, ownOrder.sort == .custom {
        let positions = ownOrder.kept(arranged.positions) { matched[$0].id }
        arranged = AlbumOrder.Arrangement(positions: positions, groups: positions.map { _ in nil })
      }
      if output.json {
        // Written from the albums in place as it is made: no album copied
        // into a sorted list, and never the whole array in memory.
        var open = true
        Album.streamJSONArray(matched, arranged: arranged) { chunk in
          open = Terminal.write(jsonChunk: chunk)
          return open
        }
        if open { Terminal.finishJSON() }
        return
      }
      let sorted = arranged.positions.map { matched[$0] }
      if let template {
        // Only the loaded collection tells an extra key from a typo.
        do { try template.requireExtraKeys(in: loaded.albums) } catch {
          UsageMistake(command: Self.self, message: "--format: \(error)").exit()
        }
        // Exact for scripts; made visible only when a person is looking.
        let visible = Terminal.standardOutput().isInteractive
        Terminal.write(sorted.map { (visible ? Visible.text(template.render($0)) : template.render($0)) + "\n" }.joined())
      } else if output.short {
        Pager.write(TableRenderer(terminal: .standardOutput()).render(sorted))
      } else {
        let renderer = ListRenderer(terminal: .standardOutput(), location: loaded.location)
        Pager.write(renderer.render(sorted, groups: arranged.groups))
      }
    }
  }
}

extension RK.List {
  /// Nothing matched: says so when the query likely meant something else
  /// (a rule's value cut at a space), rather than printing nothing at all.
  fileprivate func hintWhenNothingMatched() {
    if let hint = SearchQuery.quotingHint(queryText) { Terminal.warn("no album matches: \(hint)") }
  }
}

/// The albums a query matched while loading, and how many of them are wanted.
private final class MatchTally: Sendable {
  private let matched = Atomic<Int>(0)
  private let wanted = Atomic<Int>(0)

  func count(_ album: Album, _ matcher: SearchMatcher) {
    guard matcher.matches(album) else { return }
    matched.add(1, ordering: .relaxed)
    if album.isWanted { wanted.add(1, ordering: .relaxed) }
  }

  var isEmpty: Bool { matched.load(ordering: .relaxed) == 0 }

  /// A number for scripts (docs/commands.md, "Output: JSON, --format and the terminal"); words for a person.
  func summary(interactive: Bool) -> String {
    let (matched, wanted) = (matched.load(ordering: .relaxed), wanted.load(ordering: .relaxed))
    guard interactive else { return "\(matched)" }
    return "\(matched) \(matched == 1 ? "album" : "albums")" + (wanted > 0 ? " (\(wanted) wanted)" : "")
  }
}
