/// A `--format` template such as `{artist}\t{title}`: one line per album.
public struct FormatTemplate: Sendable {
  private enum Piece: Sendable {
    case text(String)
    case field(Placeholder)
    /// `{label}`, `{catalog_number}` …: a collector's field of §1.1.
    case collector(CollectorField)
  }

  /// The placeholders a template may use.
  public enum Placeholder: String, CaseIterable, Sendable {
    case id, title, artist, sortArtist = "sort_artist", released, year, wikipedia, tags, tracks
    /// The album's length, `m:ss` or `h:mm:ss`; empty unless every track has one.
    case duration

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
        default: text.append("\\"); continue
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
        } else {
          throw .unknown(name)
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
      }
    }
    return line
  }
}

/// Why a `--format` template was refused.
public enum FormatTemplateError: Error, Equatable, Sendable, CustomStringConvertible {
  case unknown(String)
  case unclosed

  public var description: String {
    let names = (FormatTemplate.Placeholder.allCases.map(\.rawValue) + CollectorField.allCases.map(\.key)).map { "{\($0)}" }.joined(separator: " ")
    switch self {
    case .unknown(let name): return "{\(name)} is not a placeholder; use \(names) (write {{ for a literal brace)"
    case .unclosed: return "a { is not closed; use \(names) (write {{ for a literal brace)"
    }
  }
}
