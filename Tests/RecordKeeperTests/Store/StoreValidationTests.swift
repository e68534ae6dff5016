import Testing

@testable import RecordKeeper

@Suite("A change never adds a problem")
struct StoreValidationTests {
  @Test func aSecondProblemThatReadsLikeAnOldOneIsNew() {
    let before = Album(id: "a", title: "T", artist: "A", tags: ["x", "x"])
    let after = Album(id: "a", title: "T", artist: "A", tags: ["x", "x", "x"])
    // Both repeats read `tags: "x" appears more than once`: compared as a
    // set of strings, the new one hid behind the old one.
    let error = #expect(throws: StoreError.self) { try CollectionStore.validate(after, against: before) }
    guard case .invalid(_, let problems) = error else {
      Issue.record("\(String(describing: error))")
      return
    }
    #expect(problems.map(\.field) == [.tag(2)])
    #expect(problems.map(\.description) == ["tags: \"x\" appears more than once; remove the repeat"])
  }

  @Test func anOldProblemThatMovesIsNotNew() throws {
    let before = Album(id: "a", title: "T", artist: "A", tags: ["x", "x"])
    let after = Album(id: "a", title: "T", artist: "A", tags: ["y", "x", "x"])
    try CollectionStore.validate(after, against: before)
  }

  @Test func aNewProblemIsReportedWithItsField() {
    let before = Album(id: "a", title: "T", artist: "A", tags: ["x", "x"])
    let after = Album(id: "a", title: "T", artist: "A", released: "1997-02-29", tags: ["x", "x"])
    let error = #expect(throws: StoreError.self) { try CollectionStore.validate(after, against: before) }
    guard case .invalid(_, let problems) = error else {
      Issue.record("\(String(describing: error))")
      return
    }
    #expect(problems.map(\.field) == [.released])
  }
}
