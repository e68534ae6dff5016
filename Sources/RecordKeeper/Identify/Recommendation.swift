/// Seed 001's buying recommendation, each with its badge.
public enum Recommendation: String, CaseIterable, Hashable, Sendable {
  /// Must own for any serious music collection.
  case essential = "ESSENTIAL"
  /// Buy if you're a fan of the artist, genre or era.
  case recommended = "RECOMMENDED"
  /// Not worth your time or money.
  case skip = "SKIP"
  /// Actively bad.
  case avoid = "AVOID"

  /// 💎 👍 😐 💩 (seed 001, "hardcoded in app").
  public var badge: String {
    switch self {
    case .essential: "💎"
    case .recommended: "👍"
    case .skip: "😐"
    case .avoid: "💩"
    }
  }

  /// `💎 ESSENTIAL`.
  public var label: String { badge + " " + rawValue }

  /// The recommendation named `text`, in any case; `nil` for anything else.
  public init?(text: String) {
    self.init(rawValue: text.trimmed.uppercased())
  }
}
