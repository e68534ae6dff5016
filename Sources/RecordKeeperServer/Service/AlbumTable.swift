import RecordKeeper

/// Every album a ``CollectionSnapshot`` holds, by id: the albums in one
/// array (the very array loading made, not a copy) and each id's place in
/// it. A `[String: Album]` dictionary held a copy of every album in buckets
/// mostly empty: 111 MB at 100k albums, against 6 MB for the places here.
public struct AlbumTable: Sendable {
  /// The albums, in no particular order.
  public private(set) var values: [Album]
  private var places: [String: Int]

  init(_ albums: [Album]) {
    values = albums
    places = Dictionary(albums.indices.map { (albums[$0].id, $0) }, uniquingKeysWith: { _, last in last })
  }

  public subscript(id: String) -> Album? { places[id].map { values[$0] } }

  /// Where the album `id` is in ``values``.
  public func place(of id: String) -> Int? { places[id] }

  public var keys: Dictionary<String, Int>.Keys { places.keys }
  public var count: Int { values.count }
  public var isEmpty: Bool { values.isEmpty }

  /// Puts `album` in the place of the album `id`, or removes it when `nil`
  /// (the last album takes its place, so the array stays dense).
  mutating func set(_ album: Album?, for id: String) {
    if let album {
      if let place = places[id] {
        values[place] = album
      } else {
        places[id] = values.count
        values.append(album)
      }
    } else if let place = places.removeValue(forKey: id) {
      let last = values.count - 1
      if place != last {
        values.swapAt(place, last)
        places[values[place].id] = place
      }
      values.removeLast()
    }
  }
}
