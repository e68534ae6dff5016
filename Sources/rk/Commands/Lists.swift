import ArgumentParser
import RecordKeeper

extension RK {
  struct Lists: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "lists",
      abstract: "Smart lists (saved rules) and ordered lists (albums in your order); rk list @NAME shows one.",
      discussion: """
        A smart list is kept in .recordkeeper/lists/NAME.yaml, committed and so shared \
        with the collection. An album is in the list when every + clause holds and not \
        every - clause does: with - (#french) - (@year:<2000), only French albums from \
        before 2000 are left out; put #japanese and #korean in one clause, \
        - (#japanese, #korean), to leave out either. See rk list --help for the rules.
        """,
      subcommands: [Print.self, Save.self, Remove.self, SortList.self, New.self, AddEntry.self, MoveEntry.self, DropEntry.self],
      defaultSubcommand: Print.self)

    struct Print: AsyncParsableCommand {
      static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Print every smart list with its rules and number of albums.")

      @OptionGroup var collection: CollectionOptions

      @Flag(help: "Print a JSON array of {\"name\", \"description\", \"rules\", \"count\", \"sort\"} objects.")
      var json = false

      func run() async throws {
        let loaded = try collection.load()
        let lists = SmartLists.load(from: loaded.location)
        for issue in lists.issues {
          Terminal.warn("\(issue.formatted(in: loaded.location)) (this list is left out)")
        }
        var counts: [String: Int] = [:]
        for list in lists.lists {
          counts[list.name] = try QueryRules.run { () throws(SearchQueryError) in
            try loaded.albums(in: list, lists: lists).count
          }
        }
        let ordered = try OrderedLists.names(in: loaded.location).compactMap { try OrderedLists.load($0, in: loaded.location) }
        if json {
          let orderedObjects = ordered.map { list in
            JSONValue.object([
              ("name", .string(list.name)), ("description", .null), ("rules", .array([])), ("count", .number(list.items.count)),
              ("ordered", .bool(true)),
            ])
          }
          let objects = lists.lists.map { list in
            JSONValue.object([
              ("name", .string(list.name)),
              ("description", list.description.map(JSONValue.string) ?? .null),
              ("rules", .array(list.rules.map(JSONValue.string))),
              ("count", .number(counts[list.name] ?? 0)),
              ("sort", list.sort.map { .string($0.description) } ?? .null),
            ])
          }
          Terminal.write(JSONValue.array(objects + orderedObjects).serialized() + "\n")
          return
        }
        var text = ""
        for list in lists.lists {
          let count = counts[list.name] ?? 0
          text += "@\(Visible.text(list.name))  \(count) album\(count == 1 ? "" : "s")"
          if let sort = list.sort { text += sort == .custom ? "  in your order" : "  sorted by \(sort)" }
          if let description = list.description { text += "  \(Visible.text(description))" }
          text += "\n" + list.rules.map { "  \(Visible.text($0))\n" }.joined()
        }
        for list in ordered {
          text += "@\(Visible.text(list.name))  ordered, \(list.items.count) entr\(list.items.count == 1 ? "y" : "ies")\n"
        }
        if lists.lists.isEmpty && lists.issues.isEmpty && ordered.isEmpty {
          Terminal.warn("No smart lists yet: rk lists save NAME RULES… makes one.")
        }
        Terminal.write(text)
      }
    }

    struct Save: AsyncParsableCommand {
      static let configuration = CommandConfiguration(
        commandName: "save",
        abstract: "Save a smart list (new or replacing one of that name), as one commit.",
        discussion: """
          Each RULE is a clause as a query writes it, quoted for the shell: \
          rk lists save recent-pop '+(#dance, #pop, #hip-hop)' '@year:>2010' '-(#japanese, #korean)'. \
          The name may hold letters, digits, - and _, and may not be a field's name.
          """)

      @OptionGroup var collection: CollectionOptions

      @Option(parsing: .unconditional, help: ArgumentHelp("What the list is for.", valueName: "text"))
      var description: String?

      @Argument(help: ArgumentHelp("The list's name.", valueName: "name"), completion: .custom(Completions.lists))
      var name: String

      @Argument(
        parsing: .allUnrecognized,
        help: ArgumentHelp("The rules: #TAG, @FIELD…, +(…), -(…).", valueName: "rule"),
        completion: .custom(Completions.queryWords))
      var rules: [String] = []

      /// The rules; ArgumentParser hands over the `--` that ends the options.
      private var ruleWords: [String] { rules.filter { $0 != "--" } }

      func validate() throws {
        if let word = rules.prefix(while: { $0 != "--" }).first(where: { $0.hasPrefix("--") }) {
          throw ValidationError(UsageCheck.unknownOption(word, in: Self.self))
        }
        do {
          try SmartList.validate(name: name)
          _ = try SmartList(name: name, description: description, rules: ruleWords)
        } catch {
          throw ValidationError(error.description)
        }
      }

      func run() async throws {
        let list = try SmartList(name: name, description: description?.trimmed, rules: ruleWords)
        let store = try collection.store()
        if OrderedLists.names(in: store.location).contains(name) { throw OrderedListError.nameTaken(name: name, smart: false) }
        do {
          report(try store.saveSmartList(list), unchanged: "No change: the smart list \(name) already has those rules.")
        } catch {
          // A rule naming a list that does not exist is a mistyped rule.
          if case .rule(let error) = error { _ = try QueryRules.run { () throws(SearchQueryError) in throw error } }
          throw error
        }
      }
    }

    struct Remove: AsyncParsableCommand {
      static let configuration = CommandConfiguration(
        commandName: "rm", abstract: "Remove a smart list, as one commit (rk undo brings it back).")

      @OptionGroup var collection: CollectionOptions

      @Argument(help: ArgumentHelp("The list's name.", valueName: "name"), completion: .custom(Completions.lists))
      var name: String

      func run() async throws {
        report(try collection.store().removeSmartList(named: name), unchanged: "")
      }
    }
  }
}
