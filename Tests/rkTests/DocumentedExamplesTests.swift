import Foundation
import TestSupport
import Testing

/// Issue 20.4: every `rk` example of README.md, docs/*.md and man/rk.1 runs, in order,
/// on a copy of example-collection/ (as `make demo` does), exits 0, and
/// prints what the document shows where it shows output. Examples that need
/// the network, a photo or another machine are listed in `skipped`.
@Suite("README, docs and man page examples", .serialized)
struct DocumentedExamplesTests {
  /// One example: the words of the command and the output shown, if any.
  struct Example: CustomStringConvertible {
    var source: String
    var words: [String]
    var output: [String]?
    var description: String { "\(source): rk \(words.joined(separator: " "))" }
  }

  /// Examples that reach MusicBrainz, Anthropic, another collection or a
  /// photo in the reader's home, or start a server.
  static let skipped = ["lookup", "identify", "--musicbrainz", "clone", "sync", "remote", "scans", "serve", "~", "…"]

  /// The documents whose examples run: the README first (its tour starts
  /// the collection), then every file of docs/ in name order.
  static func documents(in root: URL) throws -> [String] {
    let docs = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)
    return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
  }

  /// `rk` commands of the documents' console blocks (`$ rk …`, with the
  /// output below) and sh blocks, and of the man page's `.nf` blocks.
  static func examples() throws -> [Example] {
    let root = repositoryRoot()
    var examples: [Example] = []
    for document in try documents(in: root) {
      let lines = try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8).components(separatedBy: "\n")
      examples += markdownExamples(in: lines, of: document)
    }
    let man = try String(contentsOf: root.appendingPathComponent("man/rk.1"), encoding: .utf8).components(separatedBy: "\n")
    var inExample = false
    for (number, line) in man.enumerated() {
      if line == ".nf" {
        inExample = true
      } else if line == ".fi" {
        inExample = false
      } else if inExample {
        let text = line.replacingOccurrences(of: "\\-", with: "-").replacingOccurrences(of: "\\e", with: "\\")
        for command in rkCommands(text) { examples.append(Example(source: "man/rk.1:\(number + 1)", words: command, output: nil)) }
      }
    }
    return examples
  }

  /// The examples of one Markdown document's `console` and `sh` blocks.
  static func markdownExamples(in lines: [String], of document: String) -> [Example] {
    var examples: [Example] = []
    var block: String?
    var blockSkipped = false
    var blockRan = false
    var index = 0
    while index < lines.count {
      let line = lines[index]
      index += 1
      if line.hasPrefix("```") {
        block = block == nil ? String(line.dropFirst(3)) : nil
        blockSkipped = false
        blockRan = false
        continue
      }
      guard let kind = block else { continue }
      if kind == "console", line.hasPrefix("$ ") {
        // A session that starts with a skipped command (`rk lookup`, `export
        // ANTHROPIC_API_KEY=…`) depends on it throughout: skip the block.
        if blockSkipped { continue }
        if line.hasPrefix("$ export") || (line.hasPrefix("$ rk ") && rkCommands(String(line.dropFirst(2))).isEmpty) {
          blockSkipped = !blockRan
          continue
        }
        blockRan = true
        var output: [String] = []
        while index < lines.count, !lines[index].hasPrefix("$ "), !lines[index].hasPrefix("```") {
          output.append(lines[index])
          index += 1
        }
        while output.last == "" { output.removeLast() }
        for command in rkCommands(String(line.dropFirst(2))) {
          examples.append(Example(source: "\(document):\(index)", words: command, output: output))
        }
      } else if kind == "sh" {
        for command in rkCommands(line) { examples.append(Example(source: "\(document):\(index)", words: command, output: nil)) }
      }
    }
    return examples
  }

  /// The `rk` commands of a shell line (`cd x && rk tag add …`), without
  /// the comment, as words; none when one of them is skipped.
  static func rkCommands(_ line: String) -> [[String]] {
    let code = line.replacing(/\s+#\s.*$/, with: "")
    let commands = code.components(separatedBy: " && ").filter { $0.hasPrefix("rk ") }
    if commands.contains(where: { command in skipped.contains { command.contains($0) } }) || code.contains("|") { return [] }
    return commands.map { Array(words($0).dropFirst()) }
  }

  /// A shell line's words: single and double quotes, backslashes.
  static func words(_ text: String) -> [String] {
    var words: [String] = []
    var word = ""
    var inWord = false
    var quote: Character?
    var escaped = false
    for character in text {
      if escaped {
        word.append(character)
        escaped = false
      } else if let open = quote {
        if character == open { quote = nil } else if character == "\\" && open == "\"" { escaped = true } else { word.append(character) }
      } else if character == "'" || character == "\"" {
        quote = character
        inWord = true
      } else if character == "\\" {
        escaped = true
        inWord = true
      } else if character == " " {
        if inWord { words.append(word) }
        word = ""
        inWord = false
      } else {
        word.append(character)
        inWord = true
      }
    }
    if inWord { words.append(word) }
    return words
  }

  /// Output as the document writes it: commit ids as `[…]`, lines from a
  /// `…` on left out.
  static func comparable(_ lines: [String]) -> [String] {
    lines.map { $0.replacing(/^\[[0-9a-f]{7}\]/, with: "[…]") }
  }

  /// A collector following the README has a git identity (rk warns without one).
  static func collector(_ records: String) -> [String: String] {
    var environment = ["RK_COLLECTION": records]
    for role in ["AUTHOR", "COMMITTER"] {
      environment["GIT_\(role)_NAME"] = "A Collector"
      environment["GIT_\(role)_EMAIL"] = "collector@example.org"
    }
    return environment
  }

  @Test func everyExampleRunsAsDocumented() throws {
    let scratch = try TemporaryCollection()
    let records = scratch.root.appendingPathComponent("records")
    try FileManager.default.copyItem(at: repositoryRoot().appendingPathComponent("example-collection"), to: records)
    let examples = try Self.examples()
    #expect(examples.count >= 20, "\(examples)")
    #expect(
      examples.contains { $0.words == ["show", "ok-computer"] }
        && examples.contains { $0.words == ["tag", "add", "blue-train", "favourite"] })
    for example in examples {
      let result = try runRK(example.words, environment: Self.collector(records.path), in: records.path)
      #expect(result.status == 0, "\(example) exited \(result.status): \(result.stderr)")
      guard let shown = example.output, !shown.isEmpty, !shown.joined().contains("/home/") else { continue }
      var printed = Self.comparable((result.stdout + result.stderr).components(separatedBy: "\n"))
      while printed.last == "" { printed.removeLast() }
      let expected = Self.comparable(shown)
      if let cut = expected.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "…" }) {
        #expect(Array(printed.prefix(cut)) == Array(expected.prefix(cut)), "\(example)")
      } else {
        #expect(printed == expected, "\(example)")
      }
    }
  }
}
