import Foundation
import TestSupport
import Testing

@testable import RecordKeeper

@Suite("Atomic writes")
struct WriteAtomicallyTests {
  private let temporary: TemporaryFolder
  var folder: String { temporary.path }

  init() throws {
    temporary = try TemporaryFolder("write")
  }

  func mode(_ path: String) -> mode_t {
    var info = stat()
    return stat(path, &info) == 0 ? info.st_mode & 0o7777 : 0
  }

  @Test(arguments: [0o600, 0o755, 0o640, 0o444] as [mode_t])
  func anExistingFileKeepsItsMode(mode original: mode_t) throws {
    let path = folder + "/album.md"
    try FileSystem.writeAtomically(Array("old\n".utf8), to: path)
    #expect(chmod(path, original) == 0)
    try FileSystem.writeAtomically(Array("new\n".utf8), to: path)
    #expect(mode(path) == original)
    #expect(try FileSystem.read(path) == Array("new\n".utf8))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["album.md"])
  }

  @Test func aNewFileGetsTheUmasksMode() throws {
    // The umask as the kernel reports it: setting it here would race with other tests.
    let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
    let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("Umask:") })
    let umask = try #require(mode_t(line.dropFirst("Umask:".count).trimmingCharacters(in: .whitespaces), radix: 8))
    let path = folder + "/new.md"
    try FileSystem.writeAtomically(Array("new\n".utf8), to: path)
    #expect(mode(path) == 0o666 & ~umask)
  }
}
