import ArgumentParser
import RecordKeeper

extension RK {
  struct List: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
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
      // Every word before `--` that begins with `--` is an option (PRODUCT.md §3).
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
      var loaded = try collection.load()
      let query = try QueryRules.run { () throws(SearchQueryError) in try SearchQuery(parsing: queryText) }
      // `@artist:=` sees credited artists; config.yaml is read only then.
      let credits = query.usesCredits ? try CreditRules.load(from: loaded.location) : CreditRules()
      let order = try Preferences.load(loaded.location).order(overriddenBy: sort)
      // Plays are read only when something shown, matched or sorted needs them.
      let template = try output.format.map { text in try FormatTemplate(text) }
      if output.json || order.mode.needsPlays || template?.needsPlays == true || query.needsPlays {
        loaded = loaded.withPlays()
      }
      let matched = try QueryRules.run { () throws(SearchQueryError) in
        // The list files are read only when the query names a list.
        let lists = query.listNames.isEmpty ? SmartLists() : SmartLists.load(from: loaded.location)
        return try loaded.albums(matching: query, in: searchFields, lists: lists, credits: credits)
      }
      if output.count {
        // A number for scripts (PRODUCT.md §3); words for a person.
        guard Terminal.standardOutput().isInteractive else { return print(matched.count) }
        let wanted = matched.lazy.filter(\.isWanted).count
        print("\(matched.count) \(matched.count == 1 ? "album" : "albums")" + (wanted > 0 ? " (\(wanted) wanted)" : ""))
        return
      }
      let arranged = order.arrangement(of: matched, query: query, fields: searchFields, collectionSize: loaded.albums.count)
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
