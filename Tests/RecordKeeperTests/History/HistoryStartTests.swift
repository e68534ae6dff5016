import Foundation
import RecordKeeper
import Testing

@Suite("rk log --since")
struct HistoryStartTests {
  var calendar: Calendar {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
    return calendar
  }
  let now = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18 07:06:40 UTC

  func start(_ text: String) throws -> Date {
    try HistoryStart(parsing: text, now: now, calendar: calendar).date
  }

  @Test(arguments: [
    ("2026-11-01", 1_793_491_200.0), ("2026-11-01 14:30", 1_793_543_400.0), ("2026-11-01T14:30:05", 1_793_543_405.0),
    ("today", 1_794_960_000.0), ("yesterday", 1_794_873_600.0), ("3 days", 1_794_740_800.0),
    ("2 weeks ago", 1_793_790_400.0), ("1 hour ago", 1_794_996_400.0), (" 10 minutes ", 1_794_999_400.0),
  ])
  func readable(text: String, seconds: Double) throws {
    #expect(try start(text) == Date(timeIntervalSince1970: seconds))
  }

  @Test(arguments: ["", "soon", "2026-02-30", "2026-13-01", "3 fortnights", "-2 days", "2026-11-01 25:00", "2026/11/01"])
  func unreadable(text: String) {
    #expect(throws: HistoryStartError.unreadable(text)) { try start(text) }
  }
}
