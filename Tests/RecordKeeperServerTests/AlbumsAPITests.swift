import Foundation
import HTTPTestSupport
import Hummingbird
import RecordKeeper
import RecordKeeperServer
import TestSupport
import Testing

/// JSON text with sorted keys, to compare two documents.
func normalized(_ value: Any) throws -> String {
  String(decoding: try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]), as: UTF8.self)
}

@Suite("API: albums")
struct AlbumsAPITests {
  @Test func listsEveryAlbumInTheStoredOrderWithGroups() async throws {
    let fixture = try await ServerFixture()
    try await fixture.withClient { client in
      try await client.execute(uri: "/api/albums", method: .get) { response in
        #expect(response.status == .ok)
        #expect(response.headers[.contentType] == "application/json; charset=utf-8")
        let albums = response.object["albums"] as? [[String: Any]] ?? []
        #expect(response.object["count"] as? Int == 5)
        #expect(albums.map { $0["title"] as? String } == ["Abbey Road", "Homogenic", "Kind of Blue", "Bitches Brew", "OK Computer"])
        #expect(albums.map { $0["group"] as? String } == ["B", "B", "M", "M", "R"])
        // The album object of rk list --json, field for field.
        let first = albums.first ?? [:]
        #expect(first["id"] as? String == "albums/the-beatles-abbey-road")
        #expect(first["sort_artist"] as? String == "Beatles, The")
        #expect(first["media_condition"] is NSNull)
      }
    }
  }

  @Test func sameObjectsAsRkListJSON() async throws {
    let fixture = try await ServerFixture()
    let cli = try runRK(["-C", fixture.collection.path, "list", "--json"])
    let expected = try normalized(JSONSerialization.jsonObject(with: Data(cli.stdout.utf8)))
    try await fixture.withClient { client in
      try await client.execute(uri: "/api/albums", method: .get) { response in
        // The app's versioned cover addresses (CoverAddresses) are the API's only addition.
        let albums = try normalized(
          (response.object["albums"] as? [[String: Any]] ?? []).map { $0.filter { $0.key != "cover_url" && $0.key != "thumbnail_url" } })
        #expect(albums == expected)
      }
    }
  }

  @Test func searchesWithScopeSortAndPaging() async throws {
    let fixture = try await ServerFixture()
    try await fixture.withClient { client in
      // Search as you type, with a -term, "+" as a space.
      try await client.execute(uri: "/api/albums?q=miles+-brew", method: .get) { response in
        #expect(response.object["count"] as? Int == 1)
        #expect((response.object["albums"] as? [[String: Any]])?.first?["title"] as? String == "Kind of Blue")
      }
      // Only the title is searched: "miles" is in no title.
      try await client.execute(uri: "/api/albums?q=miles&in=title", method: .get) { response in
        #expect(response.object["count"] as? Int == 0)
      }
      // Sorted by year once; the page holds 2, the count is the whole match.
      try await client.execute(uri: "/api/albums?sort=year&offset=1&limit=2", method: .get) { response in
        let albums = response.object["albums"] as? [[String: Any]] ?? []
        #expect(response.object["count"] as? Int == 5)
        #expect(albums.map { $0["title"] as? String } == ["Abbey Road", "Bitches Brew"])
        #expect(albums.map { $0["group"] as? String } == ["1969", "1970"])
      }
      // Diacritics folded: "bjork" finds Björk.
      try await client.execute(uri: "/api/albums?q=bjork", method: .get) { response in
        #expect(response.object["count"] as? Int == 1)
      }
    }
    // The stored mode was not changed by ?sort=.
    #expect(!FileManager.default.fileExists(atPath: fixture.collection.path + "/.recordkeeper/local.yaml"))
  }

  @Test(arguments: [
    ("/api/albums?sort=loudest", "sort"), ("/api/albums?in=colour", "in"), ("/api/albums?limit=0", "limit"),
    ("/api/albums?offset=-1", "offset"),
  ])
  func refusesBadListParametersByName(uri: String, field: String) async throws {
    let fixture = try await ServerFixture()
    try await fixture.withClient { client in
      try await client.execute(uri: uri, method: .get) { response in
        #expect(response.status == .badRequest)
        #expect(response.object["field"] as? String == field)
        #expect((response.object["error"] as? String ?? "").isEmpty == false)
      }
    }
  }

