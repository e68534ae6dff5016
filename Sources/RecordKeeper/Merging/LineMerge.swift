/// A three-way merge of texts by lines (diff3): each stretch of lines that
/// only one side changed takes that side's lines; a stretch both sides
/// changed differently is a conflict, where ours stays.
struct LineMerge {
  /// One stretch both sides changed in different ways.
  struct Conflict: Equatable {
    var ours: [ArraySlice<UInt8>]
    var theirs: [ArraySlice<UInt8>]
    /// The field it is reported as: `tracks` for a track one side removed
    /// and the other changed, else text.
    var field = "notes"
  }

  /// A stretch of the three versions, as line ranges of each.
  struct Hunk: Equatable {
    enum Kind: Equatable {
      /// One base line both sides kept.
      case stable
      /// Only ours changed it; only theirs; both the same way; both differently.
      case ours, theirs, same, conflict
    }
    var kind: Kind
    var base: Range<Int>
    var ours: Range<Int>
    var theirs: Range<Int>
  }

  /// The merged lines, each with its own line break.
  var lines: [ArraySlice<UInt8>] = []
  var conflicts: [Conflict] = []

  /// The merged text.
  var bytes: [UInt8] { lines.reduce(into: []) { $0 += $1 } }

  /// Merges `ours` and `theirs`, both descended from `base`; `prefer`
  /// settles the true conflicts one way (then none are reported). Stretches
  /// only one side changed take that side whatever `prefer` says.
  init(base: ArraySlice<UInt8>, ours: ArraySlice<UInt8>, theirs: ArraySlice<UInt8>, prefer: MergeSide? = nil) {
    let base = Self.split(base)
    let ours = Self.split(ours)
    let theirs = Self.split(theirs)
    for hunk in Self.hunks(base: base, ours: ours, theirs: theirs) {
      switch hunk.kind {
      case .stable: lines.append(Self.kept(base[hunk.base.lowerBound], ours[hunk.ours.lowerBound], theirs[hunk.theirs.lowerBound]))
      case .ours, .same: lines += ours[hunk.ours]
      case .theirs: lines += theirs[hunk.theirs]
      case .conflict:
        switch prefer {
        case .theirs?: lines += theirs[hunk.theirs]
        case .ours?: lines += ours[hunk.ours]
        case nil:
          lines += ours[hunk.ours]
          conflicts.append(Conflict(ours: Array(ours[hunk.ours]), theirs: Array(theirs[hunk.theirs])))
        }
      }
    }
  }

  /// A line both sides kept: the same text, but a side may have changed
  /// only its line break (CRLF, or a last line that gained one), which is kept.
  static func kept(_ base: ArraySlice<UInt8>, _ ours: ArraySlice<UInt8>, _ theirs: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    ours.elementsEqual(base) ? theirs : ours
  }

  /// The stretches of the three versions, in order, covering every line.
  static func hunks(base: [ArraySlice<UInt8>], ours: [ArraySlice<UInt8>], theirs: [ArraySlice<UInt8>]) -> [Hunk] {
    let toOurs = matches(base, ours)
    let toTheirs = matches(base, theirs)
    var hunks: [Hunk] = []
    var i = 0
    var j = 0
    var k = 0
    while true {
      // The next base line both sides kept, at or after i.
      let stable = (i..<base.count).first { toOurs[$0] != nil && toTheirs[$0] != nil }
      if let b = stable, b == i, toOurs[b] == j, toTheirs[b] == k {
        hunks.append(Hunk(kind: .stable, base: i..<(i + 1), ours: j..<(j + 1), theirs: k..<(k + 1)))
        i += 1
        j += 1
        k += 1
        continue
      }
      let baseEnd = stable ?? base.count
      let oursEnd = stable.flatMap { toOurs[$0] } ?? ours.count
      let theirsEnd = stable.flatMap { toTheirs[$0] } ?? theirs.count
      let (b, o, t) = (base[i..<baseEnd], ours[j..<oursEnd], theirs[k..<theirsEnd])
      if !(b.isEmpty && o.isEmpty && t.isEmpty) {
        let kind: Hunk.Kind
        if same(o, b) {
          kind = same(t, b) ? .same : .theirs
        } else if same(t, b) {
          kind = .ours
        } else {
          kind = same(o, t) ? .same : .conflict
        }
        hunks.append(Hunk(kind: kind, base: i..<baseEnd, ours: j..<oursEnd, theirs: k..<theirsEnd))
      }
      guard stable != nil else { break }
      i = baseEnd
      j = oursEnd
      k = theirsEnd
    }
    return hunks
  }

