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
    api.get("problems") { _, _ in try problems() }
  }

  private func problems() throws(APIError) -> Response {
    let location = service.location
    let collection: RecordCollection
    do { collection = try RecordCollection.load(location) } catch {
      throw APIError(.internalServerError, "\(error)", field: nil)
    }
    let check = CollectionCheck(collection, lists: SmartLists.load(from: location))
    let problems = check.issues.map { issue in
      JSONValue.object([
        ("path", .string(issue.path(in: location))), ("line", .number(issue.line)), ("field", .string(issue.field)),
        ("message", .string(issue.message)), ("id", .string(issue.id)),
      ])
    }
    let unreadable = Set(collection.unreadable.map(\.id)).sorted()
    return JSONResponse.make(
      .object([
        ("albums", .number(check.albumCount)), ("problems", .array(problems)), ("unreadable", .array(unreadable.map(JSONValue.string))),
      ]))
  }
}
