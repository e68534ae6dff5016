import Foundation
import RecordKeeper
import Testing

@testable import RecordKeeperServer

/// A change that failed on a full disk is answered 507 Insufficient
/// Storage naming the disk, not 500 (issue 31): the app can tell the
/// person to free space, and that nothing was lost.
@Suite("API: a full disk")
struct DiskFullAPITests {
  @Test(arguments: [
    StoreError.file(FileSystemError(path: "/records/albums/a/album.md", operation: "write", code: ENOSPC)),
    StoreError.file(FileSystemError(path: "/records/albums/a/album.md", operation: "write", code: EDQUOT)),
    StoreError.cover(.file(FileSystemError(path: "/records/albums/a/cover.webp", operation: "write", code: ENOSPC))),
    StoreError.git(.diskFull(path: "/records", function: "git_index_write")),
    StoreError.several([.nothingToUndo, .file(FileSystemError(path: "/records/x", operation: "write", code: ENOSPC))]),
  ])
  func aFullDiskIsInsufficientStorage(error: StoreError) {
    let answer = APIError(error)
    #expect(answer.status.code == 507)
    #expect(answer.message.contains("is full"), "\(answer.message)")
  }

  @Test func otherWriteFailuresStayServerErrors() {
    let answer = APIError(StoreError.file(FileSystemError(path: "/records/albums/a/album.md", operation: "write", code: EIO)))
    #expect(answer.status.code == 500)
  }
}
