import Foundation
import TestSupport
import Testing

@testable import RecordKeeper

@Suite("Smart list files (.recordkeeper/lists/NAME.yaml)")
struct SmartListFileTests {
  @Test func renderedFilesReadBackAsTheSameList() throws {
    let list = try SmartList(
      name: "recent-pop", description: "Recent pop: #1 hits",
      rules: ["+ (#dance, #pop, #hip-hop)", "@year(>2010)", "-(#japanese, #korean)"])
    let text = SmartListFile.render(list)
    #expect(
      text.hasSuffix(
        "description: \"Recent pop: #1 hits\"\nrules:\n- \"+(#dance, #pop, #hip-hop)\"\n- \"@year:>2010\"\n- \"-(#japanese, #korean)\"\n"))
    #expect(try SmartListFile.parse(Array(text.utf8), name: "recent-pop").get() == list)
  }

  @Test func handWrittenFilesMayUseAnyYAMLStyle() throws {
    let text = "# my list\nrules: ['#jazz', '@rating:>=4']\n"
    let list = try SmartListFile.parse(Array(text.utf8), name: "good-jazz").get()
    #expect(list.rules == ["#jazz", "@rating:>=4"])
    #expect(list.description == nil)
    let single = try SmartListFile.parse(Array("rules: \"#jazz\"".utf8), name: "jazz").get()
    #expect(single.rules == ["#jazz"])
  }

  @Test(
    "bad files are reported by line and field",
    arguments: [
      ("rules:\n- \"#ok\"\n- #jazz\n", 3, "rules", "quote each rule"),
      ("rules:\n- \"#ok\"\n- \"@yaer:>1\"\n", 3, "rules", "did you mean @year?"),
      ("rules:\n- \"jazz\"\n", 2, "rules", "\"jazz\" is not a rule"),
      ("description: x\n", 1, "rules", "the list has no rules"),
      ("rules:\n", 1, "rules", "the list has no rules"),
      ("rules:\n- \"#a\"\ncolour: red\n", 3, "colour", "only description:, rules:, sort: and order:"),
      ("rules:\n  a: b\n", 1, "rules", "write the rules as a list"),
      ("rules: [\"#a\"\n", 2, "file", "YAML syntax"),
    ])
  func badFile(text: String, line: Int, field: String, message: String) {
    switch SmartListFile.parse(Array(text.utf8), name: "bad") {
    case .success(let list): Issue.record("\(text) was read as \(list)")
    case .failure(let issue):
      #expect(issue.line == line, "\(issue)")
      #expect(issue.field == field, "\(issue)")
      #expect(issue.message.contains(message), "\(issue)")
    }
  }

  @Test func namesMustBeSafeFileNamesAndNotFields() {
    for name in ["jazz", "recent-pop", "Best_of_2024", "a"] {
      #expect(throws: Never.self) { try SmartList.validate(name: name) }
    }
    for name in ["", "-x", "_x", "a b", "../x", "x/y", "x.yaml", "ünï", String(repeating: "x", count: 65)] {
      #expect(throws: SmartListError.badName(name)) { try SmartList.validate(name: name) }
    }
    for name in ["year", "rating", "sort_artist", "Sort-Artist", "cover"] {
      #expect(throws: SmartListError.fieldName(name)) { try SmartList.validate(name: name) }
    }
  }
}

@Suite("Smart lists saved, renamed and removed through the store")
struct SmartListStoreTests {
  let collection: TemporaryCollection
  let store: CollectionStore

  init() throws {
    collection = try TemporaryCollection()
    try collection.write("albums/a", albumText(title: "A", artist: "X", released: "1999", tags: ["jazz"]))
    try collection.initializeGit()
    store = try CollectionStore(location: CollectionLocation(root: collection.path))
  }

  var lists: SmartLists { SmartLists.load(from: CollectionLocation(root: collection.path)) }

  @Test func savingAndRemovingAreOneCommitEach() throws {
    let list = try SmartList(name: "jazz", rules: ["#jazz"])
    #expect(try store.saveSmartList(list) != nil)
    #expect(lists.lists == [list])
    #expect(try store.saveSmartList(list) == nil)
    #expect(try store.removeSmartList(named: "jazz") != nil)
    #expect(lists.lists.isEmpty)
    #expect(try collection.commitSubjects() == ["Remove smart list jazz", "Save smart list jazz", "Start"])
    #expect(try collection.status().isEmpty)
  }

  @Test func handEditsToTheFileAreCommittedFirst() throws {
    #expect(try store.saveSmartList(try SmartList(name: "jazz", rules: ["#jazz"])) != nil)
    try collection.writeFile(".recordkeeper/lists/jazz.yaml", Array("description: mine\nrules:\n- \"#jazz\"\n".utf8))
    #expect(try store.saveSmartList(try SmartList(name: "jazz", rules: ["#jazz", "@year:>1990"])) != nil)
    #expect(try collection.commitSubjects() == ["Save smart list jazz", "Edit smart list jazz by hand", "Save smart list jazz", "Start"])
  }

