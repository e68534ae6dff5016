import Foundation
import TestSupport
import Testing

/// Smart lists on the command line (docs/commands.md, "Rules and smart lists"): rules in `rk list`,
/// `rk lists`, `rk lists save`/`rm`, `rk list @NAME`, completion, `rk check`.
@Suite("Smart lists on the command line")
struct SmartListCommandTests: CollectionCommands {
  let collection: TemporaryCollection

  init() throws {
    collection = try TemporaryCollection()
    try collection.write("albums/english-1980", albumText(title: "English 1980", artist: "A", released: "1980", tags: ["english"]))
    try collection.write("albums/french-2020", albumText(title: "French 2020", artist: "B", released: "2020", tags: ["french"]))
    try collection.write("albums/french-1980", albumText(title: "French 1980", artist: "C", released: "1980", tags: ["french"]))
    try collection.write(
      "albums/japanese-2020", albumText(title: "Japanese 2020", artist: "D", released: "2020", tags: ["japanese", "hip-hop"]))
    try collection.initializeGit()
  }

  func titles(_ arguments: [String]) throws -> [String] {
    let result = try rk(["list", "--sort", "title", "--format", "{title}"] + arguments)
    #expect(result.status == 0, "\(result.stderr)")
    return result.stdout.split(separator: "\n").map(String.init)
  }

  @Test func rulesStandInAQuery() throws {
    #expect(try titles(["#french"]) == ["French 1980", "French 2020"])
    #expect(try titles(["+ (#english, #french)", "- (#french)", "- (@year(<2000))"]) == ["English 1980", "French 2020"])
    #expect(try titles(["-#french", "@year:>2000"]) == ["Japanese 2020"])
    #expect(try titles(["\"#french\""]) == [])
    #expect(try titles(["1980", "-#english"]) == ["French 1980"])
  }

  @Test func mistypedRulesAreUsageErrorsNamingThem() throws {
    let field = try rk(["list", "@yaer:>2000"])
    #expect(field.status == 64)
    #expect(field.stderr.contains("\"@yaer:>2000\": there is no field \"yaer\"; did you mean @year?"), "\(field.stderr)")
    let malformed = try rk(["list", "@year:>soon"])
    #expect(malformed.status == 64)
    #expect(malformed.stderr.contains("year is a whole number"), "\(malformed.stderr)")
    let list = try rk(["list", "@frnch"])
    #expect(list.status == 64)
    #expect(list.stderr.contains("@frnch is neither a field nor a smart list"), "\(list.stderr)")
  }

  @Test func saveListShowAndRemoveEachOneCommit() throws {
    let save = try rk([
      "lists", "save", "old-french-out", "+ (#english, #french)", "- (#french)", "- (@year(<2000))", "--description", "No old French",
    ])
    #expect(save.status == 0, "\(save.stderr)")
    #expect(try collection.commitSubjects() == ["Save smart list old-french-out", "Start"])
    #expect(try collection.status().isEmpty)
    let file = try collection.read(".recordkeeper/lists/old-french-out.yaml")
    #expect(
      file.hasSuffix("description: No old French\nrules:\n- \"+(#english, #french)\"\n- \"-#french\"\n- \"-@year:<2000\"\n"), "\(file)")

    #expect(try titles(["@old-french-out"]) == ["English 1980", "French 2020"])
    #expect(try titles(["@old-french-out", "english"]) == ["English 1980"])

