import TestSupport
import Testing

@testable import RecordKeeper

/// Generated hand-written front matters: for every mutation a command makes,
/// the rewrite changes only the named key's lines and reads back as the
/// mutated album; and the fast scanner and Yams read every front matter the
/// fast scanner accepts the same way.
@Suite("album.md: rewrites of generated hand-written files")
struct AlbumFilePropertyTests {
  /// 2,000 files in eight parallel parts, each with its own seed; every file
  /// gets two mutations drawn from all that apply to it (tag add, tag rm,
  /// clearing the tags, set and clear of each field, track add).
  @Test(arguments: 0..<8)
  func rewritesChangeOnlyWhatTheyName(part: Int) throws {
    var random = SeededGenerator(seed: 20_261_123 + UInt64(part))
    var fastPath = 0
    var rewrites = 0
    for _ in 0..<250 {
      let sample = Sample(&random)
      let bytes = sample.bytes
      let (parsed, layout) = try AlbumFile.read(bytes, id: "albums/test", covers: CoverFiles())
      try #require(Values(parsed.album) == sample.values, "\(sample.text.debugDescription)")
      if try agree(layout) { fastPath += 1 }
      #expect(try AlbumFile.rewrite(bytes, to: parsed.album) == bytes)
      let mutations = Mutation.all(for: parsed.album, &random).shuffled(using: &random)
      for mutation in mutations.prefix(2) {
        var album = parsed.album
        // A value the command itself refuses (a tag with a line break) is
        // never handed to rewrite.
        guard (try? mutation.apply(&album)) != nil else { continue }
        let output: [UInt8]
        do {
          output = try AlbumFile.rewrite(bytes, to: album)
        } catch {
          Issue.record("\(mutation) failed on \(sample.text.debugDescription): \(error)")
          continue
        }
        rewrites += 1
        let context = Comment(
          rawValue: "\(mutation) on \(sample.text.debugDescription) gave \(String(decoding: output, as: UTF8.self).debugDescription)")
        let (reread, written) = try AlbumFile.read(output, id: "albums/test", covers: CoverFiles())
        #expect(Values(reread.album) == Values(album), context)
        if case .addTrack = mutation {
          // The body and its line endings belong to AlbumBody's own tests.
          #expect(output[..<written.closing.end] == bytes[..<layout.closing.end], context)
        } else {
          // Every line that went or came is one of the key's own lines.
          let (removed, added) = difference(lines(bytes, layout), lines(output, written))
          let before = ownLines(of: mutation.key, in: layout)
          let after = ownLines(of: mutation.key, in: written)
          #expect(removed.allSatisfy(before.contains) && added.allSatisfy(after.contains), context)
        }
        if !mutation.removesSomething {
          // No comment is lost, wherever it was written.
          let before = String(decoding: bytes, as: UTF8.self)
          let after = String(decoding: output, as: UTF8.self)
          for comment in commentTexts {
            #expect(after.components(separatedBy: comment).count >= before.components(separatedBy: comment).count, context)
          }
        }
        let breaks = ([written.opening] + written.frontMatter.lines + [written.closing]).map { Array(output[$0.lineBreak]) }
        #expect(breaks.allSatisfy { $0 == Array(sample.ending.utf8) }, context)
      }
    }
    // Both readers and the rewrites were exercised.
    #expect(fastPath > 30)
    #expect(rewrites > 400)
  }

