import CoverTestSupport
import Foundation
import HTTPTestSupport
import HTTPTypes
import Hummingbird
import RecordKeeperCovers

/// One request the fixture server saw (its time may be late when other
/// tests hold the concurrency threads: see ``TimingServer``).
struct SeenRequest: Sendable {
  var path: String
  var query: String?
  var userAgent: String?
  /// Wall-clock seconds when it arrived.
  var time: Double
}

/// What the fixture server saw, in order.
actor RequestLog {
  private(set) var requests: [SeenRequest] = []

  func record(_ request: SeenRequest) { requests.append(request) }

}

/// A local server on loopback that answers as MusicBrainz's web service v2
/// and the Cover Art Archive document: release lookups and searches, and
/// `/release/MBID/front` (a 307 to the image) or 404.
struct LookupFixtureServer {
  /// Release ids whose release has a front cover.
  static let releaseCovers: Set<String> = [MusicBrainzFixtures.kindOfBlue, MusicBrainzFixtures.twoDiscs]
  /// Release-group ids whose group has a front cover.
  static let groupCovers: Set<String> = [MusicBrainzFixtures.whiteAlbumGroup]

  /// A 600×600 JPEG, the front cover every cover address leads to.
  static let coverJPEG: [UInt8] = {
    (try? CoverMaker.testImage(width: 600, height: 600, suffix: ".jpg[Q=85]") { x, y in (UInt8(x % 256), UInt8(y % 256), 90) }) ?? []
  }()

  /// Searches: the releases each query finds.
  static func releases(matching query: String) -> [String] {
    switch query {
    case "barcode:0602498658467": [MusicBrainzFixtures.twoDiscs]
    case "catno:\"CL 1355\"": [MusicBrainzFixtures.kindOfBlue]
    case "barcode:0000": []
    default:
      query.lowercased().contains("blue")
        ? [MusicBrainzFixtures.kindOfBlue, MusicBrainzFixtures.whiteAlbum] : [MusicBrainzFixtures.whiteAlbum]
    }
  }

  /// Runs `body` with the server's base URL (`http://127.0.0.1:PORT`) and
  /// its request log.
  static func run<T: Sendable>(_ body: @escaping @Sendable (_ url: String, _ log: RequestLog) async throws -> T) async throws -> T {
    let log = RequestLog()
    let router = Router()
    router.middlewares.add(LoggingMiddleware(log: log))
    router.get("/ws/2/release/:id") { request, context -> Response in
      let id = context.parameters.get("id") ?? ""
      switch id {
      case MusicBrainzFixtures.alwaysBusy:
        return Response(
          status: .serviceUnavailable, headers: [HTTPField.Name("Retry-After")!: "1"], body: .init(byteBuffer: ByteBuffer(string: "busy")))
      case MusicBrainzFixtures.slow:
        try await Task.sleep(for: .seconds(3))
      default: break
      }
      guard request.uri.queryParameters.get("fmt") == "json",
        request.uri.queryParameters.get("inc") == "recordings+labels+artist-credits+media+release-groups"
      else { return json(#"{"error": "Invalid inc or fmt"}"#, status: .badRequest) }
      guard let text = MusicBrainzFixtures.releases[id] else {
        return json(#"{"error": "Not Found", "help": "For usage, please see: https://musicbrainz.org/development/mmd"}"#, status: .notFound)
      }
      return json(text)
    }
    router.get("/ws/2/release") { request, _ -> Response in
      guard request.uri.queryParameters.get("fmt") == "json", let query = request.uri.queryParameters.get("query") else {
        return json(#"{"error": "Invalid query"}"#, status: .badRequest)
      }
      return json(MusicBrainzFixtures.search(releases(matching: String(query))))
    }
    router.get("/release/:id/front") { _, context -> Response in
      releaseCovers.contains(context.parameters.get("id") ?? "") ? redirect() : Response(status: .notFound)
    }
    router.get("/release-group/:id/front") { _, context -> Response in
      groupCovers.contains(context.parameters.get("id") ?? "") ? redirect() : Response(status: .notFound)
    }
    router.get("/images/front.jpg") { _, _ -> Response in
      Response(status: .ok, headers: [.contentType: "image/jpeg"], body: .init(byteBuffer: ByteBuffer(bytes: coverJPEG)))
    }
    let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
    return try await app.test(.live) { client in
      guard let port = client.port else { throw CancellationError() }
      return try await body("http://127.0.0.1:\(port)", log)
    }
  }

  private static func json(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
    Response(status: status, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(string: text)))
  }

  /// The archive answers a front-cover address with a redirect to the image.
  private static func redirect() -> Response {
    Response(status: .temporaryRedirect, headers: [.location: "/images/front.jpg"])
  }
}

/// Records every request with the time it arrived.
struct LoggingMiddleware<Context: RequestContext>: RouterMiddleware {
  let log: RequestLog

  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
    var time = timespec()
    clock_gettime(CLOCK_REALTIME, &time)
    await log.record(
      SeenRequest(
        path: request.uri.path, query: request.uri.queryParameters.get("query").map { String($0) },
        userAgent: request.headers[.userAgent], time: Double(time.tv_sec) + Double(time.tv_nsec) / 1e9))
    return try await next(request, context)
  }
}
