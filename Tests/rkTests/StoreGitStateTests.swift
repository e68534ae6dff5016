import Foundation
import TestSupport
import Testing

@Suite("rk refuses to commit while git is busy or off a branch")
struct StoreGitStateTests {
  let album: OneAlbumCollection
  init() throws { album = try OneAlbumCollection() }

  @Test func refusesOnADetachedHeadAndSaysHowToGetBack() throws {
    try git(["checkout", "-q", "--detach"], in: album.path)
    let head = try git(["rev-parse", "HEAD"], in: album.path)
    let result = try album.rk(["tag", "add", "miles", "modal"])
    #expect(result.status == 1)
    #expect(result.stderr.contains("HEAD is detached"), "\(result.stderr)")
    #expect(result.stderr.contains("git switch"))
    #expect(try git(["rev-parse", "HEAD"], in: album.path) == head)
    #expect(try album.read() == OneAlbumCollection.text)
  }

  @Test func refusesWhileAnotherGitHoldsTheIndexLock() throws {
    let lock = album.path + "/.git/index.lock"
    _ = FileManager.default.createFile(atPath: lock, contents: Data())
    let result = try album.rk(["tag", "add", "miles", "modal"])
    #expect(result.status == 1)
    #expect(result.stderr.contains("another git command is working in this repository"), "\(result.stderr)")
    #expect(result.stderr.contains("index.lock"))
    #expect(try album.read() == OneAlbumCollection.text)
    #expect(try album.collection.commitSubjects() == ["Start"])
    try FileManager.default.removeItem(atPath: lock)
    #expect(try album.rk(["tag", "add", "miles", "modal"]).status == 0)
  }

  @Test func refusesDuringARebaseThatStoppedRatherThanOnItsDetachedHead() throws {
    #expect(try album.rk(["tag", "add", "miles", "modal"]).status == 0)
    try git(["rebase", "-q", "-i", "HEAD~1"], in: album.path, environment: ["GIT_SEQUENCE_EDITOR": "sed -i s/^pick/edit/"])
    let result = try album.rk(["tag", "add", "miles", "cool"])
    #expect(result.status == 1)
    #expect(result.stderr.contains("a git rebase is in progress"), "\(result.stderr)")
    #expect(try !album.read().contains("cool"))
  }

  @Test func refusesDuringAnUnfinishedPullAndSaysToFinishIt() throws {
    let upstream = FileManager.default.temporaryDirectory.appendingPathComponent("rk-upstream-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: upstream) }
    try git(["clone", "-q", album.path, upstream], in: album.path)
    try git(["-c", "user.name=U", "-c", "user.email=u@example.com", "commit", "-q", "--allow-empty", "-m", "Theirs"], in: upstream)
    try git(["remote", "add", "origin", upstream], in: album.path)
    #expect(try album.rk(["tag", "add", "miles", "modal"]).status == 0)
    try git(["pull", "-q", "--no-rebase", "--no-ff", "--no-commit", "origin", "main"], in: album.path)
    let result = try album.rk(["tag", "add", "miles", "cool"])
    #expect(result.status == 1)
    #expect(result.stderr.contains("a git merge is in progress in this repository (a git pull"), "\(result.stderr)")
    #expect(try !album.read().contains("cool"))
    try git(["commit", "-q", "--no-edit"], in: album.path)
    #expect(try album.read().contains("- modal\n"))
  }
}

@Suite("rk keeps the album file's mode")
struct StoreFileModeTests {
  @Test(arguments: [0o600, 0o755] as [Int16])
  func aChangeKeepsTheMode(mode: Int16) throws {
    let album = try OneAlbumCollection()
    let path = album.path + "/" + OneAlbumCollection.file
    try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
    try git(["add", "-A"], in: album.path)
    try git(["commit", "-q", "--allow-empty", "-m", "Mode"], in: album.path)
    #expect(try album.rk(["tag", "add", "miles", "modal"]).status == 0)
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    #expect((attributes[.posixPermissions] as? NSNumber)?.int16Value == mode)
    #expect(try album.collection.status().isEmpty)
    #expect(try album.files(of: "HEAD") == ["M\t\(OneAlbumCollection.file)"])
  }

  @Test func aNewAlbumFileGetsTheUmasksMode() throws {
    let album = try OneAlbumCollection()
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "umask 002 && exec \"$0\" \"$@\"", rkBinary.path, "-C", album.path, "add", "--title", "X", "--artist", "Y"]
    process.environment = hermeticEnvironment
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    try process.waitForExit()
    #expect(process.terminationStatus == 0)
    let attributes = try FileManager.default.attributesOfItem(atPath: album.path + "/albums/y-x/album.md")
    #expect((attributes[.posixPermissions] as? NSNumber)?.int16Value == 0o664)
  }
}