  /// `rk fmt` on the same generated files: it never refuses one, reads back
  /// as the same album, and a second run changes nothing.
  @Test(arguments: 0..<4)
  func canonicalFormLosesNothingAndIsStable(part: Int) throws {
    var random = SeededGenerator(seed: 20_261_124 + UInt64(part))
    for _ in 0..<250 {
      let sample = Sample(&random)
      let context = Comment(rawValue: sample.text.debugDescription)
      let output: [UInt8]
      do {
        output = try AlbumFile.canonical(sample.bytes)
      } catch {
        Issue.record("\(error) on \(sample.text.debugDescription)")
        continue
      }
      // The collector's fields (`label`) move into their canonical place.
      var after = Values(try AlbumFile.parse(output, id: "albums/test").album)
      var before = Values(try AlbumFile.parse(sample.bytes, id: "albums/test").album)
      after.extra.sort()
      before.extra.sort()
      #expect(after == before, context)
      #expect(try AlbumFile.canonical(output) == output, context)
      #expect(!output.contains(UInt8(ascii: "\r")) && output.last == UInt8(ascii: "\n"), context)
    }
  }
}

// MARK: - Checks

/// Whether the fast scanner accepted the front matter; when it did, Yams
/// must read the same entries, lines and list items.
private func agree(_ layout: AlbumFile.Layout) throws -> Bool {
  let frontMatter = layout.text[layout.opening.end..<layout.closing.start]
  guard let fast = FastScanner.scan(frontMatter, firstLine: layout.firstLine) else { return false }
  let yams = try FrontMatter.parseWithYams(frontMatter, firstLine: layout.firstLine)
  let context = Comment(rawValue: String(decoding: frontMatter, as: UTF8.self).debugDescription)
  #expect(fast.entries.map(\.key) == yams.entries.map(\.key), context)
  #expect(fast.entries.map(\.value) == yams.entries.map(\.value), context)
  #expect(fast.entries.map(\.line) == yams.entries.map(\.line), context)
  #expect(fast.entries.map(\.lines) == yams.entries.map(\.lines), context)
  #expect(fast.entries.map(\.itemLines) == yams.entries.map(\.itemLines), context)
  #expect(fast.entries.map(\.yaml) == yams.entries.map(\.yaml), context)
  return true
}

/// Every line of the file with its line break; line 0 is the opening `---`.
private func lines(_ bytes: [UInt8], _ layout: AlbumFile.Layout) -> [ArraySlice<UInt8>] {
  Array(sequence(state: LineScanner(bytes[...])) { $0.next() }).map { bytes[$0.start..<$0.end] }
}

/// The file-line indices (0-based, as ``lines(_:_:)``) of `key`'s own lines.
private func ownLines(of key: String, in layout: AlbumFile.Layout) -> Range<Int> {
  let own = layout.frontMatter.entries.first { $0.key == key }?.lines ?? 0..<0
  return (own.lowerBound + 1)..<(own.upperBound + 1)
}

