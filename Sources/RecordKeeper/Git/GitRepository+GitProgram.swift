import CLibGit2
import Foundation

/// Fetching and pushing through the git program, where libgit2 falls short:
/// its local transport writes a folder remote's references itself, skipping
/// the remote's `pre-receive` and `update` hooks, and it cannot fetch into or
/// push from a shallow clone. `git` does both as every collector's git does.
extension GitRepository {
  /// Whether `push` and `fetch` go through the git program for `session`.
  func usesGitProgram(for session: RemoteSession, pushing: Bool) -> Bool {
    isShallow || (pushing && Self.localGitDirectory(session.url) != nil)
  }

  /// Runs `git -C WORKTREE arguments…` in `session`'s environment, or
  /// returns `nil` when git is not installed.
  private func runGitProgram(_ arguments: [String], _ session: RemoteSession) throws(RemoteError) -> Subprocess.Output? {
    var environment = session.environment
    // The repository is named by -C; a GIT_DIR meant for another would win.
    for key in ["GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_COMMON_DIR"] { environment[key] = nil }
    environment["GIT_TERMINAL_PROMPT"] = "0"
    do {
      return try Subprocess.run("git", ["-C", workingDirectory] + arguments, environment: environment)
    } catch .cannotStart(_, let code) where code == ENOENT {
      return nil
    } catch {
      throw .network(remote: session.remoteName, url: session.url, message: error.description)
    }
  }

  /// `git fetch` from `session`'s remote into `refs/remotes/NAME/`.
  func fetchWithGitProgram(_ session: RemoteSession) throws(RemoteError) {
    guard let output = try runGitProgram(["fetch", "--quiet", session.remoteName], session) else {
      throw .git(.shallowHistory(shallowBoundary().sorted().first ?? ""))
    }
    guard output.termination != .exited(0) else { return }
    let errors = String(decoding: output.errors, as: UTF8.self)
    throw lockRefusal(.network(remote: session.remoteName, url: session.url, message: Self.lastLines(errors)), session)
  }

  /// `git push` of `branch` to the same name on `session`'s remote. A hook
  /// that declines throws ``RemoteError/hookRefused(remote:branch:output:)``
  /// with what the hooks printed; a push that is not a fast-forward
  /// ``RemoteError/pushRejected(remote:branch:reason:)``.
  func pushWithGitProgram(branch: String, _ session: RemoteSession) throws(RemoteError) {
    let refspec = "refs/heads/\(branch):refs/heads/\(branch)"
    guard let output = try runGitProgram(["push", "--porcelain", session.remoteName, refspec], session) else {
      if let folder = Self.localGitDirectory(session.url), Self.hasReceiveHooks(folder) {
        throw .hookRefused(
          remote: session.remoteName, branch: branch,
          output: "\(folder)/hooks has hooks that check every push, which only the git program runs: install git, then run rk sync again")
      }
      return try pushWithLibgit2(branch: branch, session)
    }
    guard output.termination != .exited(0) else { return }
    let status = String(decoding: output.output, as: UTF8.self)
    let errors = String(decoding: output.errors, as: UTF8.self)
    if let path = Self.lockPath(inMessage: errors) {
      throw lockRefusal(.network(remote: session.remoteName, url: session.url, message: "'\(path)'"), session)
    }
    let remoteLines = errors.split(separator: "\n").filter { $0.hasPrefix("remote: ") }.map {
      String($0.dropFirst("remote: ".count)).replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
    }
    // git's refusal to change a working folder's checked-out branch.
    if RemoteError.isWorkingFolderRefusal(status + errors) {
      throw .workingFolder(remote: session.remoteName, url: session.url)
    }
    if let line = status.split(separator: "\n").first(where: { $0.contains("[remote rejected]") }) {
      // `!<TAB>from:to<TAB>[remote rejected] (reason)`
      let reason = line.split(separator: "(", maxSplits: 1).last.map { String($0.dropLast($0.hasSuffix(")") ? 1 : 0)) } ?? String(line)
      guard reason.contains("hook declined") else {
        throw .pushRejected(remote: session.remoteName, branch: branch, reason: ([reason] + remoteLines).joined(separator: "; "))
      }
      throw .hookRefused(
        remote: session.remoteName, branch: branch, output: remoteLines.isEmpty ? reason : remoteLines.joined(separator: "\n"))
    }
    if status.contains("[rejected]") {
      throw .pushRejected(remote: session.remoteName, branch: branch, reason: "it has commits this collection has not fetched")
    }
    throw .network(remote: session.remoteName, url: session.url, message: Self.lastLines(errors))
  }

  /// Whether the repository at `folder` has a hook that checks pushes.
  static func hasReceiveHooks(_ folder: String) -> Bool {
    ["pre-receive", "update", "proc-receive"].contains { FileManager.default.isExecutableFile(atPath: folder + "/hooks/" + $0) }
  }

  /// The last few lines of a program's errors, for a message.
  private static func lastLines(_ text: String) -> String {
    text.split(separator: "\n").suffix(3).joined(separator: "; ").trimmingCharacters(in: .whitespacesAndNewlines)
  }
}
