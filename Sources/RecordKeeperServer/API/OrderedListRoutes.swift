import Foundation
import Hummingbird
import RecordKeeper

/// Ordered lists in the app (issue 32), each change the library call
/// `rk lists` makes, one commit:
///
/// - `GET /api/ordered-lists`: `[{"name", "count"}]`, sorted by name.
/// - `POST /api/ordered-lists {"name": NAME}`: makes an empty list; 201 with it.
/// - `GET /api/ordered-lists/NAME`: `{"name", "version", "entries", "problems"}`
///   with the version as `ETag`; each entry `{"place", "album", "track",
///   "note", "missing"}` and, for an album in the collection, its `title`,
///   `artist`, `released`, cover addresses and the track's `track_name`.
/// - `POST /api/ordered-lists/NAME/entries {"album", "track", "note", "at"}`:
///   adds an album (a track of it: its number across all sides or its side
///   position) at place `at` (from 1), or at the end; needs no version, as
///   an addition means the same whatever changed meanwhile.
/// - `POST /api/ordered-lists/NAME/move {"from", "to"}` and
///   `DELETE /api/ordered-lists/NAME/entries/PLACE`: with `If-Match`, the
///   version whose places the app showed; a list changed since is a 409
///   and nothing is written (428 without `If-Match`).
///
/// Each change answers with the list as it is after it.
extension APIRoutes {
  func registerOrderedLists(on api: RouterGroup<Context>) {
    api.get("ordered-lists") { _, _ in orderedLists() }
    api.post("ordered-lists") { request, _ in try await makeOrderedList(request) }
    api.get("ordered-lists/:name") { _, context in try orderedList(try orderedListName(context)) }
    api.post("ordered-lists/:name/entries") { request, context in try await addEntry(request, context) }
    api.post("ordered-lists/:name/move") { request, context in try await moveEntry(request, context) }
    api.delete("ordered-lists/:name/entries/:place") { request, context in try await dropEntry(request, context) }
  }

  private func orderedLists() -> Response {
    let location = service.location
    let lists = OrderedLists.names(in: location).compactMap { try? OrderedLists.load($0, in: location) }
    return JSONResponse.make(
      .array(lists.map { .object([("name", .string($0.name)), ("count", .number($0.items.count))]) }))
  }

  private func orderedList(_ name: String, status: HTTPResponse.Status = .ok) throws(APIError) -> Response {
    let snapshot = service.snapshot
    let loaded: OrderedListFile?
    do throws(FileSystemError) { loaded = try OrderedLists.load(name, in: snapshot.location) } catch {
      throw APIError(StoreError.file(error))
    }
    guard let list = loaded else {
      throw Self.apiError(.unknown(name: name, suggestion: Suggestion.closest(to: name, among: OrderedLists.names(in: snapshot.location))))
    }
    let entries = list.items.enumerated().map { index, item -> JSONValue in
      let entry = item.entry
      var pairs: [(String, JSONValue)] = [
        ("place", .number(index + 1)), ("album", .string(entry.album)), ("track", .optional(entry.track)),
        ("note", .optional(entry.note)), ("line", .number(item.line)),
      ]
      guard let album = snapshot.albums[entry.album] else { return .object(pairs + [("missing", .bool(true))]) }
      pairs += [
        ("missing", .bool(false)), ("title", .string(album.title)), ("artist", .string(album.artist)),
        ("released", .optional(album.released?.description)), ("track_name", .optional(entry.track(in: album)?.name)),
      ]
      return CoverAddresses.adding(to: .object(pairs), of: album, in: snapshot.location)
    }
    let problems = list.problems.map { JSONValue.object([("line", .number($0.line)), ("message", .string($0.message))]) }
    let version = list.version
    var response = JSONResponse.make(
      .object([
        ("name", .string(list.name)), ("version", .string(version)), ("entries", .array(entries)), ("problems", .array(problems)),
      ]), status: status)
    response.headers[.eTag] = "\"\(version)\""
    return response
  }

  private func makeOrderedList(_ request: Request) async throws(APIError) -> Response {
    let name = try JSONBody.string(try await Upload.body(request, limit: ServerConfiguration.bodyLimit), key: "name").trimmed
    do throws(OrderedListError) { try await service.makeOrderedList(named: name) } catch { throw Self.apiError(error) }
    var response = try orderedList(name, status: .created)
    response.headers[.location] = "/api/ordered-lists/" + PathPart.encode(name)
    return response
  }

