/// Why a play was not recorded (`rk play`, the app's play button); nothing
/// was written. Each says the format the value takes (docs/commands.md, "Exit status and errors").
public enum PlayRefusal: Error, Equatable, Sendable, CustomStringConvertible {
  /// The time given is no date with an optional time.
  case notATime(String)
  /// The time given is later than now (both given).
  case future(PlayTime, now: PlayTime)
  /// The album has no such side; its sides as its track list names them.
  case noSuchSide(String, sides: [String])

  /// How a play's time is written.
  public static let timeFormat = "\"YYYY-MM-DD HH:MM\" or YYYY-MM-DD, such as \"2026-11-26 20:15\""

  public var description: String {
    switch self {
    case .notATime(let text):
      "\"\(text)\" is not a date with an optional time: give it as \(Self.timeFormat)"
    case .future(let time, let now):
      "\(time.text) is in the future (it is \(now.text) now): give when the album was played, as \(Self.timeFormat)"
    case .noSuchSide(let side, let sides):
      "the album has no side \"\(side)\": its track list names \(sides.count == 1 ? "side" : "sides") "
        + Self.list(sides) + "; give one of those, or none for the whole album"
    }
  }

  private static func list(_ sides: [String]) -> String {
    guard let last = sides.last, sides.count > 1 else { return sides.joined() }
    return sides.dropLast().joined(separator: ", ") + " and " + last
  }
}

extension PlayTime {
  /// A play's time as a person gives it (`rk play --at`, the API's `at`),
  /// refused when it is no time: the refusal shows the option's format,
  /// not a line of a plays file.
  public init(given text: String) throws(PlayRefusal) {
    do {
      // The day as any given date: its year with four digits.
      _ = try ReleaseDate(given: String(text.prefix { $0 != " " && $0 != "T" }))
      try self.init(parsing: text)
    } catch {
      throw .notATime(text)
    }
  }

  /// Refuses a time later than `now`: a play is something that happened.
  /// A time without a clock is later only from the next day on.
  func refusingFuture(now: PlayTime) throws(PlayRefusal) -> PlayTime {
    let later = minutes == nil || now.minutes == nil ? date.sortKey > now.date.sortKey : self > now
    if later { throw .future(self, now: now) }
    return self
  }
}

extension Album {
  /// The sides `names` (`B`, `b`, `Side B`) as the track list writes them
  /// (`B`), refusing one it does not name. An album whose track list names
  /// no `### Side X` heading takes any side: its sides are not known.
  public func playedSides(_ names: [String]) throws(PlayRefusal) -> [String] {
    var letters: [String] = []
    for side in body.sideHeadings + trackList.compactMap(\.side) {
      if let letter = Track.sideLetter(side).map(String.init), !letters.contains(letter) { letters.append(letter) }
    }
    guard !letters.isEmpty else { return names }
    var sides: [String] = []
    for name in names {
      let wanted = SideName.bare(name)
      guard !wanted.isEmpty else { continue }
      guard let letter = letters.first(where: { $0.lowercased() == wanted.lowercased() }) else {
        throw .noSuchSide(name.trimmed, sides: letters)
      }
      sides.append(letter)
    }
    return sides
  }
}
