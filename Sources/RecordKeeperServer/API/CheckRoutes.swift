import Hummingbird
import RecordKeeper

/// `POST /api/check`: what a save (or, with no `?album=ID`, an add) of this
/// body would be refused for, without writing anything, so the app's forms
/// show the library's own words on each field and keep no copy of the rules
/// (docs/architecture.md, "The app takes its rules from the library").
///
/// The body is a save's (``AlbumRequest``); it is applied to the album as the
/// server holds it (or to a blank one) by ``AlbumSave/apply(to:)`` and judged
/// by ``Album/problems(notIn:)``, the steps a save takes. The answer is
/// `{"problems": [{"field", "index", "message"}]}`: `field` the front-matter
/// key (`tracks`, `tags` for an item, with its 0-based `index`), `message`
/// as `rk check` words it after `field: `. The save stays the authority: it
/// also merges with the file as it is now.
struct CheckRoutes<Context: RequestContext>: Sendable {
  let service: CollectionService

  func register(on api: RouterGroup<Context>) {
    api.post("check") { request, _ in try await check(request) }
  }

  private func check(_ request: Request) async throws(APIError) -> Response {
    let original: Album?
    if let id = request.uri.queryParameters.get("album") {
      guard let album = service.snapshot.albums[id] else { throw APIError.notFound(id) }
      original = album
    } else {
      original = nil
    }
    let body = try await Upload.body(request, limit: ServerConfiguration.bodyLimit)
    let (save, _) = try AlbumRequest.decodeSave(body)
    var problems = Self.problems(of: save, on: original)
    // One problem a field is enough to show; the first as rk check lists them.
    var seen = Set<String>()
    problems = problems.filter { seen.insert($0.description).inserted }
    return JSONResponse.make(.object([("problems", .array(problems.map(Self.json)))]))
  }

  /// The problems of `save` applied to `original` (a blank album for an add).
  static func problems(of save: AlbumSave, on original: Album?) -> [AlbumProblem] {
    var edited = original ?? Album(id: "", title: "", artist: "")
    do throws(AlbumEditError) {
      try save.apply(to: &edited)
      return edited.problems(notIn: original)
    } catch {
      // A track or tag refused as rk track add or rk tag refuses it; the
      // fields are still judged, so every field shows its own problem.
      var fieldsOnly = original ?? Album(id: "", title: "", artist: "")
      save.fields.apply(to: &fieldsOnly)
      return fieldsOnly.problems(notIn: original) + Self.problems(of: error)
    }
  }

  private static func problems(of error: AlbumEditError) -> [AlbumProblem] {
    switch error {
    case .invalid(let problems): return problems
    case .tooLong(let field, _), .multipleLines(let field):
      // The description is `key: message`, as rk prints it.
      return [AlbumProblem(field: field, message: String(error.description.dropFirst(field.key.count + 2)))]
    default: return [AlbumProblem(field: .track(0), message: error.description)]
    }
  }

  private static func json(_ problem: AlbumProblem) -> JSONValue {
    let index: Int? =
      switch problem.field {
      case .track(let index), .tag(let index): index
      default: nil
      }
    return .object([
      ("field", .string(problem.field.key)), ("index", index.map { .number($0) } ?? .null), ("message", .string(problem.message)),
    ])
  }
}
