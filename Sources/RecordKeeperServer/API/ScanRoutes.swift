import Foundation
import Hummingbird
import RecordKeeper
import RecordKeeperCovers
import RecordKeeperLookup

/// "Scan a sleeve" in the app (seed 001, docs/commands.md, "Identifying a sleeve from a photo"), through the same
/// library code as `rk identify` and `rk scans`:
///
/// - `POST /api/identify` (a photo, `Content-Type: image/*`): the scan,
///   saved in the history (201); 422 "Couldn't find a match" when the model
///   cannot tell the album, and then nothing is saved.
/// - `GET /api/scans`: the history, newest first; `GET /api/scans/ID`;
///   `DELETE /api/scans/ID` (204).
/// - `GET /api/scans/ID/cover`, `/thumbnail`: the release's front cover as
///   WebP (400 and 100 pixels), kept in the cache folder once fetched.
/// - `POST /api/scans/ID/add`, `/want`: the album in the collection or the
///   wantlist with the `## Context` notes, tracks and cover, one commit
///   (201); an album already there is not added twice (200, with
///   `"already_present": true`).
///
/// A scan's object is `rk scans --json`'s (`id`, `date`, `answer`,
/// `musicbrainz`, `match`, `cover_url`, `reused_from`) with what the
/// screens need: `badge` (💎 👍 😐 💩), `cover` and `thumbnail` (addresses
/// on this server, or null) and `album` (the id of the album in the
/// collection that is this scan's, or null).
struct ScanRoutes<Context: RequestContext>: Sendable {
  let service: CollectionService
  let access: LookupAccess

  var history: ScanHistory { ScanHistory(location: service.location) }

  func register(on api: RouterGroup<Context>) {
    api.post("identify") { request, _ in try await identify(request) }
    api.get("scans") { _, _ in try scans() }
    api.get("scans/:scan") { _, context in scanObject(try scan(context)) }
    api.delete("scans/:scan") { _, context in try remove(context) }
    api.get("scans/:scan/cover") { _, context in try await cover(context, thumbnail: false) }
    api.get("scans/:scan/thumbnail") { _, context in try await cover(context, thumbnail: true) }
    api.post("scans/:scan/add") { _, context in try await keep(context, to: .collection) }
    api.post("scans/:scan/want") { _, context in try await keep(context, to: .wantlist) }
  }

  private func identify(_ request: Request) async throws(APIError) -> Response {
    let photo = try await Upload.image(request)
    let vision = try access.vision()
    let history = history
    let made = try await access.withHTTP { http -> Result<IdentifiedScan, APIError> in
      do throws(IdentifyError) {
        return .success(try await Identifier(http: http, vision: vision).identify(photo: photo, history: history))
      } catch {
        return .failure(APIError(error))
      }
    }
    // The cover is kept now, so the screens and Add never fetch it again.
    if let bytes = made.cover, let key = ScanCovers.key(made.scan.coverURL) {
      if let images = try? await Upload.decode({ () throws(CoverError) in
        try CoverMaker.make(from: bytes, name: "the Cover Art Archive's front cover")
      }) {
        ScanCovers.store(images, key: key, in: access.cacheFolder)
      }
    }
    guard case .object(var fields) = scanJSON(made.scan) else { return JSONResponse.make(scanJSON(made.scan), status: .created) }
    fields.append(("notes", .array(made.notes.map(JSONValue.string))))
    return JSONResponse.make(.object(fields), status: .created)
  }

  private func scans() throws(APIError) -> Response {
    // Files that cannot be read are left out, as `rk scans` leaves them.
    let scans = history.list().scans
    let kept = KeptAlbums(service.snapshot.albums.values, of: scans)
    return JSONResponse.make(.array(scans.map { scanJSON($0, kept: kept) }))
  }

  private func scanObject(_ scan: Scan) -> Response {
    JSONResponse.make(scanJSON(scan))
  }

  private func remove(_ context: Context) throws(APIError) -> Response {
    let id = try scanID(context)
    do { try history.remove(id) } catch { throw APIError(error) }
    return Response(status: .noContent)
  }

