import Foundation
import HTTPTestSupport
import Hummingbird
import RecordKeeper
import RecordKeeperServer
import TestSupport
import Testing

/// A change to an album whose file is half-written on disk (a crash or a
/// full disk left NUL bytes) is answered 422 naming the file, never 500
/// (issue 31's crash probe).
@Suite("API: a half-written album.md")
struct HalfWrittenAlbumAPITests {
  @Test func aChangeToAHalfWrittenAlbumIsRefusedNamingItsFile() async throws {
    let fixture = try await ServerFixture()
    let id = "albums/radiohead-ok-computer"
    // Written behind the server's back: it still holds the album as it was.
    try fixture.collection.writeFile(
      id + "/album.md", Array("---\ntitle: OK Computer\nartist: Radio".utf8) + [UInt8](repeating: 0, count: 64))
    try await fixture.withClient { client in
      try await client.execute(
        uri: "/api/albums/\(encoded(id))/tags", method: .post, headers: sameOrigin, body: json(["tag": "art rock"])
      ) { response in
        #expect(response.status == .unprocessableContent)
        let message = response.object["error"] as? String ?? ""
        #expect(message.contains("\(id)/album.md:3: "), "\(message)")
        #expect(message.contains("NUL bytes"), "\(message)")
        #expect(response.object["field"] as? String == "file")
      }
    }
  }
}
