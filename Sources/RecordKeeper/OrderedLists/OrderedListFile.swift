/// One entry of an ordered list: an album, optionally one of its tracks,
/// and a note, written after the item's number as
/// `albums/kind-of-blue#A2 the one to start with`.
public struct OrderedListEntry: Hashable, Sendable {
  /// The album's id (its folder, relative to the collection root).
  public var album: String
  /// The track's position as `rk` numbers tracks (`2`) or as the sleeve
  /// prints it (`A2`), or `nil` for the whole album.
  public var track: String?
  /// The collector's words after the reference, or `nil`.
  public var note: String?

  public init(album: String, track: String? = nil, note: String? = nil) {
    self.album = album
    self.track = track
    self.note = note
  }

  /// `albums/kind-of-blue#A2`.
  public var reference: String { album + (track.map { "#" + $0 } ?? "") }

  /// The item's text as the file has it.
  public var text: String { reference + (note.map { " " + $0 } ?? "") }

  /// Reads an item's text: the reference up to the first blank, the note
  /// after it. Throws a message saying how to write the entry.
  init(parsing text: String) throws(OrderedListLineError) {
    let trimmed = text.trimmed
    guard !trimmed.isEmpty else { throw OrderedListLineError("the entry is empty; write an album id, as in 1. albums/kind-of-blue") }
    let reference = String(trimmed.prefix { $0 != " " && $0 != "\t" })
    let note = trimmed.dropFirst(reference.count).trimmed
    let parts = reference.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
    let album = String(parts[0])
    guard Self.isAlbumID(album) else {
      throw OrderedListLineError(
        "\"\(reference)\" is not an album id; write the album's folder from the collection root, as in albums/kind-of-blue")
    }
    var track: String?
    if parts.count == 2 {
      guard parts[1].wholeMatch(of: /[A-Za-z]?[0-9]{1,4}/) != nil else {
        throw OrderedListLineError("\"#\(parts[1])\" is not a track; write its number or side position, as in \(album)#2 or \(album)#A2")
      }
      track = String(parts[1])
    }
    self.init(album: album, track: track, note: note.isEmpty ? nil : note)
  }

  /// A folder path inside the collection: no empty, `.` or `..` part, not absolute.
  static func isAlbumID(_ text: String) -> Bool {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    return !text.isEmpty && !parts.contains { $0.isEmpty || $0 == "." || $0 == ".." }
  }
}

/// Why a line of a list file is not an entry.
public struct OrderedListLineError: Error, Hashable, Sendable {
  public var message: String
  init(_ message: String) { self.message = message }
}

/// The file of one ordered list, `.recordkeeper/lists/NAME.md` (issue 32):
/// a numbered Markdown list of entries, in the list's order, among whatever
/// else a person writes there.
///
/// ```markdown
/// # Saturday's set
///
/// 1. albums/kind-of-blue#A2 to open
/// 2. albums/blue-train
/// ```
///
/// Every numbered item at the top level is an entry, its reference and note
/// on the item's first line; other lines (headings, comments, bullets, the
/// lines an item continues on) are the person's and kept byte for byte.
/// Numbers are regenerated as a track list's are: only an item whose number
/// is not its place is renumbered, and only its digits change.
public struct OrderedListFile: Hashable, Sendable {
  /// The folder of the list files, shared with the smart lists.
  public static let folder = SmartListFile.folder
  /// The ending of an ordered list file's name.
  public static let fileExtension = ".md"

  /// The path of the list `name`'s file, relative to the collection root.
  public static func path(of name: String) -> String { folder + "/" + name + fileExtension }

  /// One entry and where it is.
  public struct Item: Hashable, Sendable {
    public var entry: OrderedListEntry
    /// The 1-based line of its number.
    public var line: Int
    /// The 0-based lines the item covers (continuation lines included).
    var lines: ClosedRange<Int>
    /// Where its first line's reference lies in the file.
    var referenceRange: Range<Int>
    /// Where its number's digits lie in the file.
    var numberRange: Range<Int>
  }

