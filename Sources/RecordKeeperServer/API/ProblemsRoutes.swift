import Hummingbird
import RecordKeeper

/// `GET /api/problems`: what `rk check --json` reports, from the same
/// ``CollectionCheck``, so that an album whose `album.md` cannot be read is
/// named in the app instead of missing from the list (PRODUCT.md §5).
///
/// `{"albums": N, "problems": [{path, line, field, message, id}],
/// "unreadable": [id]}`: `id` is the album (or smart list file) a problem is
/// about, `unreadable` the albums left out of the list.
struct ProblemsRoutes<Context: RequestContext>: Sendable {
  let service: CollectionService

  func register(on api: RouterGroup<Context>) {
    api.get("problems") { _, _ in problems() }
  }

  /// From the server's snapshot (the albums as loaded and re-read since),
  /// not a new load of the collection: the app asks after every change.
  private func problems() -> Response {
    let snapshot = service.snapshot
    let location = snapshot.location
    let check = snapshot.check(lists: SmartLists.load(from: location))
    let problems = check.issues.map { issue in
      JSONValue.object([
        ("path", .string(issue.path(in: location))), ("line", .number(issue.line)), ("field", .string(issue.field)),
        ("message", .string(issue.message)), ("id", .string(issue.id)),
      ])
    }
    return JSONResponse.make(
      .object([
        ("albums", .number(check.albumCount)), ("problems", .array(problems)),
        ("unreadable", .array(snapshot.unreadable.map(JSONValue.string))),
      ]))
  }
}