/// The indices of the lines only in `old` and of those only in `new`, by
/// the longest common subsequence.
private func difference(_ old: [ArraySlice<UInt8>], _ new: [ArraySlice<UInt8>]) -> (removed: [Int], added: [Int]) {
  var lengths = Array(repeating: Array(repeating: 0, count: new.count + 1), count: old.count + 1)
  for i in old.indices.reversed() {
    for j in new.indices.reversed() {
      lengths[i][j] = old[i] == new[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
    }
  }
  var removed: [Int] = []
  var added: [Int] = []
  var i = 0
  var j = 0
  while i < old.count || j < new.count {
    if i < old.count, j < new.count, old[i] == new[j], lengths[i][j] == lengths[i + 1][j + 1] + 1 {
      i += 1
      j += 1
    } else if i < old.count, j == new.count || lengths[i + 1][j] >= lengths[i][j + 1] {
      removed.append(i)
      i += 1
    } else {
      added.append(j)
      j += 1
    }
  }
  return (removed, added)
}

/// What a front matter says, released dates compared by meaning.
private struct Values: Equatable {
  var title: String
  var artist: String
  var sortArtist: String?
  var released: String?
  var wikipedia: String?
  var tags: [String]
  var tracks: [String]
  var extra: [String]

  init(_ album: Album) {
    title = album.title
    artist = album.artist
    sortArtist = album.sortArtist
    released = album.releaseDate?.text ?? album.released
    wikipedia = album.wikipedia
    tags = album.tags
    tracks = album.tracks
    extra = album.extra.map(\.key)
  }

  init(
    title: String, artist: String, sortArtist: String?, released: String?, wikipedia: String?, tags: [String], tracks: [String],
    extra: [String]
  ) {
    self.title = title
    self.artist = artist
    self.sortArtist = sortArtist
    self.released = released.map { (try? ReleaseDate(parsing: $0))?.text ?? $0 }
    self.wikipedia = wikipedia
    self.tags = tags
    self.tracks = tracks
    self.extra = extra
  }
}

// MARK: - Mutations

private enum Mutation: CustomStringConvertible {
  case addTag(String)
  case removeTag(String)
  case clearTags
  case set(String, String)
  case clear(String)
  case addTrack(String)

  static let fields = ["title", "artist", "sort_artist", "released", "wikipedia"]

  /// One of each kind that applies to `album`.
  static func all(for album: Album, _ random: inout SeededGenerator) -> [Mutation] {
    var mutations: [Mutation] = [.addTag(pick(tagPool.filter { !album.tags.contains($0) }, &random) ?? "new")]
    if let tag = album.tags.randomElement(using: &random) { mutations.append(.removeTag(tag)) }
    if !album.tags.isEmpty { mutations.append(.clearTags) }
    for field in fields {
      let pool = field == "released" ? datePool : field == "wikipedia" ? urlPool : textPool
      mutations.append(.set(field, pick(pool, &random) ?? "x"))
      if field != "title" && field != "artist" { mutations.append(.clear(field)) }
    }
    mutations.append(.addTrack(pick(textPool, &random) ?? "Track"))
    return mutations
  }

  /// Whether it removes a value, and with it the comment on its line.
  var removesSomething: Bool {
    switch self {
    case .removeTag, .clearTags, .clear: true
    default: false
    }
  }

  var key: String {
    switch self {
    case .addTag, .removeTag, .clearTags: "tags"
    case .set(let key, _), .clear(let key): key
    case .addTrack: "(no key)"
    }
  }

  func apply(_ album: inout Album) throws {
    switch self {
    case .addTag(let tag): _ = try album.addTag(tag)
    case .removeTag(let tag): _ = album.removeTag(tag)
    case .clearTags: album.tags = []
    case .set(let key, let value): album[key] = value
    case .clear(let key): album[key] = nil
    case .addTrack(let name): try album.addTrack(name)
    }
  }

  var description: String {
    switch self {
    case .addTag(let tag): "tag add \(tag.debugDescription)"
    case .removeTag(let tag): "tag rm \(tag.debugDescription)"
    case .clearTags: "clear tags"
    case .set(let key, let value): "set \(key) \(value.debugDescription)"
    case .clear(let key): "clear \(key)"
    case .addTrack(let name): "track add \(name.debugDescription)"
    }
  }
}

extension Album {
  fileprivate subscript(key: String) -> String? {
    get { nil }
    set {
      switch key {
      case "title": title = newValue ?? ""
      case "artist": artist = newValue ?? ""
      case "sort_artist": sortArtist = newValue
      case "released": released = newValue
      default: wikipedia = newValue
      }
    }
  }
}

// MARK: - Generated files

private let textPool = [
  "Kind of Blue", "OK Computer", "Sigur Rós", "Bjo\u{308}rk", "Ágætis byrjun", "1999", "yes", "null", "Live: 1975",
  "Songs #1", "it's", "Say \"Hi\"", "a\u{2028}b", "line\u{2029}break", "next\u{85}line", "Ω ≠ ∞", "😀 smile", "- dash",
  "[bracket]", "東京", "한국어", "back\\slash", "50% off", "x: y",
]
private let tagPool = ["jazz", "modal", "1950s", "post-rock", "Sigur Rós", "rock, roll", "it's", "#1", "true", "a\u{2028}b", "e\u{301}"]
private let datePool = ["1959", "1959-08-17", "1959-8-17", "1997-05", "2001-1-2"]
private let urlPool = ["https://en.wikipedia.org/wiki/Kind_of_Blue", "https://de.wikipedia.org/wiki/Bj%C3%B6rk", "http://w"]

private func pick<T>(_ values: [T], _ random: inout SeededGenerator) -> T? { values.randomElement(using: &random) }

/// The comments the generated files hold.
private let commentTexts = ["# note", "# bought at Rough Trade", "# tab", "# a comment in the list", "# indented comment", "# about "]

/// One generated `album.md` and what it says.
private struct Sample {
  var text: String
  var ending: String
  var values: Values
  var bytes: [UInt8] { Array(text.utf8) }

  init(_ random: inout SeededGenerator) {
    func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }
    ending = pick(["\n", "\n", "\r\n", "\r"], &random) ?? "\n"
    let fancy = chance(50)
    func comment() -> String { fancy && chance(20) ? pick(["  # note", " # bought at Rough Trade", "\t# tab"], &random) ?? "" : "" }

    let title = pick(textPool, &random) ?? "T"
    let artist = pick(textPool, &random) ?? "A"
    let sortArtist = chance(40) ? pick(textPool, &random) : nil
    let released = chance(60) ? pick(datePool, &random) : nil
    let wikipedia = chance(30) ? pick(urlPool, &random) : nil
    var tags: [String] = []
    if chance(70) {
      for tag in tagPool.shuffled(using: &random).prefix(Int.random(in: 0...4, using: &random)) { tags.append(tag) }
    }

    var entries: [(key: String, lines: [String])] = []
    func scalar(_ key: String, _ value: String) -> [String] {
      ["\(key):\(pick([" ", " ", "   "], &random) ?? " ")\(written(value, &random, fancy: fancy))\(comment())"]
    }
    let comments = ["  # note", " # bought at Rough Trade", "\t# tab"]
    if fancy, chance(25), let space = title.lastIndex(of: " "),
      ["Kind of Blue", "OK Computer", "Sigur Rós", "Ágætis byrjun", "Ω ≠ ∞", "😀 smile"].contains(title)
    {
      // A title over two lines: folded plain, or a `>-` block, with a comment.
      let (head, tail) = (title[..<space], title[title.index(after: space)...])
      entries.append(
        (
          "title",
          chance(50)
            ? ["title: \(head)", "  \(tail)\(pick(comments, &random) ?? "")"]
            : ["title: >-\(pick(comments, &random) ?? "")", "   \(head)", "   \(tail)"]
        ))
    } else {
      entries.append(("title", scalar("title", title)))
    }
    entries.append(("artist", scalar("artist", artist)))
    if let sortArtist { entries.append(("sort_artist", scalar("sort_artist", sortArtist))) }
    if let released { entries.append(("released", scalar("released", released))) }
    if let wikipedia { entries.append(("wikipedia", scalar("wikipedia", wikipedia))) }
    if !tags.isEmpty || chance(10) {
      if fancy && chance(50) {
        let pad = chance(30) ? " " : ""
        let items = tags.map { written($0, &random, fancy: true, inFlow: true) }.joined(separator: chance(80) ? ", " : ",")
        if tags.count >= 2, chance(40) {
          // Over two lines, a comment after the bracket (issue 17).
          let first = written(tags[0], &random, fancy: true, inFlow: true)
          let rest = tags.dropFirst().map { written($0, &random, fancy: true, inFlow: true) }.joined(separator: ", ")
          entries.append(("tags", ["tags: [\(pad)\(first),", "   \(rest)\(pad)]\(pick(comments, &random) ?? "")"]))
        } else {
          entries.append(("tags", ["tags: [\(pad)\(items)\(tags.isEmpty ? "" : pad)]\(comment())"]))
        }
      } else {
        let dash = fancy ? pick(["- ", "  - ", "-   ", "    - "], &random) ?? "- " : "- "
        var lines = ["tags:\(comment())"]
        for tag in tags {
          if fancy && chance(10) { lines.append(pick(["# a comment in the list", "  # indented comment"], &random) ?? "") }
          lines.append(dash + written(tag, &random, fancy: fancy) + comment())
        }
        entries.append(("tags", lines))
      }
    }
    var extra: [(key: String, lines: [String])] = []
    if chance(50) { extra.append(("imprint", ["imprint: Columbia\(comment())"])) }
    if chance(30) { extra.append(("catalog_no", ["catalog_no: 'CL 1355'"])) }
    if chance(20) { extra.append(("pressing", ["pressing:", "  country: US", "  year: 1959"])) }
    if fancy && chance(20) { extra.append(("formats", ["formats: [LP, CD]"])) }
    if chance(20) { extra.append(("credits", ["credits:", "- Bill Evans", "- John Coltrane"])) }
    // Known keys in a random order when the file is hand-made, extra keys
    // before, between and after them.
    if fancy && chance(50) { entries.shuffle(using: &random) }
    for field in extra { entries.insert(field, at: Int.random(in: 0...entries.count, using: &random)) }

    // Now and then the whole front matter is indented.
    let indent = fancy && chance(10) ? "  " : ""
    var lines = ["---"]
    if fancy && chance(30) { lines.append(indent + "# bought at Rough Trade") }
    for entry in entries {
      if fancy && chance(15) { lines.append(pick(["", indent + "# about \(entry.key)", "   "], &random) ?? "") }
      lines += entry.lines.map { indent + $0 }
    }
    if fancy && chance(20) { lines.append("") }
    lines.append(chance(90) ? "---" : "...")
    var tracks: [String] = []
    switch Int.random(in: 0..<3, using: &random) {
    case 0: break
    case 1:
      tracks = ["So What", "Freddie Freeloader"]
      lines += ["", "## Tracks", "", "1. So What", "2. Freddie Freeloader"]
    default:
      tracks = ["Airbag"]
      lines += ["", "Bought in 1998.", "", "## Tracks", "", "1. Airbag", "", "## Notes", "", "Scratched."]
    }
    let bom = chance(10) ? "\u{FEFF}" : ""
    text = bom + lines.joined(separator: ending) + ending
    values = Values(
      title: title, artist: artist, sortArtist: sortArtist, released: released, wikipedia: wikipedia,
      tags: tags, tracks: tracks, extra: entries.map(\.key).filter { extra.map(\.key).contains($0) })
  }
}

