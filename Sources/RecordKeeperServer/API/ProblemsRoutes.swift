import Hummingbird
import RecordKeeper

/// `GET /api/problems`: what `rk check --json` reports, from the same
/// ``CollectionCheck``, so that an album whose `album.md` cannot be read is
/// named in the app instead of missing from the list (docs/app.md, "The JSON API").
///
/// `{"albums": N, "problems": [{path, line, field, message, id}],
/// "unreadable": [id]}`: `id` is the album (or smart list file) a problem is
/// about, `unreadable` the albums left out of the list.
/// `?of=unreadable` gives only the unreadable albums and why, straight from
/// the snapshot without a check of covers and duplicates: what the app's
/// "N albums can't be read" line asks for after every change.
struct ProblemsRoutes<Context: RequestContext>: Sendable {
  let service: CollectionService

  func register(on api: RouterGroup<Context>) {
    api.get("problems") { request, _ in problems(onlyUnreadable: request.uri.queryParameters.get("of") == "unreadable") }
  }

  /// From the server's snapshot (the albums as loaded and re-read since),
  /// not a new load of the collection.
  private func problems(onlyUnreadable: Bool) -> Response {
    let snapshot = service.snapshot
    let location = snapshot.location
    let unreadable = snapshot.unreadable
    let (albumCount, issues): (Int, [AlbumIssue])
    if onlyUnreadable {
      (albumCount, issues) = (snapshot.albums.count + unreadable.count, unreadable.compactMap { snapshot.issues[$0]?.unreadable })
    } else {
      let check = snapshot.check(lists: SmartLists.load(from: location))
      (albumCount, issues) = (check.albumCount, check.issues)
    }
    let problems = issues.map { issue in
      JSONValue.object([
        ("path", .string(issue.path(in: location))), ("line", .number(issue.line)), ("field", .string(issue.field)),
        ("message", .string(issue.message)), ("id", .string(issue.id)),
      ])
    }
    return JSONResponse.make(
      .object([
        ("albums", .number(albumCount)), ("problems", .array(problems)), ("unreadable", .array(unreadable.map(JSONValue.string))),
      ]))
  }
}
