/// Changes to an album's tags and tracks, with the seed's rules (§3.7, §3.9).
///
/// Each returns whether the album changed: an operation the seed says "has no
/// effect" returns `false` rather than failing.
extension Album {
  /// Adds a tag: blank text, or a tag already there with exactly this text
  /// (case-sensitive), changes nothing (seed §3.7).
  @discardableResult
  public mutating func addTag(_ text: String) throws(AlbumEditError) -> Bool {
    let tag = text.trimmed
    guard !tag.isEmpty, !tags.contains(tag) else { return false }
    try Album.check(tag, field: .tag(tags.count))
    tags.append(tag)
    return true
  }

  /// Removes the tag with exactly this text.
  @discardableResult
  public mutating func removeTag(_ text: String) -> Bool {
    let tag = text.trimmed
    let before = tags.count
    tags.removeAll { $0 == tag }
    return tags.count != before
  }

  /// Adds a track at `number` (1-based; the end when `nil`). The name is
  /// trimmed and must be 1–255 characters (seed §3.9).
  public mutating func addTrack(_ text: String, at number: Int? = nil) throws(AlbumEditError) {
    let name = try Album.trackName(text, field: .track(tracks.count))
    // Check the position before subtracting, so no number can overflow.
    if let number, !(1...tracks.count + 1).contains(number) { throw .noSuchPosition(number, count: tracks.count) }
    tracks.insert(name, at: number.map { $0 - 1 } ?? tracks.count)
  }

  /// Removes track `number` (1-based).
  public mutating func removeTrack(_ number: Int) throws(AlbumEditError) {
    let index = try trackIndex(number)
    tracks.remove(at: index)
  }

  /// Swaps track `number` with the one before it; on the first track this
  /// does nothing (seed §3.9).
  @discardableResult
  public mutating func moveTrackUp(_ number: Int) throws(AlbumEditError) -> Bool {
    let index = try trackIndex(number)
    guard index > 0 else { return false }
    tracks.swapAt(index, index - 1)
    return true
  }

  /// Swaps track `number` with the one after it; on the last track this does
  /// nothing (seed §3.9).
  @discardableResult
  public mutating func moveTrackDown(_ number: Int) throws(AlbumEditError) -> Bool {
    let index = try trackIndex(number)
    guard index < tracks.count - 1 else { return false }
    tracks.swapAt(index, index + 1)
    return true
  }

  /// Renames track `number`; the new name follows the same rules as a new track.
  @discardableResult
  public mutating func renameTrack(_ number: Int, to text: String) throws(AlbumEditError) -> Bool {
    let index = try trackIndex(number)
    let name = try Album.trackName(text, field: .track(index))
    guard tracks[index] != name else { return false }
    tracks[index] = name
    return true
  }

  private func trackIndex(_ number: Int) throws(AlbumEditError) -> Int {
    guard (1...max(1, tracks.count)).contains(number), number <= tracks.count else {
      throw .noSuchTrack(number, count: tracks.count)
    }
    return number - 1
  }

  private static func trackName(_ text: String, field: AlbumField) throws(AlbumEditError) -> String {
    let name = text.trimmed
    guard !name.isEmpty else { throw .blankTrack }
    try check(name, field: field)
    return name
  }

  /// Refuses text that breaks a rule of validation (``textProblems``), so an
  /// edit never makes an album that validation would then refuse.
  private static func check(_ text: String, field: AlbumField) throws(AlbumEditError) {
    for problem in textProblems(text, field, required: false) {
      switch problem.rule {
      case .tooLong: throw .tooLong(field, count: text.count)
      case .singleLine: throw .multipleLines(field)
      default: throw .invalid([problem])
      }
    }
  }
}

/// Why a change to an album was refused; nothing was written.
public enum AlbumEditError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A track name that is blank after trimming.
  case blankTrack
  /// Text over 255 characters.
  case tooLong(AlbumField, count: Int)
  /// Text with a line break where one line is expected.
  case multipleLines(AlbumField)
  /// No track with this number.
  case noSuchTrack(Int, count: Int)
  /// No such position to insert at.
  case noSuchPosition(Int, count: Int)
  /// The album would break these rules.
  case invalid([AlbumProblem])

  public var description: String {
    switch self {
    case .blankTrack: "a track name must not be blank"
    case .tooLong(let field, let count):
      "\(field.key): \(field.itemLabel)is \(count) characters long; at most \(maximumFieldLength) are allowed"
    case .multipleLines(let field): "\(field.key): \(field.itemLabel)must be a single line"
    case .noSuchTrack(let number, let count):
      count == 0 ? "there is no track \(number): the album has no tracks" : "there is no track \(number): the tracks are numbered 1 to \(count)"
    case .noSuchPosition(let number, let count): "cannot add a track at \(number): use a position from 1 to \(count + 1)"
    case .invalid(let problems): problems.map(\.description).joined(separator: "\n")
    }
  }
}

extension AlbumField {
  /// "track 3 " or "tag 2 ", to begin a message about one item.
  var itemLabel: String {
    switch self {
    case .track(let index): "track \(index + 1) "
    case .tag(let index): "tag \(index + 1) "
    default: ""
    }
  }
}
