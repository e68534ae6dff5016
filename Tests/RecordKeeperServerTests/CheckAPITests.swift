import Foundation
import HTTPTestSupport
import Hummingbird
import RecordKeeper
import TestSupport
import Testing

/// `POST /api/check` judges a form as a save would, with the library's own
/// rules and words, and writes nothing (issue 30, point 4).
@Suite("API: checking a form")
struct CheckAPITests {
  @Test func aBadDateAndATooLongTitleAreNamedOnTheirFieldsAndNothingIsWritten() async throws {
    let fixture = try await ServerFixture()
    let before = try fixture.commitCount()
    let file = fixture.collection.path + "/albums/miles-davis-kind-of-blue/album.md"
    let text = try String(contentsOfFile: file, encoding: .utf8)
    try await fixture.withClient { client in
      let body = json([
        "title": String(repeating: "a", count: 256), "artist": "Miles Davis", "released": "1959-02-30",
        "track_list": [["name": "So What (9:75)", "side": NSNull()]],
      ])
      try await client.execute(
        uri: "/api/check?album=albums/miles-davis-kind-of-blue", method: .post, headers: sameOrigin, body: body
      ) { response in
        #expect(response.status == .ok)
        let problems = response.object["problems"] as? [[String: Any]] ?? []
        let byField = Dictionary(problems.map { ($0["field"] as? String ?? "", $0) }, uniquingKeysWith: { first, _ in first })
        #expect(byField["title"]?["message"] as? String == "is 256 characters long; at most 255 are allowed")
        #expect(byField["released"]?["message"] as? String == "1959-02 has no day 30")
        #expect((byField["tracks"]?["message"] as? String)?.hasPrefix("ends in (9:75), which is not a length") == true, "\(problems)")
        #expect(byField["tracks"]?["index"] as? Int == 0)
      }
      // An add is judged on a blank album: the artist is required.
      try await client.execute(uri: "/api/check", method: .post, headers: sameOrigin, body: json(["title": "Blue Train"])) { response in
        let problems = response.object["problems"] as? [[String: Any]] ?? []
        #expect(problems.map { $0["field"] as? String } == ["artist"])
        #expect(problems.first?["message"] as? String == "is required and must not be blank")
      }
    }
    #expect(try fixture.commitCount() == before)
    #expect(try fixture.isClean())
    #expect(try String(contentsOfFile: file, encoding: .utf8) == text)
  }

  @Test func aGoodAlbumHasNoProblems() async throws {
    let fixture = try await ServerFixture()
    try await fixture.withClient { client in
      let body = json([
        "title": "Kind of Blue", "artist": "Miles Davis", "released": "1959-08-17",
        "wikipedia": "https://en.wikipedia.org/wiki/Kind_of_Blue",
        "track_list": [["name": "So What (9:22)", "side": NSNull()]], "tags": ["jazz"], "barcode": "0602498658467",
      ])
      try await client.execute(uri: "/api/check", method: .post, headers: sameOrigin, body: body) { response in
        #expect(response.status == .ok)
        #expect(response.object["problems"] as? [Any] != nil)
        #expect((response.object["problems"] as? [Any])?.isEmpty == true, "\(response.text)")
      }
      try await client.execute(uri: "/api/check?album=albums/nobody", method: .post, headers: sameOrigin, body: body) { response in
        #expect(response.status == .notFound)
      }
    }
  }
}
