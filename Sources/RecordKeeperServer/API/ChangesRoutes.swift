import Hummingbird
import RecordKeeper

/// The app's offline copy, kept current by what changed (issue 30):
///
/// - `GET /api/changes?sort=MODE`: `{"version", "full": true, "albums",
///   "removed": []}`, every album as `GET /api/albums` lists it with an
///   empty query, in that order, with `search`: its text folded by the
///   library (``SearchText/json``), which offline search matches terms
///   against, and `rules`: what its `@field` rules read (``RuleValues``).
/// - `GET /api/changes?since=VERSION&sort=MODE`: `{"version", "full":
///   false, "albums", "removed"}`: only the albums that changed or appeared
///   since `VERSION`, each with `after` (the id listed before it, `null` at
///   the top), and the ids that went away. A version this server cannot
///   follow (an earlier run, before new preferences) answers as without
///   `since`, with `"full": true`: the device starts again.
extension APIRoutes {
  func registerChanges(on api: RouterGroup<Context>) {
    api.get("changes") { request, _ in try changes(request) }
  }

  private func changes(_ request: Request) throws(APIError) -> Response {
    let query = QueryString(request.uri.query)
    let snapshot = service.snapshot
    var mode: SortMode?
    if let text = query["sort"], !text.isEmpty {
      do throws(SortModeError) { mode = try SortMode(name: text) } catch {
        throw APIError(.badRequest, error.description, field: "sort")
      }
    }
    let order = snapshot.preferences.order(overriddenBy: mode)
    let matcher = try Self.matcher("", fields: SearchField.defaults, in: snapshot)
    let all = snapshot.page(matching: matcher, order: order, offset: 0, limit: snapshot.albums.count).albums
    let entry = { (album: Album) -> JSONValue in
      let listed = CoverAddresses.adding(to: album.json(group: .some(order.group(of: album))), of: album, in: snapshot.location)
      guard case .object(var pairs) = listed else { return listed }
      pairs += [("search", SearchText(album).json), ("rules", RuleValues.json(of: album))]
      return .object(pairs)
    }
    let version = JSONValue.string(snapshot.changes.token(snapshot.version))
    guard let since = query["since"], !since.isEmpty, let changed = snapshot.changes.changed(since: since, current: snapshot.version)
    else {
      return JSONResponse.make(
        .object([("version", version), ("full", .bool(true)), ("albums", .array(all.map(entry))), ("removed", .array([]))]))
    }
    var albums: [JSONValue] = []
    var previous: String?
    for album in all {
      if changed.contains(album.id), case .object(var pairs) = entry(album) {
        pairs.append(("after", .optional(previous)))
        albums.append(.object(pairs))
      }
      previous = album.id
    }
    let removed = changed.filter { snapshot.albums[$0] == nil }.sorted()
    return JSONResponse.make(
      .object([
        ("version", version), ("full", .bool(false)), ("albums", .array(albums)), ("removed", .array(removed.map(JSONValue.string))),
      ]))
  }
}
