/// A track typed on one line as it is printed on a sleeve or a track list,
/// its position first: `A1. Airbag (4:44)`, `B2 Karma Police`, `3. Lucky`
/// (issue 20.10). The side comes from the position's letter; the number is
/// dropped, since track numbers are regenerated as in a hand-written list
/// (docs/album-format.md, "Sides and durations"); a length at the end stays in the name for
/// ``Album/addTrack(_:at:side:duration:)`` to read.
///
/// Only a position that cannot be the start of a title is taken: a letter
/// and a number (`A1`, `A1.`), or a number followed by a dot (`3.`), so
/// "99 Problems" and "1999" stay names.
public struct TrackLine: Equatable, Sendable {
  /// The side letter of the position (`A` of `A1`), or `nil`.
  public var side: String?
  /// The rest of the line: the name, and its length if written.
  public var name: String

  public init(parsing text: String) {
    let trimmed = text.trimmed
    if let match = trimmed.wholeMatch(of: /([A-Za-z])(\d{1,3})(?:\.\s*|\s+)(\S.*)/) {
      // A lowercase letter needs the dot: "a1 sauce" may be a title.
      if match.1.first?.isUppercase == true || trimmed.dropFirst(match.1.count + match.2.count).hasPrefix(".") {
        self.init(side: String(match.1).uppercased(), name: String(match.3))
        return
      }
    }
    if let match = trimmed.wholeMatch(of: /\d{1,3}\.\s+(\S.*)/) {
      self.init(side: nil, name: String(match.1))
      return
    }
    self.init(side: nil, name: text)
  }

  public init(side: String?, name: String) {
    self.side = side
    self.name = name
  }
}

extension Album {
  /// Adds a track typed as a ``TrackLine``: on the side its position
  /// names (made when there is none yet), with the length it ends in.
  public mutating func addTrack(line text: String) throws(AlbumEditError) {
    let line = TrackLine(parsing: text)
    try addTrack(line.name, side: line.side)
  }
}

/// The favourite mark of docs/album-format.md, "Favourite tracks": a track item whose text ends in
/// ` ★`, after its length, is one of the collector's favourite tracks.
///
/// A star typed by hand with other spacing (`Airbag (4:44)★`, two spaces,
/// a tab) is read the same and written back canonically only when the track
/// changes; a star anywhere else (`Dark ★ Star`), or a name that is only a
/// star (Bowie's `★`), is part of the name.
public enum FavouriteStar {
  /// What `rk` writes after a favourite's name and length.
  public static let suffix = " ★"
  private static let star = Array("★".utf8)

  /// Where the text before a final star ends (the blanks before the star
  /// left out), or `nil` when `text` (trimmed) does not end in a star after
  /// something else.
  static func textEnd(of text: ArraySlice<UInt8>) -> Int? {
    guard text.count > star.count, text.suffix(star.count).elementsEqual(star) else { return nil }
    var rest = text.dropLast(star.count)
    while let last = rest.last, isBlank(last) { rest = rest.dropLast() }
    guard !rest.isEmpty else { return nil }
    return rest.endIndex
  }

  /// Splits a track's text as an item in `album.md` reads: `Airbag (4:44) ★`
  /// is "Airbag", 284 seconds, a favourite.
  public static func splitTrack(_ text: String) -> (name: String, seconds: Int?, favourite: Bool) {
    let trimmed = text.trimmed
    let bytes = Array(trimmed.utf8)[...]
    guard let end = textEnd(of: bytes) else {
      let (name, seconds) = TrackDuration.split(trimmed)
      return (name, seconds, false)
    }
    let (name, seconds) = TrackDuration.split(string(bytes[..<end]))
    return (name, seconds, true)
  }
}