  @Test func showsOneAlbumWithTheArtistsOtherAlbums() async throws {
    let fixture = try await ServerFixture()
    try await fixture.withClient { client in
      try await client.execute(uri: "/api/albums/" + encoded("albums/miles-davis-kind-of-blue"), method: .get) { response in
        #expect(response.status == .ok)
        #expect(response.object["title"] as? String == "Kind of Blue")
        // Names without their lengths; the length is the track list's.
        #expect(response.object["tracks"] as? [String] == ["So What", "Freddie Freeloader", "Blue in Green"])
        #expect((response.object["track_list"] as? [[String: Any]])?.first?["duration"] as? Int == 9 * 60 + 22)
        #expect(response.object["other_albums"] as? [String] == ["albums/miles-davis-bitches-brew"])
      }
      try await client.execute(uri: "/api/albums/" + encoded("albums/nobody"), method: .get) { response in
        #expect(response.status == .notFound)
        #expect(response.object["field"] as? String == "id")
      }
    }
  }

  @Test func addsAnAlbumAsOneCommit() async throws {
    let fixture = try await ServerFixture()
    let before = try fixture.commitCount()
    try await fixture.withClient { client in
      let body = json([
        "title": "Blue Train", "artist": "John Coltrane", "released": "1958-01", "tracks": ["Blue Train (10:43)", "Moment's Notice"],
        "tags": ["jazz", "hard bop", "jazz"], "label": "Blue Note", "media_condition": "VG+",
      ])
      try await client.execute(uri: "/api/albums", method: .post, headers: sameOrigin, body: body) { response in
        #expect(response.status == .created)
        #expect(response.object["id"] as? String == "albums/john-coltrane-blue-train")
        #expect(response.headers[.location] == "/api/albums/albums%2Fjohn-coltrane-blue-train")
        #expect(response.object["tags"] as? [String] == ["jazz", "hard bop"])
        #expect(response.object["label"] as? String == "Blue Note")
      }
      try await client.execute(uri: "/api/albums?q=coltrane", method: .get) { response in
        #expect(response.object["count"] as? Int == 1)
      }
    }
    #expect(try fixture.commitCount() == before + 1)
    #expect(try fixture.collection.commitSubjects().first == "Add John Coltrane – Blue Train")
    #expect(try fixture.isClean())
  }

  @Test func refusesAnInvalidAlbumNamingTheFieldAndWritesNothing() async throws {
    let fixture = try await ServerFixture()
    let before = try fixture.commitCount()
    try await fixture.withClient { client in
      let cases: [([String: Any], String)] = [
        (["title": "", "artist": "Someone"], "title"),
        (["title": "T", "artist": "A", "released": "1997-02-30"], "released"),
        (["title": "T", "artist": "A", "rating": "6"], "rating"),
        (["title": "T", "artist": "A", "tracks": ["fine", "  "]], "tracks"),
        (["title": "T", "artist": "A", "wikipedia": "not a link"], "wikipedia"),
        (["title": "T", "artist": "A", "colour": "red"], "colour"),
        (["title": ["T"], "artist": "A"], "title"),
      ]
      for (body, field) in cases {
        try await client.execute(uri: "/api/albums", method: .post, headers: sameOrigin, body: json(body)) { response in
          #expect(response.status == .unprocessableContent || response.status == .badRequest, "\(body)")
          #expect(response.object["field"] as? String == field, "\(body): \(response.text)")
        }
      }
      try await client.execute(uri: "/api/albums", method: .post, headers: sameOrigin, body: ByteBuffer(string: "{not json")) { response in
        #expect(response.status == .badRequest)
      }
    }
    #expect(try fixture.commitCount() == before)
    #expect(try fixture.isClean())
  }

  @Test func theDateMessageIsTheCommandLines() async throws {
    let fixture = try await ServerFixture()
    let cli = try runRK(["-C", fixture.collection.path, "set", "miles-davis-kind-of-blue", "--released", "1959-13-01"])
    try await fixture.withClient { client in
      let id = encoded("albums/miles-davis-kind-of-blue")
      let headers = try await saveHeaders(fixture, "albums/miles-davis-kind-of-blue")
      try await client.execute(uri: "/api/albums/\(id)", method: .put, headers: headers, body: json(["released": "1959-13-01"])) {
        response in
        #expect(response.status == .unprocessableContent)
        let message = response.object["error"] as? String ?? "?"
        #expect(cli.stderr.contains(message.split(separator: "\n").last.map(String.init) ?? "?"), "\(cli.stderr) vs \(message)")
      }
    }
  }

