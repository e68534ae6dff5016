import Foundation
import TestSupport
import Testing

@testable import RecordKeeper

/// Starts libgit2 before the suite's tests, as `rk` does on first use, with
/// its configuration search paths in the test process's hermetic home, so
/// that the in-process libgit2 never reads the person's `~/.gitconfig`.
struct LibGit2Started: SuiteTrait, TestScoping {
  /// Done once per process, before any test of the suite opens a repository.
  static let hermetic: Result<Void, GitError> = Result { () throws(GitError) in
    try LibGit2.searchConfiguration(onlyIn: hermeticEnvironment["HOME"] ?? NSTemporaryDirectory() + "rk-test-home")
  }

  func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    try Self.hermetic.get()
    try await function()
  }
}

extension Trait where Self == LibGit2Started {
  static var libgit2: Self { LibGit2Started() }
}

/// A folder made for one test and removed after it, with a repository in
/// `work` and a folder beside it that no repository holds (`home`); git
/// runs hermetically (TestSupport's ``hermeticEnvironment``).
final class Scratch {
  let root: String
  let work: String
  let home: String

  init() throws {
    root = FileManager.default.temporaryDirectory.appendingPathComponent("rk-git-\(UUID().uuidString)").path
    work = root + "/work"
    home = root + "/home"
    for folder in [work, home] { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
  }

  deinit { try? FileManager.default.removeItem(atPath: root) }

  /// A repository made by the git command line, with a test identity.
  static func repository() throws -> Scratch {
    let scratch = try Scratch()
    try scratch.git("init", "-q", "-b", "main")
    try scratch.git("config", "user.name", "Test Collector")
    try scratch.git("config", "user.email", "collector@example.com")
    return scratch
  }

  /// The result of a git command.
  struct Output {
    var status: Int32
    var out: String
    var err: String
  }

  /// Runs git in the work tree; fails the test unless it exits 0.
  @discardableResult
  func git(_ arguments: String...) throws -> String {
    try TestSupport.git(arguments, in: work, environment: ["LC_ALL": "C"])
  }

  /// Runs git in the work tree with ``hermeticEnvironment``, whatever its exit status.
  func run(_ arguments: [String]) throws -> Output {
    let result = try runGit(arguments, in: work, environment: ["LC_ALL": "C"])
    return Output(status: result.status, out: result.out, err: result.err)
  }

  /// The lines `git` prints.
  func lines(_ arguments: String...) throws -> [String] {
    try TestSupport.git(arguments, in: work, environment: ["LC_ALL": "C"]).split(separator: "\n").map(String.init)
  }

  /// `git status --porcelain`, sorted.
  func status() throws -> [String] { try lines("status", "--porcelain").sorted() }

  /// `git show --name-status` of a commit, sorted, e.g. `["A\tnew.txt"]`.
  func changes(in commit: String = "HEAD") throws -> [String] {
    try lines("show", "--name-status", "--format=", commit).sorted()
  }

  func write(_ path: String, _ text: String) throws {
    let file = work + "/" + path
    try FileManager.default.createDirectory(
      atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    // Plain stdio rather than `Data.write`, which flushes every file to disk
    // and makes the tests with thousands of files slow.
    guard let stream = fopen(file, "wb") else { throw CommandFailed(description: "cannot write \(file)") }
    defer { fclose(stream) }
    let bytes = Array(text.utf8)
    guard fwrite(bytes, 1, bytes.count, stream) == bytes.count else { throw CommandFailed(description: "cannot write \(file)") }
  }

  func read(_ path: String) throws -> String {
    try String(contentsOfFile: work + "/" + path, encoding: .utf8)
  }

  func remove(_ path: String) throws {
    try FileManager.default.removeItem(atPath: work + "/" + path)
  }

  /// Files and commits them with the git command line.
  func commitWithGit(_ files: [String: String], message: String) throws {
    for (path, text) in files { try write(path, text) }
    try git("add", "-A")
    try git("commit", "-q", "-m", message)
  }
}

struct CommandFailed: Error, CustomStringConvertible {
  var description: String
}

@Suite(.libgit2)
struct GitTests {
  // MARK: Opening

  @Test func initializeMakesAnEmptyRepositoryWhoseFirstCommitStartsTheBranch() throws {
    let scratch = try Scratch()
    let repository = try GitRepository.initialize(at: scratch.work)
    #expect(repository.workingDirectory == scratch.work)
    #expect(repository.gitDirectory == scratch.work + "/.git")
    #expect(try repository.head() == nil)
    #expect(try repository.log().isEmpty)
    try scratch.git("config", "user.name", "Test Collector")
    try scratch.git("config", "user.email", "collector@example.com")
    let branch = try scratch.git("symbolic-ref", "HEAD").trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(branch.hasPrefix("refs/heads/"))

    try scratch.write("albums/ok-computer/album.md", "title: OK Computer\n")
    try scratch.write("notes.txt", "hello\n")
    let commit = try #require(try repository.commit(paths: ["."], message: "Start\n\nThe first commit.\n"))

    #expect(
      try scratch.lines("log", "--format=%H%x09%an%x09%ae%x09%s") == [
        "\(commit.id)\tTest Collector\tcollector@example.com\tStart"
      ])
    #expect(try scratch.changes() == ["A\talbums/ok-computer/album.md", "A\tnotes.txt"])
    #expect(try scratch.status().isEmpty)
    #expect(try scratch.git("rev-parse", branch).hasPrefix(commit.id))
    #expect(commit.summary == "Start")
    #expect(commit.message == "Start\n\nThe first commit.\n")
    #expect(commit.authorName == "Test Collector")
    #expect(abs(commit.date.timeIntervalSinceNow) < 120)
    #expect(try repository.head() == commit)
  }

  @Test func libgit2SearchesOnlyTheHermeticHomeForConfiguration() throws {
    let home = try #require(hermeticEnvironment["HOME"])
    #expect(try LibGit2.configurationSearchPaths() == [home + "/etc", home + "/etc", home + "/.config/git", home])
  }

  @Test func openFindsTheRepositoryAboveAFolder() throws {
    let scratch = try Scratch.repository()
    try scratch.write("albums/a/album.md", "a\n")
    let repository = try GitRepository.open(containing: scratch.work + "/albums/a")
    #expect(repository.workingDirectory == scratch.work)
    #expect(repository.gitDirectory == scratch.work + "/.git")
  }

  @Test func openOutsideARepositorySaysToRunInit() throws {
    let scratch = try Scratch()
    let error = #expect(throws: GitError.self) { try GitRepository.open(containing: scratch.home) }
    #expect(error == .notARepository(scratch.home))
    #expect(error?.description.contains("rk init") == true)
  }

  // MARK: Committing

  @Test func commitsAddedModifiedAndDeletedFiles() throws {
    let scratch = try Scratch.repository()
    try scratch.commitWithGit(["a.txt": "a\n", "b.txt": "b\n", "keep.txt": "keep\n"], message: "Start")
    try scratch.write("a.txt", "a changed\n")
    try scratch.remove("b.txt")
    try scratch.write("sub/c.txt", "c\n")
    let repository = try GitRepository.open(containing: scratch.work)

    let commit = try #require(try repository.commit(paths: ["a.txt", "b.txt", "sub/c.txt"], message: "Change three"))

    #expect(try scratch.changes() == ["A\tsub/c.txt", "D\tb.txt", "M\ta.txt"])
    #expect(try scratch.lines("log", "--format=%s") == ["Change three", "Start"])
    #expect(try scratch.status().isEmpty)
    #expect(try scratch.git("rev-parse", "HEAD").hasPrefix(commit.id))
    #expect(try scratch.git("rev-parse", "HEAD~1") == scratch.git("rev-parse", "main@{1}"))
  }

  @Test func commitsADeletedFolder() throws {
    let scratch = try Scratch.repository()
    try scratch.commitWithGit(
      ["albums/a/album.md": "a\n", "albums/a/cover.webp": "c\n", "albums/a/sub/x.txt": "x\n", "albums/b/album.md": "b\n"],
      message: "Start")
    try scratch.remove("albums/a")
    try scratch.write("albums/b/album.md", "b changed, not committed\n")
    let repository = try GitRepository.open(containing: scratch.work)

    #expect(try repository.commit(paths: ["albums/a/"], message: "Remove a") != nil)

    #expect(try scratch.changes() == ["D\talbums/a/album.md", "D\talbums/a/cover.webp", "D\talbums/a/sub/x.txt"])
    #expect(try scratch.status() == [" M albums/b/album.md"])
  }

  @Test func commitsAFolderWithAddedModifiedAndRemovedFiles() throws {
    let scratch = try Scratch.repository()
    try scratch.commitWithGit(["albums/a/album.md": "a\n", "albums/a/cover.webp": "c\n"], message: "Start")
    try scratch.write("albums/a/album.md", "a changed\n")
    try scratch.remove("albums/a/cover.webp")
    try scratch.write("albums/a/cover-thumb.webp", "t\n")
    let repository = try GitRepository.open(containing: scratch.work)

    #expect(try repository.commit(paths: [scratch.work + "/albums/a"], message: "Change a") != nil)

    #expect(try scratch.changes() == ["A\talbums/a/cover-thumb.webp", "D\talbums/a/cover.webp", "M\talbums/a/album.md"])
    #expect(try scratch.status().isEmpty)
  }

  @Test func commitsAFileTurnedIntoAFolderAndAFolderTurnedIntoAFile() throws {
    let scratch = try Scratch.repository()
    try scratch.commitWithGit(["a": "file\n", "b/inside.txt": "inside\n", "c/keep.txt": "keep\n"], message: "Start")
    try scratch.remove("a")
    try scratch.write("a/now-inside.txt", "now a folder\n")
    try scratch.remove("b")
    try scratch.write("b", "now a file\n")
    let repository = try GitRepository.open(containing: scratch.work)

    #expect(try repository.commit(paths: ["a", "b", "c/keep.txt"], message: "Swap") != nil)

    #expect(try scratch.changes() == ["A\ta/now-inside.txt", "A\tb", "D\ta", "D\tb/inside.txt"])
    #expect(try scratch.status().isEmpty)
    #expect(try scratch.lines("ls-tree", "-r", "--name-only", "HEAD") == ["a/now-inside.txt", "b", "c/keep.txt"])
  }

  @Test func nothingChangedMakesNoCommit() throws {
    let scratch = try Scratch.repository()
    try scratch.commitWithGit(["a.txt": "a\n"], message: "Start")
    let repository = try GitRepository.open(containing: scratch.work)
    let before = try scratch.git("rev-parse", "HEAD")

    #expect(try repository.commit(paths: ["a.txt"], message: "Nothing") == nil)
    #expect(try repository.commit(paths: ["."], message: "Nothing") == nil)
    #expect(try repository.commit(paths: ["missing.txt", "no/such/folder"], message: "Nothing") == nil)
    #expect(try repository.commit(paths: [], message: "Nothing") == nil)

    #expect(try scratch.git("rev-parse", "HEAD") == before)
    #expect(try scratch.lines("log", "--format=%s") == ["Start"])
  }

  @Test func whatThePersonStagedOrChangedElsewhereIsLeftAlone() throws {
    let scratch = try Scratch.repository()
    try scratch.commitWithGit(["a.txt": "a\n", "b.txt": "b\n", "c.txt": "c\n", "d.txt": "d\n"], message: "Start")
    try scratch.write("b.txt", "b staged\n")
    try scratch.git("add", "b.txt")
    try scratch.write("c.txt", "c changed\n")
    try scratch.git("rm", "-q", "--cached", "d.txt")
    try scratch.write("new.txt", "untracked\n")
    try scratch.write("staged-new.txt", "staged and new\n")
    try scratch.git("add", "staged-new.txt")
    try scratch.write("a.txt", "a by rk\n")
    let repository = try GitRepository.open(containing: scratch.work)

    #expect(try repository.commit(paths: ["a.txt"], message: "Change a") != nil)

    #expect(try scratch.changes() == ["M\ta.txt"])
    #expect(try scratch.status() == ["?? d.txt", "?? new.txt", "A  staged-new.txt", "D  d.txt", "M  b.txt", " M c.txt"].sorted())
    #expect(try scratch.git("diff", "--cached", "--name-only").split(separator: "\n") == ["b.txt", "d.txt", "staged-new.txt"])
    #expect(try scratch.git("show", ":b.txt") == "b staged\n")
    #expect(try scratch.git("show", "HEAD:b.txt") == "b\n")
    #expect(try scratch.read("c.txt") == "c changed\n")
  }

  @Test func identityComesFromTheRepositoryConfiguration() throws {
    let scratch = try Scratch.repository()
    try scratch.git("config", "user.name", "Ada Collector")
    try scratch.git("config", "user.email", "ada@example.com")
    try scratch.write("a.txt", "a\n")
    let repository = try GitRepository.open(containing: scratch.work)

    let commit = try #require(try repository.commit(paths: ["a.txt"], message: "Add a"))

    #expect(
      try scratch.lines("log", "--format=%an%x09%ae%x09%cn%x09%ce%x09%s") == [
        "Ada Collector\tada@example.com\tAda Collector\tada@example.com\tAdd a"
      ])
    #expect(commit.authorName == "Ada Collector")
    #expect(commit.authorEmail == "ada@example.com")
  }