  @Test func listsNamingMissingListsOrThemselvesAreRefused() throws {
    #expect(throws: SmartListError.rule(.unknownList(name: "nothing", suggestion: nil, lists: ["x"]))) {
      try store.saveSmartList(try SmartList(name: "x", rules: ["@nothing"]))
    }
    #expect(throws: SmartListError.rule(.listCycle(["x", "x"]))) {
      try store.saveSmartList(try SmartList(name: "x", rules: ["@x"]))
    }
    #expect(try store.saveSmartList(try SmartList(name: "a", rules: ["#jazz"])) != nil)
    #expect(try store.saveSmartList(try SmartList(name: "b", rules: ["@a"])) != nil)
    #expect(throws: SmartListError.rule(.listCycle(["a", "b", "a"]))) {
      try store.saveSmartList(try SmartList(name: "a", rules: ["@b"]))
    }
    #expect(throws: SmartListError.inUse(name: "a", by: ["b"])) { try store.removeSmartList(named: "a") }
    #expect(throws: SmartListError.unknown(name: "c", suggestion: "a")) { try store.removeSmartList(named: "c") }
  }

  @Test func brokenFilesDoNotStopTheOthersLoading() throws {
    try collection.writeFile(".recordkeeper/lists/good.yaml", Array("rules:\n- \"#jazz\"\n".utf8))
    try collection.writeFile(".recordkeeper/lists/bad.yaml", Array("rules:\n- \"@nope:1\"\n".utf8))
    try collection.writeFile(".recordkeeper/lists/bad name.yaml", Array("rules:\n- \"#jazz\"\n".utf8))
    try collection.writeFile(".recordkeeper/lists/notes.txt", Array("not a list".utf8))
    let loaded = lists
    #expect(loaded.names == ["good"])
    #expect(loaded.issues.map(\.name) == ["bad", "bad name"])
    let collectionValue = try RecordCollection.load(CollectionLocation(root: collection.path))
    #expect(try collectionValue.albums(matching: SearchQuery(parsing: "@good"), lists: loaded).map(\.id) == ["albums/a"])
    #expect(throws: SearchQueryError.self) { try collectionValue.albums(matching: SearchQuery(parsing: "@bad"), lists: loaded) }
    let check = CollectionCheck(collectionValue, lists: loaded)
    #expect(
      check.issues.map { $0.formatted(in: check.location) }.contains {
        $0.hasSuffix(
          ".recordkeeper/lists/bad.yaml:2: rules: \"@nope:1\": there is no field \"nope\". Rules may test \(RuleField.allCases.map(\.name).joined(separator: ", "))."
        )
      })
  }

  @Test func aRenameWithNewRulesIsOneCommitThatUndoTakesBack() throws {
    try store.saveSmartList(try SmartList(name: "jazz", rules: ["#jazz"]))
    let renamed = try SmartList(name: "late-jazz", description: "After 1990", rules: ["#jazz", "@year:>1990"])
    #expect(try store.renameSmartList("jazz", to: renamed) != nil)
    #expect(lists.lists == [renamed])
    #expect(try collection.commitSubjects() == ["Rename smart list jazz to late-jazz", "Save smart list jazz", "Start"])
    #expect(try collection.status().isEmpty)
    #expect(try store.undo() != nil)
    #expect(lists.names == ["jazz"])
  }

  @Test func aRenameIsRefusedWhileNamedOrOntoAnotherListAndWritesNothing() throws {
    try store.saveSmartList(try SmartList(name: "a", rules: ["#jazz"]))
    try store.saveSmartList(try SmartList(name: "b", rules: ["@a"]))
    try store.saveSmartList(try SmartList(name: "c", rules: ["#rock"]))
    let before = try collection.commitSubjects()
    #expect(throws: SmartListError.inUse(name: "a", by: ["b"])) {
      try store.renameSmartList("a", to: try SmartList(name: "z", rules: ["#jazz"]))
    }
    #expect(throws: SmartListError.nameTaken("b")) { try store.renameSmartList("c", to: try SmartList(name: "b", rules: ["#rock"])) }
    // A list whose rules name its own old name would name no list.
    let selfReference = #expect(throws: SmartListError.self) { try store.renameSmartList("c", to: try SmartList(name: "z", rules: ["@c"])) }
    if case .rule(.unknownList(let name, _, _)) = selfReference {
      #expect(name == "c")
    } else {
      Issue.record("\(String(describing: selfReference))")
    }
    let missing = #expect(throws: SmartListError.self) { try store.renameSmartList("d", to: try SmartList(name: "e", rules: ["#x"])) }
    if case .unknown(let name, _) = missing { #expect(name == "d") } else { Issue.record("\(String(describing: missing))") }
    #expect(try collection.commitSubjects() == before)
    #expect(lists.names.sorted() == ["a", "b", "c"])
  }
}
