/// One thing a commit changed about one album, with the value before and
/// after it: what `rk log` shows under each change, and the web app too.
///
/// ``field`` is a front-matter key (`title`, `released`, an extra key such
/// as `label`), or one of:
/// - `album`: the album was added (``old`` is `nil`, ``new`` its id),
///   removed (``new`` is `nil`) or moved (old id → new id);
/// - `tags`: one tag added (``old`` is `nil`) or removed (``new`` is `nil`);
/// - `tracks`: one track, as `N. name` (N counted 1… across all sides),
///   added, removed, renamed (same number, new name) or moved (same name,
///   new number);
/// - `cover`: the cover image set, removed or replaced.
public struct AlbumChange: Hashable, Sendable {
  /// The album's id after the change (before it, for a removed album).
  public var album: String
  public var field: String
  public var old: String?
  public var new: String?

  public init(album: String, field: String, old: String?, new: String?) {
    self.album = album
    self.field = field
    self.old = old
    self.new = new
  }

  /// `{album, field, old, new}`, with `null` for an absent value.
  public var json: JSONValue {
    .object([("album", .string(album)), ("field", .string(field)), ("old", .optional(old)), ("new", .optional(new))])
  }

  /// The changes from `old` to `new`, two versions of the album `id`, in
  /// the order of the album file: fields, extra keys, tags, tracks.
  public static func between(_ old: Album, _ new: Album, id: String) -> [AlbumChange] {
    var changes: [AlbumChange] = []
    func field(_ name: String, _ before: String?, _ after: String?) {
      if before != after { changes.append(AlbumChange(album: id, field: name, old: before, new: after)) }
    }
    field(Field.title.rawValue, old.title, new.title)
    field(Field.artist.rawValue, old.artist, new.artist)
    field(Field.sortArtist.rawValue, old.sortArtist, new.sortArtist)
    field(Field.released.rawValue, old.released, new.released)
    field(Field.wikipedia.rawValue, old.wikipedia, new.wikipedia)
    for collector in CollectorField.allCases {
      field(collector.key, old[keyPath: collector.keyPath], new[keyPath: collector.keyPath])
    }
    let oldExtra = Dictionary(old.extra.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
    let newExtra = Dictionary(new.extra.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
    var keys: [String] = []
    for key in old.extra.map(\.key) + new.extra.map(\.key) where !keys.contains(key) { keys.append(key) }
    for key in keys where oldExtra[key] != newExtra[key] {
      changes.append(AlbumChange(album: id, field: key, old: oldExtra[key].map(text), new: newExtra[key].map(text)))
    }
    for tag in new.tags where !old.tags.contains(tag) { changes.append(AlbumChange(album: id, field: "tags", old: nil, new: tag)) }
    for tag in old.tags where !new.tags.contains(tag) { changes.append(AlbumChange(album: id, field: "tags", old: tag, new: nil)) }
    // With their lengths, so that a new length shows as a change.
    changes += trackChanges(old.trackList.map(\.text), new.trackList.map(\.text), id: id)
    return changes
  }

  /// Tracks added, removed, renamed and moved: those outside the longest
  /// run the two lists share, in order, are paired first by name (moved),
  /// then by number (renamed); the rest were removed or added.
  static func trackChanges(_ old: [String], _ new: [String], id: String) -> [AlbumChange] {
    guard old != new else { return [] }
    // Longest common subsequence, by dynamic programming from the ends.
    var length = Array(repeating: Array(repeating: 0, count: new.count + 1), count: old.count + 1)
    for i in stride(from: old.count - 1, through: 0, by: -1) {
      for j in stride(from: new.count - 1, through: 0, by: -1) {
        length[i][j] = old[i] == new[j] ? length[i + 1][j + 1] + 1 : max(length[i + 1][j], length[i][j + 1])
      }
    }
    var removed: [Int] = []
    var added: [Int] = []
    var (i, j) = (0, 0)
    while i < old.count || j < new.count {
      if i < old.count, j < new.count, old[i] == new[j] {
        i += 1
        j += 1
      } else if j < new.count, i == old.count || length[i][j + 1] >= length[i + 1][j] {
        added.append(j)
        j += 1
      } else {
        removed.append(i)
        i += 1
      }
    }
    func item(_ list: [String], _ index: Int) -> String { "\(index + 1). \(list[index])" }
    var changes: [AlbumChange] = []
    for index in removed {
      if let match = added.firstIndex(where: { new[$0] == old[index] }) {
        changes.append(AlbumChange(album: id, field: "tracks", old: item(old, index), new: item(new, added[match])))
        added.remove(at: match)
      } else if let match = added.firstIndex(of: index), !removed.contains(where: { old[$0] == new[index] }) {
        changes.append(AlbumChange(album: id, field: "tracks", old: item(old, index), new: item(new, index)))
        added.remove(at: match)
      } else {
        changes.append(AlbumChange(album: id, field: "tracks", old: item(old, index), new: nil))
      }
    }
    changes += added.map { AlbumChange(album: id, field: "tracks", old: nil, new: item(new, $0)) }
    return changes
  }

  /// An extra key's value as one line of text.
  private static func text(_ value: JSONValue) -> String {
    switch value {
    case .string(let text): text
    case .null: ""
    case .array(let items) where items.allSatisfy({ if case .string = $0 { true } else { false } }):
      items.map { if case .string(let text) = $0 { text } else { "" } }.joined(separator: ", ")
    default: value.serialized().split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }
  }
}

extension GitCommit {
  /// ``json`` with the commit's album changes under `changes`.
  public func json(changes: [AlbumChange]) -> JSONValue {
    guard case .object(var pairs) = json else { return json }
    pairs.append(("changes", .array(changes.map(\.json))))
    return .object(pairs)
  }
}
