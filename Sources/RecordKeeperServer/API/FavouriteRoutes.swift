import Foundation
import Hummingbird
import RecordKeeper

/// Favourite tracks and suggestions in the app (docs/commands.md, "Favourite tracks", "Suggestions"):
///
/// - `POST /api/albums/{id}/favourites {"track": N, "favourite": true|false}`
///   with `If-Match` (the album's version as the details view shows it):
///   stars track N (1…N across all sides) as the view numbered it, merged
///   into the file as it is now like every save of the app, one commit;
///   answers with the album object.
/// - `GET /api/favourites`: every favourite track with its album, in the
///   order `rk favourites --json` gives them, with the album's thumbnail address.
/// - `GET /api/suggestions?count=N`: `rk suggest --json`: album objects, each
///   with its `reason` (10 unless `count` says) and cover addresses.
extension APIRoutes {
  func registerFavourites(on api: RouterGroup<Context>) {
    api.post("albums/:id/favourites") { request, context in try await setFavourite(request, context) }
    api.get("favourites") { _, _ in favourites() }
    api.get("suggestions") { request, _ in try suggestions(request) }
    registerListOrder(on: api)
  }

  private func setFavourite(_ request: Request, _ context: Context) async throws(APIError) -> Response {
    let id = try existingAlbum(context)
    let version = try Self.openedVersion(request)
    let object = try JSONBody.object(try await Upload.body(request, limit: ServerConfiguration.bodyLimit))
    let shape = "send {\"track\": N, \"favourite\": true or false}, the track numbered 1…N across all sides"
    guard let number = (object["track"] as? NSNumber).flatMap({ Int(exactly: $0.doubleValue) }) else {
      throw APIError(.badRequest, shape, field: "track")
    }
    guard let favourite = object["favourite"] as? Bool else { throw APIError(.badRequest, shape, field: "favourite") }
    var save = AlbumSave()
    save.edits = [.setFavourite(number, favourite)]
    return try await changed(id) { () async throws(StoreError) in try await service.save(save, to: id, openedAt: version) }
  }

  func favourites() -> Response {
    let snapshot = service.snapshot
    let collection = RecordCollection(location: snapshot.location, albums: snapshot.albums.values)
    let objects = collection.orderedFavouriteTracks(order: snapshot.preferences.order).map { favourite -> JSONValue in
      guard case .object(var fields) = favourite.json else { return favourite.json }
      if case .object(let album) = CoverAddresses.adding(to: .object([]), of: favourite.album, in: snapshot.location) {
        fields += album
      }
      return .object(fields)
    }
    return JSONResponse.make(.array(objects))
  }

  private func suggestions(_ request: Request) throws(APIError) -> Response {
    var count = 10
    if let text = QueryString(request.uri.query)["count"] {
      guard let number = Int(text), number >= 1 else {
        throw APIError(.badRequest, "count must be a whole number, 1 or more", field: "count")
      }
      count = number
    }
    let snapshot = service.snapshot
    let found = Suggestions(
      albums: snapshot.albums.values, plays: snapshot.plays, month: Suggestions.thisMonth, count: count
    ).suggestions
    // Objects as `rk suggest --json` gives them, with cover addresses: not
    // the details view's, whose other albums by the artist cost a pass over
    // the collection each (6 s for 20 suggestions at 100k albums).
    return JSONResponse.make(.array(found.map { CoverAddresses.adding(to: $0.json, of: $0.album, in: snapshot.location) }))
  }
}