    let shown = try rk(["lists"])
    #expect(shown.stdout == "@old-french-out  2 albums  No old French\n  +(#english, #french)\n  -#french\n  -@year:<2000\n")
    let json = try rk(["lists", "--json"])
    let decoded = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]]
    #expect(decoded?.first?["name"] as? String == "old-french-out")
    #expect(decoded?.first?["count"] as? Int == 2)
    #expect(decoded?.first?["rules"] as? [String] == ["+(#english, #french)", "-#french", "-@year:<2000"])

    let again = try rk([
      "lists", "save", "old-french-out", "+(#english, #french)", "-#french", "-@year:<2000", "--description", "No old French",
    ])
    #expect(again.status == 0)
    #expect(again.stderr.contains("No change"))

    let remove = try rk(["lists", "rm", "old-french-out"])
    #expect(remove.status == 0, "\(remove.stderr)")
    #expect(try collection.commitSubjects().first == "Remove smart list old-french-out")
    #expect(!FileManager.default.fileExists(atPath: collection.path + "/.recordkeeper/lists/old-french-out.yaml"))
    #expect(try rk(["undo"]).status == 0)
    #expect(try titles(["@old-french-out"]) == ["English 1980", "French 2020"])
  }

  @Test func badNamesAndRulesAreRefusedWithNothingWritten() throws {
    for (arguments, message) in [
      (["lists", "save", "year", "#x"], "is the name of a field"),
      (["lists", "save", "../up", "#x"], "cannot name a smart list"),
      (["lists", "save", "x", "french"], "\"french\" is not a rule"),
      (["lists", "save", "x", "@nolist"], "@nolist is neither a field nor a smart list"),
      (["lists", "save", "x"], "needs at least one rule"),
    ] {
      let result = try rk(arguments)
      #expect(result.status == 64, "\(arguments)")
      #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
    }
    let missing = try rk(["lists", "rm", "nothing"])
    #expect(missing.status == 1)
    #expect(missing.stderr.contains("there is no smart list \"nothing\""))
    #expect(try collection.commitSubjects() == ["Start"])
    #expect(try collection.status().isEmpty)
  }

  @Test func aListUsedByAnotherCannotBeRemoved() throws {
    #expect(try rk(["lists", "save", "french", "#french"]).status == 0)
    #expect(try rk(["lists", "save", "new-french", "@french", "@year:>2000"]).status == 0)
    #expect(try titles(["@new-french"]) == ["French 2020"])
    let remove = try rk(["lists", "rm", "french"])
    #expect(remove.status == 1)
    #expect(remove.stderr.contains("used by @new-french"), "\(remove.stderr)")
  }

  @Test func setWhereTakesRulesAndLists() throws {
    #expect(try rk(["lists", "save", "old", "@year:<2000"]).status == 0)
    let result = try rk(["set", "--where", "@old -#english", "--rating", "2"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try collection.commitSubjects().first == "Change rating of C – French 1980")
  }

  @Test func handEditedListsWithBadRulesAreReportedByCheckAndWhenUsed() throws {
    try collection.writeFile(".recordkeeper/lists/broken.yaml", Array("rules:\n- \"#ok\"\n- #jazz\n- \"@yaer:1\"\n".utf8))
    let check = try rk(["check"])
    #expect(check.status == 1)
    #expect(
      check.stdout.contains(".recordkeeper/lists/broken.yaml:3: rules: the rule is empty; YAML reads an unquoted # as a comment"),
      "\(check.stdout)")
    #expect(check.stderr.contains("1 problem in 1 smart list"), "\(check.stderr)")
    let used = try rk(["list", "@broken"])
    #expect(used.status == 1)
    #expect(used.stderr.contains("the smart list @broken cannot be used: .recordkeeper/lists/broken.yaml:3"), "\(used.stderr)")
    try collection.writeFile(".recordkeeper/lists/broken.yaml", Array("rules:\n- \"#ok\"\n- \"@yaer:1\"\n".utf8))
    #expect(try rk(["check"]).stdout.contains("broken.yaml:3: rules: \"@yaer:1\": there is no field \"yaer\""))
  }

  @Test func completionOffersTagsFieldsAndLists() throws {
    #expect(try rk(["lists", "save", "recent", "@year:>2000"]).status == 0)
    func complete(_ word: String, command: [String] = ["list"], argument: String = "positional@0", before: [String] = []) throws -> [String]
    {
      let words = ["rk"] + command + before + [word]
      let result = try runRK(
        ["---completion"] + command + ["--", argument, String(words.count - 1), String(word.count)] + words,
        environment: ["RK_COLLECTION": collection.path])
      #expect(result.status == 0, "\(result.stderr)")
      return result.stdout.split(separator: "\n").map(String.init)
    }
    #expect(try complete("#") == ["#english", "#french", "#hip-hop", "#japanese"])
    #expect(try complete("-#fr") == ["-#french"])
    #expect(try complete("+(#english,#j") == ["+(#english,#japanese"])
    #expect(try complete("@re") == ["@released", "@recent"])
    #expect(try complete("@ra") == ["@rating"])
    #expect(try complete("jazz").isEmpty)
    #expect(try complete("r", command: ["lists", "rm"]) == ["recent"])
    #expect(try complete("#j", command: ["lists", "save"], argument: "positional@1") == ["#japanese"])
    #expect(try complete("@rec", command: ["set"], argument: "--where", before: ["--where"]) == ["@recent"])
    for shell in ["bash", "zsh", "fish"] {
      let script = try runRK(["--generate-completion-script", shell])
      #expect(script.stdout.contains("---completion list -- positional@0"), "\(shell)")
      #expect(script.stdout.contains("---completion lists rm -- positional@0"), "\(shell)")
    }
  }
}
