/// "Did you mean …?" for mistyped names: commands, options, sort modes.
public enum Suggestion {
  /// The candidate closest to `typed`, when it is close enough to be what
  /// was meant: at most a third of its letters off (at least one), counting
  /// a swap of two neighbours as one edit. Ties go to the earlier candidate.
  public static func closest(to typed: String, among candidates: [String]) -> String? {
    let limit = max(1, typed.count / 3)
    var best: (name: String, distance: Int)?
    for candidate in candidates {
      let distance = editDistance(typed, candidate)
      if distance <= limit, distance < (best?.distance ?? .max) { best = (candidate, distance) }
    }
    return best?.name
  }

  /// The optimal-string-alignment distance: insertions, deletions,
  /// substitutions and swaps of neighbouring characters, each costing one.
  public static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
    // Three rows are enough: a swap looks two rows back.
    var previous2 = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { value = min(value, previous2[j - 2] + 1) }
        current[j] = value
      }
      (previous2, previous, current) = (previous, current, previous2)
    }
    return previous[b.count]
  }
}
