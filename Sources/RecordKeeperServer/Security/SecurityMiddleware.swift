import HTTPTypes
import Hummingbird

/// The guard in front of every request (docs/app.md, "Safe by default"), in this order:
///
/// 1. On loopback, the `Host` must name this machine, so a web page on
///    another site that points its own name at 127.0.0.1 (DNS rebinding)
///    is refused.
/// 2. With a token (any other address), every request must carry it: once
///    as `?token=`, which sets an HttpOnly, SameSite=Strict cookie, then
///    as that cookie. Only the manifest and its icons are public, for
///    "Add to Home Screen", which fetches them without the cookie.
/// 3. Changes (every method but GET and HEAD) must come from the app's own
///    page: `Sec-Fetch-Site: same-origin`, or an `Origin` equal to the
///    server's own, else 403. A page elsewhere cannot post to the server
///    from the collector's browser.
/// 4. Every response, errors included, carries security headers: a content
///    security policy without inline script, `nosniff`, no framing, no
///    referrer (the token never leaks in one).
struct SecurityMiddleware<Context: RequestContext>: RouterMiddleware {
  let configuration: ServerConfiguration

  static var cookieName: String { "rk_token" }

  /// Scripts, styles and images from the app itself only; `blob:` and
  /// `data:` images for photo previews made in the page.
  static var contentSecurityPolicy: String {
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' blob: data:; connect-src 'self'; "
      + "manifest-src 'self'; worker-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'"
  }

  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
    var response: Response
    do {
      response = try await check(request, context: context, next: next)
    } catch let error as APIError {
      response = try error.response(from: request, context: context)
    } catch let error as any HTTPResponseError {
      if request.uri.path.hasPrefix("/api/") || request.uri.path == "/api" {
        let message = error.status == .notFound ? "there is no such API endpoint: see docs/app.md, \"The JSON API\"" : "\(error.status)"
        response = try APIError(error.status, message).response(from: request, context: context)
      } else {
        response = try error.response(from: request, context: context)
      }
    }
    response.headers[.contentSecurityPolicy] = Self.contentSecurityPolicy
    response.headers[.xContentTypeOptions] = "nosniff"
    response.headers[.xFrameOptions] = "DENY"
    response.headers[.referrerPolicy] = "no-referrer"
    response.headers[.crossOriginOpenerPolicy] = "same-origin"
    response.headers[.crossOriginResourcePolicy] = "same-origin"
    return response
  }

  private func check(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
    let host = request.head.authority ?? request.headers[.hostHeader]
    // Both are checked: HTTP/1 sends Host, which becomes the authority, and
    // a client could send both.
    if configuration.token == nil {
      for name in [request.head.authority, request.headers[.hostHeader]].compactMap({ $0 })
      where !ServerConfiguration.isLoopback(Self.hostName(name)) {
        throw APIError(.forbidden, "this server answers only as localhost or 127.0.0.1, not as \"\(name)\"", field: "host")
      }
    }
    var setCookie: String?
    if let token = configuration.token, !Self.isPublic(request) {
      let query = QueryString(request.uri.query)
      if let given = query["token"], AccessToken.matches(given, token) {
        setCookie = "\(Self.cookieName)=\(token); Path=/; HttpOnly; SameSite=Strict; Max-Age=2592000"
        if request.method == .get || request.method == .head {
          // Out of the address bar and the history at once.
          var response = Response(status: .seeOther, headers: [.location: request.uri.path])
          response.headers[.setCookie] = setCookie
          return response
        }
      } else if !(request.cookies[Self.cookieName].map { AccessToken.matches($0.value, token) } ?? false) {
        throw APIError(
          .unauthorized, "this server needs its access token: open the address rk serve printed (it ends in ?token=…)", field: "token")
      }
    }
    if request.method != .get && request.method != .head {
      try checkOrigin(request, host: host)
    }
    var response = try await next(request, context)
    if let setCookie { response.headers[.setCookie] = setCookie }
    return response
  }

  /// The web app manifest and its icons, which a browser fetches without
  /// the cookie ("Add to Home Screen"); they hold nothing of the collection.
  static var publicPaths: Set<String> {
    [
      "/manifest.webmanifest", "/icons/icon.svg", "/icons/icon-192.png", "/icons/icon-512.png", "/icons/splash.svg",
    ]
  }

  private static func isPublic(_ request: Request) -> Bool {
    (request.method == .get || request.method == .head) && publicPaths.contains(request.uri.path)
  }

  private func checkOrigin(_ request: Request, host: String?) throws(APIError) {
    let refusal = APIError(.forbidden, "changes are taken only from the Record Keeper app's own page", field: "origin")
    if let site = request.headers[.secFetchSite] {
      guard site == "same-origin" else { throw refusal }
      return
    }
    guard let origin = request.headers[.origin], let host, origin.lowercased() == "http://" + host.lowercased() else { throw refusal }
  }

  /// `host` without its port: `127.0.0.1:8080` → `127.0.0.1`, `[::1]:80` → `::1`.
  static func hostName(_ host: String) -> String {
    if host.hasPrefix("["), let end = host.firstIndex(of: "]") { return String(host[host.index(after: host.startIndex)..<end]) }
    if let colon = host.lastIndex(of: ":"), host.firstIndex(of: ":") == colon { return String(host[..<colon]) }
    return host
  }
}

extension HTTPField.Name {
  /// HTTP/1's Host, which HTTPTypes files under the authority; read too,
  /// in case a client sends both.
  static var hostHeader: Self { .init("Host")! }
  static var secFetchSite: Self { .init("Sec-Fetch-Site")! }
  static var crossOriginOpenerPolicy: Self { .init("Cross-Origin-Opener-Policy")! }
  static var xFrameOptions: Self { .init("X-Frame-Options")! }
  static var referrerPolicy: Self { .init("Referrer-Policy")! }
}
