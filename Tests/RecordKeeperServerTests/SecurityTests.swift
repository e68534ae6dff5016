import Foundation
import HTTPTestSupport
import HTTPTypes
import Hummingbird
import RecordKeeper
import RecordKeeperServer
import TestSupport
import Testing

@Suite("Server safety (docs/app.md)")
struct SecurityTests {
  static let id = encoded("albums/radiohead-ok-computer")

  @Test func loopbackNeedsNoTokenAndAnyOtherAddressDoes() {
    for host in ["127.0.0.1", "localhost", "::1", "127.1.2.3"] {
      #expect(ServerConfiguration(host: host).token == nil, "\(host)")
    }
    for host in ["0.0.0.0", "192.168.1.20", "::", "example.com"] {
      let configuration = ServerConfiguration(host: host)
      let token = configuration.token ?? ""
      #expect(token.count == 64 && token.allSatisfy(\.isHexDigit), "\(host)")
      #expect(configuration.url().hasPrefix("http://") && configuration.url().hasSuffix(":8080/?token=" + token))
    }
    #expect(ServerConfiguration(host: "0.0.0.0").token != ServerConfiguration(host: "0.0.0.0").token)
    #expect(ServerConfiguration.defaultHost == "127.0.0.1")
  }

  @Test func everyResponseCarriesTheSecurityHeaders() async throws {
    let fixture = try await ServerFixture()
    try await fixture.withClient { client in
      for (uri, method) in [("/", HTTPRequest.Method.get), ("/api/albums", .get), ("/api/nothing", .get), ("/api/albums", .post)] {
        try await client.execute(uri: uri, method: method) { response in
          let policy = response.headers[.contentSecurityPolicy] ?? ""
          #expect(policy.contains("script-src 'self'") && !policy.contains("unsafe-inline") && policy.contains("frame-ancestors 'none'"))
          #expect(policy.contains("default-src 'self'") && policy.contains("object-src 'none'"))
          #expect(response.headers[.xContentTypeOptions] == "nosniff", "\(uri)")
          #expect(response.headers[HTTPField.Name("Referrer-Policy")!] == "no-referrer")
          #expect(response.headers[HTTPField.Name("X-Frame-Options")!] == "DENY")
        }
      }
      try await client.execute(uri: "/", method: .get) { response in
        #expect(response.status == .ok)
        #expect(response.headers[.contentType]?.hasPrefix("text/html") == true)
      }
    }
  }

  @Test func changesComeOnlyFromTheAppsOwnOrigin() async throws {
    let fixture = try await ServerFixture()
    let before = try fixture.commitCount()
    let body = json(["tag": "stolen"])
    try await fixture.withClient { client in
      let refused: [HTTPFields] = [
        [:],
        [.origin: "http://evil.example"],
        [.origin: "null"],
        [.origin: "http://localhost.evil.example"],
        [HTTPField.Name("Sec-Fetch-Site")!: "cross-site", .origin: "http://localhost"],
        [HTTPField.Name("Sec-Fetch-Site")!: "same-site"],
      ]
      for headers in refused {
        try await client.execute(uri: "/api/albums/\(Self.id)/tags", method: .post, headers: headers, body: body) { response in
          #expect(response.status == .forbidden, "\(headers)")
          #expect(response.object["field"] as? String == "origin")
        }
        try await client.execute(uri: "/api/albums/\(Self.id)", method: .delete, headers: headers) { response in
          #expect(response.status == .forbidden, "\(headers)")
        }
      }
      #expect(try fixture.commitCount() == before)
      try await client.execute(
        uri: "/api/albums/\(Self.id)/tags", method: .post, headers: [HTTPField.Name("Sec-Fetch-Site")!: "same-origin"], body: body
      ) { response in
        #expect(response.status == .ok)
      }
      try await client.execute(uri: "/api/albums/\(Self.id)/tags/stolen", method: .delete, headers: [.origin: "http://localhost"]) {
        response in
        #expect(response.status == .ok)
      }
    }
    #expect(try fixture.commitCount() == before + 2)
  }

  @Test func aNameOfAnotherSitePointedAtLoopbackIsRefused() async throws {
    // DNS rebinding: evil.example resolves to 127.0.0.1, so its page's
    // requests reach the server with its own name as the Host.
    let fixture = try await ServerFixture()
    try await fixture.withClient { client in
      try await client.execute(uri: "/api/albums", method: .get, headers: [HTTPField.Name("Host")!: "evil.example:8080"]) { response in
        #expect(response.status == .forbidden)
        #expect(!response.text.contains("OK Computer"))
      }
      try await client.execute(uri: "/api/albums", method: .get, headers: [HTTPField.Name("Host")!: "localhost:8080"]) { response in
        #expect(response.status == .ok)
      }
    }
  }

  @Test func anotherAddressNeedsTheTokenThenKeepsItInAStrictCookie() async throws {
    let fixture = try await ServerFixture()
    let configuration = ServerConfiguration(host: "0.0.0.0", port: 0)
    let token = try #require(configuration.token)
    let router = buildRouter(service: fixture.service, configuration: configuration)
    try await Application(router: router).test(.router) { client in
      for uri in [
        "/", "/api/albums", "/api/albums/\(Self.id)/cover", "/api/albums?token=wrong",
        "/?token=" + token.dropLast() + (token.hasSuffix("0") ? "1" : "0"),
      ] {
        try await client.execute(uri: uri, method: .get) { response in
          #expect(response.status == .unauthorized, "\(uri)")
          #expect(response.object["field"] as? String == "token")
          #expect(!response.text.contains("OK Computer"))
        }
      }
      let cookie = try await client.execute(uri: "/?token=\(token)", method: .get) { response in
        #expect(response.status == .seeOther)
        #expect(response.headers[.location] == "/")
        let cookie = response.headers[.setCookie] ?? ""
        #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict") && cookie.hasPrefix("rk_token=\(token);"))
        return "rk_token=\(token)"
      }
      try await client.execute(uri: "/api/albums", method: .get, headers: [.cookie: cookie]) { response in
        #expect(response.status == .ok)
        #expect(response.object["count"] as? Int == 5)
      }
      // The cookie alone does not make a change: the origin must be the app's too.
      try await client.execute(uri: "/api/albums/\(Self.id)", method: .delete, headers: [.cookie: cookie]) { response in
        #expect(response.status == .forbidden)
      }
      try await client.execute(uri: "/api/albums/\(Self.id)", method: .delete, headers: [.origin: "http://localhost"]) { response in
        #expect(response.status == .unauthorized)
      }
    }
  }

  @Test func textFromTheCollectionIsDataNeverMarkup() async throws {
    let fixture = try await ServerFixture(albums: [
      "albums/x-script": albumText(title: "<script>alert(1)</script>", artist: "\"><img src=x onerror=alert(1)>")
    ])
    try await fixture.withClient { client in
      try await client.execute(uri: "/api/albums", method: .get) { response in
        #expect(response.headers[.contentType] == "application/json; charset=utf-8")
        #expect((response.object["albums"] as? [[String: Any]])?.first?["title"] as? String == "<script>alert(1)</script>")
      }
    }
  }
}
