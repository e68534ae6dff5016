import Foundation
import Hummingbird
import NIOCore
import RecordKeeper
import RecordKeeperCovers
import ServiceLifecycle

/// The JSON API under `/api/` (docs/app.md, "The JSON API").
///
/// Handlers read the newest ``CollectionSnapshot`` on their own task and
/// send every change to the ``CollectionService`` actor. Album ids are one
/// path part, percent-encoded (`albums%2Fmiles-davis-kind-of-blue`).
struct APIRoutes<Context: RequestContext>: Sendable {
  let service: CollectionService
  /// MusicBrainz for the look-ups; `nil`: as `rk lookup` finds it.
  var lookups: LookupAccess? = nil

  private var lookupRoutes: LookupRoutes<Context> {
    LookupRoutes(service: service, access: lookups ?? .environment(collectionRoot: service.location.root))
  }

  private var scanRoutes: ScanRoutes<Context> {
    ScanRoutes(service: service, access: lookups ?? .environment(collectionRoot: service.location.root))
  }

  func register(on router: Router<Context>) {
    let api = router.group("api")
    api.get("status") { _, _ in status() }
    api.get("albums") { request, _ in try list(request) }
    api.post("albums") { request, _ in try await add(request) }
    api.get("albums/:id") { _, context in try await album(context) }
    api.put("albums/:id") { request, context in try await save(request, context) }
    api.delete("albums/:id") { _, context in try await remove(context) }
    api.post("albums/:id/tags") { request, context in try await addTag(request, context) }
    api.delete("albums/:id/tags/:tag") { _, context in try await removeTag(context) }
    api.get("albums/:id/cover") { request, context in try image(request, context, name: CoverFiles.coverName) }
    api.get("albums/:id/thumbnail") { request, context in try image(request, context, name: CoverFiles.thumbnailName) }
    api.put("albums/:id/cover") { request, context in try await setCover(request, context) }
    api.delete("albums/:id/cover") { _, context in try await removeCover(context) }
    api.get("albums/:id/photos") { _, context in try await photos(context) }
    api.post("albums/:id/photos") { request, context in try await addPhoto(request, context) }
    api.get("albums/:id/photos/:name") { request, context in try await photo(request, context) }
    api.delete("albums/:id/photos/:name") { _, context in try await removePhoto(context) }
    api.get("artists") { request, _ in artists(request) }
    api.get("tags") { _, _ in tags() }
    api.get("sort") { _, _ in sortMode() }
    api.put("sort") { request, _ in try await chooseSort(request) }
    api.get("events") { _, _ in events() }
    api.get("lists") { _, _ in try smartLists() }
    api.put("lists/:name") { request, context in try await saveSmartList(request, context) }
    api.delete("lists/:name") { _, context in try await removeSmartList(context) }
    SyncRoutes(service: service).register(on: api)
    ProblemsRoutes(service: service).register(on: api)
    PlaysRoutes(service: service).register(on: api)
    PreferencesRoutes(service: service).register(on: api)
    SchemaRoutes().register(on: api)
    CheckRoutes(service: service).register(on: api)
    registerChanges(on: api)
    lookupRoutes.register(on: api)
    scanRoutes.register(on: api)
    registerFavourites(on: api)
    registerOrderedLists(on: api)
  }

  // MARK: Reading

  private func status() -> Response {
    JSONResponse.make(
      .object([
        ("version", .string(RecordKeeperVersion.current)), ("count", .number(service.snapshot.albums.count)),
      ]))
  }