  private func addEntry(_ request: Request, _ context: Context) async throws(APIError) -> Response {
    let name = try orderedListName(context)
    let body = try JSONBody.object(try await Upload.body(request, limit: ServerConfiguration.bodyLimit))
    guard let album = body["album"] as? String, !album.isBlank else {
      throw APIError(.badRequest, "send {\"album\": ID}, with \"track\", \"note\" and \"at\" if wanted", field: "album")
    }
    let track: String?
    switch body["track"] {
    case nil, is NSNull: track = nil
    case let text as String: track = text.isBlank ? nil : text.trimmed
    case let number as NSNumber where Int(exactly: number.doubleValue) != nil:
      track = String(Int(number.doubleValue))
    default: throw APIError(.badRequest, "\"track\" is a track's number from 1, or its side position such as A2", field: "track")
    }
    let note = body["note"] as? String
    let place = try Self.place(body["at"], key: "at", optional: true)
    do throws(OrderedListError) {
      try await service.addToOrderedList(name, album: album, track: track, note: note, at: place)
    } catch {
      throw Self.apiError(error, place: "at")
    }
    return try orderedList(name)
  }

  private func moveEntry(_ request: Request, _ context: Context) async throws(APIError) -> Response {
    let name = try orderedListName(context)
    let version = try Self.listVersion(request)
    let body = try JSONBody.object(try await Upload.body(request, limit: ServerConfiguration.bodyLimit))
    guard let from = try Self.place(body["from"], key: "from"), let to = try Self.place(body["to"], key: "to") else {
      throw APIError(.badRequest, "send {\"from\": N, \"to\": M}, places from 1", field: "from")
    }
    do throws(OrderedListError) { try await service.moveInOrderedList(name, from: from, to: to, version: version) } catch {
      throw Self.apiError(error, place: "to")
    }
    return try orderedList(name)
  }

  private func dropEntry(_ request: Request, _ context: Context) async throws(APIError) -> Response {
    let name = try orderedListName(context)
    let version = try Self.listVersion(request)
    guard let place = context.parameters.get("place").flatMap({ Int($0) }) else {
      throw APIError(.badRequest, "the entry's place in the address is a number from 1", field: "place")
    }
    do throws(OrderedListError) { try await service.dropFromOrderedList(name, at: place, version: version) } catch {
      throw Self.apiError(error, place: "place")
    }
    return try orderedList(name)
  }

  // MARK: Parts of requests

  private func orderedListName(_ context: Context) throws(APIError) -> String {
    guard let raw = context.parameters.get("name"), let name = PathPart.decode(raw) else {
      throw APIError(.badRequest, "the list name in the address is not valid percent-encoded UTF-8", field: "name")
    }
    return name
  }

  /// A place from 1 in a JSON body; `nil` when absent and `optional`.
  private static func place(_ value: Any?, key: String, optional: Bool = false) throws(APIError) -> Int? {
    if optional && (value == nil || value is NSNull) { return nil }
    guard let number = value as? NSNumber, let place = Int(exactly: number.doubleValue) else {
      throw APIError(.badRequest, "\"\(key)\" is a place in the list, a whole number from 1", field: key)
    }
    return place
  }

  /// The list's version in `If-Match`, read as an album's is.
  private static func listVersion(_ request: Request) throws(APIError) -> String {
    do throws(APIError) { return try openedVersion(request) } catch {
      let what =
        error.status == .preconditionRequired
        ? "send If-Match with the ETag (or \"version\") of the list as it was shown, so that a change made meanwhile is never undone"
        : "If-Match must be one ETag of the list, as GET /api/ordered-lists/NAME gives it"
      throw APIError(error.status, what, field: "If-Match")
    }
  }

  /// The API error for a refused list change; `place` names the request's
  /// part a place out of range came from.
  static func apiError(_ error: OrderedListError, place: String = "place") -> APIError {
    switch error {
    case .name, .nameTaken: APIError(.unprocessableContent, error.description, field: "name")
    case .unknown: APIError(.notFound, error.description, field: "name")
    case .noTrack: APIError(.unprocessableContent, error.description, field: "track")
    case .outOfRange: APIError(.unprocessableContent, error.description, field: place)
    case .conflicted: APIError(.conflict, error.description, field: "file")
    case .changedMeanwhile: APIError(.conflict, error.description, field: "If-Match")
    case .store(let store):
      switch APIError(store) {
      case let api where api.field == "id": APIError(api.status, api.message, field: "album")
      case let api: api
      }
    }
  }
}
