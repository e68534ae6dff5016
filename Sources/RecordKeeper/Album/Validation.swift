/// A field of an album that a rule can be about.
public enum AlbumField: Hashable, Sendable {
  case title, artist, sortArtist, released, wikipedia
  /// The track at this 0-based position.
  case track(Int)
  /// The tag at this 0-based position.
  case tag(Int)
  /// A collector's field.
  case collector(CollectorField)

  /// The front-matter key (`sort_artist`), or `tracks` / `tags`: the name
  /// of the rule field it is.
  public var key: String { ruleField.name }

  /// The field as rules name it; a track or tag is the list's.
  var ruleField: RuleField {
    switch self {
    case .track: .tracks
    case .tag: .tags
    case .title: .title
    case .artist: .artist
    case .sortArtist: .sortArtist
    case .released: .released
    case .wikipedia: .wikipedia
    case .collector(let field): .collector(field)
    }
  }

  init?(key: String) {
    switch key {
    case Field.title.rawValue: self = .title
    case Field.artist.rawValue: self = .artist
    case Field.sortArtist.rawValue: self = .sortArtist
    case Field.released.rawValue: self = .released
    case Field.wikipedia.rawValue: self = .wikipedia
    case Field.tags.rawValue: self = .tag(0)
    default:
      guard let field = CollectorField(rawValue: key) else { return nil }
      self = .collector(field)
    }
  }
}

/// A rule an album breaks, with the field it is about.
///
/// Two problems are equal when they are about the same field, line and
/// ``Rule``; the wording of the message does not count (except for
/// ``Rule/other``, which has nothing else to tell problems apart).
public struct AlbumProblem: Hashable, Sendable, CustomStringConvertible {
  /// Which rule of docs/album-format.md, "Validation", is broken.
  public enum Rule: Hashable, Sendable {
    /// A required text (title, artist, a track or tag) is blank.
    case required
    /// More than 255 characters.
    case tooLong
    /// A line break where one line is expected.
    case singleLine
    /// `released` is not a real date in one of the three forms.
    case releaseDate
    /// `wikipedia` is not an http(s) address.
    case webAddress
    /// A collector's field that breaks its own rule: a grade, barcode,
    /// rating, status, purchase date or identifier that is not one.
    case collectorValue
    /// A track name that ends in a length that is not one (`(4:75)`).
    case trackLength
    /// A tag that appears more than once.
    case duplicateTag
    /// A value of the wrong YAML kind (a list where text belongs, …).
    case wrongKind
    /// Anything else; told apart by its message.
    case other
  }

  public var field: AlbumField
  /// The line in `album.md`, when the album was read from a file.
  public var line: Int
  public var message: String
  public var rule: Rule

  public init(field: AlbumField, line: Int = 1, message: String, rule: Rule = .other) {
    self.field = field
    self.line = line
    self.message = message
    self.rule = rule
  }

  /// `field: message`, as `rk` prints it after `PATH:LINE: `.
  public var description: String { "\(field.key): \(message)" }

  public static func == (a: AlbumProblem, b: AlbumProblem) -> Bool {
    a.line == b.line && a.isSame(as: b)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(line)
    hasher.combine(kind)
  }

  /// Whether `other` breaks the same rule in the same field, wherever it is.
  public func isSame(as other: AlbumProblem) -> Bool { kind == other.kind }

  /// What tells problems apart, without their lines; a track or tag counts
  /// by its field and not its position, which moves when others are added
  /// or removed.
  var kind: Kind {
    let field: AlbumField =
      switch self.field {
      case .track: .track(0)
      case .tag: .tag(0)
      default: self.field
      }
    return Kind(field: field, rule: rule, message: rule == .other ? message : "")
  }

  struct Kind: Hashable {
    var field: AlbumField
    var rule: Rule
    var message: String
  }
}

/// The longest text any field may hold, in characters (seed §3.9).
public let maximumFieldLength = 255

/// The wording of the rules every text field follows, in one place: the
/// checks below use it with the text, and ``FieldCatalogue`` serves it to
/// the app with placeholders (`{value}`, `{count}`).
enum ValidationMessage {
  static let required = "is required and must not be blank"
  static let singleLine = "must be a single line"

  /// `count` is the text's length in characters.
  static func tooLong(_ count: String) -> String { "is \(count) characters long; at most \(maximumFieldLength) are allowed" }

  static func notWebAddress(_ value: String) -> String { "\"\(value)\" is not a web address; write it as https://…" }

  static func duplicateTag(_ tag: String) -> String { "\"\(tag)\" appears more than once; remove the repeat" }
}

