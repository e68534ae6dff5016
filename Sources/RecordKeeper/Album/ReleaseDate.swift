/// A release date at the precision the collector knows it: a year, a year and
/// month, or a full calendar date (seed §3.9).
public struct ReleaseDate: Hashable, Sendable {
  public let year: Int
  public let month: Int?
  public let day: Int?

  /// Parses `YYYY`, `YYYY-MM` or `YYYY-MM-DD`, with or without zero padding.
  ///
  /// Throws the rule that the text breaks, phrased for the collector.
  public init(parsing text: String) throws(ReleaseDateError) {
    var numbers: [Int] = []
    var value = 0
    var digits = 0
    for byte in text.utf8 {
      if byte == UInt8(ascii: "-"), (1...4).contains(digits), numbers.count < 2 {
        numbers.append(value)
        (value, digits) = (0, 0)
      } else if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte), digits < 4 {
        value = value * 10 + Int(byte - UInt8(ascii: "0"))
        digits += 1
      } else {
        throw .malformed(text)
      }
    }
    guard digits > 0 else { throw .malformed(text) }
    numbers.append(value)
    try self.init(year: numbers[0], month: numbers.count > 1 ? numbers[1] : nil, day: numbers.count > 2 ? numbers[2] : nil)
  }

  /// Parses a date a person gives (`rk set --released`, the app's form):
  /// as ``init(parsing:)``, but the year must be written with four digits,
  /// so `97` is refused rather than kept as the year 0097.
  public init(given text: String) throws(ReleaseDateError) {
    let yearDigits = text.utf8.prefix { $0 != UInt8(ascii: "-") }
    if yearDigits.count != 4, !yearDigits.isEmpty, yearDigits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) {
      throw .shortYear(text)
    }
    try self.init(parsing: text)
  }

  /// Makes a date from its parts; a month needs a year, a day needs a month,
  /// and together they must name a real calendar day.
  public init(year: Int, month: Int? = nil, day: Int? = nil) throws(ReleaseDateError) {
    guard (1...9999).contains(year) else { throw .year }
    if let month, !(1...12).contains(month) { throw .month }
    if let day {
      guard let month else { throw .dayWithoutMonth }
      guard (1...ReleaseDate.daysIn(month: month, year: year)).contains(day) else { throw .day(year: year, month: month, day: day) }
    }
    self.year = year
    self.month = month
    self.day = day
  }

  /// The canonical, zero-padded text: `1997`, `1997-05`, `1997-05-21`.
  public var text: String {
    var result = pad(year, 4)
    if let month { result += "-" + pad(month, 2) }
    if let day { result += "-" + pad(day, 2) }
    return result
  }

  /// The day this date stands for when sorting: a year alone is 1 January, a
  /// year and month the 1st (seed §3.2.1).
  public var sortKey: Int { year * 10_000 + (month ?? 1) * 100 + (day ?? 1) }

  /// What a missing date sorts as: 31 December 9999.
  public static let missingSortKey = 9999_12_31

  static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  private func pad(_ value: Int, _ width: Int) -> String {
    let digits = String(value)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }
}

/// Why a release date was refused.
public enum ReleaseDateError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Not of the form YYYY, YYYY-MM or YYYY-MM-DD.
  case malformed(String)
  /// The year is not a whole number from 1 to 9999.
  case year
  /// A date given with a year of other than four digits (`97`).
  case shortYear(String)
  /// The month is not 1…12.
  case month
  /// A day was given without a month.
  case dayWithoutMonth
  /// The day does not exist in that month.
  case day(year: Int, month: Int, day: Int)

  public var description: String {
    switch self {
    case .malformed(let text): "\"\(text)\" is not a date; write YYYY, YYYY-MM or YYYY-MM-DD"
    case .year: "the year must be a whole number from 1 to 9999"
    case .shortYear(let text):
      "\"\(text)\" is not a date: write the year with all four digits (1997, not 97), as YYYY, YYYY-MM or YYYY-MM-DD"
    case .month: "the month must be from 1 to 12"
    case .dayWithoutMonth: "a day needs a month"
    case .day(let year, let month, let day):
      "\(year)-\(month < 10 ? "0" : "")\(month) has no day \(day)"
    }
  }
}
