/// A file a person changed, added or removed by hand and git has not
/// recorded yet (docs/commands.md, "Changes and commits"): an album's folder, a plays file or a smart
/// list, with the rules it breaks.
public struct HandEdit: Hashable, Sendable {
  /// What kind of file was edited.
  public enum Kind: String, Sendable {
    case album, plays, list
  }

  /// What happened to it since the last commit.
  public enum Change: String, Sendable {
    case added, edited, removed
  }

  public var kind: Kind
  public var change: Change
  /// Relative to the collection root: the album's id (its folder), or the
  /// plays or list file.
  public var id: String
  /// How commit messages name it: `Miles Davis – Kind of Blue`,
  /// `plays/2026.md`, `smart list jazz`.
  public var name: String
  /// What `rk check` says is wrong with it now; a file with any stays home.
  public var problems: [AlbumIssue]

  public init(kind: Kind, change: Change, id: String, name: String, problems: [AlbumIssue] = []) {
    self.kind = kind
    self.change = change
    self.id = id
    self.name = name
    self.problems = problems
  }

  /// The file that holds it, relative to the collection: an album's
  /// `album.md`, or the plays or list file itself.
  public var file: String { Self.file(of: id, kind: kind) }

  static func file(of id: String, kind: Kind) -> String {
    kind == .album ? id + "/" + AlbumFile.name : id
  }

  /// The file as messages show it: `albums/x/album.md`, `plays/2026.md`.
  public func path(in location: CollectionLocation) -> String {
    kind == .album ? location.displayPath(ofAlbum: id) : location.displayPath(id)
  }

  /// The commit that records it: `Edit Miles Davis – Kind of Blue by hand`.
  /// It has no `rk` trailer, so `rk undo` treats it as the person's own.
  public var message: String {
    let verb =
      switch change {
      case .added: "Add"
      case .edited: "Edit"
      case .removed: "Remove"
      }
    return "\(VisibleText.text("\(verb) \(name) by hand"))\n"
  }

  /// `{"path", "kind", "change", "problems": [{path, line, field, message}]}`.
  public func json(in location: CollectionLocation) -> JSONValue {
    .object([
      ("path", .string(path(in: location))), ("kind", .string(kind.rawValue)), ("change", .string(change.rawValue)),
      ("problems", .array(problems.map { $0.json(in: location) })),
    ])
  }
}

extension AlbumIssue {
  /// `{path, line, field, message}`, as `rk check --json` lists it.
  public func json(in location: CollectionLocation) -> JSONValue {
    .object([
      ("path", .string(path(in: location))), ("line", .number(line)), ("field", .string(field)), ("message", .string(message)),
    ])
  }
}