  @Test func savesTheWholeAlbumAsOneCommit() async throws {
    let fixture = try await ServerFixture()
    let before = try fixture.commitCount()
    let id = "albums/miles-davis-kind-of-blue"
    try await fixture.withClient { client in
      let body = json([
        "title": "Kind of Blue", "artist": "Miles Davis", "sort_artist": "Davis, Miles", "released": "1959-08-17",
        "tracks": ["So What (9:22)", "Blue in Green", "All Blues"], "tags": ["jazz"], "location": "Shelf 2",
      ])
      let headers = try await saveHeaders(fixture, id)
      try await client.execute(uri: "/api/albums/" + encoded(id), method: .put, headers: headers, body: body) { response in
        #expect(response.status == .ok)
        #expect(response.object["tracks"] as? [String] == ["So What", "Blue in Green", "All Blues"])
        #expect((response.object["track_list"] as? [[String: Any]])?.map { $0["duration"] as? Int } == [562, nil, nil])
        #expect(response.object["sort_artist"] as? String == "Davis, Miles")
        #expect(response.object["location"] as? String == "Shelf 2")
      }
    }
    #expect(try fixture.commitCount() == before + 1)
    #expect(try fixture.collection.commitSubjects().first == "Change sort artist, location, tracks and tags of Miles Davis – Kind of Blue")
    let text = try fixture.collection.read(id + "/album.md")
    #expect(text.contains("- All Blues") || text.contains("All Blues"))
    #expect(!text.contains("Freddie Freeloader"))
  }

