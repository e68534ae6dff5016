import Foundation
import Hummingbird
import RecordKeeper

/// Sharing through the app (docs/app.md, "Sharing in the app"):
///
/// - `GET /api/sync`: where the collection stands against its remote as of
///   the last fetch (the server fetches in the background).
/// - `POST /api/sync/fetch`: fetch now; answers as `GET /api/sync`.
/// - `POST /api/sync`: fetch, merge by field, push, as `rk sync`.
/// - `GET /api/conflicts`: the fields an unfinished merge left to settle.
/// - `POST /api/conflicts/resolve`: settle them, as `rk resolve`.
struct SyncRoutes<Context: RequestContext>: Sendable {
  let service: CollectionService

  func register(on api: RouterGroup<Context>) {
    api.get("sync") { _, _ in await report() }
    api.post("sync/fetch") { _, _ in await fetch() }
    api.post("sync") { _, _ in try await synchronize() }
    api.get("conflicts") { _, _ in await conflicts() }
    api.post("conflicts/resolve") { request, _ in try await resolve(request) }
  }

  /// `{"remote", "branch", "incoming", "outgoing", "conflicts",
  /// "fetchedAt", "fetching", "error"}`.
  private func report() async -> Response {
    let report = await service.syncReport()
    return JSONResponse.make(
      .object([
        ("remote", .optional(report.status?.remote)), ("branch", .optional(report.status?.branch)),
        ("incoming", .number(report.status?.incoming ?? 0)), ("outgoing", .number(report.status?.outgoing ?? 0)),
        ("conflicts", .number(report.conflicts)),
        ("fetchedAt", .optional(report.fetch.fetchedAt.map { $0.formatted(.iso8601) })),
        ("fetching", .bool(report.fetch.fetching)), ("error", .optional(report.error)),
      ]))
  }

  private func fetch() async -> Response {
    await service.sync.fetch()
    return await report()
  }

  /// `{"remote", "branch", "received", "sent", "result", "commit",
  /// "conflicts"}`; `result` is `up-to-date`, `fast-forwarded`, `merged`
  /// or `conflicts` (then nothing was pushed and `sent` is null);
  /// `recorded` counts the hand edits committed first, `stayed_home` lists
  /// those that break a rule (`[{path, kind, change, problems}]`).
  private func synchronize() async throws(APIError) -> Response {
    let outcome: SyncOutcome
    do { outcome = try await service.synchronize() } catch { throw APIError(error) }
    let (result, commit, conflicts): (String, String?, [FieldConflict]) =
      switch outcome.merge {
      case .upToDate: ("up-to-date", nil, [])
      case .fastForwarded(let id): ("fast-forwarded", id, [])
      case .merged(let id): ("merged", id, [])
      case .conflicts(let list): ("conflicts", nil, list)
      }
    return JSONResponse.make(
      .object([
        ("remote", .string(outcome.remote)), ("branch", .string(outcome.branch)), ("received", .number(outcome.received)),
        ("sent", outcome.sent.map { .number($0) } ?? .null), ("result", .string(result)), ("commit", .optional(commit)),
        ("conflicts", conflictList(conflicts)), ("recorded", .number(outcome.handEdits.recorded.count)),
        ("stayed_home", .array(outcome.handEdits.stayedHome.map { $0.json(in: service.location) })),
      ]))
  }

  /// `[{"album", "title", "field", "ours", "theirs"}]`, as `rk conflicts
  /// --json` with the album's title (null when our side deleted it).
  private func conflicts() async -> Response {
    JSONResponse.make(conflictList(await service.conflicts()))
  }

  private func conflictList(_ conflicts: [FieldConflict]) -> JSONValue {
    let albums = service.snapshot.albums
    return .array(
      conflicts.map { conflict in
        .object([
          ("album", .string(conflict.album)), ("title", .optional(albums[conflict.album]?.title)),
          ("field", .string(conflict.field)), ("ours", .optional(conflict.ours)), ("theirs", .optional(conflict.theirs)),
        ])
      })
  }