  /// The front cover of the scan's release, from the cache, else fetched
  /// from the scan's Cover Art Archive address and kept.
  private func cover(_ context: Context, thumbnail: Bool) async throws(APIError) -> Response {
    let scan = try scan(context)
    let missing = APIError(.notFound, "the scan has no cover: the Cover Art Archive has none for its release", field: nil)
    guard let key = ScanCovers.key(scan.coverURL) else { throw missing }
    let images = try await images(for: scan, key: key)
    guard let images else { throw missing }
    let bytes = thumbnail ? images.thumbnail : images.cover
    return Response(
      status: .ok, headers: [.contentType: "image/webp", .cacheControl: "no-cache", .contentLength: String(bytes.count)],
      body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
  }

  /// The cover images of `scan`, `nil` when it has none or they cannot be
  /// fetched (a missing cover never blocks anything).
  private func images(for scan: Scan, key: String) async throws(APIError) -> CoverImages? {
    if let kept = ScanCovers.load(key: key, in: access.cacheFolder) { return kept }
    guard let url = scan.coverURL, let configuration = try? access.configuration(),
      url.hasPrefix(configuration.coverArtURL + "/")  // only the configured archive, never an address a file names
    else { return nil }
    let bytes = try? await access.withHTTP { http -> Result<[UInt8]?, APIError> in
      do throws(LookupError) {
        let answer = try await http.get(url, service: .coverArtArchive, accept: "image/*", limit: 50_000_000)
        return .success(answer.status == 200 && !answer.body.isEmpty ? answer.body : nil)
      } catch {
        return .failure(APIError(error))
      }
    }
    guard let bytes = bytes ?? nil,
      let images = try? await Upload.decode({ () throws(CoverError) in
        try CoverMaker.make(from: bytes, name: "the Cover Art Archive's front cover")
      })
    else { return nil }
    ScanCovers.store(images, key: key, in: access.cacheFolder)
    return images
  }

  /// Add to collection / Add to wantlist: the release's fields, tracks and
  /// cover when MusicBrainz matched one (else the model's fields), the
  /// review as `## Context`; one commit.
  private func keep(_ context: Context, to destination: ScanDestination) async throws(APIError) -> Response {
    let scan = try scan(context)
    // A scan made while MusicBrainz was down is not made an album (503).
    do throws(IdentifyError) { try scan.checkCanBeAdded() } catch { throw APIError(error) }
    var release: MusicBrainzRelease?
    var cover: CoverImages?
    if let id = scan.musicbrainz {
      // As `rk identify --add`: without the release the album is made from the model's answer.
      release = try? await access.with { musicBrainz, _ throws(LookupError) in
        try MusicBrainzRelease.decode(try await musicBrainz.release(id))
      }
      if release != nil, let key = ScanCovers.key(scan.coverURL) { cover = try await images(for: scan, key: key) }
    }
    let addition: ScanAddition
    let album: Album
    do { (addition, album) = try await service.add(scan: scan, release: release, cover: cover, to: destination) } catch {
      throw APIError(error)
    }
    let object = service.snapshot.albumObject(album)
    guard case .object(var fields) = object else { return JSONResponse.make(object) }
    switch addition {
    case .added:
      fields.append(("already_present", .bool(false)))
      var response = JSONResponse.make(.object(fields), status: .created)
      response.headers[.location] = "/api/albums/" + PathPart.encode(album.id)
      return response
    case .alreadyPresent:
      fields.append(("already_present", .bool(true)))
      return JSONResponse.make(.object(fields))
    }
  }

  // MARK: Scans as JSON

  private func scanJSON(_ scan: Scan, kept: KeptAlbums? = nil) -> JSONValue {
    guard case .object(var fields) = scan.json else { return scan.json }
    let address = "/api/scans/" + PathPart.encode(scan.id)
    let hasCover = ScanCovers.key(scan.coverURL) != nil
    fields += [
      ("badge", .string(scan.answer.recommendation.badge)),
      ("cover", hasCover ? .string(address + "/cover") : .null),
      ("thumbnail", hasCover ? .string(address + "/thumbnail") : .null),
      ("album", .optional((kept ?? KeptAlbums(service.snapshot.albums.values, of: [scan])).album(of: scan))),
    ]
    return .object(fields)
  }

  // MARK: Ids

  private func scanID(_ context: Context) throws(APIError) -> String {
    guard let raw = context.parameters.get("scan"), let id = PathPart.decode(raw), Scan.isID(id) else {
      throw APIError(.badRequest, "that is not a scan id: use an id from GET /api/scans", field: "scan")
    }
    return id
  }

  private func scan(_ context: Context) throws(APIError) -> Scan {
    let id = try scanID(context)
    do { return try history.read(id) } catch { throw APIError(error) }
  }
}

/// The albums of the collection by MusicBrainz release and by artist and
/// title, to tell which scans are kept: made once for a whole history.
struct KeptAlbums {
  private var byRelease: [String: String] = [:]
  private var byName: [String: String] = [:]

