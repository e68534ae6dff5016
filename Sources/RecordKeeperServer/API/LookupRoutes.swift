import Hummingbird
import RecordKeeper
import RecordKeeperCovers
import RecordKeeperLookup

/// How the server reaches MusicBrainz and the Cover Art Archive: the
/// configuration `rk lookup` uses (``LookupConfiguration``), made when a
/// lookup is asked for, so a contact set while the server runs is used.
public struct LookupAccess: Sendable {
  private let make: @Sendable () -> LookupConfiguration?
  private let makeVision: @Sendable () -> VisionConfiguration?
  /// Where answers and covers are kept (`$XDG_CACHE_HOME/rk`), known
  /// without a contact.
  let cacheFolder: String

  /// Lookups with `configuration`; `nil` answers every lookup with
  /// ``LookupContact/missing``. `vision` is Anthropic's API for scans of a
  /// sleeve; `nil` answers them with ``IdentifyError/missingKey``.
  public init(configuration: LookupConfiguration?, vision: VisionConfiguration? = nil, cacheFolder: String? = nil) {
    make = { configuration }
    makeVision = { vision }
    self.cacheFolder = cacheFolder ?? configuration?.cacheFolder ?? LookupConfiguration.fromEnvironment(contact: "").cacheFolder
  }

  private init(
    make: @escaping @Sendable () -> LookupConfiguration?, vision: @escaping @Sendable () -> VisionConfiguration?, cacheFolder: String
  ) {
    self.make = make
    makeVision = vision
    self.cacheFolder = cacheFolder
  }

  /// What `rk lookup` and `rk identify` would use in the collection at
  /// `collectionRoot`: the contact of
  /// ``LookupContact/resolve(collectionRoot:)``, the environment's
  /// `RK_MUSICBRAINZ_URL`, `RK_COVERART_URL`, cache folder, and
  /// `ANTHROPIC_API_KEY`, `RK_ANTHROPIC_URL`, `RK_ANTHROPIC_MODEL`.
  public static func environment(collectionRoot: String) -> LookupAccess {
    LookupAccess(
      make: { LookupContact.resolve(collectionRoot: collectionRoot).map { LookupConfiguration.fromEnvironment(contact: $0) } },
      vision: { try? VisionConfiguration.fromEnvironment() },
      cacheFolder: LookupConfiguration.fromEnvironment(contact: "").cacheFolder)
  }

  /// The configuration, or the API error that says how to give a contact.
  func configuration() throws(APIError) -> LookupConfiguration {
    guard let configuration = make() else { throw APIError(.serviceUnavailable, LookupContact.missing, field: nil) }
    return configuration
  }

  /// Anthropic's API, or the error that says how to give a key.
  func vision() throws(APIError) -> VisionConfiguration {
    guard let vision = makeVision() else { throw APIError(IdentifyError.missingKey) }
    return vision
  }

  /// Runs `body` with one HTTP client, shut down afterwards whatever happens.
  func withHTTP<Value: Sendable>(_ body: (LookupHTTP) async -> Result<Value, APIError>) async throws(APIError) -> Value {
    let http = LookupHTTP(configuration: try configuration())
    let result = await body(http)
    await http.shutdown()
    return try result.get()
  }

  /// Runs `body` with clients of both services on one HTTP client.
  func with<Value: Sendable>(
    _ body: (MusicBrainzClient, CoverArtClient) async throws(LookupError) -> Value
  ) async throws(APIError) -> Value {
    try await withHTTP { http in
      do throws(LookupError) {
        return .success(try await body(MusicBrainzClient(http: http), CoverArtClient(http: http)))
      } catch {
        return .failure(APIError(error))
      }
    }
  }
}

/// The app's look-ups (docs/commands.md, "MusicBrainz and the Cover Art Archive", issue 11): MusicBrainz searches, an
/// album added from a release in one step, and barcodes read from photos.
///
/// - `GET /api/lookup?q=WORDS` (or `barcode=DIGITS`, or `catalog_number=C`):
///   the candidates, best first, as `rk lookup --json` prints them.
/// - `POST /api/albums` with `{"musicbrainz": ID}` and no title or artist:
///   the album as `rk add --musicbrainz ID` adds it (fields, tracks with
///   sides and lengths, the front cover), one commit; see
///   ``addFromMusicBrainz(_:release:cover:)``.
/// - `POST /api/barcode` (a photo, `Content-Type: image/*`):
///   `{"barcodes": ["0602498658467"]}`, read with ZBar; 422 when none.
struct LookupRoutes<Context: RequestContext>: Sendable {
  let service: CollectionService
  let access: LookupAccess

