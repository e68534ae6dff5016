import Foundation

/// The start of a period of history, as `rk log --since WHEN` takes it:
/// a date (`2026-11-01`), a date and time (`2026-11-01 14:30`,
/// `2026-11-01T14:30:00`), `today`, `yesterday`, or an amount of time ago
/// (`3 days`, `2 weeks ago`, `1 month`). Dates and times are local time.
public struct HistoryStart: Hashable, Sendable {
  /// The first moment included.
  public var date: Date

  public init(date: Date) { self.date = date }

  /// Reads `text`, with relative forms counted back from `now`.
  public init(parsing text: String, now: Date = Date(), calendar: Calendar = .current) throws(HistoryStartError) {
    let trimmed = text.trimmed.lowercased()
    let startOfToday = calendar.startOfDay(for: now)
    switch trimmed {
    case "today": date = startOfToday
    case "yesterday":
      guard let yesterday = calendar.date(byAdding: .day, value: -1, to: startOfToday) else { throw .unreadable(text) }
      date = yesterday
    default:
      if let absolute = Self.absolute(trimmed, calendar: calendar) {
        date = absolute
      } else if let relative = Self.relative(trimmed, now: now, calendar: calendar) {
        date = relative
      } else {
        throw .unreadable(text)
      }
    }
  }

  /// `YYYY-MM-DD`, optionally followed by ` HH:MM[:SS]` or `THH:MM[:SS]`.
  private static func absolute(_ text: String, calendar: Calendar) -> Date? {
    let parts = text.split(whereSeparator: { $0 == " " || $0 == "t" }).map(String.init)
    guard (1...2).contains(parts.count) else { return nil }
    let day = parts[0].split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
    guard day.count == 3, let year = day[0], let month = day[1], let dayOfMonth = day[2] else { return nil }
    var components = DateComponents(year: year, month: month, day: dayOfMonth, hour: 0, minute: 0, second: 0)
    if parts.count == 2 {
      let time = parts[1].split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
      guard (2...3).contains(time.count), let hour = time[0], let minute = time[1] else { return nil }
      components.hour = hour
      components.minute = minute
      components.second = time.count == 3 ? time[2] : 0
      guard (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(components.second ?? 0) else { return nil }
    }
    // A date the calendar would roll over (February 30) is refused.
    guard components.isValidDate(in: calendar) else { return nil }
    return calendar.date(from: components)
  }

  /// `N unit[s] [ago]`.
  private static func relative(_ text: String, now: Date, calendar: Calendar) -> Date? {
    var words = text.split(separator: " ").map(String.init)
    if words.last == "ago" { words.removeLast() }
    guard words.count == 2, let amount = Int(words[0]), amount >= 0 else { return nil }
    let unit = words[1].hasSuffix("s") ? String(words[1].dropLast()) : words[1]
    let component: Calendar.Component
    switch unit {
    case "minute", "min": component = .minute
    case "hour": component = .hour
    case "day": component = .day
    case "week": component = .weekOfYear
    case "month": component = .month
    case "year": component = .year
    default: return nil
    }
    return calendar.date(byAdding: component, value: -amount, to: now)
  }
}

/// Why a `--since` value could not be read.
public enum HistoryStartError: Error, Equatable, Sendable, CustomStringConvertible {
  case unreadable(String)

  public var description: String {
    switch self {
    case .unreadable(let text):
      "cannot read \"\(text)\" as a time: write a date (2026-11-01), a date and time (2026-11-01 14:30), today, yesterday, or an amount of time ago (3 days, 2 weeks ago)"
    }
  }
}

extension GitCommit {
  /// The change as JSON for `rk log --json`: `id`, `summary`, `message`,
  /// `author`, `email`, `time` (ISO 8601, UTC), and `action`, the kind of
  /// change `rk` made, or null for a commit someone made with git.
  public var json: JSONValue {
    .object([
      ("id", .string(id)),
      ("summary", .string(summary)),
      ("message", .string(message)),
      ("author", .string(authorName)),
      ("email", .string(authorEmail)),
      ("time", .string(date.formatted(.iso8601))),
      ("action", ChangeMessage.action(of: message).map(JSONValue.string) ?? .null),
    ])
  }
}
