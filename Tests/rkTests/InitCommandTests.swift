import Foundation
import TestSupport
import Testing

/// `rk init`: where it makes the collection, and what it agrees to commit.
@Suite("rk init")
struct InitCommandTests {
  /// A stand-in for a person's home folder, removed afterwards.
  final class Home {
    let path: String
    init() throws {
      path = try makeTemporaryFolder("init")
    }
    deinit { try? FileManager.default.removeItem(atPath: path) }

    func write(_ relative: String, _ text: String = "x\n") throws {
      let url = URL(fileURLWithPath: path + "/" + relative)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }

    func exists(_ relative: String) -> Bool { FileManager.default.fileExists(atPath: path + "/" + relative) }

    func files(_ relative: String = ".") throws -> [String] {
      try git(["ls-files"], in: path + "/" + relative).split(separator: "\n").map(String.init)
    }
  }

  func album(_ title: String) -> String { "---\ntitle: \(title)\nartist: Someone\n---\n" }

  @Test func dashCNamesTheFolderAndTheWorkingDirectoryIsLeftAlone() throws {
    let home = try Home()
    try home.write(".ssh/id_ed25519", "PRIVATE KEY\n")
    try home.write("Documents/tax-2025.pdf")
    let result = try runRK(["-C", "records", "init"], in: home.path)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(home.exists("records/.git"))
    #expect(try home.files("records") == [".gitattributes", ".recordkeeper/.gitignore", ".recordkeeper/config.yaml"])
    #expect(!home.exists(".git"))
    #expect(!home.exists(".recordkeeper"))
  }

  @Test func dirIsTakenRelativeToDashC() throws {
    let home = try Home()
    let result = try runRK(["-C", home.path, "init", "music/records"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(home.exists("music/records/.recordkeeper/config.yaml"))
    #expect(!home.exists(".git"))
  }

  @Test func aFolderOfOtherFilesIsRefusedWithWhatWouldBeCommitted() throws {
    let home = try Home()
    try home.write("Documents/tax-2025.pdf", String(repeating: "x", count: 5000))
    try home.write("Documents/letter.txt")
    try home.write("notes.txt")
    let result = try runRK(["init"], in: home.path)
    #expect(result.status == 1)
    #expect(
      result.stderr.contains("is not a folder of albums: rk init would commit 3 files (4.9 KiB), 3 of them outside any album"),
      "\(result.stderr)")
    #expect(result.stderr.contains("  Documents/ (2 files)\n  notes.txt\n"))
    #expect(result.stderr.contains("Largest files:\n  4.9 KiB  Documents/tax-2025.pdf\n"))
    #expect(result.stderr.contains("rk init --adopt"))
    // Nothing was made: no repository, no marker.
    #expect(!home.exists(".git"))
    #expect(!home.exists(".recordkeeper"))

    let adopted = try runRK(["init", "--adopt"], in: home.path)
    #expect(adopted.status == 0, "\(adopted.stderr)")
    #expect(
      try home.files() == [
        ".gitattributes", ".recordkeeper/.gitignore", ".recordkeeper/config.yaml", "Documents/letter.txt", "Documents/tax-2025.pdf",
        "notes.txt",
      ])
  }

  @Test(arguments: [
    ([".ssh/id_ed25519"], ".ssh/ (1 file)"),
    ([".gnupg/secring.gpg", ".gnupg/pubring.kbx"], ".gnupg/ (2 files)"),
    (["project/.env"], "project/.env"),
    (["certs/server.pem"], "certs/server.pem"),
    (["id_rsa"], "id_rsa"),
    ([".netrc"], ".netrc"),
    ([".aws/credentials"], ".aws/ (1 file)"),
    (["env/pyvenv.cfg", "env/lib/site.py"], "env/ (2 files)"),
    (["web/node_modules/left-pad/index.js"], "web/node_modules/ (1 file)"),
    (["albums/x/.env"], "albums/x/.env"),
  ])
  func privateFilesAreNeverCommittedEvenWhenToldTo(files: [String], shown: String) throws {
    let home = try Home()
    try home.write("albums/x/album.md", album("X"))
    for file in files { try home.write(file) }
    for arguments in [["init"], ["init", "--adopt"]] {
      let result = try runRK(arguments, in: home.path)
      #expect(result.status == 1)
      #expect(result.stderr.contains("holds files that look private, and rk never commits them:\n  \(shown)\n"), "\(result.stderr)")
      #expect(result.stderr.contains(".gitignore"))
      #expect(!home.exists(".git"))
      #expect(!home.exists(".recordkeeper"))
    }
  }

  @Test func privateFilesThatGitIgnoresAreFine() throws {
    let home = try Home()
    try home.write("albums/x/album.md", album("X"))
    try home.write(".ssh/id_ed25519")
    try home.write(".gitignore", ".ssh/\n")
    let result = try runRK(["init"], in: home.path)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      try home.files() == [".gitattributes", ".gitignore", ".recordkeeper/.gitignore", ".recordkeeper/config.yaml", "albums/x/album.md"])
  }

  @Test func newEmptyAndAlbumFoldersAreAdoptedWithoutAsking() throws {
    let home = try Home()
    #expect(try runRK(["init", "new/records"], in: home.path).status == 0)
    #expect(home.exists("new/records/.recordkeeper/config.yaml"))

    try FileManager.default.createDirectory(atPath: home.path + "/empty", withIntermediateDirectories: false)
    #expect(try runRK(["init", "empty"], in: home.path).status == 0)

    try home.write("mine/albums/x/album.md", album("X"))
    try home.write("mine/albums/x/cover.webp", "RIFF")
    try home.write("mine/shelf/y/album.md", album("Y"))
    try home.write("mine/README.md", "My records\n")
    try home.write("mine/albums/.DS_Store")
    let result = try runRK(["init", "mine"], in: home.path)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("with 2 albums"))
    #expect(try home.files("mine").count == 8)
  }

  @Test func aCollectionInAFolderOfARepositoryCommitsOnlyThatFolder() throws {
    let home = try Home()
    try git(["init", "-q", "-b", "main"], in: home.path)
    try home.write("dotfiles/.bashrc")
    try git(["add", "-A"], in: home.path)
    try git(["-c", "user.name=A", "-c", "user.email=a@example.com", "commit", "-qm", "dotfiles"], in: home.path)
    try home.write("notes.txt")
    try home.write("records/albums/x/album.md", album("X"))
    try home.write("records/.env", "TOKEN=1\n")
    let refused = try runRK(["init", "records"], in: home.path)
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("  .env\n"), "\(refused.stderr)")
    #expect(home.exists(".git"))
    #expect(!home.exists("records/.recordkeeper"))

    try FileManager.default.removeItem(atPath: home.path + "/records/.env")
    let result = try runRK(["init", "records"], in: home.path)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      try git(["show", "--name-only", "--format="], in: home.path) == """
        records/.gitattributes
        records/.recordkeeper/.gitignore
        records/.recordkeeper/config.yaml
        records/albums/x/album.md

        """)
    #expect(try git(["status", "--porcelain"], in: home.path) == "?? notes.txt\n")
  }

  @Test func aFileIsNotAFolder() throws {
    let home = try Home()
    try home.write("records")
    let initialized = try runRK(["init", "records"], in: home.path)
    #expect(initialized.status == 1)
    #expect(initialized.stderr.contains("records is a file, not a folder"), "\(initialized.stderr)")
    let listed = try runRK(["-C", "records", "list"], in: home.path)
    #expect(listed.status == 1)
    #expect(listed.stderr.contains("records is a file, not a folder"), "\(listed.stderr)")
  }
}