  func register(on api: RouterGroup<Context>) {
    api.get("lookup") { request, _ in try await lookup(request) }
    api.post("barcode") { request, _ in try await barcode(request) }
  }

  /// The search the query string asks for (``LookupTool/Search/init(text:barcode:catalogNumber:)``).
  static func search(_ query: QueryString) throws(APIError) -> LookupTool.Search {
    do {
      return try LookupTool.Search(text: query["q"], barcode: query["barcode"], catalogNumber: query["catalog_number"])
    } catch {
      throw APIError(.badRequest, error.description(naming: parameter), field: parameter(error.part))
    }
  }

  /// How the API names each part of a search.
  static func parameter(_ part: LookupTool.Search.Part) -> String {
    switch part {
    case .text: "q"
    case .barcode: "barcode"
    case .catalogNumber: "catalog_number"
    }
  }

  private func lookup(_ request: Request) async throws(APIError) -> Response {
    let search = try Self.search(QueryString(request.uri.query))
    let bytes = try await access.with { musicBrainz, _ throws(LookupError) in try await musicBrainz.search(search) }
    let found: MusicBrainzReleaseSearch
    do { found = try MusicBrainzReleaseSearch.decode(bytes) } catch { throw APIError(error) }
    return JSONResponse.make(.array(LookupCandidate.all(in: found).map(\.json)))
  }

  /// `POST /api/albums {"musicbrainz": ID, …}` without a title or an artist:
  /// the album as `rk add --musicbrainz ID --duplicate` adds it
  /// (``ReleaseFill/add``), with what the body gives on top (a tag, a
  /// rating) and the form's cover, else the Cover Art Archive's.
  func addFromMusicBrainz(_ request: AlbumSave, release id: String, cover: CoverImages?) async throws(APIError) -> Album {
    var save = request
    save.fields.collector[.musicbrainz] = nil
    let http = LookupHTTP(configuration: try access.configuration())
    let result: Result<Album, ReleaseFillError>
    do {
      result = .success(try await service.add(release: id, from: ClientReleaseSource(http: http), with: save, cover: cover))
    } catch {
      result = .failure(error)
    }
    await http.shutdown()
    switch result {
    case .success(let album): return album
    case .failure(.lookup(let error)): throw APIError(error)
    case .failure(.store(let error)): throw APIError(error)
    case .failure(.edit(let error)): throw APIError(StoreError.edit(album: "the album", error))
    case .failure(let error): throw APIError(.conflict, error.description, field: "musicbrainz")
    }
  }

  private func barcode(_ request: Request) async throws(APIError) -> Response {
    let bytes = try await Upload.image(request)
    let found = try await Upload.decode { () throws(CoverError) in
      BarcodeReader.barcodes(in: try CoverMaker.grey(from: bytes, longestSide: BarcodeReader.longestSide, name: "the photo"))
    }
    guard !found.isEmpty else {
      throw APIError(
        .unprocessableContent,
        "no barcode was found in the photo: take it again with the whole barcode sharp, straight and filling most of the picture, or type its digits",
        field: "image")
    }
    return JSONResponse.make(.object([("barcodes", .array(found.map(JSONValue.string)))]))
  }
}

/// The server's own clients as the source of ``ReleaseFill``.
private struct ClientReleaseSource: ReleaseSource {
  let http: LookupHTTP

  func release(_ id: String) async throws(LookupError) -> MusicBrainzRelease {
    try MusicBrainzRelease.decode(try await MusicBrainzClient(http: http).release(id))
  }

  /// The front cover made by libvips as an uploaded cover is.
  func frontCover(of release: MusicBrainzRelease) async throws(LookupError) -> CoverImages? {
    guard let front = try await CoverArtClient(http: http).front(release: release.id, releaseGroup: release.releaseGroup?.id) else {
      return nil
    }
    do {
      return try await Upload.decode { () throws(CoverError) in
        try CoverMaker.make(from: front.image, name: "the Cover Art Archive's front cover")
      }
    } catch {
      throw .malformed(service: .coverArtArchive, error.message)
    }
  }
}

extension APIError {
  /// The API error for a lookup that failed: the service's trouble is a
  /// gateway's (502, 503 busy, 504 timeout); a bad id or query the client's.
  init(_ error: LookupError) {
    switch error {
    case .emptyQuery: self.init(.badRequest, error.description, field: "q")
    case .invalidID: self.init(.badRequest, error.description, field: "musicbrainz")
    case .notFound: self.init(.notFound, error.description, field: "musicbrainz")
    case .timedOut: self.init(.gatewayTimeout, error.description)
    case .busy: self.init(.serviceUnavailable, error.description)
    case .unreachable, .status, .malformed, .helper: self.init(.badGateway, error.description)
    }
  }
}
