/// A `--format` template such as `{artist}\t{title}`: one line per album.
///
/// A placeholder that names no field is an extra front-matter key (`{mood}`),
/// empty for albums without it. Whether any album has that key is known only
/// once the collection is loaded: ``requireExtraKeys(in:)`` refuses a name no
/// album uses, which is almost always a typo.
public struct FormatTemplate: Sendable {
  private enum Piece: Sendable {
    case text(String)
    case field(Placeholder)
    /// `{label}`, `{catalog_number}` …: a collector's field.
    case collector(CollectorField)
    /// Any other name: an extra key, kept in ``Album/extra``.
    case extra(String)
  }

  /// The placeholders a template may use.
  public enum Placeholder: CaseIterable, Sendable, RawRepresentable {
    case id, title, artist, sortArtist, released, year, wikipedia, tags, tracks
    /// The album's length, `m:ss` or `h:mm:ss`; empty unless every track has one.
    case duration
    /// How many times the album was played, and the day of its last play.
    case plays, lastPlayed

    /// The field shown, whose name (``Field``) the placeholder is.
    public var field: Field {
      switch self {
      case .id: .id
      case .title: .title
      case .artist: .artist
      case .sortArtist: .sortArtist
      case .released: .released
      case .year: .year
      case .wikipedia: .wikipedia
      case .tags: .tags
      case .tracks: .tracks
      case .duration: .duration
      case .plays: .plays
      case .lastPlayed: .lastPlayed
      }
    }

    public var rawValue: String { field.rawValue }

    public init?(rawValue: String) {
      guard let placeholder = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
      self = placeholder
    }

    func value(of album: Album) -> String {
      switch self {
      case .id: album.id
      case .title: album.title
      case .artist: album.artist
      case .sortArtist: album.sortArtist ?? ""
      case .released: album.releaseDate?.text ?? album.released ?? ""
      case .year: album.releaseDate.map { String($0.year) } ?? ""
      case .wikipedia: album.wikipedia ?? ""
      case .tags: album.tags.joined(separator: ", ")
      case .tracks: album.tracks.joined(separator: "; ")
      case .duration: album.duration.map(TrackDuration.text) ?? ""
      case .plays: String(album.plays)
      case .lastPlayed: album.lastPlayed?.day ?? ""
      }
    }
  }

  private let pieces: [Piece]

  /// Parses a template; `\t`, `\n` and `\\` are escapes, `{{` and `}}` braces.
  public init(_ template: String) throws(FormatTemplateError) {
    var pieces: [Piece] = []
    var text = ""
    var characters = Array(template)[...]
    while let character = characters.popFirst() {
      switch character {
      case "\\":
        switch characters.first {
        case "t": text.append("\t")
        case "n": text.append("\n")
        case "\\": text.append("\\")
        default:
          text.append("\\")
          continue
        }
        characters.removeFirst()
      case "{" where characters.first == "{", "}" where characters.first == "}":
        text.append(character)
        characters.removeFirst()
      case "{":
        guard let close = characters.firstIndex(of: "}") else { throw .unclosed }
        let name = String(characters[..<close])
        let piece: Piece
        if let placeholder = Placeholder(rawValue: name) {
          piece = .field(placeholder)
        } else if let field = CollectorField(rawValue: name) {
          piece = .collector(field)
        } else if name.isEmpty {
          throw .unknown(name, suggestion: nil)
        } else {
          piece = .extra(name)
        }
        if !text.isEmpty { pieces.append(.text(text)) }
        text = ""
        pieces.append(piece)
        characters = characters[(close + 1)...]
      default:
        text.append(character)
      }
    }
    if !text.isEmpty { pieces.append(.text(text)) }
    self.pieces = pieces
  }

  /// The template filled in for `album`.
  public func render(_ album: Album) -> String {
    var line = ""
    for piece in pieces {
      switch piece {
      case .text(let text): line += text
      case .field(let placeholder): line += placeholder.value(of: album)
      case .collector(let field): line += album[keyPath: field.keyPath] ?? ""
      case .extra(let key): line += album.extra.first { $0.key == key }?.value.inline ?? ""
      }
    }
    return line
  }

  /// Whether the template shows plays, which are read only when needed.
  public var needsPlays: Bool {
    pieces.contains { if case .field(let field) = $0 { field == .plays || field == .lastPlayed } else { false } }
  }

  /// The extra keys the template names, in order of first use.
  public var extraKeys: [String] {
    var keys: [String] = []
    for case .extra(let key) in pieces where !keys.contains(key) { keys.append(key) }
    return keys
  }

  /// Refuses an extra-key placeholder that no album of `albums` has, naming
  /// the closest placeholder or key that does exist.
  public func requireExtraKeys(in albums: [Album]) throws(FormatTemplateError) {
    var missing = extraKeys
    // Most templates name no extra key, or keys that an early album has.
    for album in albums {
      if missing.isEmpty { return }
      missing.removeAll { key in album.extra.contains { $0.key == key } }
    }
    guard let name = missing.first else { return }
    var existing: [String] = []
    var seen = Set<String>()
    for album in albums {
      for field in album.extra where seen.insert(field.key).inserted { existing.append(field.key) }
    }
    let candidates = Self.fieldNames + existing.sorted()
    throw .unknown(name, suggestion: Suggestion.closest(to: name, among: candidates))
  }

  /// Every placeholder that is not an extra key, in the order `--help` lists them.
  static let fieldNames = Placeholder.allCases.map(\.rawValue) + CollectorField.allCases.map(\.key)
}

/// Why a `--format` template was refused.
public enum FormatTemplateError: Error, Equatable, Sendable, CustomStringConvertible {
  /// `{name}` is neither a field nor an extra key of any album (`{}` is
  /// never one); `suggestion` is the closest name that is.
  case unknown(String, suggestion: String?)
  /// A `{` with no `}` after it.
  case unclosed

  public var description: String {
    let names = FormatTemplate.fieldNames.map { "{\($0)}" }.joined(separator: " ")
    switch self {
    case .unknown(let name, let suggestion?):
      return "{\(name)} is not a placeholder or an extra key of any album; did you mean {\(suggestion)}? (write {{ for a literal brace)"
    case .unknown(let name, nil):
      return
        "{\(name)} is not a placeholder or an extra key of any album; use \(names) or an extra key by name (write {{ for a literal brace)"
    case .unclosed: return "a { is not closed; use \(names) or an extra key by name (write {{ for a literal brace)"
    }
  }
}
