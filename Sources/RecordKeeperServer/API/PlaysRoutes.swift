import Foundation
import Hummingbird
import RecordKeeper

/// Plays and statistics (docs/commands.md, "Plays and statistics"), from the library's
/// ``PlayHistory`` and ``CollectionStats`` over the service's snapshot (the
/// plays files are read only when they change):
///
/// - `GET /api/albums/:id/plays`: `{"plays": N, "last_played": day or null,
///   "list": [play objects as `rk plays --json`, newest first]}`.
/// - `POST /api/albums/:id/plays` with `{"sides": ["A"], "note": "…",
///   "at": "YYYY-MM-DD HH:MM"}` (each optional): one play, now or at `at`
///   (a play kept on a device offline and sent later), one commit; answers
///   201 with the same object as the GET.
/// - `GET /api/stats`: `rk stats --json` of the albums the server holds.
struct PlaysRoutes<Context: RequestContext>: Sendable {
  let service: CollectionService

  func register(on api: RouterGroup<Context>) {
    api.get("albums/:id/plays") { _, context in try plays(of: try album(context)) }
    api.post("albums/:id/plays") { request, context in try await play(request, context) }
    api.get("stats") { _, _ in stats() }
  }

  private func play(_ request: Request, _ context: Context) async throws(APIError) -> Response {
    let id = try album(context)
    let body = try JSONBody.object(try await Upload.body(request, limit: ServerConfiguration.bodyLimit))
    var sides: [String] = []
    if let value = body["sides"] {
      guard let list = value as? [Any], let texts = list as? [String] else {
        throw APIError(.badRequest, "sides must be a list of texts, such as [\"A\", \"B\"]", field: "sides")
      }
      sides = texts
    }
    var note = ""
    if let value = body["note"] {
      guard let text = value as? String else { throw APIError(.badRequest, "note must be a text", field: "note") }
      note = text
    }
    var time: PlayTime?
    if let value = body["at"] {
      guard let text = value as? String else { throw APIError(.badRequest, "at must be a text, \"YYYY-MM-DD HH:MM\"", field: "at") }
      do { time = try PlayTime(given: text) } catch { throw APIError(.badRequest, "at: \(error)", field: "at") }
    }
    do throws(StoreError) {
      _ = try await service.play(id, sides: sides, at: time, note: note)
    } catch {
      throw APIError(error)
    }
    return try plays(of: id, status: .created)
  }

  /// The plays the server holds (the snapshot's), not the files read again.
  private func plays(of id: String, status: HTTPResponse.Status = .ok) throws(APIError) -> Response {
    let history = service.snapshot.plays
    return JSONResponse.make(
      .object([
        ("plays", .number(history.count(of: id))),
        ("last_played", .optional(history.lastPlayed(of: id)?.day)),
        ("list", .array(history.plays(of: id).reversed().map(\.json))),
      ]), status: status)
  }

  private func stats() -> Response {
    let snapshot = service.snapshot
    let year = PlayTime.now.date.year
    return JSONResponse.make(CollectionStats(albums: snapshot.albums.values, history: snapshot.plays, year: year).json)
  }

  /// The album id in the address, of an album the server holds.
  private func album(_ context: Context) throws(APIError) -> String {
    guard let raw = context.parameters.get("id"), let id = PathPart.decode(raw) else {
      throw APIError(.badRequest, "the album id in the address is not valid percent-encoded UTF-8", field: "id")
    }
    guard service.snapshot.albums[id] != nil else { throw APIError.notFound(id) }
    return id
  }
}
