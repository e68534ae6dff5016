import TestSupport
import Testing

@testable import RecordKeeper

/// Issue 17, differentially: thousands of random pairs of hand edits merged
/// through ``AlbumMerge/merge(base:ours:theirs:id:prefer:)``; every line
/// either side added or both kept is in the result (or its field's merged
/// value replaced it), or a conflict is reported, and the result parses.
@Suite("Album merge property: no line is lost")
struct AlbumMergePropertyTests {
  @Test func randomHandEditsOnBothSidesLoseNoLine() throws {
    var edits = HandEdits(seed: 17)
    var trials = 0
    var conflicted = 0
    var failures: [String] = []
    var byField: [String: Int] = [:]
    for number in 0..<2_500 {
      let base = edits.album(number: number)
      let ours = edits.edit(base, side: "A")
      let theirs = edits.edit(base, side: "B")
      guard (try? AlbumFile.parse(Array(ours.utf8), id: "a")) != nil, (try? AlbumFile.parse(Array(theirs.utf8), id: "a")) != nil else {
        Issue.record("trial \(number): the generator wrote a file that does not parse\n\(ours)\n\(theirs)")
        continue
      }
      let result: AlbumMerge.Result
      do {
        result = try AlbumMerge.merge(base: Array(base.utf8), ours: Array(ours.utf8), theirs: Array(theirs.utf8), id: "albums/a")
      } catch {
        failures.append(failures.count < 5 ? "trial \(number): the merge failed: \(error)" : "")
        continue
      }
      trials += 1
      let text = String(decoding: result.bytes, as: UTF8.self)
      #expect((try? AlbumFile.parse(result.bytes, id: "albums/a")) != nil, "trial \(number): the result does not parse\n\(text)")
      if !result.conflicts.isEmpty {
        conflicted += 1
        for field in Set(result.conflicts.map(\.field)) { byField[field, default: 0] += 1 }
        continue
      }
      let lost = MergeCheck.lostLines(base: base, ours: ours, theirs: theirs, result: text)
      if !lost.isEmpty {
        failures.append(
          failures.count < 5
            ? "trial \(number): lost \(lost)\n--- base\n\(base)\n--- ours\n\(ours)\n--- theirs\n\(theirs)\n--- result\n\(text)" : "")
      }
    }
    print(
      "album merge property: \(trials) trials, \(conflicted) with conflicts reported, \(failures.count) failed or lost lines silently; conflicts by field: \(byField.sorted { $0.key < $1.key })"
    )
    #expect(failures.isEmpty, "\(failures.filter { !$0.isEmpty }.joined(separator: "\n\n"))")
    #expect(trials >= 2_000)
  }
}
