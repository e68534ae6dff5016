import Foundation
import TestSupport
import Testing

@testable import RecordKeeper

/// Issue 22.3: a system call that fails on one of git's files is reported
/// as what it is, naming the file and the system's reason, not as a
/// libgit2 failure with code -1.
@Suite("GitError for a file of the repository", .libgit2)
struct GitErrorTests {
  @Test func aFileThatCannotBeWrittenIsNamedWithTheSystemsReason() throws {
    let collection = try TemporaryCollection(albums: ["albums/a": albumText(title: "A", artist: "B")])
    try collection.initializeGit()
    // A folder where git keeps the merge message: writing it fails.
    try FileManager.default.createDirectory(atPath: collection.path + "/.git/MERGE_MSG", withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: collection.path + "/.git/MERGE_MSG/inside", withIntermediateDirectories: true)
    let repository = try GitRepository.open(containing: collection.path)
    let error = #expect(throws: GitError.self) {
      try repository.recordUnfinishedMerge(
        theirs: String(repeating: "1", count: 40), ours: String(repeating: "2", count: 40), message: "Merge")
    }
    guard case .file(let file)? = error else {
      Issue.record("not a file error: \(String(describing: error))")
      return
    }
    #expect(file.path.hasSuffix("/.git/MERGE_MSG"))
    #expect(error?.description.contains(".git/MERGE_MSG") == true)
    #expect(error?.description.contains("code -1") == false)
  }

  @Test func theMessageIsTheFilesAndTheErrnoText() {
    let error = GitError.file(FileSystemError(path: "/c/.git/objects/pack", operation: "flush to disk", code: EIO))
    #expect(error.description.hasPrefix("cannot flush to disk /c/.git/objects/pack: \(String(cString: strerror(EIO)))"))
  }
}