  @Test func aChangedAlbumMovesToItsPlaceInEveryKeptOrder() async throws {
    let fixture = try await ServerFixture()
    try await fixture.withClient { client in
      func titles(_ sort: String) async throws -> [String] {
        try await client.execute(uri: "/api/albums?sort=\(sort)", method: .get) { response in
          (response.object["albums"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
        }
      }
      #expect(try await titles("title") == ["Abbey Road", "Bitches Brew", "Homogenic", "Kind of Blue", "OK Computer"])
      #expect(try await titles("year").first == "Kind of Blue")
      let body = json(["title": "Zebra", "released": "1950"])
      let headers = try await saveHeaders(fixture, "albums/the-beatles-abbey-road")
      try await client.execute(uri: "/api/albums/" + encoded("albums/the-beatles-abbey-road"), method: .put, headers: headers, body: body) {
        #expect($0.status == .ok)
      }
      #expect(try await titles("title") == ["Bitches Brew", "Homogenic", "Kind of Blue", "OK Computer", "Zebra"])
      #expect(try await titles("year").first == "Zebra")
      #expect(try await titles("artist-year").first == "Zebra")
    }
  }

  @Test func deletesAnAlbumAsOneCommit() async throws {
    let fixture = try await ServerFixture()
    let before = try fixture.commitCount()
    try await fixture.withClient { client in
      try await client.execute(uri: "/api/albums/" + encoded("albums/radiohead-ok-computer"), method: .delete, headers: sameOrigin) {
        response in
        #expect(response.status == .noContent)
      }
      try await client.execute(uri: "/api/albums/" + encoded("albums/radiohead-ok-computer"), method: .get) { response in
        #expect(response.status == .notFound)
      }
    }
    #expect(try fixture.commitCount() == before + 1)
    #expect(!FileManager.default.fileExists(atPath: fixture.collection.path + "/albums/radiohead-ok-computer"))
  }

  @Test func addsAndRemovesTagsAtOnce() async throws {
    let fixture = try await ServerFixture()
    let before = try fixture.commitCount()
    let id = encoded("albums/radiohead-ok-computer")
    try await fixture.withClient { client in
      try await client.execute(uri: "/api/albums/\(id)/tags", method: .post, headers: sameOrigin, body: json(["tag": "art rock"])) {
        response in
        #expect(response.status == .ok)
        #expect(response.object["tags"] as? [String] == ["rock", "art rock"])
      }
      #expect(try fixture.commitCount() == before + 1)
      try await client.execute(uri: "/api/albums/\(id)/tags/art%20rock", method: .delete, headers: sameOrigin) { response in
        #expect(response.status == .ok)
        #expect(response.object["tags"] as? [String] == ["rock"])
      }
      #expect(try fixture.commitCount() == before + 2)
      try await client.execute(uri: "/api/albums/\(id)/tags", method: .post, headers: sameOrigin, body: json(["tag": "  "])) { response in
        #expect(response.status == .unprocessableContent)
        #expect(response.object["field"] as? String == "tag")
      }
      try await client.execute(uri: "/api/albums/\(id)/tags", method: .post, headers: sameOrigin, body: json(["label": "x"])) { response in
        #expect(response.status == .badRequest)
        #expect(response.object["field"] as? String == "tag")
      }
    }
    #expect(try fixture.commitCount() == before + 2)
    #expect(
      try fixture.collection.commitSubjects().prefix(2) == [
        "Remove tag \"art rock\" from Radiohead – OK Computer", "Add tag \"art rock\" to Radiohead – OK Computer",
      ])
  }

  @Test func artistsTagsStatusAndTheSortSetting() async throws {
    let fixture = try await ServerFixture()
    let before = try fixture.commitCount()
    try await fixture.withClient { client in
      try await client.execute(uri: "/api/artists?prefix=bj", method: .get) { response in
        #expect(response.json as? [String] == ["Björk"])
      }
      try await client.execute(uri: "/api/artists", method: .get) { response in
        #expect((response.json as? [String])?.contains("Beatles, The") == true)
      }
      try await client.execute(uri: "/api/tags", method: .get) { response in
        let tags = response.array.compactMap { $0 as? [String: Any] }
        #expect(tags.map { $0["tag"] as? String } == ["fusion", "jazz", "modal", "rock"])
        #expect(tags.map { $0["count"] as? Int } == [1, 2, 1, 2])
      }
      try await client.execute(uri: "/api/status", method: .get) { response in
        #expect(response.object["count"] as? Int == 5)
        // Issue 22.5: nothing reads it, and the server is never read-only.
        #expect(response.object["readOnly"] == nil)
        #expect(response.object["version"] as? String == RecordKeeperVersion.current)
      }
      try await client.execute(uri: "/api/sort", method: .get) { response in
        #expect(response.object["mode"] as? String == "artist-year")
      }
      try await client.execute(uri: "/api/sort", method: .put, headers: sameOrigin, body: json(["mode": "year"])) { response in
        #expect(response.object["mode"] as? String == "year")
      }
      try await client.execute(uri: "/api/albums?limit=1", method: .get) { response in
        #expect((response.object["albums"] as? [[String: Any]])?.first?["group"] as? String == "1959")
      }
      try await client.execute(uri: "/api/sort", method: .put, headers: sameOrigin, body: json(["mode": "loudest"])) { response in
        #expect(response.status == .badRequest)
        #expect(response.object["field"] as? String == "mode")
      }
      try await client.execute(uri: "/api/nothing-here", method: .get) { response in
        #expect(response.status == .notFound)
        #expect(response.object["error"] != nil)
      }
    }
    // The same setting as rk sort, which git ignores: no commit.
    #expect(try runRK(["-C", fixture.collection.path, "sort"]).stdout == "year\n")
    #expect(try fixture.commitCount() == before)
  }

  @Test func idsThatTryToLeaveTheCollectionAreRefused() async throws {
    let fixture = try await ServerFixture()
    let before = try fixture.commitCount()
    try await fixture.withClient { client in
      for id in ["..%2F..%2Fetc", "albums%2F..%2F..%2Fsecret", "%2Fetc%2Fpasswd", "..", ".git", "albums%2F.rk-new", "%ZZ"] {
        try await client.execute(uri: "/api/albums/\(id)", method: .get) { response in
          #expect(response.status == .badRequest || response.status == .notFound, "\(id): \(response.status)")
        }
        try await client.execute(uri: "/api/albums/\(id)", method: .put, headers: sameOrigin, body: json(["title": "Pwned"])) { response in
          #expect(response.status == .badRequest || response.status == .notFound, "\(id): \(response.status)")
        }
        try await client.execute(uri: "/api/albums/\(id)", method: .delete, headers: sameOrigin) { response in
          #expect(response.status == .badRequest || response.status == .notFound, "\(id): \(response.status)")
        }
      }
    }
    #expect(try fixture.commitCount() == before)
    #expect(try fixture.isClean())
  }
}
