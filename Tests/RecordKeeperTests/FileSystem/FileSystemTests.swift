import Foundation
import TestSupport
import Testing

@testable import RecordKeeper

@Suite("File system")
struct FileSystemTests {
  private let temporary: TemporaryFolder
  var folder: String { temporary.path }

  init() throws {
    temporary = try TemporaryFolder("fs")
  }

  @Test func readsRegularFilesUpToTheLimit() throws {
    let path = folder + "/file"
    try Data(repeating: 7, count: 10_000).write(to: URL(fileURLWithPath: path))
    #expect(try FileSystem.read(path) == [UInt8](repeating: 7, count: 10_000))
    #expect(try FileSystem.read(path, limit: 10_000).count == 10_000)
    #expect(throws: FileSystemError(path: path, operation: "read", reason: .tooLarge(size: 10_000, limit: 9_999))) {
      try FileSystem.read(path, limit: 9_999)
    }
    try Data().write(to: URL(fileURLWithPath: path))
    #expect(try FileSystem.read(path) == [])
  }

  @Test func refusesWhatIsNotARegularFileWithoutBlocking() throws {
    let fifo = folder + "/fifo"
    #expect(mkfifo(fifo, 0o644) == 0)
    #expect(throws: FileSystemError(path: fifo, operation: "read", reason: .notARegularFile(.fifo))) { try FileSystem.read(fifo) }
    #expect(throws: FileSystemError(path: "/dev/zero", operation: "read", reason: .notARegularFile(.characterDevice))) {
      try FileSystem.read("/dev/zero")
    }
    #expect(throws: FileSystemError(path: folder, operation: "read", reason: .notARegularFile(.directory))) { try FileSystem.read(folder) }
  }

  @Test func errorsSayWhatTheSystemSaidAndWhatToDo() throws {
    let missing = folder + "/missing"
    let error = try #require(throws: FileSystemError.self) { try FileSystem.read(missing) }
    #expect(error.code == ENOENT)
    #expect(error.description == "cannot read \(missing): No such file or directory; check the path")
    let denied = FileSystemError(path: "/x", operation: "write", code: EACCES)
    #expect(denied.description == "cannot write /x: Permission denied; check its permissions and owner (ls -l)")
    #expect(FileSystemError(path: "/x", operation: "read", reason: .notARegularFile(.fifo)).code == nil)
  }

  @Test func linksMayNotLeaveTheFolderTheyAreReadIn() throws {
    let root = try FileSystem.realPath(folder)
    try FileSystem.makeFolders(root + "/inside/deeper")
    try Data("out".utf8).write(to: URL(fileURLWithPath: root + "/outside.txt"))
    try Data("in".utf8).write(to: URL(fileURLWithPath: root + "/inside/file.txt"))
    try FileManager.default.createSymbolicLink(atPath: root + "/inside/deeper/out", withDestinationPath: "../../outside.txt")
    try FileManager.default.createSymbolicLink(atPath: root + "/inside/deeper/in", withDestinationPath: "../file.txt")
    #expect(try FileSystem.read(root + "/inside/deeper/in", inside: root + "/inside") == Array("in".utf8))
    #expect(
      throws: FileSystemError(
        path: root + "/inside/deeper/out", operation: "read", reason: .outside(target: root + "/outside.txt", folder: root + "/inside"))
    ) {
      try FileSystem.read(root + "/inside/deeper/out", inside: root + "/inside")
    }
  }

  @Test func makeFoldersSaysWhenAFileIsInTheWay() throws {
    try FileSystem.makeFolders(folder + "/a/b/c")
    #expect(FileSystem.isDirectory(folder + "/a/b/c"))
    try Data().write(to: URL(fileURLWithPath: folder + "/file"))
    #expect(throws: FileSystemError(path: folder + "/file", operation: "create the folder", code: ENOTDIR)) {
      try FileSystem.makeFolders(folder + "/file/sub")
    }
  }

  @Test func byteCounts() {
    #expect(ByteCount.text(1) == "1 byte")
    #expect(ByteCount.text(1023) == "1023 bytes")
    #expect(ByteCount.text(1536) == "1.5 KiB")
    #expect(ByteCount.text(1 << 20) == "1 MiB")
    #expect(ByteCount.text(5 << 30) == "5 GiB")
  }
}

@Suite("File errors as what they are")
struct FileSystemErrorTests {
  @Test func foundationErrorsKeepTheirErrno() throws {
    let missing = "/nonexistent/rk-\(UUID().uuidString)"
    let error = try #require(throws: (any Error).self) { try FileManager.default.moveItem(atPath: missing, toPath: missing + "-moved") }
    let converted = FileSystemError(path: missing, operation: "move", error: error)
    #expect(converted.code == ENOENT)
    #expect(converted.description == "cannot move \(missing): No such file or directory; check the path")
  }

  @Test func fileSystemErrorsPassThroughAndOthersAreToldInTheirOwnWords() {
    let original = FileSystemError(path: "/a/album.md", operation: "write", code: ENOSPC)
    #expect(FileSystemError(path: "/a", operation: "create", error: original) == original)
    struct Odd: Error, CustomStringConvertible { var description: String { "odd" } }
    let other = FileSystemError(path: "/a", operation: "create", error: Odd())
    #expect(other.code == nil)
    #expect(other.reason != .system(EIO))
  }
}