/// `value` written as a person might: plain when that reads back as the
/// same text, else or at random single- or double-quoted. Written here
/// without `YAMLScalar`, so that the test does not check rk against itself.
private func written(_ value: String, _ random: inout SeededGenerator, fancy: Bool, inFlow: Bool = false) -> String {
  let special = Set(":#,[]{}&*!|>'\"%@`\\")
  let reserved: Set<String> = ["yes", "null", "true", "no", "false", "~"]
  let plainIsSafe =
    value.first.map { !special.contains($0) && $0 != "-" && $0 != "?" } == true
    && !value.contains(where: { special.contains($0) || $0 == "\t" }) && !reserved.contains(value)
  let singleIsSafe = !value.unicodeScalars.contains { $0.value < 0x20 }
  var styles: [Int] = [2]
  if plainIsSafe { styles += [0, 0, 0] }
  if singleIsSafe && fancy { styles.append(1) }
  switch fancy ? (styles.randomElement(using: &random) ?? 2) : (plainIsSafe ? 0 : 2) {
  case 0: return value
  case 1: return "'" + value.replacing("'", with: "''") + "'"
  default:
    var output = "\""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\t": output += "\\t"
      case "\u{2028}" where Bool.random(using: &random): output += "\\L"
      default: output.unicodeScalars.append(scalar)
      }
    }
    return output + "\""
  }
}
