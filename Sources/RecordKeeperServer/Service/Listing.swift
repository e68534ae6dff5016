import RecordKeeper

/// The albums of a ``CollectionSnapshot`` in one order, each with its text
/// folded for searching (``SearchText/bytes``), in runs of a few thousand.
///
/// The folded text lives here only, once per kept order, not also in a
/// dictionary by id: that held every album's ``SearchText`` (two arrays of
/// its own each) beside the listing's copy, some 50 MB at 100k albums. In
/// runs, a change copies the run it touches, not every album's text: the
/// next snapshot shares the other runs with the last one, which requests may
/// still be reading.
struct Listing: Sendable {
  /// Albums a run holds when made; a run grown to twice that is split.
  static let runSize = 2_048

  /// Some albums in the order, one after another: their ids, and their
  /// folded texts end to end with where each begins (one more entry than
  /// ids, the last the end), read front to back by a search without
  /// touching a reference count.
  struct Run: Sendable {
    var ids: [String] = []
    var folded: [UInt8] = []
    var starts: [UInt32] = [0]

    var count: Int { ids.count }

    /// The folded text of the album at `index`.
    func text(_ index: Int, in folded: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
      UnsafeBufferPointer(rebasing: folded[Int(starts[index])..<Int(starts[index + 1])])
    }

    mutating func append(_ id: String, _ text: [UInt8]) {
      ids.append(id)
      folded += text
      starts.append(UInt32(folded.count))
    }

    mutating func insert(_ id: String, _ text: [UInt8], at index: Int) {
      let start = Int(starts[index])
      ids.insert(id, at: index)
      folded.insert(contentsOf: text, at: start)
      starts.insert(UInt32(start), at: index)
      for later in (index + 1)..<starts.count { starts[later] += UInt32(text.count) }
    }

    /// The run without the albums `ids`.
    func removing(_ removed: Set<String>) -> Run {
      var run = Run()
      run.folded.reserveCapacity(folded.count)
      folded.withUnsafeBufferPointer { folded in
        for index in ids.indices where !removed.contains(ids[index]) {
          run.ids.append(ids[index])
          run.folded += text(index, in: folded)
          run.starts.append(UInt32(run.folded.count))
        }
      }
      return run
    }
  }

  private(set) var runs: [Run]

  /// The albums at `positions` of `albums`, in that order, folded on every core.
  init(_ positions: [Int], of albums: [Album]) {
    let size = Self.runSize
    runs = System.concurrentMap((positions.count + size - 1) / size) { number in
      var run = Run()
      run.ids.reserveCapacity(size)
      run.starts.reserveCapacity(size + 1)
      for position in positions[(number * size)..<min((number + 1) * size, positions.count)] {
        run.append(albums[position].id, SearchText(albums[position]).bytes)
      }
      return run
    }
  }

  var count: Int { runs.reduce(0) { $0 + $1.count } }

  /// Every id, in order.
  var ids: some Sequence<String> { runs.lazy.flatMap(\.ids) }

  /// The ids from `offset` on, at most `limit` of them.
  func ids(from offset: Int, limit: Int) -> [String] {
    var skip = offset
    var page: [String] = []
    for run in runs where page.count < limit {
      if skip >= run.count {
        skip -= run.count
        continue
      }
      page += run.ids[skip...].prefix(limit - page.count)
      skip = 0
    }
    return page
  }

  /// The listing after a change: the albums `changed` taken out, and those
  /// still there (found in `albums`, the table after the change) put back
  /// in place; only the runs they are in are copied.
  func applying(_ changed: Set<String>, albums: AlbumTable, order: AlbumOrder) -> Listing {
    var next = self
    for index in next.runs.indices where next.runs[index].ids.contains(where: changed.contains) {
      next.runs[index] = next.runs[index].removing(changed)
    }
    next.runs.removeAll { $0.count == 0 }
    for id in changed {
      guard let album = albums[id] else { continue }
      next.insert(album, albums: albums, order: order)
    }
    return next
  }

  /// Puts `album` where `order` places it among the albums listed.
  private mutating func insert(_ album: Album, albums: AlbumTable, order: AlbumOrder) {
    let text = SearchText(album).bytes
    guard !runs.isEmpty else {
      var run = Run()
      run.append(album.id, text)
      runs = [run]
      return
    }
    func precedes(_ id: String) -> Bool { albums[id].map { order.precedes($0, album) } ?? true }
    // The first run whose last album does not come before it, else the last run.
    var low = 0
    var high = runs.count - 1
    while low < high {
      let middle = (low + high) / 2
      if let last = runs[middle].ids.last, precedes(last) { low = middle + 1 } else { high = middle }
    }
    var place = 0
    var end = runs[low].count
    while place < end {
      let middle = (place + end) / 2
      if precedes(runs[low].ids[middle]) { place = middle + 1 } else { end = middle }
    }
    runs[low].insert(album.id, text, at: place)
    if runs[low].count >= 2 * Self.runSize {
      let run = runs[low]
      let half = run.count / 2
      var first = Run()
      var second = Run()
      run.folded.withUnsafeBufferPointer { folded in
        for index in run.ids.indices {
          if index < half {
            first.append(run.ids[index], Array(run.text(index, in: folded)))
          } else {
            second.append(run.ids[index], Array(run.text(index, in: folded)))
          }
        }
      }
      runs.replaceSubrange(low...low, with: [first, second])
    }
  }
}
