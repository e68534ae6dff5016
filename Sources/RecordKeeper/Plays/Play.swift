/// One listening of an album: a line of `plays/YYYY.md` (docs/album-format.md, "Plays files").
///
/// The line a person reads and writes by hand:
///
///     - 2026-11-26 20:15 · albums/kind-of-blue · sides A, B · Ada · late night
///
/// Parts are separated by `·` (a middle dot; ` | ` is read too). The date and
/// the album id come first and are required; the time, the sides (`side A`
/// or `sides A, B`), who played it and the note are optional, in that order.
/// A note after an empty who is written `· ·`.
public struct Play: Hashable, Sendable {
  /// When it was played, at minute precision when the line gives a time.
  public var time: PlayTime
  /// The album's id (its folder below the collection root).
  public var album: String
  /// The sides played, as written ("A", "B"); empty for the whole album.
  public var sides: [String]
  /// Who played it: the git author's name when `rk play` wrote it.
  public var who: String
  public var note: String

  public init(time: PlayTime, album: String, sides: [String] = [], who: String = "", note: String = "") {
    self.time = time
    self.album = album
    self.sides = sides.map { Self.clean($0, separators: true) }.filter { !$0.isEmpty }
    self.who = Self.clean(who, separators: true)
    // The note comes last, so a separator in it reads back as written.
    self.note = Self.clean(note, separators: false)
  }

  /// The line as `rk play` writes it, without a newline.
  public var line: String {
    var parts = [time.text, album]
    if !sides.isEmpty { parts.append((sides.count == 1 ? "side " : "sides ") + sides.joined(separator: ", ")) }
    if !who.isEmpty || !note.isEmpty { parts.append(who) }
    if !note.isEmpty { parts.append(note) }
    return "- " + parts.joined(separator: " · ")
  }

  /// The play as `rk plays --json` and the server give it.
  public var json: JSONValue {
    .object([
      ("time", .string(time.text)), ("album", .string(album)), ("sides", .array(sides.map(JSONValue.string))),
      ("who", .string(who)), ("note", .string(note)),
    ])
  }

  /// A play read from a line, whose parts hold no newline or separator already.
  private init(read time: PlayTime, album: String, sides: [String], who: String, note: String) {
    self.time = time
    self.album = album
    self.sides = sides
    self.who = who
    self.note = note
  }

  /// Reads one list line (`- …` or `* …`); `nil` for a line that is no list
  /// item (a heading, a blank line, prose), which the file may hold freely.
  /// Throws what is wrong with a list item that is not a play.
  static func parse(_ raw: Substring) throws(PlayLineError) -> Play? {
    let bytes = Array(raw.utf8)
    let result: Result<Play?, PlayLineError> = bytes.withUnsafeBufferPointer { line in
      do throws(PlayLineError) { return .success(try parse(line)) } catch { return .failure(error) }
    }
    return try result.get()
  }

  /// ``parse(_:)-(Substring)`` on the line's UTF-8 bytes (no newline), read
  /// byte by byte: a collection's plays are tens of thousands of lines.
  static func parse(_ line: UnsafeBufferPointer<UInt8>) throws(PlayLineError) -> Play? {
    var start = 0
    let end = line.count
    while start < end, line[start] == UInt8(ascii: " ") || line[start] == UInt8(ascii: "\t") { start += 1 }
    guard end - start >= 2, [UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "+")].contains(line[start]),
      line[start + 1] == UInt8(ascii: " ")
    else { return nil }
    // The parts between separators: `·` (C2 B7 in UTF-8) or `|`.
    var parts: [Range<Int>] = []
    var partStart = start + 2
    var index = partStart
    while index < end {
      if line[index] == UInt8(ascii: "|") {
        parts.append(partStart..<index)
        index += 1
        partStart = index
      } else if line[index] == 0xC2, index + 1 < end, line[index + 1] == 0xB7 {
        parts.append(partStart..<index)
        index += 2
        partStart = index
      } else {
        index += 1
      }
    }
    parts.append(partStart..<end)
    parts = parts.map { trimmed($0, in: line) { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r") } }
    func text(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: line[range]), as: UTF8.self) }
    guard let first = parts.first, !first.isEmpty else { throw .empty }
    let time: PlayTime
    if let exact = PlayTime.read(line, first) { time = exact } else { time = try PlayTime(parsing: text(first)) }
    guard parts.count > 1, !parts[1].isEmpty else { throw .noAlbum }
    let album = text(trimmed(parts[1], in: line) { $0 == UInt8(ascii: "/") })
    var rest = parts.dropFirst(2)
    var sides: [String] = []
    if let part = rest.first, let listed = Self.sides(text(part)) {
      sides = listed
      rest = rest.dropFirst()
    }
    let who = rest.first.map(text) ?? ""
    let note = rest.dropFirst().map(text).joined(separator: " · ")
    return Play(read: time, album: album, sides: sides, who: who, note: note)
  }

  private static func trimmed(_ range: Range<Int>, in line: UnsafeBufferPointer<UInt8>, _ drop: (UInt8) -> Bool) -> Range<Int> {
    var (lower, upper) = (range.lowerBound, range.upperBound)
    while lower < upper, drop(line[lower]) { lower += 1 }
    while upper > lower, drop(line[upper - 1]) { upper -= 1 }
    return lower..<upper
  }

  /// `side A` or `sides A, B` (any case); `nil` for a part that is not sides.
  private static func sides(_ part: String) -> [String]? {
    guard part.utf8.count > 5, let first = part.utf8.first, first | 0x20 == UInt8(ascii: "s") else { return nil }
    let lower = part.prefix(6).lowercased()
    let word = lower.hasPrefix("sides ") ? 6 : lower.hasPrefix("side ") ? 5 : 0
    guard word > 0 else { return nil }
    return part.dropFirst(word).split { $0 == "," || $0 == " " || $0 == "&" }.map(String.init)
  }

  /// One line of text: no newline, and no separator in a part before the note.
  private static func clean(_ text: String, separators: Bool) -> String {
    String(text.map { $0 == "\n" || $0 == "\r" || (separators && ($0 == "·" || $0 == "|")) ? " " : $0 }).trimmed
  }
}

