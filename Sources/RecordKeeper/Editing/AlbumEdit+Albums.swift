extension AlbumEdit {
  /// The first line of the commit message for this change made to several
  /// albums at once, from each album before and after it: `Change label of
  /// 3 albums`, `Add tag "jazz" to 2 albums`.
  public func summary(ofAlbums albums: [(before: Album, after: Album)]) -> String {
    let count = "\(albums.count) album\(albums.count == 1 ? "" : "s")"
    func quoted(_ items: [String]) -> String { VisibleText.text(ChangeMessage.quoted(items)) }
    func union(_ lists: [[String]]) -> [String] {
      var seen: [String] = []
      for item in lists.joined() where !seen.contains(item) { seen.append(item) }
      return seen
    }
    switch self {
    case .setFields:
      return "Change \(Self.changedFields(in: albums)) of \(count)"
    case .addTags:
      let added = union(albums.map { pair in pair.after.tags.filter { !pair.before.tags.contains($0) } })
      return "Add tag\(added.count == 1 ? "" : "s") \(quoted(added)) to \(count)"
    case .removeTags:
      let removed = union(albums.map { pair in pair.before.tags.filter { !pair.after.tags.contains($0) } })
      return "Remove tag\(removed.count == 1 ? "" : "s") \(quoted(removed)) from \(count)"
    case .addTrack(let name, _, _, _): return "Add track \(quoted([name.trimmed])) to \(count)"
    case .removeTrack(let number): return "Remove track \(number) from \(count)"
    case .moveTrackUp(let number): return "Move track \(number) up in \(count)"
    case .moveTrackDown(let number): return "Move track \(number) down in \(count)"
    case .renameTrack(let number, let name): return "Rename track \(number) to \(quoted([name.trimmed])) in \(count)"
    case .setFavourite(let number, let favourite): return "\(favourite ? "Mark" : "Unmark") track \(number) as a favourite in \(count)"
    }
  }

  /// The fields that differ in any of `albums`, as commit messages name
  /// them: `title`, `title and release date`, `title, artist and release date`.
  static func changedFields(in albums: [(before: Album, after: Album)]) -> String {
    let fields = changedFieldNames(in: albums)
    return fields.count > 1 ? fields.dropLast().joined(separator: ", ") + " and " + (fields.last ?? "") : fields.joined()
  }

  /// The names of the fields that differ in any of `albums`, in order.
  static func changedFieldNames(in albums: [(before: Album, after: Album)]) -> [String] {
    fieldNames.filter { field in albums.contains { field.differs($0.before, $0.after) } }.map(\.name)
  }

  /// The fields `rk set` changes, as commit messages name them, in order.
  private static let fieldNames: [(name: String, differs: @Sendable (Album, Album) -> Bool)] = sectionOneNames + collectorNames

  private static let sectionOneNames: [(name: String, differs: @Sendable (Album, Album) -> Bool)] = [
    (Field.title.rawValue, { $0.title != $1.title }),
    (Field.artist.rawValue, { $0.artist != $1.artist }),
    ("sort artist", { $0.sortArtist != $1.sortArtist }),
    ("release date", { $0.released != $1.released }),
    ("Wikipedia page", { $0.wikipedia != $1.wikipedia }),
  ]

  /// The collector's fields, named by their key with spaces (`catalog number`).
  private static let collectorNames: [(name: String, differs: @Sendable (Album, Album) -> Bool)] = CollectorField.allCases.map {
    field -> (name: String, differs: @Sendable (Album, Album) -> Bool) in
    let name = field.key.replacingOccurrences(of: "_", with: " ")
    let differs: @Sendable (Album, Album) -> Bool = { old, new in old[keyPath: field.keyPath] != new[keyPath: field.keyPath] }
    return (name, differs)
  }
}
