import Foundation
import RecordKeeper
import TestSupport
import Testing

/// `rk schema`, `rk check --staged` and `rk hook install` / `rm`: help for
/// people who edit album.md by hand, in their editor and in git
/// (docs/commands.md, "Editing by hand: schema, checks and a hook").
@Suite("Helping hand editors: rk schema, rk check --staged, rk hook")
struct HookCommandTests {
  let album: OneAlbumCollection
  init() throws { album = try OneAlbumCollection() }

  var path: String { album.path }
  static let broken = OneAlbumCollection.text.replacingOccurrences(
    of: "artist: Miles Davis\n", with: "artist: Miles Davis\nreleased: 1959-02-30\n")

  /// `git commit` in the collection, as a person runs it.
  func commit(_ arguments: [String] = []) throws -> (status: Int32, out: String, err: String) {
    try runGit(["commit", "-m", "By hand"] + arguments, in: path)
  }

  @Test func schemaPrintsTheLibrarysSchemaWithoutACollection() throws {
    let folder = try makeTemporaryFolder("schema")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let result = try runRK(["schema"], in: folder)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == FrontMatterSchema.json().serialized() + "\n")
    let parsed = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    #expect(parsed?["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
  }

  @Test func checkStagedReportsWhatTheIndexHoldsNotTheWorkTree() throws {
    try album.collection.write(OneAlbumCollection.id, Self.broken)
    try git(["add", OneAlbumCollection.file], in: path)
    // Fixed in the work tree, but not staged: the commit would record the broken one.
    try album.collection.write(OneAlbumCollection.id, OneAlbumCollection.text)
    let staged = try runRK(["check", "--staged"], in: path)
    #expect(staged.status == 1)
    #expect(staged.stdout.hasPrefix("\(OneAlbumCollection.file):4: released: "), "\(staged.stdout)")
    #expect(staged.stderr == "rk: warning: 1 file checked: 1 problem in 1 album.\n", "\(staged.stderr)")
    // Broken in the work tree only: nothing staged breaks a rule.
    try git(["add", OneAlbumCollection.file], in: path)
    try album.collection.write(OneAlbumCollection.id, Self.broken)
    let clean = try runRK(["check", "--staged"], in: path)
    #expect(clean.status == 0, "\(clean.stdout)\(clean.stderr)")
    #expect(clean.stdout == "0 files checked: no problems.\n", "\(clean.stdout)")
  }

  @Test func checkStagedNamesAStagedPlayOfAnAlbumTheIndexLacks() throws {
    try album.collection.writeFile(
      "plays/2026.md", Array("- 2026-03-01 20:00 · albums/gone\n- 2026-03-02 20:00 · \(OneAlbumCollection.id)\n".utf8))
    try git(["add", "plays/2026.md"], in: path)
    let result = try runRK(["check", "--staged", "--json"], in: path)
    #expect(result.status == 1)
    #expect(result.stdout.contains("\"path\": \"plays/2026.md\""), "\(result.stdout)")
    #expect(result.stdout.contains("\"line\": 1"), "\(result.stdout)")
    #expect(!result.stdout.contains("\"line\": 2"), "\(result.stdout)")
  }

  @Test func theHookRefusesACommitThatBreaksTheRulesAndAcceptsOneThatDoesNot() throws {
    let install = try runRK(["hook", "install"], in: path)
    #expect(install.status == 0, "\(install.stderr)")
    #expect(install.stdout == "Installed \(path)/.git/hooks/pre-commit.\n", "\(install.stdout)")
    try album.collection.write(OneAlbumCollection.id, Self.broken)
    try git(["add", "-A"], in: path)
    let refused = try commit()
    #expect(refused.status != 0)
    #expect(
      refused.out.contains("\(OneAlbumCollection.file):4: released: ") || refused.err.contains("\(OneAlbumCollection.file):4: released: "))
    #expect(try album.collection.commitSubjects() == ["Start"])
    // `git commit -a` hands the hook an index of its own.
    try album.collection.write(OneAlbumCollection.id, OneAlbumCollection.text.replacingOccurrences(of: "Six-eye", with: "Two-eye"))
    try git(["add", "-A"], in: path)
    try album.collection.write(OneAlbumCollection.id, Self.broken)
    #expect(try commit(["-a"]).status != 0)
    try album.collection.write(OneAlbumCollection.id, OneAlbumCollection.text.replacingOccurrences(of: "Six-eye", with: "Two-eye"))
    let accepted = try commit(["-a"])
    #expect(accepted.status == 0, "\(accepted.out)\(accepted.err)")
    #expect(try album.collection.commitSubjects() == ["By hand", "Start"])
  }

  @Test func anExistingHookIsKeptRunFirstAndPutBack() throws {
    let hooks = path + "/.git/hooks"
    let original = "#!/bin/sh\necho ran >> \"$(git rev-parse --git-dir)/own-hook-ran\"\nexit 0\n"
    try FileManager.default.createDirectory(atPath: hooks, withIntermediateDirectories: true)
    try Data(original.utf8).write(to: URL(fileURLWithPath: hooks + "/pre-commit"))
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: hooks + "/pre-commit")
    let install = try runRK(["hook", "install"], in: path)
    #expect(install.stdout.contains("kept as \(hooks)/pre-commit.before-rk"), "\(install.stdout)")
    #expect(try String(contentsOfFile: hooks + "/pre-commit.before-rk", encoding: .utf8) == original)
    try album.collection.write(OneAlbumCollection.id, Self.broken)
    try git(["add", "-A"], in: path)
    #expect(try commit().status != 0)
    try album.collection.write(OneAlbumCollection.id, OneAlbumCollection.text.replacingOccurrences(of: "Six-eye", with: "Two-eye"))
    try git(["add", "-A"], in: path)
    let accepted = try commit()
    #expect(accepted.status == 0, "\(accepted.out)\(accepted.err)")
    // The person's own hook ran for both commits.
    #expect(try String(contentsOfFile: path + "/.git/own-hook-ran", encoding: .utf8) == "ran\nran\n")
    // Installing again keeps the kept hook as it is.
    #expect(try runRK(["hook", "install"], in: path).stdout.contains("already installed"))
    let remove = try runRK(["hook", "rm"], in: path)
    #expect(remove.status == 0, "\(remove.stderr)")
    #expect(try String(contentsOfFile: hooks + "/pre-commit", encoding: .utf8) == original)
    #expect(!FileManager.default.fileExists(atPath: hooks + "/pre-commit.before-rk"))
    let again = try runRK(["hook", "rm"], in: path)
    #expect(again.status == 1)
    #expect(again.stderr.contains("is not rk's hook"), "\(again.stderr)")
  }

  @Test func aRefusingHookThatWasThereStillRefuses() throws {
    let hooks = path + "/.git/hooks"
    try FileManager.default.createDirectory(atPath: hooks, withIntermediateDirectories: true)
    try Data("#!/bin/sh\necho 'own hook says no' >&2\nexit 3\n".utf8).write(to: URL(fileURLWithPath: hooks + "/pre-commit"))
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: hooks + "/pre-commit")
    _ = try expectSuccess(runRK(["hook", "install"], in: path))
    try album.collection.write(OneAlbumCollection.id, OneAlbumCollection.text.replacingOccurrences(of: "Six-eye", with: "Two-eye"))
    try git(["add", "-A"], in: path)
    let refused = try commit()
    #expect(refused.status != 0)
    #expect(refused.err.contains("own hook says no"), "\(refused.err)")
  }

  @Test func theHookGoesWhereCoreHooksPathSays() throws {
    try git(["config", "core.hooksPath", "githooks"], in: path)
    let install = try runRK(["hook", "install"], in: path)
    #expect(install.stdout == "Installed \(path)/githooks/pre-commit.\n", "\(install.stdout)")
    #expect(!FileManager.default.fileExists(atPath: path + "/.git/hooks/pre-commit"))
    try album.collection.write(OneAlbumCollection.id, Self.broken)
    try git(["add", OneAlbumCollection.file], in: path)
    #expect(try commit().status != 0)
    let remove = try runRK(["hook", "rm"], in: path)
    #expect(remove.stdout == "Removed \(path)/githooks/pre-commit.\n", "\(remove.stdout)")
    #expect(try runRK(["hook", "rm"], in: path).stdout.contains("No rk hook in \(path)/githooks"))
  }
}