/// When a play happened, as the line gives it: a calendar day, and the time
/// of day when known.
public struct PlayTime: Hashable, Comparable, Sendable {
  public let date: ReleaseDate
  /// Minutes since midnight, or `nil` when the line gives only the day.
  public let minutes: Int?

  /// Parses `YYYY-MM-DD` or `YYYY-MM-DD HH:MM` (also with a `T` between).
  public init(parsing text: some StringProtocol) throws(PlayLineError) {
    let parts = text.split { $0 == " " || $0 == "T" }
    guard let day = parts.first, parts.count <= 2 else { throw .time(String(text)) }
    let date: ReleaseDate
    do {
      date = try ReleaseDate(parsing: String(day))
    } catch {
      throw .time(String(text))
    }
    guard date.day != nil else { throw .time(String(text)) }
    var minutes: Int?
    if parts.count == 2 {
      let clock = parts[1].split(separator: ":")
      guard clock.count == 2, let hour = Int(clock[0]), let minute = Int(clock[1]), (0..<24).contains(hour), (0..<60).contains(minute),
        clock[1].count == 2
      else { throw .time(String(text)) }
      minutes = hour * 60 + minute
    }
    self.date = date
    self.minutes = minutes
  }

  /// `YYYY-MM-DD` or `YYYY-MM-DD HH:MM` exactly, read from bytes; `nil`
  /// for anything else, which ``init(parsing:)`` then reads or refuses.
  static func read(_ line: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> PlayTime? {
    guard range.count == 10 || range.count == 16 else { return nil }
    func number(_ offset: Int, _ count: Int) -> Int? {
      var value = 0
      for index in range.lowerBound + offset..<range.lowerBound + offset + count {
        let byte = line[index]
        guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
        value = value * 10 + Int(byte - UInt8(ascii: "0"))
      }
      return value
    }
    let at = range.lowerBound
    guard line[at + 4] == UInt8(ascii: "-"), line[at + 7] == UInt8(ascii: "-"), let year = number(0, 4), let month = number(5, 2),
      let day = number(8, 2), let date = try? ReleaseDate(year: year, month: month, day: day)
    else { return nil }
    guard range.count == 16 else { return PlayTime(date: date, minutes: nil) }
    guard line[at + 10] == UInt8(ascii: " ") || line[at + 10] == UInt8(ascii: "T"), line[at + 13] == UInt8(ascii: ":"),
      let hour = number(11, 2), let minute = number(14, 2), hour < 24, minute < 60
    else { return nil }
    return PlayTime(date: date, minutes: hour * 60 + minute)
  }

  public init(date: ReleaseDate, minutes: Int?) {
    self.date = date
    self.minutes = minutes
  }

  /// `2026-11-26 20:15`, or `2026-11-26` without a time.
  public var text: String {
    guard let minutes else { return date.text }
    return date.text + " " + Self.two(minutes / 60) + ":" + Self.two(minutes % 60)
  }

  /// The day alone, `2026-11-26`: what album objects give as `last_played`.
  public var day: String { date.text }

  /// Orders by day, then time; a play without a time comes first in its day.
  var key: Int { date.sortKey * 10_000 + (minutes.map { $0 + 1 } ?? 0) }

  public static func < (left: PlayTime, right: PlayTime) -> Bool { left.key < right.key }

  private static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}

/// Why a list line of a plays file is not a play; each says what to write.
public enum PlayLineError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The item is empty.
  case empty
  /// The first part is not `YYYY-MM-DD` or `YYYY-MM-DD HH:MM`.
  case time(String)
  /// No album id after the date.
  case noAlbum

  public var description: String {
    let example = "write it as \"- 2026-11-26 20:15 · albums/kind-of-blue · sides A, B · Ada · a note\""
    switch self {
    case .empty: return "an empty list item is no play: remove it or \(example)"
    case .time(let text): return "\"\(text)\" is not a date (YYYY-MM-DD) with an optional time (HH:MM): \(example)"
    case .noAlbum: return "no album id after the date: \(example)"
    }
  }
}
