import Foundation
import Testing

@testable import RecordKeeper

/// `Tests/Fixtures/schema.json` is the catalogue `GET /api/schema` serves: the
/// app's unit tests (Tests/app, under `node --test`) run schema.js, search.js
/// and the details form on it without a server.
@Suite("Field catalogue for the app's unit tests")
struct SchemaFixtureTests {
  @Test func theCatalogueTheAppsUnitTestsReadIsTheLibrarys() throws {
    let url = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appending(path: "Fixtures/schema.json")
    let now = FieldCatalogue.json.serialized() + "\n"
    let stored = try? String(contentsOf: url, encoding: .utf8)
    if stored != now { try now.write(to: url, atomically: true, encoding: .utf8) }
    #expect(stored == now, "Tests/Fixtures/schema.json was stale and has been rewritten: run the test again and commit it")
  }
}
