extension AlbumMerge {
  /// The merged file as docs/merging.md, "What the merge guarantees", wants it after a merge: one kind of
  /// line ending, `model`'s (the base's), when the sides' lines mixed two;
  /// each side of the track list numbered 1…n in order when the lines of
  /// both sides left its numbers out of step (only those markers change).
  static func tidied(_ bytes: [UInt8], lineEndingsOf model: [UInt8], id: String) -> [UInt8] {
    renumbered(unifiedLineEnds(bytes, as: LineEnding(of: model[...])), id: id)
  }

  /// `bytes` with every line break `ending`, when it holds both LF and CRLF.
  static func unifiedLineEnds(_ bytes: [UInt8], as ending: LineEnding) -> [UInt8] {
    var scanner = LineScanner(bytes[...])
    var kinds = Set<Int>()
    var lines: [LineScanner.Line] = []
    while let line = scanner.next() {
      if !line.lineBreak.isEmpty { kinds.insert(line.lineBreak.count) }
      lines.append(line)
    }
    guard kinds.count > 1, ending != .cr else { return bytes }
    var text: [UInt8] = []
    text.reserveCapacity(bytes.count + lines.count)
    for line in lines {
      text += bytes[line.start..<line.lineBreak.lowerBound]
      if !line.lineBreak.isEmpty { text += ending.rawValue.utf8 }
    }
    return text
  }

  /// `bytes` with the ordered track items of each side numbered 1…n, when
  /// a side's numbers do not run 1…n already.
  static func renumbered(_ bytes: [UInt8], id: String) -> [UInt8] {
    guard let body = try? AlbumFile.parse(bytes, id: id, validating: false).album.body else { return bytes }
    let items = Dictionary(grouping: body.trackItems, by: \.sideIndex)
    var replaced: [Int: [UInt8]] = [:]
    for side in items.values {
      let numbers = side.map(\.marker.number)
      guard numbers.contains(where: { $0 != nil }), !numbers.enumerated().allSatisfy({ $1 == $0 + 1 }) else { continue }
      for (position, item) in side.enumerated() where item.marker.number != nil && item.marker.number != position + 1 {
        guard item.marker.character == UInt8(ascii: ".") else { continue }
        replaced.merge(body.renumberedLines(item, position + 1)) { $1 }
      }
    }
    guard !replaced.isEmpty, body.source.count <= bytes.count else { return bytes }
    var text = Array(bytes.prefix(bytes.count - body.source.count))
    for (index, line) in body.lines.enumerated() {
      if let content = replaced[index] {
        text += content + body.source[line.contentEnd..<line.end]
      } else {
        text += body.source[line.start..<line.end]
      }
    }
    return text
  }
}