  /// The list's name (the file's, without `.md`).
  public let name: String
  /// The file's bytes.
  public private(set) var bytes: [UInt8]
  /// The entries, in order.
  public private(set) var items: [Item] = []
  /// The numbered items that are no entry: `(line, message)`.
  public private(set) var problems: [(line: Int, message: String)] = []

  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.name == rhs.name && lhs.bytes == rhs.bytes }
  public func hash(into hasher: inout Hasher) { hasher.combine(bytes) }

  public init(name: String, bytes: [UInt8]) {
    self.name = name
    self.bytes = bytes
    parse()
  }

  /// A new, empty list: a comment saying how to write it, for a person
  /// opening the file.
  public init(newNamed name: String) {
    self.init(
      name: name,
      bytes: Array(
        "<!-- rk list @\(name): one album a line, in order, as 1. albums/FOLDER, optionally #TRACK (#2, #A2) and a note after it. -->\n"
          .utf8))
  }

  /// The entries, in order.
  public var entries: [OrderedListEntry] { items.map(\.entry) }

  /// A line git leaves in a file it could not merge.
  public var conflictLine: Int? {
    lines.firstIndex { line in
      let text = bytes[line.content]
      return ["<<<<<<<", ">>>>>>>", "======="].contains { text.starts(with: Array($0.utf8)) }
    }.map { $0 + 1 }
  }

  var lines: [LineScanner.Line] {
    var scanner = LineScanner(bytes[...])
    var lines: [LineScanner.Line] = []
    while let line = scanner.next() { lines.append(line) }
    return lines
  }

  private mutating func parse() {
    let lines = self.lines
    items = []
    problems = []
    for block in MarkdownBlocks.scan(lines.map { bytes[$0.content] }) {
      guard case .listItem(let marker, _, _) = block.kind, marker.number != nil else { continue }
      let first = lines[block.firstLine]
      let content = bytes[first.content]
      let digits = content.drop(while: isBlank).prefix { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
      // The marker, its delimiter, then the text.
      let text = bytes[(digits.endIndex + 1)..<first.content.upperBound].drop(while: isBlank)
      let referenceEnd = text.firstIndex(where: isBlank) ?? text.endIndex
      do throws(OrderedListLineError) {
        let entry = try OrderedListEntry(parsing: string(text))
        items.append(
          Item(
            entry: entry, line: block.firstLine + 1, lines: block.firstLine...block.lastLine,
            referenceRange: text.startIndex..<referenceEnd,
            numberRange: digits.startIndex..<digits.endIndex))
      } catch {
        problems.append((block.firstLine + 1, error.message))
      }
    }
  }

  /// Puts `entry` at `index` (0-based; `entries.count` appends).
  public mutating func insert(_ entry: OrderedListEntry, at index: Int) {
    let lines = self.lines
    let ending = LineEnding(of: bytes[...]).rawValue
    var text = Array("\(index + 1). \(entry.text)\(ending)".utf8)
    let offset: Int
    if index < items.count {
      offset = lines[items[index].lines.lowerBound].start
    } else if let last = items.last {
      offset = lines[last.lines.upperBound].end
      if lines[last.lines.upperBound].lineBreak.isEmpty { text = Array(ending.utf8) + text }
    } else {
      offset = bytes.count
      // After a person's paragraph, a blank line first, so the entry starts a list of its own.
      if let last = lines.last {
        if last.lineBreak.isEmpty { text = Array(ending.utf8) + text }
        if !bytes[last.content].allSatisfy(isBlank) && !bytes[last.content].starts(with: Array("<!--".utf8)) {
          text = Array(ending.utf8) + text
        }
      }
    }
    bytes.insert(contentsOf: text, at: offset)
    renumber()
  }

  /// Takes the entry at `index` (0-based) out, with the lines it continues on.
  @discardableResult
  public mutating func remove(at index: Int) -> OrderedListEntry {
    let item = items[index]
    let lines = self.lines
    let removed = Array(bytes[lines[item.lines.lowerBound].start..<lines[item.lines.upperBound].end])
    bytes.removeSubrange(lines[item.lines.lowerBound].start..<lines[item.lines.upperBound].end)
    // An item that was the file's last line without a break leaves the one before it without its break too.
    if removed.last != UInt8(ascii: "\n") && removed.last != UInt8(ascii: "\r"), let last = bytes.last,
      last == UInt8(ascii: "\n") || last == UInt8(ascii: "\r")
    {
      bytes.removeLast()
      if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
    }
    renumber()
    return item.entry
  }

  /// Moves the entry at `from` to `to` (both 0-based), its lines with it.
  public mutating func move(from: Int, to: Int) {
    guard from != to else { return }
    let lines = self.lines
    let item = items[from]
    var moved = Array(bytes[lines[item.lines.lowerBound].start..<lines[item.lines.upperBound].end])
    let ending = LineEnding(of: bytes[...]).rawValue
    if lines[item.lines.upperBound].lineBreak.isEmpty { moved += Array(ending.utf8) }
    remove(at: from)
    let offset: Int
    if to < items.count {
      offset = self.lines[items[to].lines.lowerBound].start
    } else {
      let after = self.lines[items[items.count - 1].lines.upperBound]
      if after.lineBreak.isEmpty { bytes.insert(contentsOf: Array(ending.utf8), at: after.end) }
      offset = self.lines[items[items.count - 1].lines.upperBound].end
    }
    bytes.insert(contentsOf: moved, at: offset)
    renumber()
  }

  /// Names `newID` where an entry names the album `oldID`; whether any did.
  public mutating func renameAlbum(_ oldID: String, to newID: String) -> Bool {
    let ranges = items.filter { $0.entry.album == oldID }.map {
      $0.referenceRange.lowerBound..<($0.referenceRange.lowerBound + oldID.utf8.count)
    }
    guard !ranges.isEmpty else { return false }
    for range in ranges.reversed() { bytes.replaceSubrange(range, with: Array(newID.utf8)) }
    parse()
    return true
  }

  /// Gives each entry its place as its number, changing only the digits of
  /// the items whose number is not.
  mutating func renumber() {
    parse()
    for (index, item) in items.enumerated().reversed() where Int(string(bytes[item.numberRange])) != index + 1 {
      bytes.replaceSubrange(item.numberRange, with: Array(String(index + 1).utf8))
    }
    parse()
  }
}
