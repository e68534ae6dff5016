/// The Markdown after the front matter, split around the track list.
///
/// The track list is the list under the `## Tracks` heading; everything else is
/// kept byte for byte, so the collector's notes survive every rewrite.
public struct AlbumBody: Hashable, Sendable {
  /// The text up to where the track list starts (or the whole body when there
  /// is no `## Tracks` heading).
  public var beforeTracks: String
  /// The text after the last track.
  public var afterTracks: String
  /// Whether the body has a `## Tracks` heading.
  public var hasTrackSection: Bool
  /// Whether that heading had a list under it; the text around a list is
  /// kept as it is, while a new list gets blank lines around it.
  public var hadTrackList: Bool

  public init(beforeTracks: String = "", afterTracks: String = "", hasTrackSection: Bool = false, hadTrackList: Bool = false) {
    self.beforeTracks = beforeTracks
    self.afterTracks = afterTracks
    self.hasTrackSection = hasTrackSection
    self.hadTrackList = hadTrackList
  }

  /// Everything but the track list, for showing the collector's notes.
  public var notes: String {
    hasTrackSection ? beforeTracks.replacingTrackHeading() + afterTracks : beforeTracks
  }

  /// Splits a body into the parts around its track list and the track names.
  ///
  /// Items may be numbered (`1.`, `1)`, any numbers) or bulleted (`-`, `*`,
  /// `+`); a blank line between items does not end the list.
  /// The track lines are 1-based within the body.
  static func parse(_ bytes: ArraySlice<UInt8>) -> (body: AlbumBody, tracks: [String], trackLines: [Int]) {
    var lines = LineScanner(bytes)
    while let line = lines.next() {
      guard isTrackHeading(bytes[line.content]) else { continue }
      var tracks: [String] = []
      var trackLines: [Int] = []
      var listStart = line.end
      var listEnd = line.end
      while let item = lines.next() {
        let content = bytes[item.content]
        if content.allSatisfy(isBlank) {
          if tracks.isEmpty { listStart = item.end; listEnd = item.end }
          continue
        }
        guard let name = listItemText(content) else { break }
        if tracks.isEmpty { listStart = item.start }
        tracks.append(name)
        trackLines.append(item.number)
        listEnd = item.end
      }
      let body = AlbumBody(
        beforeTracks: string(bytes[bytes.startIndex..<listStart]),
        afterTracks: string(bytes[listEnd...]),
        hasTrackSection: true,
        hadTrackList: !tracks.isEmpty)
      return (body, tracks, trackLines)
    }
    return (AlbumBody(beforeTracks: string(bytes)), [], [])
  }

  /// The body text with `tracks` written as a numbered list in its place.
  func rendered(tracks: [String]) -> String {
    let list = tracks.enumerated().map { "\($0.offset + 1). \($0.element)\n" }.joined()
    guard hasTrackSection else {
      guard !tracks.isEmpty else { return beforeTracks }
      let rest = beforeTracks.drop(while: { $0 == "\n" })
      return "\n## Tracks\n\n" + list + (rest.isEmpty ? "" : "\n" + rest)
    }
    if tracks.isEmpty {
      // Dropping every track takes the empty section with it.
      let head = beforeTracks.replacingTrackHeading()
      let tail = afterTracks.drop(while: { $0 == "\n" })
      if tail.isEmpty { return head.allSatisfy({ $0 == "\n" }) ? "" : head }
      if head.allSatisfy({ $0 == "\n" }) { return "\n" + tail }
      return head + (head.hasSuffix("\n\n") ? "" : "\n") + tail
    }
    if hadTrackList { return beforeTracks + list + afterTracks }
    var head = beforeTracks
    if !head.hasSuffix("\n\n") { head += head.hasSuffix("\n") ? "\n" : "\n\n" }
    let separator = afterTracks.isEmpty || afterTracks.hasPrefix("\n") ? "" : "\n"
    return head + list + separator + afterTracks
  }

  private static func isTrackHeading(_ line: ArraySlice<UInt8>) -> Bool {
    // "## Tracks", allowing up to three spaces before and closing #s after.
    var text = line.drop(while: { $0 == UInt8(ascii: " ") })
    guard line.count - text.count <= 3, text.starts(with: "## ".utf8) else { return false }
    text = text.dropFirst(3)
    while let last = text.last, last == UInt8(ascii: "#") || isBlank(last) { text = text.dropLast() }
    while let first = text.first, isBlank(first) { text = text.dropFirst() }
    return text.elementsEqual("tracks".utf8) { a, b in a | 0x20 == b }
  }

  /// The text of a Markdown list item line, trimmed, or `nil` if the line is
  /// not a list item.
  static func listItemText(_ line: ArraySlice<UInt8>) -> String? {
    var rest = line.drop(while: { $0 == UInt8(ascii: " ") })
    guard line.count - rest.count <= 3, let first = rest.first else { return nil }
    if first == UInt8(ascii: "-") || first == UInt8(ascii: "*") || first == UInt8(ascii: "+") {
      rest = rest.dropFirst()
    } else {
      let digits = rest.prefix(while: { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
      guard (1...9).contains(digits.count) else { return nil }
      rest = rest.dropFirst(digits.count)
      guard let marker = rest.first, marker == UInt8(ascii: ".") || marker == UInt8(ascii: ")") else { return nil }
      rest = rest.dropFirst()
    }
    guard let gap = rest.first, isBlank(gap) else { return nil }
    let text = rest.drop(while: isBlank)
    let end = text.lastIndex(where: { !isBlank($0) }).map { $0 + 1 } ?? text.startIndex
    return string(text[text.startIndex..<end])
  }
}

extension String {
  /// Removes a trailing `## Tracks` heading and the blank lines around it.
  fileprivate func replacingTrackHeading() -> String {
    var lines = split(separator: "\n", omittingEmptySubsequences: false)
    if lines.last == "" { lines.removeLast() }
    while let last = lines.last, last.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) { lines.removeLast() }
    if lines.last.map({ AlbumBody.isHeading(String($0)) }) == true { lines.removeLast() }
    return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
  }
}

extension AlbumBody {
  fileprivate static func isHeading(_ line: String) -> Bool { isTrackHeading(ArraySlice(line.utf8)) }
}