  /// `{"album", "take": "ours"|"theirs", "field"?}` or
  /// `{"album", "set": {"FIELD": "VALUE"}}` → `{"remaining": [...],
  /// "commit": id|null}`; the merge commit is made with the last one.
  private func resolve(_ request: Request) async throws(APIError) -> Response {
    let body = try JSONBody.object(try await Upload.body(request, limit: ServerConfiguration.bodyLimit))
    let resolution = try await ResolveRequest(body).run(on: service)
    return JSONResponse.make(
      .object([("remaining", conflictList(resolution.remaining)), ("commit", .optional(resolution.commit?.id))]))
  }
}

/// A `POST /api/conflicts/resolve` body, checked.
struct ResolveRequest {
  enum Choice {
    case take(MergeSide, field: String?)
    case set(field: String, value: String)
  }

  var album: String
  var choice: Choice

  static let usage =
    "send {\"album\": ID, \"take\": \"ours\" or \"theirs\"} (with \"field\" to settle one field), or {\"album\": ID, \"set\": {\"FIELD\": \"VALUE\"}}"

  init(_ body: [String: Any]) throws(APIError) {
    if let unknown = body.keys.sorted().first(where: { !["album", "take", "field", "set"].contains($0) }) {
      throw APIError(.badRequest, "\"\(unknown)\" is not part of a resolution: " + Self.usage, field: unknown)
    }
    guard let album = body["album"] as? String, !album.isBlank else { throw APIError(.badRequest, Self.usage, field: "album") }
    self.album = album
    switch (body["take"], body["set"]) {
    case (let take?, nil):
      guard let text = take as? String, let side = MergeSide(rawValue: text) else {
        throw APIError(.badRequest, "\"take\" must be \"ours\" or \"theirs\"", field: "take")
      }
      let field = body["field"]
      guard field == nil || field is NSNull || field is String else {
        throw APIError(.badRequest, "\"field\" must be a field's name", field: "field")
      }
      choice = .take(side, field: field as? String)
    case (nil, let set?):
      guard body["field"] == nil else { throw APIError(.badRequest, "\"set\" names its field itself: " + Self.usage, field: "field") }
      guard let pairs = set as? [String: Any], pairs.count == 1, let (field, raw) = pairs.first else {
        throw APIError(.badRequest, "\"set\" must hold one field and its value, such as {\"label\": \"Blue Note\"}", field: "set")
      }
      guard raw is NSNull || raw is String else {
        throw APIError(.badRequest, "the value of \(field) must be text (or null to clear it)", field: field)
      }
      choice = .set(field: field, value: raw as? String ?? "")
    default:
      throw APIError(.badRequest, Self.usage, field: "take")
    }
  }

  func run(on service: CollectionService) async throws(APIError) -> CollectionStore.Resolution {
    do {
      switch choice {
      case .take(let side, let field): return try await service.resolve(album, take: side, field: field)
      case .set(let field, let value): return try await service.resolve(album, setting: field, to: value)
      }
    } catch {
      throw APIError(error)
    }
  }
}

extension APIError {
  /// The API error for a sync that failed: the remote's trouble is 502, a
  /// state of the collection that stands in the way 409.
  init(_ error: RemoteError) {
    switch error {
    case .network, .authentication, .unknownHost, .changedHostKey, .revokedHostKey, .hostKnownByOtherTypes, .untrustedCertificate:
      self.init(.badGateway, error.description, field: "remote")
    case .noRemote, .unknownRemote, .ambiguousRemote:
      self.init(.conflict, error.description, field: "remote")
    case .noBranch, .uncommittedChanges, .pushRejected, .locked, .hookRefused, .workingFolder:
      self.init(.conflict, error.description)
    case .merge(let merge):
      self.init(merge)
    case .store(let store):
      self.init(store)
    case .remoteExists, .invalidRemoteName, .invalidURL, .destinationNotEmpty, .notACollection, .git:
      self.init(.internalServerError, error.description)
    }
  }

  /// The API error for a merge or a resolution refused or failed.
  init(_ error: MergeError) {
    switch error {
    case .noMergeUnderway, .uncommittedChanges:
      self.init(.conflict, error.description)
    case .noConflict(_, let field):
      self.init(.notFound, error.description, field: field == nil ? "album" : "field")
    case .notSettable(_, let field), .invalidValue(_, let field, _):
      self.init(.unprocessableContent, error.description, field: field)
    case .album:
      self.init(.unprocessableContent, error.description, field: "album")
    case .store(let store):
      self.init(store)
    case .git, .unknownCommit:
      self.init(.internalServerError, error.description)
    }
  }
}