  /// Whether two stretches hold the same lines, line breaks aside.
  static func same(_ a: ArraySlice<ArraySlice<UInt8>>, _ b: ArraySlice<ArraySlice<UInt8>>) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { content($0).elementsEqual(content($1)) }
  }

  /// The lines of `text`, each with its line break.
  static func split(_ text: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
    var scanner = LineScanner(text)
    var lines: [ArraySlice<UInt8>] = []
    while let line = scanner.next() { lines.append(text[line.start..<line.end]) }
    return lines
  }

  /// A line without its line break.
  static func content(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    var line = line
    while let last = line.last, last == UInt8(ascii: "\n") || last == UInt8(ascii: "\r") { line = line.dropLast() }
    return line
  }

  /// The most table cells the exact comparison may use; past it, only
  /// lines that occur once on each side anchor the match.
  static let exactLimit = 4_000_000

  /// For each line of `base`, the line of `other` it is kept as (compared
  /// without line breaks, so a CRLF file and an LF one still match), or
  /// `nil`: the common first and last lines, then a longest common
  /// subsequence of the rest (quadratic, so a huge rest is matched by its
  /// unique lines instead, in linear-logarithmic time).
  static func matches(_ base: [ArraySlice<UInt8>], _ other: [ArraySlice<UInt8>]) -> [Int?] {
    let a = base.map(content)
    let b = other.map(content)
    var result = [Int?](repeating: nil, count: a.count)
    var head = 0
    while head < a.count, head < b.count, a[head].elementsEqual(b[head]) {
      result[head] = head
      head += 1
    }
    var tail = 0
    while tail < a.count - head, tail < b.count - head, a[a.count - 1 - tail].elementsEqual(b[b.count - 1 - tail]) {
      result[a.count - 1 - tail] = b.count - 1 - tail
      tail += 1
    }
    let aRange = head..<(a.count - tail)
    let bRange = head..<(b.count - tail)
    guard !aRange.isEmpty, !bRange.isEmpty else { return result }
    if aRange.count * bRange.count > exactLimit {
      for (x, y) in uniqueMatches(a, aRange, b, bRange) { result[x] = y }
      return result
    }
    let n = aRange.count
    let m = bRange.count
    // lengths[x * (m + 1) + y]: the longest common subsequence of a[x...] and b[y...], offsets from the ranges' starts.
    var lengths = [Int32](repeating: 0, count: (n + 1) * (m + 1))
    for x in stride(from: n - 1, through: 0, by: -1) {
      for y in stride(from: m - 1, through: 0, by: -1) {
        lengths[x * (m + 1) + y] =
          a[aRange.lowerBound + x].elementsEqual(b[bRange.lowerBound + y])
          ? lengths[(x + 1) * (m + 1) + y + 1] + 1 : max(lengths[(x + 1) * (m + 1) + y], lengths[x * (m + 1) + y + 1])
      }
    }
    var x = 0
    var y = 0
    while x < n && y < m {
      if a[aRange.lowerBound + x].elementsEqual(b[bRange.lowerBound + y]) {
        result[aRange.lowerBound + x] = bRange.lowerBound + y
        x += 1
        y += 1
      } else if lengths[(x + 1) * (m + 1) + y] >= lengths[x * (m + 1) + y + 1] {
        x += 1
      } else {
        y += 1
      }
    }
    return result
  }

  /// Pairs of lines that occur exactly once in each range, longest
  /// increasing run of them (patience diff), each widened over the equal
  /// lines around it.
  private static func uniqueMatches(
    _ a: [ArraySlice<UInt8>], _ aRange: Range<Int>, _ b: [ArraySlice<UInt8>], _ bRange: Range<Int>
  ) -> [(Int, Int)] {
    var counts: [ArraySlice<UInt8>: (a: Int, b: Int, y: Int)] = [:]
    for x in aRange { counts[a[x], default: (0, 0, 0)].a += 1 }
    for y in bRange {
      counts[b[y], default: (0, 0, 0)].b += 1
      counts[b[y]]?.y = y
    }
    let pairs = aRange.compactMap { x -> (Int, Int)? in
      guard let count = counts[a[x]], count.a == 1, count.b == 1 else { return nil }
      return (x, count.y)
    }
    // Longest increasing subsequence of the b indices (patience sorting).
    var piles: [Int] = []  // index into pairs of each pile's top
    var previous = [Int](repeating: -1, count: pairs.count)
    for (index, pair) in pairs.enumerated() {
      var low = 0
      var high = piles.count
      while low < high {
        let middle = (low + high) / 2
        if pairs[piles[middle]].1 < pair.1 { low = middle + 1 } else { high = middle }
      }
      if low > 0 { previous[index] = piles[low - 1] }
      if low == piles.count { piles.append(index) } else { piles[low] = index }
    }
    var chain: [(Int, Int)] = []
    var index = piles.last ?? -1
    while index >= 0 {
      chain.append(pairs[index])
      index = previous[index]
    }
    chain.reverse()
    var result: [(Int, Int)] = []
    var lastX = aRange.lowerBound - 1
    var lastY = bRange.lowerBound - 1
    for (index, (x, y)) in chain.enumerated() {
      // Widen backwards over equal lines not yet taken, then forwards up to the next anchor.
      var start = 0
      while x - start - 1 > lastX, y - start - 1 > lastY, a[x - start - 1].elementsEqual(b[y - start - 1]) { start += 1 }
      for offset in stride(from: start, to: 0, by: -1) { result.append((x - offset, y - offset)) }
      result.append((x, y))
      let next = index + 1 < chain.count ? chain[index + 1] : (aRange.upperBound, bRange.upperBound)
      var step = 1
      while x + step < next.0, y + step < next.1, a[x + step].elementsEqual(b[y + step]) {
        result.append((x + step, y + step))
        step += 1
      }
      lastX = x + step - 1
      lastY = y + step - 1
    }
    return result
  }
}
