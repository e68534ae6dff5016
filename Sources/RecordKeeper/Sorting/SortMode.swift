/// The five orders of the seed's "Sort by:" popup (seed §3.2), the two
/// of plays, and `relevance`: a search's best matches first (docs/commands.md,
/// "Sorting"), the default order when there is nothing to match.
public enum SortMode: String, CaseIterable, Hashable, Sendable {
  case artistYear = "artist-year"
  case artistTitle = "artist-title"
  case title
  case year
  case random
  /// Most played first (``Album/plays``).
  case plays
  /// Most recently played first; never played last (``Album/lastPlayed``).
  case lastPlayed = "last-played"
  case relevance

  /// The default, "By artist, then release year".
  public static let `default` = SortMode.artistYear

  /// The seed's wording for the mode.
  public var label: String {
    switch self {
    case .artistYear: "By artist, then release year"
    case .artistTitle: "By artist, then alphabetically"
    case .title: "By album alphabetically"
    case .year: "By release year"
    case .random: "Randomly"
    case .plays: "Most played"
    case .lastPlayed: "Recently played"
    case .relevance: "Best match"
    }
  }

  /// Whether the mode orders by plays, which are read only when needed.
  public var needsPlays: Bool { self == .plays || self == .lastPlayed }

  /// Parses a mode name, naming the valid ones when it is not one.
  public init(name: String) throws(SortModeError) {
    guard let mode = SortMode(rawValue: name.lowercased()) else { throw SortModeError(name: name) }
    self = mode
  }
}

/// An unknown sort mode name.
public struct SortModeError: Error, Equatable, Sendable, CustomStringConvertible {
  public var name: String

  public var description: String {
    "\"\(name)\" is not a sort mode; use one of \(SortMode.allCases.map(\.rawValue).joined(separator: ", "))"
  }
}