  /// libgit2 reads the user's global configuration too, so the fallback is
  /// reached through a repository-level identity that is set but empty, which
  /// overrides whatever the machine's user has configured.
  @Test func identityFallsBackToRecordKeeper() throws {
    let scratch = try Scratch.repository()
    try scratch.git("config", "user.name", "")
    try scratch.git("config", "user.email", "")
    try scratch.write("a.txt", "a\n")
    let repository = try GitRepository.open(containing: scratch.work)

    #expect(try repository.commit(paths: ["a.txt"], message: "Add a") != nil)
    try scratch.git("config", "user.email", "only-email@example.com")
    try scratch.write("a.txt", "a again\n")
    #expect(try repository.commit(paths: ["a.txt"], message: "Change a") != nil)

    #expect(
      try scratch.lines("log", "--format=%an%x09%ae%x09%cn%x09%ce%x09%s") == [
        "Record Keeper\tonly-email@example.com\tRecord Keeper\tonly-email@example.com\tChange a",
        "Record Keeper\trk@localhost\tRecord Keeper\trk@localhost\tAdd a",
      ])
  }

  @Test func ignoredFilesAreLeftOutUnlessTracked() throws {
    let scratch = try Scratch.repository()
    try scratch.write(".gitignore", "*.log\nbuild/\n")
    try scratch.write("tracked.log", "tracked\n")
    try scratch.write("build/kept.txt", "kept\n")
    try scratch.git("add", ".gitignore")
    try scratch.git("add", "-f", "tracked.log", "build/kept.txt")
    try scratch.git("commit", "-q", "-m", "Start")
    try scratch.write("tracked.log", "tracked, changed\n")
    try scratch.write("new.log", "ignored\n")
    try scratch.write("build/other.txt", "ignored\n")
    try scratch.write("album.md", "new\n")
    let repository = try GitRepository.open(containing: scratch.work)

    #expect(try repository.commit(paths: ["."], message: "Everything") != nil)

    #expect(try scratch.changes() == ["A\talbum.md", "M\ttracked.log"])
    #expect(try scratch.lines("ls-files").sorted() == [".gitignore", "album.md", "build/kept.txt", "tracked.log"])
    #expect(try scratch.status().isEmpty)
  }

  @Test func modesOfExecutablesAndSymbolicLinksAreKept() throws {
    let scratch = try Scratch.repository()
    try scratch.write("run.sh", "#!/bin/sh\n")
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: scratch.work + "/run.sh")
    try scratch.write("plain.txt", "plain\n")
    try FileManager.default.createSymbolicLink(atPath: scratch.work + "/link", withDestinationPath: "plain.txt")
    let repository = try GitRepository.open(containing: scratch.work)

    #expect(try repository.commit(paths: ["."], message: "Modes") != nil)

    let modes = try scratch.lines("ls-tree", "HEAD").map { line in
      "\(line.prefix(6)) \(line.split(separator: "\t").last ?? "")"
    }
    #expect(modes == ["120000 link", "100644 plain.txt", "100755 run.sh"])
    #expect(try scratch.status().isEmpty)
  }

  /// Files rewritten at once with the same size, which git's stat cache
  /// must not mistake for unchanged.
  @Test func rapidRewritesOfTheSameSizeAreAllCommitted() throws {
    let scratch = try Scratch.repository()
    let repository = try GitRepository.open(containing: scratch.work)
    for version in 1...6 {
      try scratch.write("albums/a/album.md", "version \(version)\n")
      try scratch.write("albums/a/other.md", "other \(version % 2)\n")
      #expect(try repository.commit(paths: ["albums/a"], message: "Version \(version)") != nil)
      #expect(try scratch.git("show", "HEAD:albums/a/album.md") == "version \(version)\n")
      #expect(try scratch.git("show", "HEAD:albums/a/other.md") == "other \(version % 2)\n")
    }
    try scratch.git("status")  // lets git refresh the index's timestamps
    try scratch.write("albums/a/album.md", "version 7\n")
    #expect(try repository.commit(paths: ["albums"], message: "Version 7") != nil)
    #expect(try scratch.changes() == ["M\talbums/a/album.md"])
    #expect(try scratch.status().isEmpty)
  }

  @Test func commitRefusesToWorkOutsideTheWorkTree() throws {
    let scratch = try Scratch.repository()
    let repository = try GitRepository.open(containing: scratch.work)
    #expect(throws: GitError.outsideWorkTree("../elsewhere")) {
      try repository.commit(paths: ["../elsewhere"], message: "No")
    }
    #expect(throws: GitError.outsideWorkTree(scratch.home)) {
      try repository.commit(paths: [scratch.home], message: "No")
    }
  }

  // MARK: Unfinished operations

  @Test func refusesDuringAMergeUntilItIsAborted() throws {
    let scratch = try Scratch.repository()
    try scratch.commitWithGit(["song.txt": "one\n", "other.txt": "x\n"], message: "Start")
    try scratch.git("checkout", "-q", "-b", "side")
    try scratch.commitWithGit(["song.txt": "side\n"], message: "Side")
    try scratch.git("checkout", "-q", "main")
    try scratch.commitWithGit(["song.txt": "main\n"], message: "Main")
    #expect(try scratch.run(["merge", "-q", "side"]).status != 0)
    try scratch.write("other.txt", "changed during the merge\n")
    let repository = try GitRepository.open(containing: scratch.work)
    let before = try scratch.git("rev-parse", "HEAD")

    let error = #expect(throws: GitError.self) { try repository.ensureReadyToCommit() }
    #expect(error == .unfinishedOperation("merge"))
    #expect(error?.description.contains("git merge --abort") == true)
    #expect(throws: GitError.unfinishedOperation("merge")) {
      try repository.commit(paths: ["other.txt"], message: "Not now")
    }
    #expect(try scratch.git("rev-parse", "HEAD") == before)

    try scratch.git("merge", "--abort")
    try repository.ensureReadyToCommit()
  }

  @Test func refusesWhileTheIndexHasConflicts() throws {
    let scratch = try Scratch.repository()
    try scratch.commitWithGit(["song.txt": "one\n"], message: "Start")
    try scratch.write("song.txt", "stashed\n")
    try scratch.git("stash", "-q")
    try scratch.commitWithGit(["song.txt": "committed\n"], message: "Change")
    #expect(try scratch.run(["stash", "pop", "-q"]).status != 0)
    let repository = try GitRepository.open(containing: scratch.work)

    #expect(throws: GitError.conflicts) { try repository.ensureReadyToCommit() }
    #expect(GitError.conflicts.description.contains("resolve"))
  }

  // MARK: History

  @Test func logListsCommitsNewestFirstAndByPath() throws {
    let scratch = try Scratch.repository()
    let repository = try GitRepository.initialize(at: scratch.work)
    var made: [GitCommit] = []
    func commit(_ files: [String: String?], _ message: String) throws {
      for (path, text) in files {
        if let text { try scratch.write(path, text) } else { try scratch.remove(path) }
      }
      made.append(try #require(try repository.commit(paths: Array(files.keys), message: message)))
    }
    try commit(["albums/a/album.md": "a\n", "albums/b/album.md": "b\n"], "Add a and b")
    try commit(["albums/b/album.md": "b2\n"], "Change b")
    try commit(["albums/a/album.md": "a2\n"], "Change a")
    try commit(["notes.txt": "n\n"], "Notes")
    try commit(["albums/a/album.md": nil], "Remove a")

    let all = try repository.log()
    #expect(all.map(\.summary) == ["Remove a", "Notes", "Change a", "Change b", "Add a and b"])
    #expect(all == made.reversed())
    #expect(try scratch.lines("log", "--format=%H") == all.map(\.id))
    #expect(try repository.log(limit: 2).map(\.summary) == ["Remove a", "Notes"])
    #expect(try repository.log(path: "albums/a").map(\.summary) == ["Remove a", "Change a", "Add a and b"])
    #expect(try repository.log(path: "albums/a/album.md", limit: 2).map(\.summary) == ["Remove a", "Change a"])
    #expect(try repository.log(path: "albums/b/").map(\.summary) == ["Change b", "Add a and b"])
    #expect(try repository.log(path: "albums").count == 4)
    #expect(try repository.log(path: "nowhere").isEmpty)
    #expect(try repository.head() == made.last)
  }

  @Test func changedFilesAndFileInParent() throws {
    let scratch = try Scratch.repository()
    let repository = try GitRepository.initialize(at: scratch.work)
    try scratch.write("a.txt", "a\n")
    try scratch.write("b.txt", "b\n")
    let first = try #require(try repository.commit(paths: ["."], message: "Start"))
    try scratch.write("a.txt", "a changed\n")
    try scratch.remove("b.txt")
    try scratch.write("c/d.txt", "d\n")
    let second = try #require(try repository.commit(paths: ["."], message: "Change"))

    #expect(try repository.changedFiles(in: first) == ["a.txt", "b.txt"])
    #expect(try repository.changedFiles(in: second) == ["a.txt", "b.txt", "c/d.txt"])
    #expect(try repository.fileInParent(of: second, path: "a.txt") == Array("a\n".utf8))
    #expect(try repository.fileInParent(of: second, path: "b.txt") == Array("b\n".utf8))
    #expect(try repository.fileInParent(of: second, path: "c/d.txt") == nil)
    #expect(try repository.fileInParent(of: second, path: "c") == nil)
    #expect(try repository.fileInParent(of: first, path: "a.txt") == nil)
  }

  @Test func hasUncommittedChanges() throws {
    let scratch = try Scratch.repository()
    try scratch.write(".gitignore", "*.log\n")
    try scratch.commitWithGit(
      ["clean.txt": "c\n", "modified.txt": "m\n", "deleted.txt": "d\n", "staged.txt": "s\n", "albums/a/album.md": "a\n"],
      message: "Start")
    try scratch.write("modified.txt", "m changed\n")
    try scratch.remove("deleted.txt")
    try scratch.write("staged.txt", "s changed\n")
    try scratch.git("add", "staged.txt")
    try scratch.write("untracked.txt", "u\n")
    try scratch.write("ignored.log", "i\n")
    try scratch.write("albums/b/album.md", "b\n")
    let repository = try GitRepository.open(containing: scratch.work)

    #expect(try repository.hasUncommittedChanges(at: "clean.txt") == false)
    #expect(try repository.hasUncommittedChanges(at: "modified.txt"))
    #expect(try repository.hasUncommittedChanges(at: "deleted.txt"))
    #expect(try repository.hasUncommittedChanges(at: "staged.txt"))
    #expect(try repository.hasUncommittedChanges(at: "untracked.txt"))
    #expect(try repository.hasUncommittedChanges(at: "ignored.log") == false)
    #expect(try repository.hasUncommittedChanges(at: "never-there.txt") == false)
    #expect(try repository.hasUncommittedChanges(at: "albums/a") == false)
    #expect(try repository.hasUncommittedChanges(at: "albums/b"))
    #expect(try repository.hasUncommittedChanges(at: "albums"))
  }

  @Test func uncommittedAndIgnoredFilesUnderAFolder() throws {
    let scratch = try Scratch.repository()
    try scratch.write(".gitignore", "*.log\n")
    try scratch.commitWithGit(["albums/a/album.md": "a\n", "albums/a/notes.txt": "n\n", "albums/ab/album.md": "b\n"], message: "Start")
    try scratch.write("albums/a/album.md", "a changed\n")
    try scratch.remove("albums/a/notes.txt")
    try scratch.write("albums/a/new/deep.txt", "d\n")
    try scratch.write("albums/a/rip.log", "i\n")
    try scratch.write("albums/a/logs/more.log", "i\n")
    try scratch.write("albums/ab/album.md", "b changed\n")
    try scratch.write("albums/ab/other.log", "i\n")
    let repository = try GitRepository.open(containing: scratch.work)

    #expect(try repository.uncommittedFiles(under: "albums/a") == ["albums/a/album.md", "albums/a/new/deep.txt", "albums/a/notes.txt"])
    #expect(try repository.ignoredFiles(under: "albums/a") == ["albums/a/logs/more.log", "albums/a/rip.log"])
    #expect(try repository.uncommittedFiles(under: "albums/ab") == ["albums/ab/album.md"])
    #expect(try repository.ignoredFiles(under: "albums/ab") == ["albums/ab/other.log"])
    #expect(try repository.ignoredFiles(under: "albums/nowhere").isEmpty)
  }

  // MARK: Packing

  @Test func packsNothingWhileLooseObjectsAreFew() throws {
    let scratch = try Scratch.repository()
    let repository = try GitRepository.open(containing: scratch.work)
    try scratch.write("a.txt", "a\n")
    #expect(try repository.commit(paths: ["a.txt"], message: "Add a") != nil)
    #expect(try repository.packIfNeeded() == false)
    #expect(try looseObjectCount(scratch) > 0)
  }

  @Test func packsManyCommitsWithoutLosingAnObject() throws {
    let scratch = try Scratch.repository()
    let repository = try GitRepository.open(containing: scratch.work)
    for number in 0..<2000 { try scratch.write(String(format: "albums/album-%04d.md", number), "title: Album \(number)\n") }
    #expect(try repository.commit(paths: ["albums"], message: "Start") != nil)
    var packed = 0
    for number in 0..<60 {
      try scratch.write(String(format: "albums/album-%04d.md", number * 7), "title: Album \(number), changed\n")
      #expect(try repository.commit(paths: ["albums"], message: "Change \(number)") != nil)
      // Low limits, so that it packs every few commits.
      if try repository.packIfNeeded(looseObjectLimit: 12, looseByteLimit: .max) { packed += 1 }
    }
    // Objects no branch of HEAD reaches: a side branch, a staged blob, a stash.
    try scratch.git("checkout", "-q", "-b", "side")
    try scratch.commitWithGit(["side.txt": "side\n"], message: "Side")
    try scratch.git("checkout", "-q", "main")
    try scratch.write("albums/album-0001.md", "stashed\n")
    try scratch.git("stash", "-q")
    try scratch.write("staged.txt", "staged only\n")
    try scratch.git("add", "staged.txt")
    #expect(try repository.packIfNeeded(looseObjectLimit: 0, looseByteLimit: .max))
    packed += 1

    // rk never deletes a pack: one more for each packing.
    #expect(packed > 3)
    #expect(try packCount(scratch) == packed)
    let fsck = try scratch.run(["fsck", "--full", "--strict", "--no-dangling"])
    #expect(fsck.status == 0, "\(fsck.err)")
    #expect(fsck.err.isEmpty)
    let counts = try countObjects(scratch)
    #expect(counts["count"] == 0)
    #expect(counts["garbage"] == 0)
    #expect(try scratch.git("rev-list", "--count", "HEAD") == "61\n")
    #expect(try scratch.git("show", ":staged.txt") == "staged only\n")
    #expect(try scratch.git("show", "side:side.txt") == "side\n")
    #expect(try scratch.git("show", "stash@{0}:albums/album-0001.md") == "stashed\n")
    // The open repository still reads everything, from the packs now.
    let log = try repository.log()
    #expect(log.count == 61)
    #expect(try repository.fileInParent(of: log[0], path: "albums/album-0413.md") == Array("title: Album 413\n".utf8))
    try scratch.write("albums/album-1999.md", "after packing\n")
    #expect(try repository.commit(paths: ["albums/album-1999.md"], message: "After") != nil)
    #expect(try scratch.run(["fsck", "--full"]).status == 0)
  }

  private func looseObjectCount(_ scratch: Scratch) throws -> Int {
    try countObjects(scratch)["count"] ?? -1
  }

  private func packCount(_ scratch: Scratch) throws -> Int {
    try FileManager.default.contentsOfDirectory(atPath: scratch.work + "/.git/objects/pack").filter { $0.hasSuffix(".pack") }.count
  }

  /// `git count-objects -v` as numbers.
  private func countObjects(_ scratch: Scratch) throws -> [String: Int] {
    var counts: [String: Int] = [:]
    for line in try scratch.lines("count-objects", "-v") {
      let parts = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
      if parts.count == 2, let value = Int(parts[1]) { counts[parts[0]] = value }
    }
    return counts
  }
}
