/// A three-way merge of texts by lines (diff3): each stretch of lines that
/// only one side changed takes that side's lines; a stretch both sides
/// changed differently is a conflict, where ours stays.
struct LineMerge {
  /// One stretch both sides changed in different ways.
  struct Conflict: Equatable {
    var ours: [ArraySlice<UInt8>]
    var theirs: [ArraySlice<UInt8>]
  }

  /// The merged lines, each with its own line break.
  var lines: [ArraySlice<UInt8>] = []
  var conflicts: [Conflict] = []

  /// The merged text.
  var bytes: [UInt8] { lines.reduce(into: []) { $0 += $1 } }

  /// Merges `ours` and `theirs`, both descended from `base`; `prefer`
  /// settles conflicts one way (then none are reported).
  init(base: ArraySlice<UInt8>, ours: ArraySlice<UInt8>, theirs: ArraySlice<UInt8>, prefer: MergeSide? = nil) {
    let base = Self.split(base)
    let ours = Self.split(ours)
    let theirs = Self.split(theirs)
    let toOurs = Self.matches(base, ours)
    let toTheirs = Self.matches(base, theirs)
    var i = 0
    var j = 0
    var k = 0
    while true {
      // The next base line both sides kept, at or after i.
      let stable = (i..<base.count).first { toOurs[$0] != nil && toTheirs[$0] != nil }
      if let b = stable, b == i, toOurs[b] == j, toTheirs[b] == k {
        // The same text; a side may have changed only its line break
        // (a last line that gained one), which is kept.
        lines.append(ours[j] == base[b] ? theirs[k] : ours[j])
        i += 1
        j += 1
        k += 1
        continue
      }
      let baseEnd = stable ?? base.count
      let oursEnd = stable.flatMap { toOurs[$0] } ?? ours.count
      let theirsEnd = stable.flatMap { toTheirs[$0] } ?? theirs.count
      take(base: base[i..<baseEnd], ours: ours[j..<oursEnd], theirs: theirs[k..<theirsEnd], prefer: prefer)
      guard stable != nil else { break }
      i = baseEnd
      j = oursEnd
      k = theirsEnd
    }
  }

  private mutating func take(
    base: ArraySlice<ArraySlice<UInt8>>, ours: ArraySlice<ArraySlice<UInt8>>, theirs: ArraySlice<ArraySlice<UInt8>>, prefer: MergeSide?
  ) {
    if ours.elementsEqual(base) || prefer == .theirs {
      lines += theirs
    } else if theirs.elementsEqual(base) || ours.elementsEqual(theirs) || prefer == .ours {
      lines += ours
    } else {
      lines += ours
      conflicts.append(Conflict(ours: Array(ours), theirs: Array(theirs)))
    }
  }

  /// The lines of `text`, each with its line break.
  static func split(_ text: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
    var scanner = LineScanner(text)
    var lines: [ArraySlice<UInt8>] = []
    while let line = scanner.next() { lines.append(text[line.start..<line.end]) }
    return lines
  }

  /// For each line of `base`, the line of `other` it is kept as in a
  /// longest common subsequence (compared without line breaks, so a CRLF
  /// file and an LF one still match), or `nil`.
  static func matches(_ base: [ArraySlice<UInt8>], _ other: [ArraySlice<UInt8>]) -> [Int?] {
    func content(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
      var line = line
      while let last = line.last, last == UInt8(ascii: "\n") || last == UInt8(ascii: "\r") { line = line.dropLast() }
      return line
    }
    let a = base.map(content)
    let b = other.map(content)
    // Album bodies are short: the quadratic table is a few thousand cells.
    var lengths = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
    for x in a.indices.reversed() {
      for y in b.indices.reversed() {
        lengths[x][y] = a[x].elementsEqual(b[y]) ? lengths[x + 1][y + 1] + 1 : max(lengths[x + 1][y], lengths[x][y + 1])
      }
    }
    var result = [Int?](repeating: nil, count: a.count)
    var x = 0
    var y = 0
    while x < a.count && y < b.count {
      if a[x].elementsEqual(b[y]) {
        result[x] = y
        x += 1
        y += 1
      } else if lengths[x + 1][y] >= lengths[x][y + 1] {
        x += 1
      } else {
        y += 1
      }
    }
    return result
  }
}