  private func list(_ request: Request) throws(APIError) -> Response {
    let query = QueryString(request.uri.query)
    var fields = SearchField.defaults
    if let text = query["in"], !text.isEmpty {
      do throws(SearchFieldError) { fields = try SearchField.parseList(text) } catch {
        throw APIError(.badRequest, error.description, field: "in")
      }
    }
    let snapshot = service.snapshot
    var mode: SortMode?
    if let text = query["sort"], !text.isEmpty {
      do throws(SortModeError) { mode = try SortMode(name: text) } catch {
        throw APIError(.badRequest, error.description, field: "sort")
      }
    }
    let offset = try query.integer("offset", in: 0...Int.max, default: 0)
    let limit = try query.integer("limit", in: 1...10_000, default: 100)
    let matcher = try Self.matcher(query["q"] ?? "", fields: fields, in: snapshot)
    // `@NAME` alone without `sort` is shown in the list's own order (ListOrderRoutes).
    let own = mode == nil ? Self.ownOrder(of: matcher.query, in: snapshot) : nil
    let order = own?.order(from: snapshot.preferences.order) ?? snapshot.preferences.order(overriddenBy: mode)
    let (page, count) =
      if let own, own.sort == .custom {
        Self.keptPage(of: own, matching: matcher, order: order, in: snapshot, offset: offset, limit: limit)
      } else {
        snapshot.page(matching: matcher, order: order, offset: offset, limit: limit)
      }
    // Best matches first, and a custom order, have no headings.
    let ranked = (order.mode == .relevance && !RelevanceOrder(query: matcher.query).isEmpty) || own?.sort == .custom
    return JSONResponse.make(
      .object([
        (
          "albums",
          .array(
            page.map { CoverAddresses.adding(to: $0.json(group: .some(ranked ? nil : order.group(of: $0))), of: $0, in: snapshot.location) }
          )
        ),
        ("count", .number(count)),
      ]))
  }

  /// The matcher for a search bar's text: plain terms, rules and `@NAME`
  /// smart lists, whose files are read only when the query names one.
  static func matcher(
    _ text: String, fields: Set<SearchField>, in snapshot: CollectionSnapshot, lists loaded: SmartLists? = nil
  ) throws(APIError) -> SearchMatcher {
    do throws(SearchQueryError) {
      let query = try SearchQuery(parsing: text)
      let lists = loaded ?? (query.listNames.isEmpty ? SmartLists() : SmartLists.load(from: snapshot.location))
      let credits = query.usesCredits ? snapshot.artistCredits : ArtistCredits(snapshot.credits)
      return try SearchMatcher(query: query, fields: fields, lists: lists, credits: credits)
    } catch {
      throw APIError(.badRequest, error.description, field: "q")
    }
  }

  /// `[{"name", "description", "rules", "count", "sort"}]`, as `rk lists --json`.
  func smartLists() throws(APIError) -> Response {
    let snapshot = service.snapshot
    let lists = SmartLists.load(from: snapshot.location)
    var objects: [JSONValue] = []
    for list in lists.lists {
      // The lists read once above, not once per list.
      let matcher = try Self.matcher("@" + list.name, fields: SearchField.defaults, in: snapshot, lists: lists)
      objects.append(
        .object([
          ("name", .string(list.name)), ("description", .optional(list.description)),
          ("rules", .array(list.rules.map(JSONValue.string))),
          ("count", .number(snapshot.page(matching: matcher, order: snapshot.preferences.order, offset: 0, limit: 0).count)),
          ("sort", .optional(list.sort?.description)),
        ]))
    }
    return JSONResponse.make(.array(objects))
  }

  private func album(_ context: Context) async throws(APIError) -> Response {
    try await albumResponse(try existingAlbum(context))
  }

  /// The album `id` as its file says now, with its version: the `ETag`
  /// header and the `version` key, which a save sends back as `If-Match`.
  private func albumResponse(_ id: String, status: HTTPResponse.Status = .ok) async throws(APIError) -> Response {
    let (album, version): (Album, String)
    do { (album, version) = try await service.versioned(id) } catch { throw APIError(error) }
    guard case .object(var pairs) = service.snapshot.albumObject(album) else { return JSONResponse.make(.null) }
    pairs.append(("version", .string(version)))
    var response = JSONResponse.make(.object(pairs), status: status)
    response.headers[.eTag] = "\"\(version)\""
    return response
  }

  private func image(_ request: Request, _ context: Context, name: String) throws(APIError) -> Response {
    let (id, snapshot) = try albumID(context)
    guard snapshot.albums[id] != nil else { throw APIError.notFound(id) }
    return try ImageFile.response(path: snapshot.location.path(id + "/" + name), request: request, missing: "the album has no cover")
  }

  private func photos(_ context: Context) async throws(APIError) -> Response {
    let (id, snapshot) = try albumID(context)
    guard snapshot.albums[id] != nil else { throw APIError.notFound(id) }
    let names: [String]
    do { names = try await service.photos(of: id) } catch { throw APIError(error) }
    return photoList(names, of: id)
  }

  private func photoList(_ names: [String], of id: String, status: HTTPResponse.Status = .ok) -> Response {
    JSONResponse.make(
      .array(
        names.map { name in
          .object([("name", .string(name)), ("url", .string("/api/albums/\(PathPart.encode(id))/photos/\(PathPart.encode(name))"))])
        }), status: status)
  }

