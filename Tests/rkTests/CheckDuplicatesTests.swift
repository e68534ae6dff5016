import Foundation
import TestSupport
import Testing

@Suite("rk check: duplicate pressings")
struct CheckDuplicatesTests {
  @Test func reportedAsPathLineFieldWithWhatToDo() throws {
    let collection = try TemporaryCollection(albums: [
      "albums/kind-of-blue": "---\ntitle: Kind of Blue\nartist: Miles Davis\nbarcode: 0 74646 93522 6\n---\n",
      "albums/kind-of-blue-2": "---\ntitle: Kind of Blue\nartist: Miles Davis\nlabel: Columbia\nbarcode: 074646935226\n---\n",
      "albums/blue-train": "---\ntitle: Blue Train\nartist: John Coltrane\nbarcode: 12345678\n---\n",
    ])
    let result = try runRK(["check"], in: collection.path)
    #expect(result.status == 1)
    #expect(
      result.stdout == """
        albums/kind-of-blue/album.md:4: barcode: same barcode 0 74646 93522 6 as albums/kind-of-blue-2 — keep one, give each album the barcode printed on its own sleeve, or if you own it twice number the copies (copy: 2)
        albums/kind-of-blue-2/album.md:5: barcode: same barcode 074646935226 as albums/kind-of-blue — keep one, give each album the barcode printed on its own sleeve, or if you own it twice number the copies (copy: 2)

        """)
    #expect(result.stderr.contains("3 albums checked: 2 problems in 2 albums."))

    let json = try runRK(["check", "--json"], in: collection.path)
    #expect(json.status == 1)
    let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
    let problems = object?["problems"] as? [[String: Any]] ?? []
    #expect(problems.map { $0["path"] as? String } == ["albums/kind-of-blue/album.md", "albums/kind-of-blue-2/album.md"])
    #expect(problems.map { $0["line"] as? Int } == [4, 5])
    #expect(problems.map { $0["field"] as? String } == ["barcode", "barcode"])
  }
}
