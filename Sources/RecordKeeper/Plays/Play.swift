/// One listening of an album: a line of `plays/YYYY.md` (PRODUCT.md §1.4).
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

  /// Reads one list line (`- …` or `* …`); `nil` for a line that is no list
  /// item (a heading, a blank line, prose), which the file may hold freely.
  /// Throws what is wrong with a list item that is not a play.
  static func parse(_ raw: Substring) throws(PlayLineError) -> Play? {
    var text = raw.drop { $0 == " " || $0 == "\t" }
    guard let marker = text.first, marker == "-" || marker == "*" || marker == "+", text.dropFirst().first == " " else { return nil }
    text = text.dropFirst(2)
    let parts = text.split(omittingEmptySubsequences: false) { $0 == "·" || $0 == "|" }.map { $0.trimmingSpaces }
    guard let first = parts.first, !first.isEmpty else { throw .empty }
    let time = try PlayTime(parsing: first)
    guard parts.count > 1, !parts[1].isEmpty else { throw .noAlbum }
    let album = parts[1].trimmingSlashes
    var rest = parts.dropFirst(2)
    var sides: [String] = []
    if let part = rest.first, let listed = Self.sides(part) {
      sides = listed
      rest = rest.dropFirst()
    }
    let who = rest.first ?? ""
    let note = rest.dropFirst().joined(separator: " · ")
    return Play(time: time, album: album, sides: sides, who: who, note: note)
  }

  /// `side A` or `sides A, B` (any case); `nil` for a part that is not sides.
  private static func sides(_ part: String) -> [String]? {
    let lower = part.lowercased()
    let word = lower.hasPrefix("sides ") ? 6 : lower.hasPrefix("side ") ? 5 : 0
    guard word > 0 else { return nil }
    return part.dropFirst(word).split { $0 == "," || $0 == " " || $0 == "&" }.map(String.init)
  }

  /// One line of text: no newline, and no separator in a part before the note.
  private static func clean(_ text: String, separators: Bool) -> String {
    String(text.map { $0 == "\n" || $0 == "\r" || (separators && ($0 == "·" || $0 == "|")) ? " " : $0 }).trimmingSpaces
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

extension StringProtocol {
  fileprivate var trimmingSpaces: String { trimming { $0 == " " || $0 == "\t" || $0 == "\r" } }

  fileprivate var trimmingSlashes: String { trimming { $0 == "/" } }

  private func trimming(_ drop: (Character) -> Bool) -> String {
    guard let first = firstIndex(where: { !drop($0) }), let last = lastIndex(where: { !drop($0) }) else { return "" }
    return String(self[first...last])
  }
}
