import Foundation

/// Where the collection stands against the remote it syncs with, as of the
/// last fetch: what `rk serve` shows above the list ("3 changes from origin").
public struct SyncStatus: Equatable, Sendable {
  /// The remote `rk sync` would use; `nil` when the collection has none.
  public var remote: String?
  /// The branch HEAD is on; `nil` when HEAD is detached or has no commit.
  public var branch: String?
  /// Commits on the remote's branch (as last fetched) that ours lacks.
  public var incoming: Int
  /// Commits on our branch that the remote's (as last fetched) lacks.
  public var outgoing: Int

  public init(remote: String?, branch: String?, incoming: Int, outgoing: Int) {
    self.remote = remote
    self.branch = branch
    self.incoming = incoming
    self.outgoing = outgoing
  }
}

extension CollectionStore {
  /// How the current branch and the remote's (as last fetched) differ,
  /// without touching the network. `remote` defaults as for
  /// ``synchronize(remote:push:environment:progress:)``. A collection with
  /// no remote has a `nil` remote; one whose remote was never fetched (or
  /// has no such branch yet) shows nothing either way.
  public func syncStatus(remote name: String? = nil) throws(RemoteError) -> SyncStatus {
    let branch = try gitValue { () throws(GitError) in try repository.currentBranch() }
    guard let branch, let head = try gitValue({ () throws(GitError) in try repository.head()?.id }) else {
      return SyncStatus(remote: nil, branch: branch, incoming: 0, outgoing: 0)
    }
    let remote: String
    if let name {
      remote = name
    } else {
      do throws(RemoteError) {
        remote = try defaultRemote(branch: branch)
      } catch {
        guard case .noRemote = error else { throw error }
        return SyncStatus(remote: nil, branch: branch, incoming: 0, outgoing: 0)
      }
    }
    guard try gitValue({ () throws(GitError) in try repository.remoteURL(remote) }) != nil else {
      throw .unknownRemote(remote, known: try remotes().map(\.name))
    }
    guard let theirs = try gitValue({ () throws(GitError) in try repository.commitID(of: "refs/remotes/\(remote)/\(branch)") }) else {
      return SyncStatus(remote: remote, branch: branch, incoming: 0, outgoing: 0)
    }
    let (ahead, behind) = try gitValue { () throws(GitError) in try repository.aheadBehind(head, theirs) }
    return SyncStatus(remote: remote, branch: branch, incoming: behind, outgoing: ahead)
  }

  /// Fetches the remote's commits into `refs/remotes/REMOTE/` without
  /// merging them (what `rk serve` does in the background), and returns the
  /// status after it. Nothing in the work tree or on our branch changes,
  /// so no lock is taken: a change made meanwhile is not disturbed.
  public func fetch(
    remote name: String? = nil, environment: [String: String] = ProcessInfo.processInfo.environment,
    progress: ((TransferProgress) -> Void)? = nil
  ) throws(RemoteError) -> SyncStatus {
    let status = try syncStatus(remote: name)
    guard let remote = status.remote else { throw .noRemote }
    guard let url = try gitValue({ () throws(GitError) in try repository.remoteURL(remote) }) else {
      throw .unknownRemote(remote, known: try remotes().map(\.name))
    }
    try repository.fetch(RemoteSession(remoteName: remote, url: url, environment: environment, progress: progress))
    return try syncStatus(remote: remote)
  }
}