  private func photo(_ request: Request, _ context: Context) async throws(APIError) -> Response {
    let (id, snapshot) = try albumID(context)
    guard snapshot.albums[id] != nil else { throw APIError.notFound(id) }
    let name = try photoName(context)
    let path: String?
    do { path = try await service.photoPath(name, of: id) } catch { throw APIError(error) }
    guard let path else { throw APIError(.notFound, "the album has no photo \"\(name)\"", field: "name") }
    return try ImageFile.response(path: path, request: request, missing: "the album has no photo \"\(name)\"")
  }

  private func artists(_ request: Request) -> Response {
    let prefix = QueryString(request.uri.query)["prefix"] ?? ""
    return JSONResponse.make(.array(service.snapshot.artists(prefix: prefix).map(JSONValue.string)))
  }

  private func tags() -> Response {
    let counts = service.snapshot.tagCounts()
    return JSONResponse.make(.array(counts.map { .object([("tag", .string($0.tag)), ("count", .number($0.count))]) }))
  }

  private func sortMode() -> Response {
    JSONResponse.make(.object([("mode", .string(service.snapshot.preferences.sortMode.rawValue))]))
  }

  /// `text/event-stream`: a `change` event with the ids of the albums that
  /// changed, or `reload`; a comment every 20 seconds keeps the connection
  /// open through proxies and tells a closed one.
  private func events() -> Response {
    let stream = service.events.subscribe()
    let body = ResponseBody { writer in
      try await writer.write(ByteBuffer(string: ": Record Keeper events\nretry: 1000\n\n"))
      let (texts, text) = AsyncStream.makeStream(of: String.self)
      // The stream ends when the server stops, so Ctrl-C never waits for
      // the open apps to go away.
      try await withGracefulShutdownHandler {
        try await withThrowingTaskGroup(of: Void.self) { group in
          group.addTask {
            for await event in stream { text.yield(event.text) }
            text.finish()
          }
          group.addTask {
            while !Task.isCancelled {
              try await Task.sleep(for: .seconds(20))
              text.yield(": still here\n\n")
            }
          }
          for await chunk in texts { try await writer.write(ByteBuffer(string: chunk)) }
          group.cancelAll()
        }
      } onGracefulShutdown: {
        text.finish()
      }
      try await writer.finish(nil)
    }
    return Response(
      status: .ok, headers: [.contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-store"], body: body)
  }

  // MARK: Changing

  /// Adds an album, with its cover when the form sends one: one commit. A
  /// cover that is refused refuses the whole request, and nothing is written.
  private func add(_ request: Request) async throws(APIError) -> Response {
    let form = try await Upload.albumForm(request)
    let save = try AlbumRequest.decode(form.album)
    let cover = try await Self.coverImages(form.cover)
    let album: Album
    if let release = save.fields.releaseToAddFrom {
      // {"musicbrainz": ID} alone: filled from the release, as rk add --musicbrainz.
      album = try await lookupRoutes.addFromMusicBrainz(save, release: release, cover: cover)
    } else {
      do { album = try await service.add(save, cover: cover) } catch { throw APIError(error) }
    }
    var response = try await albumResponse(album.id, status: .created)
    response.headers[.location] = "/api/albums/" + PathPart.encode(album.id)
    return response
  }

  /// Saves the form's changes merged into the file as it is now (docs/merging.md,
  /// "The app's save is the same merge"): `If-Match` names the version the form was opened at. After a
  /// 409 the same form comes back with `choices`, merged the same way.
  private func save(_ request: Request, _ context: Context) async throws(APIError) -> Response {
    let id = try existingAlbum(context)
    let version = try Self.openedVersion(request)
    let form = try await Upload.albumForm(request)
    let (save, choices) = try AlbumRequest.decodeSave(form.album)
    let cover = try await Self.coverImages(form.cover)
    return try await changed(id) { () async throws(StoreError) in
      try await service.save(save, to: id, openedAt: version, choices: choices, cover: cover)
    }
  }

  /// The cover and thumbnail made from a form's `cover` part, before anything is written.
  private static func coverImages(_ bytes: [UInt8]?) async throws(APIError) -> CoverImages? {
    guard let bytes else { return nil }
    do {
      return try await Upload.decode { () throws(CoverError) in try CoverMaker.make(from: bytes) }
    } catch {
      throw APIError(error.status, error.message, field: "cover")
    }
  }

  /// The version in `If-Match` (a quoted blob id, as the `ETag` gives it).
  static func openedVersion(_ request: Request) throws(APIError) -> String {
    guard let header = request.headers[.ifMatch], !header.isBlank else {
      throw APIError(
        .preconditionRequired,
        "send If-Match with the ETag (or \"version\") of the album as it was opened, so that changes made meanwhile are kept",
        field: "If-Match")
    }
    var text = header.trimmed
    if text.hasPrefix("W/") { text.removeFirst(2) }
    text = String(text.trimmingCharacters(in: CharacterSet(charactersIn: "\"")))
    guard text.count == 40, text.allSatisfy(\.isHexDigit) else {
      throw APIError(.badRequest, "If-Match must be one ETag of the album, as GET /api/albums/{id} gives it", field: "If-Match")
    }
    return text
  }
  private func remove(_ context: Context) async throws(APIError) -> Response {
    let id = try existingAlbum(context)
    do { try await service.remove(id) } catch { throw APIError(error) }
    return Response(status: .noContent)
  }

  private func addTag(_ request: Request, _ context: Context) async throws(APIError) -> Response {
    let id = try existingAlbum(context)
    let tag = try JSONBody.string(try await Upload.body(request, limit: ServerConfiguration.bodyLimit), key: "tag")
    guard !tag.isBlank else { throw APIError(.unprocessableContent, "a tag must not be blank", field: "tag") }
    return try await changed(id) { () async throws(StoreError) in _ = try await service.apply(.addTags([tag]), to: id) }
  }

  private func removeTag(_ context: Context) async throws(APIError) -> Response {
    let id = try existingAlbum(context)
    guard let raw = context.parameters.get("tag"), let tag = PathPart.decode(raw) else {
      throw APIError(.badRequest, "the tag in the address is not valid percent-encoded UTF-8", field: "tag")
    }
    return try await changed(id) { () async throws(StoreError) in _ = try await service.apply(.removeTags([tag]), to: id) }
  }

  private func setCover(_ request: Request, _ context: Context) async throws(APIError) -> Response {
    let id = try existingAlbum(context)
    let bytes = try await Upload.image(request)
    let images = try await Upload.decode { () throws(CoverError) in try CoverMaker.make(from: bytes) }
    return try await changed(id) { () async throws(StoreError) in _ = try await service.setCover(images, of: id) }
  }

  private func removeCover(_ context: Context) async throws(APIError) -> Response {
    let id = try existingAlbum(context)
    return try await changed(id) { () async throws(StoreError) in _ = try await service.removeCover(of: id) }
  }

  private func addPhoto(_ request: Request, _ context: Context) async throws(APIError) -> Response {
    let id = try existingAlbum(context)
    let bytes = try await Upload.image(request)
    let webp = try await Upload.decode { () throws(CoverError) in try CoverMaker.photo(from: bytes) }
    let names: [String]
    do { names = try await service.addPhoto(webp, to: id) } catch { throw APIError(error) }
    return photoList(names, of: id, status: .created)
  }

  private func removePhoto(_ context: Context) async throws(APIError) -> Response {
    let id = try existingAlbum(context)
    let name = try photoName(context)
    let path: String?
    do { path = try await service.photoPath(name, of: id) } catch { throw APIError(error) }
    guard path != nil else { throw APIError(.notFound, "the album has no photo \"\(name)\"", field: "name") }
    let names: [String]
    do { names = try await service.removePhoto(name, of: id) } catch { throw APIError(error) }
    return photoList(names, of: id)
  }

  private func chooseSort(_ request: Request) async throws(APIError) -> Response {
    let text = try JSONBody.string(try await Upload.body(request, limit: ServerConfiguration.bodyLimit), key: "mode")
    let mode: SortMode
    do throws(SortModeError) { mode = try SortMode(name: text) } catch { throw APIError(.badRequest, error.description, field: "mode") }
    do {
      _ = try await service.chooseSort(mode)
    } catch {
      throw APIError(.internalServerError, error.description, field: "mode")
    }
    return sortMode()
  }

  /// Saves a smart list from `{"rules": [...], "description": ..., "from": OLD, "sort": …}`,
  /// one commit; `from` renames the list OLD to the name in the address;
  /// `sort` (optional) is the list's own order, as `PUT …/sort` takes it.
  private func saveSmartList(_ request: Request, _ context: Context) async throws(APIError) -> Response {
    let name = try listName(context)
    let body = try JSONBody.object(try await Upload.body(request, limit: ServerConfiguration.bodyLimit))
    guard let rules = body["rules"] as? [String] else {
      throw APIError(.badRequest, "send {\"rules\": [\"#jazz\", \"@year:1970..1979\"]}: a list of rules as text", field: "rules")
    }
    let description = body["description"] as? String
    let from = body["from"] as? String
    // As rk lists save: one name, one list, smart or ordered.
    if OrderedLists.names(in: service.location).contains(name) { throw Self.apiError(.nameTaken(name: name, smart: false)) }
    // With "sort", the list's own order as the editor chose it (null: the collection's).
    let keepingSort = body.index(forKey: "sort") == nil
    let sort = try Self.listSort(body["sort"])
    do throws(SmartListError) {
      var list = try SmartList(name: name, description: description, rules: rules)
      list.sort = sort
      if sort == .custom { list.order = keptOrder(of: list, savedFrom: from ?? name) }
      if let from {
        try await service.renameSmartList(from, to: list, keepingSort: keepingSort)
      } else {
        try await service.saveSmartList(list, keepingSort: keepingSort)
      }
    } catch {
      let field =
        switch error {
        case .nameTaken, .inUse, .unknown: "name"
        default: "rules"
        }
      throw APIError(.unprocessableContent, error.description, field: field)
    }
    return try smartLists()
  }

  private func removeSmartList(_ context: Context) async throws(APIError) -> Response {
    let name = try listName(context)
    do throws(SmartListError) { try await service.removeSmartList(named: name) } catch {
      throw APIError(.unprocessableContent, error.description, field: "name")
    }
    return try smartLists()
  }

  func listName(_ context: Context) throws(APIError) -> String {
    guard let raw = context.parameters.get("name"), let name = PathPart.decode(raw) else {
      throw APIError(.badRequest, "the list name in the address is not valid percent-encoded UTF-8", field: "name")
    }
    do throws(SmartListError) { try SmartList.validate(name: name) } catch {
      throw APIError(.badRequest, error.description, field: "name")
    }
    return name
  }

  /// Runs a change and answers with the album after it, and its version.
  func changed(_ id: String, _ change: () async throws(StoreError) -> Void) async throws(APIError) -> Response {
    do { try await change() } catch { throw APIError(error) }
    return try await albumResponse(id)
  }

  // MARK: Ids and names

  /// The album id in the address, decoded and checked, with the snapshot it
  /// was looked up in. Ids that try to leave the collection are refused
  /// before anything is read.
  private func albumID(_ context: Context) throws(APIError) -> (String, CollectionSnapshot) {
    guard let raw = context.parameters.get("id"), let id = PathPart.decode(raw) else {
      throw APIError(.badRequest, "the album id in the address is not valid percent-encoded UTF-8", field: "id")
    }
    let parts = id.split(separator: "/", omittingEmptySubsequences: false)
    if id.isEmpty || parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." || $0.hasPrefix(".") })
      || id.unicodeScalars.contains(where: { $0.value < 0x20 })
    {
      throw APIError(StoreError.outsideCollection(id))
    }
    return (id, service.snapshot)
  }

  /// The id of an album that exists now; one whose file is there but cannot
  /// be read is named with its file and line, not said to be gone.
  func existingAlbum(_ context: Context) throws(APIError) -> String {
    let (id, snapshot) = try albumID(context)
    guard snapshot.albums[id] != nil else {
      if let issue = snapshot.issues[id]?.unreadable { throw APIError.unreadable(issue) }
      throw APIError.notFound(id)
    }
    return id
  }

  private func photoName(_ context: Context) throws(APIError) -> String {
    guard let raw = context.parameters.get("name"), let name = PathPart.decode(raw), CollectionStore.isPhotoName(name) else {
      throw APIError(.badRequest, "that is not the name of a photo: use a name from the album's list of photos", field: "name")
    }
    return name
  }
}

extension CollectionSnapshot {
  /// One album as the details view gets it: as `rk show --json` gives it
  /// (its group in the stored order, the other albums by its artist), with
  /// its cover addresses.
  func albumObject(_ album: Album) -> JSONValue {
    return CoverAddresses.adding(
      to: album.detailsJSON(
        others: otherAlbums(byArtistOf: album), group: .some(preferences.order.group(of: album)),
        credits: artistCredits),
      of: album, in: location)
  }
}
