import Foundation

/// Two reference CommonMark parsers, markdown-it-py and commonmark.py, both
/// passing the CommonMark spec tests and reporting the lines of every block,
/// for checking how `rk` reads a track list against implementations no one
/// here wrote. (They disagree on a few lazy continuation lines; see the test.)
///
/// It runs from the virtualenv that `make test` creates under `.build/venv`:
/// `$RK_REFERENCE_PYTHON` (set by the Makefile), else `.build/venv/bin/python3`
/// in the package. Nothing is fetched at test time.
public enum CommonMarkReference {
  /// A top-level list item of a document's `## Tracks` section.
  public struct Item: Hashable, Sendable, CustomStringConvertible {
    /// The 0-based line of its marker.
    public var firstLine: Int
    /// The 0-based index of its last line that is not blank.
    public var lastLine: Int
    /// Whether the item holds no content at all (`1.` alone).
    public var isEmpty: Bool

    public init(firstLine: Int, lastLine: Int, isEmpty: Bool) {
      self.firstLine = firstLine
      self.lastLine = lastLine
      self.isEmpty = isEmpty
    }

    public var description: String { "\(firstLine)...\(lastLine)\(isEmpty ? " (empty)" : "")" }
  }

  /// Why the reference parser could not be run.
  public struct Unavailable: Error, CustomStringConvertible {
    public var description: String
  }

  /// For each document, the items of the top-level ordered lists between
  /// its first `## Tracks` heading (ATX, or setext `Tracks` over `---`) and
  /// the next level 1 or 2 heading (none when the document has no such
  /// heading), as each reference parser finds them:
  /// `markdown-it-py` (CommonMark 0.31.2) and `commonmark.py` (the port of
  /// the reference implementation commonmark.js, CommonMark 0.29, given the
  /// one block rule of 0.30 that lists meet: see the script).
  public static func trackItems(in documents: [String]) throws -> [[String: [Item]]] {
    let python = try interpreter()
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rk-commonmark-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appendingPathComponent("documents.json")
    let scriptFile = folder.appendingPathComponent("reference.py")
    try JSONSerialization.data(withJSONObject: documents).write(to: input)
    try Data(script.utf8).write(to: scriptFile)

    let process = Process()
    process.executableURL = python
    process.arguments = [scriptFile.path, input.path]
    process.environment = hermeticEnvironment
    let out = Pipe()
    // Errors go to a file, so that only one pipe needs reading.
    let errors = folder.appendingPathComponent("errors.txt")
    try Data().write(to: errors)
    let errorHandle = try FileHandle(forWritingTo: errors)
    defer { try? errorHandle.close() }
    process.standardOutput = out
    process.standardError = errorHandle
    try process.run()
    let data = try process.bounded {
      defer { process.waitUntilExit() }
      return out.fileHandleForReading.readDataToEndOfFile()
    }
    guard process.terminationStatus == 0 else {
      let message = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
      throw Unavailable(
        description:
          "the reference CommonMark parser failed (\(python.path)): \(message)\nRun `make test` to create the virtualenv under .build/venv."
      )
    }
    guard let results = try JSONSerialization.jsonObject(with: data) as? [[String: [[Int]]]] else {
      throw Unavailable(description: "the reference CommonMark parsers printed something that is not a list of items")
    }
    return results.map { byParser in
      byParser.mapValues { items in items.map { Item(firstLine: $0[0], lastLine: $0[1], isEmpty: $0[2] != 0) } }
    }
  }

  /// The virtualenv's python, or an error that says how to make it.
  static func interpreter() throws -> URL {
    let candidates = [
      ProcessInfo.processInfo.environment["RK_REFERENCE_PYTHON"],
      repositoryRoot().appendingPathComponent(".build/venv/bin/python3").path,
    ].compactMap { $0 }.filter { !$0.isEmpty }
    guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
      throw Unavailable(
        description: """
          the reference CommonMark parser is not installed (looked for \(candidates.joined(separator: ", "))). \
          Run `make test` (or `make venv`) in the package folder: it creates .build/venv with markdown-it-py and commonmark.
          """)
    }
    return URL(fileURLWithPath: found)
  }

  /// Reads a JSON list of documents and prints, for each, its track items
  /// as `[first line, last non-blank line, empty]`.
  static let script = #"""
    import json, re, sys
    import commonmark
    import commonmark.blocks as cm_blocks
    from markdown_it import MarkdownIt

    # commonmark.py implements spec 0.29. Spec 0.30 added one rule that
    # matters here (commonmark.js 0.30 and cmark have it): an HTML block of
    # type 7 cannot start on a line that may be a lazy paragraph continuation.
    def html_block(parser, container=None):
        if not parser.indented and cm_blocks.peek(parser.current_line, parser.next_nonspace) == "<":
            s = parser.current_line[parser.next_nonspace:]
            maybe_lazy = not parser.all_closed and not parser.blank and parser.tip.t == "paragraph"
            for block_type in range(1, 8):
                if re.search(cm_blocks.reHtmlBlockOpen[block_type], s) and \
                        (block_type < 7 or (container.t != "paragraph" and not maybe_lazy)):
                    parser.close_unmatched_blocks()
                    b = parser.add_child("html_block", parser.offset)
                    b.html_block_type = block_type
                    return 2
        return 0
    cm_blocks.BlockStarts.html_block = staticmethod(html_block)

    def trimmed(lines, first, last):
        while last > first and lines[last].strip(" \t") == "":
            last -= 1
        return last

    def markdown_it(document, lines):
        tokens = MarkdownIt("commonmark").parse(document)
        items, inside = [], False
        for index, token in enumerate(tokens):
            if token.type == "heading_open" and token.level == 0:
                if inside and token.tag in ("h1", "h2"):
                    break
                if not inside and token.tag == "h2" \
                        and " ".join(tokens[index + 1].content.split()).lower() == "tracks":
                    inside = True
            elif inside and token.type == "list_item_open" and token.level == 1 and token.markup in (".", ")"):
                first, end = token.map
                empty = tokens[index + 1].type == "list_item_close"
                items.append([first, trimmed(lines, first, end - 1), 1 if empty else 0])
        return items

    def commonmark_py(document, lines):
        node = commonmark.Parser().parse(document).first_child
        items, inside = [], False
        while node is not None:
            if node.t == "heading":
                first = node.sourcepos[0][0] - 1
                text = node.first_child.literal if node.first_child is not None and node.first_child.t == "text" else ""
                if inside and node.level <= 2:
                    break
                if not inside and node.level == 2 and node.first_child is node.last_child \
                        and text.strip().lower() == "tracks":
                    inside = True
            elif inside and node.t == "list" and node.list_data["type"] == "ordered":
                item = node.first_child
                while item is not None:
                    first = item.sourcepos[0][0] - 1
                    last = min(item.sourcepos[1][0] - 1, len(lines) - 1)
                    items.append([first, trimmed(lines, first, last), 1 if item.first_child is None else 0])
                    item = item.nxt
            node = node.nxt
        return items

    results = []
    for document in json.load(open(sys.argv[1], encoding="utf-8")):
        lines = re.split(r"\r\n|\r|\n", document)
        results.append({"markdown-it-py": markdown_it(document, lines), "commonmark.py": commonmark_py(document, lines)})
    json.dump(results, sys.stdout)
    """#
}