  /// The albums among `albums` that `scans` may be, in one pass that keeps
  /// only those: sorting every album by id (a copy of each) and keying every
  /// one was 60 MB at 100k albums, for a history that is mostly empty.
  init(_ albums: some Sequence<Album>, of scans: [Scan]) {
    guard !scans.isEmpty else { return }
    let releases = Set(scans.compactMap { $0.musicbrainz?.lowercased() })
    let names = Set(scans.map { SleeveIdentification.key(artist: $0.answer.artistName, title: $0.answer.albumTitle) })
    // The smallest id wins, as adding a scan's album names the one present.
    func keep(_ id: String, for key: String, in table: inout [String: String]) {
      if table[key].map({ id < $0 }) ?? true { table[key] = id }
    }
    for album in albums {
      if let release = album.musicbrainz?.lowercased(), releases.contains(release) { keep(album.id, for: release, in: &byRelease) }
      let key = SleeveIdentification.key(artist: album.artist, title: album.title)
      if names.contains(key) { keep(album.id, for: key, in: &byName) }
    }
  }

  /// The id of the album that is the scan's: the same MusicBrainz release,
  /// or the same artist and title (as adding it compares them).
  func album(of scan: Scan) -> String? {
    let byTitle = byName[SleeveIdentification.key(artist: scan.answer.artistName, title: scan.answer.albumTitle)]
    let ids = [scan.musicbrainz.flatMap { byRelease[$0.lowercased()] }, byTitle].compactMap { $0 }
    return ids.min()
  }
}

/// The front covers of scanned releases, kept in the cache folder
/// (`$XDG_CACHE_HOME/rk/scan-covers/`) by release: the history's JSON keeps
/// only the Cover Art Archive's address, and seed 001 keeps the artwork so
/// the history shows it without asking again.
enum ScanCovers {
  /// `release-MBID` for `…/release/MBID/front` (or `release-group-MBID`);
  /// `nil` for anything else, so no file name comes from elsewhere.
  static func key(_ url: String?) -> String? {
    guard let parts = url?.split(separator: "/"), parts.count >= 3, parts[parts.count - 1] == "front" else { return nil }
    let (kind, id) = (String(parts[parts.count - 3]), String(parts[parts.count - 2]))
    guard kind == "release" || kind == "release-group", MusicBrainzRelease.isID(id) else { return nil }
    return kind + "-" + id.lowercased()
  }

  static func paths(_ key: String, in cache: String) -> (cover: String, thumbnail: String) {
    let folder = cache + "/scan-covers/"
    return (folder + key + ".webp", folder + key + "-thumb.webp")
  }

  static func load(key: String, in cache: String) -> CoverImages? {
    let (coverPath, thumbnailPath) = paths(key, in: cache)
    guard let cover = try? FileSystem.read(coverPath, limit: ImageFile.limit),
      let thumbnail = try? FileSystem.read(thumbnailPath, limit: ImageFile.limit),
      !cover.isEmpty, !thumbnail.isEmpty
    else { return nil }
    return CoverImages(cover: cover, thumbnail: thumbnail)
  }

  /// Keeps both images; a cache that cannot be written only costs a fetch.
  static func store(_ images: CoverImages, key: String, in cache: String) {
    let (coverPath, thumbnailPath) = paths(key, in: cache)
    try? FileSystem.makeFolders(cache + "/scan-covers", mode: 0o700)
    try? FileSystem.writeAtomically(images.cover, to: coverPath)
    try? FileSystem.writeAtomically(images.thumbnail, to: thumbnailPath)
  }
}

extension APIError {
  /// The API error for a scan that failed: seed 001's "Couldn't find a
  /// match" is 422; Anthropic's trouble is a gateway's.
  init(_ error: IdentifyError) {
    switch error {
    case .notIdentified: self.init(.unprocessableContent, error.description, field: "image")
    case .missingKey: self.init(.serviceUnavailable, error.description)
    case .malformedAnswer, .api: self.init(.badGateway, error.description)
    case .overloaded, .notAddedWithoutMusicBrainz: self.init(.serviceUnavailable, error.description)
    case .lookup(let lookup): self.init(lookup)
    case .photo: self.init(.unsupportedMediaType, error.description, field: "image")
    case .history: self.init(.internalServerError, error.description)
    case .scanNotFound, .ambiguousScan: self.init(.notFound, error.description, field: "scan")
    }
  }
}
