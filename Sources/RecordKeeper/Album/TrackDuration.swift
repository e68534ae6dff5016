/// A track's length (docs/album-format.md, "Sides and durations"): `(m:ss)` or `(h:mm:ss)` at the end of
/// a track item, which is not part of the track's name.
public enum TrackDuration {
  /// What the end of a track item's text holds.
  enum Tail: Equatable {
    /// No group in parentheses of digits and colons at the end.
    case none
    /// A length; the name ends at `nameEnd` (white space before the group left out).
    case valid(seconds: Int, nameEnd: Int)
    /// A group that looks like a length (`(4:75)`, `(4:5)`) but is not one.
    case invalid(String)
  }

  /// The most digits the first part may have, so that no sum overflows.
  private static let maximumDigits = 6

  /// Reads the end of a track item's text (already trimmed). A group counts
  /// only after a name: `(4:44)` alone is a name.
  static func tail(of text: ArraySlice<UInt8>) -> Tail {
    guard text.last == UInt8(ascii: ")"), let open = text.lastIndex(of: UInt8(ascii: "(")) else { return .none }
    let group = text[(open + 1)..<(text.endIndex - 1)]
    let parts = group.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
    guard parts.count >= 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(isDigit) }) else { return .none }
    var name = text[..<open]
    while let last = name.last, isBlank(last) { name = name.dropLast() }
    guard !name.isEmpty else { return .none }
    guard let seconds = seconds(parts) else { return .invalid(string(text[open...])) }
    return .valid(seconds: seconds, nameEnd: name.endIndex)
  }

  /// The seconds of `m:ss` or `h:mm:ss` split at its colons; `nil` when it
  /// is not a length.
  private static func seconds(_ parts: [ArraySlice<UInt8>]) -> Int? {
    guard (2...3).contains(parts.count), parts[0].count <= maximumDigits else { return nil }
    var total = 0
    for (index, part) in parts.enumerated() {
      let value = part.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
      if index > 0 { guard part.count == 2, value < 60 else { return nil } }
      total = total * 60 + value
    }
    return total
  }

  /// Splits a track's text into its name and its length, as an item in
  /// `album.md` reads: `Airbag (4:44)` is "Airbag", 284 seconds. Text whose
  /// end is not a valid length is all name.
  public static func split(_ text: String) -> (name: String, seconds: Int?) {
    let trimmed = text.trimmed
    let bytes = Array(trimmed.utf8)[...]
    guard case .valid(let seconds, let nameEnd) = tail(of: bytes) else { return (trimmed, nil) }
    return (string(bytes[..<nameEnd]), seconds)
  }

  /// The group at the end of `name` that looks like a length but is not
  /// one (`(4:75)`), if any: a problem for validation.
  static func invalidTail(of name: String) -> String? {
    if case .invalid(let group) = tail(of: Array(name.utf8)[...]) { return group }
    return nil
  }

  /// Parses a length written `m:ss` or `h:mm:ss` (as `rk track add
  /// --duration` takes it), with or without its parentheses.
  public static func parse(_ text: String) throws(TrackDurationError) -> Int {
    var bytes = Array(text.trimmed.utf8)[...]
    if bytes.first == UInt8(ascii: "("), bytes.last == UInt8(ascii: ")") { bytes = bytes.dropFirst().dropLast() }
    let parts = bytes.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
    guard parts.count >= 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(isDigit) }), let seconds = seconds(parts) else {
      throw TrackDurationError(text: text)
    }
    return seconds
  }

  /// `4:44`, or `1:02:03` for an hour or more.
  public static func text(_ seconds: Int) -> String {
    let (hours, rest) = seconds.quotientAndRemainder(dividingBy: 3600)
    let (minutes, secs) = rest.quotientAndRemainder(dividingBy: 60)
    let two = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
    return hours > 0 ? "\(hours):\(two(minutes)):\(two(secs))" : "\(minutes):\(two(secs))"
  }

  /// The message for a group that looks like a length but is not one.
  static func advice(_ group: String) -> String {
    "ends in \(group), which is not a length: write (m:ss) or (h:mm:ss) with minutes and seconds below 60, e.g. (4:44)"
  }

  private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}

/// A length that is not written `m:ss` or `h:mm:ss`.
public struct TrackDurationError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The text as given.
  public var text: String

  public var description: String {
    "\"\(text)\" is not a length: write m:ss or h:mm:ss with minutes and seconds below 60, e.g. 4:44"
  }
}
