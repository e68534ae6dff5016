/// A field of an album that a rule can be about.
public enum AlbumField: Hashable, Sendable {
  case title, artist, sortArtist, released, wikipedia
  /// The track at this 0-based position.
  case track(Int)
  /// The tag at this 0-based position.
  case tag(Int)

  /// The front-matter key (`sort_artist`), or `tracks` / `tags`.
  public var key: String {
    switch self {
    case .title: "title"
    case .artist: "artist"
    case .sortArtist: "sort_artist"
    case .released: "released"
    case .wikipedia: "wikipedia"
    case .track: "tracks"
    case .tag: "tags"
    }
  }

  init?(key: String) {
    switch key {
    case "title": self = .title
    case "artist": self = .artist
    case "sort_artist": self = .sortArtist
    case "released": self = .released
    case "wikipedia": self = .wikipedia
    case "tags": self = .tag(0)
    default: return nil
    }
  }
}

/// A rule an album breaks, with the field it is about.
public struct AlbumProblem: Hashable, Sendable, CustomStringConvertible {
  public var field: AlbumField
  /// The line in `album.md`, when the album was read from a file.
  public var line: Int
  public var message: String

  public init(field: AlbumField, line: Int = 1, message: String) {
    self.field = field
    self.line = line
    self.message = message
  }

  /// `field: message`, as `rk` prints it after `PATH:LINE: `.
  public var description: String { "\(field.key): \(message)" }
}

/// The longest text any field may hold, in characters (seed §3.9).
public let maximumFieldLength = 255

extension Album {
  /// Every rule of PRODUCT.md §2 "Validation" this album breaks.
  public func problems() -> [AlbumProblem] {
    var problems: [AlbumProblem] = []
    func check(_ text: String?, _ field: AlbumField, required: Bool = false) {
      guard let text, !text.isBlank else {
        if required { problems.append(AlbumProblem(field: field, message: "is required and must not be blank")) }
        return
      }
      if text.utf8.count > maximumFieldLength, text.count > maximumFieldLength {
        problems.append(AlbumProblem(field: field, message: "is \(text.count) characters long; at most \(maximumFieldLength) are allowed"))
      }
      // Line breaks are control characters or start with 0xC2 / 0xE2 in UTF-8.
      if text.utf8.contains(where: { $0 < 0x20 || $0 == 0xC2 || $0 == 0xE2 }), text.unicodeScalars.contains(where: Album.isLineBreak) {
        problems.append(AlbumProblem(field: field, message: "must be a single line"))
      }
    }
    check(title, .title, required: true)
    check(artist, .artist, required: true)
    check(sortArtist, .sortArtist)
    if let released {
      do throws(ReleaseDateError) {
        _ = try ReleaseDate(parsing: released)
      } catch {
        problems.append(AlbumProblem(field: .released, message: error.description))
      }
    }
    check(wikipedia, .wikipedia)
    if let wikipedia, !Album.isWebAddress(wikipedia) {
      problems.append(AlbumProblem(field: .wikipedia, message: "\"\(wikipedia)\" is not a web address; write it as https://…"))
    }
    for (index, track) in tracks.enumerated() {
      check(track, .track(index), required: true)
    }
    var seen = Set<String>()
    for (index, tag) in tags.enumerated() {
      check(tag, .tag(index), required: true)
      if !seen.insert(tag).inserted {
        problems.append(AlbumProblem(field: .tag(index), message: "\"\(tag)\" appears more than once; remove the repeat"))
      }
    }
    return problems.map { problem in
      var problem = problem
      switch problem.field {
      case .track(let index): problem.message = "track \(index + 1) " + problem.message
      case .tag(let index) where !problem.message.hasPrefix("\""): problem.message = "tag \(index + 1) " + problem.message
      default: break
      }
      return problem
    }
  }

  static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
    (0x0A...0x0D).contains(scalar.value) || scalar == "\u{85}" || scalar == "\u{2028}" || scalar == "\u{2029}"
  }

  /// Whether `text` is an http(s) address with a host and no spaces.
  static func isWebAddress(_ text: String) -> Bool {
    let lowered = text.lowercased()
    guard let scheme = ["https://", "http://"].first(where: lowered.hasPrefix) else { return false }
    let rest = text.dropFirst(scheme.count)
    return !rest.isEmpty && !rest.hasPrefix("/") && !text.contains(where: \.isWhitespace)
  }
}