extension Album {
  /// Every rule of docs/album-format.md, "Validation", that this album breaks.
  public func problems() -> [AlbumProblem] {
    var problems: [AlbumProblem] = []
    func check(_ text: String?, _ field: AlbumField, required: Bool = false) {
      problems += Album.textProblems(text, field, required: required)
    }
    check(title, .title, required: true)
    check(artist, .artist, required: true)
    check(sortArtist, .sortArtist)
    if let released {
      do throws(ReleaseDateError) {
        _ = try ReleaseDate(parsing: released)
      } catch {
        problems.append(AlbumProblem(field: .released, message: error.description, rule: .releaseDate))
      }
    }
    check(wikipedia, .wikipedia)
    if let wikipedia, !Album.isWebAddress(wikipedia) {
      problems.append(AlbumProblem(field: .wikipedia, message: ValidationMessage.notWebAddress(wikipedia), rule: .webAddress))
    }
    for field in CollectorField.allCases {
      guard let value = self[keyPath: field.keyPath] else { continue }
      check(value, .collector(field))
      if let message = field.problem(with: value) {
        problems.append(AlbumProblem(field: .collector(field), message: message, rule: .collectorValue))
      }
    }
    for (index, track) in tracks.enumerated() {
      check(track, .track(index), required: true)
      problems += Album.trackProblems(track, .track(index))
    }
    var seen = Set<String>()
    for (index, tag) in tags.enumerated() {
      check(tag, .tag(index), required: true)
      if !seen.insert(tag).inserted {
        problems.append(AlbumProblem(field: .tag(index), message: ValidationMessage.duplicateTag(tag), rule: .duplicateTag))
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

  /// The rules every text field follows: present when required, at most
  /// 255 characters, one line. The one home of these rules: validation and
  /// the edits of Album+Editing both ask here.
  static func textProblems(_ text: String?, _ field: AlbumField, required: Bool) -> [AlbumProblem] {
    guard let text, !text.isBlank else {
      return required ? [AlbumProblem(field: field, message: ValidationMessage.required, rule: .required)] : []
    }
    var problems: [AlbumProblem] = []
    if text.utf8.count > maximumFieldLength, text.count > maximumFieldLength {
      problems.append(
        AlbumProblem(field: field, message: ValidationMessage.tooLong(String(text.count)), rule: .tooLong))
    }
    // Line breaks are control characters or start with 0xC2 / 0xE2 in UTF-8.
    if text.utf8.contains(where: { $0 < 0x20 || $0 == 0xC2 || $0 == 0xE2 }), text.unicodeScalars.contains(where: Album.isLineBreak) {
      problems.append(AlbumProblem(field: field, message: ValidationMessage.singleLine, rule: .singleLine))
    }
    return problems
  }

  /// The problems of this album that `original` does not have, so a change
  /// is refused only for what it breaks, never for what a person wrote
  /// before (docs/album-format.md, "Validation"). A problem is old when the original breaks the
  /// same rule in the same field with the same text, wherever it is: a
  /// blank track that moves from 3 to 2 is not new; a bad date changed to
  /// another bad date is.
  public func problems(notIn original: Album?) -> [AlbumProblem] {
    struct Key: Hashable {
      var kind: AlbumProblem.Kind
      var text: String?
    }
    var before: [Key: Int] = [:]
    if let original {
      for problem in original.problems() { before[Key(kind: problem.kind, text: original.text(of: problem.field)), default: 0] += 1 }
    }
    return problems().filter { problem in
      let key = Key(kind: problem.kind, text: text(of: problem.field))
      guard let count = before[key], count > 0 else { return true }
      before[key] = count - 1
      return false
    }
  }

  /// The text a field holds, for telling an old problem from a new one.
  private func text(of field: AlbumField) -> String? {
    switch field {
    case .title: title
    case .artist: artist
    case .sortArtist: sortArtist
    case .released: released
    case .wikipedia: wikipedia
    case .track(let index): tracks.indices.contains(index) ? tracks[index] : nil
    case .tag(let index): tags.indices.contains(index) ? tags[index] : nil
    case .collector(let field): self[keyPath: field.keyPath]
    }
  }

  /// The rule of docs/album-format.md, "Sides and durations", for a track's name: it may not end in a
  /// group that looks like a length but is not one (`(4:75)`), which the
  /// person surely meant as its length.
  static func trackProblems(_ name: String, _ field: AlbumField) -> [AlbumProblem] {
    guard let group = TrackDuration.invalidTail(of: name) else { return [] }
    return [AlbumProblem(field: field, message: TrackDuration.advice(group), rule: .trackLength)]
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
