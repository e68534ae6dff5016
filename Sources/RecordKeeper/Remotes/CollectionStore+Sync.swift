import Foundation

/// What `rk sync` did.
public struct SyncOutcome: Equatable, Sendable {
  /// The remote synced with.
  public var remote: String
  /// The branch synced.
  public var branch: String
  /// How many commits the remote had that the collection lacked.
  public var received: Int
  /// What merging the remote's commits did; on ``MergeOutcome/conflicts(_:)``
  /// nothing was pushed.
  public var merge: MergeOutcome
  /// How many commits were pushed; `nil` when nothing was pushed because
  /// pushing was not asked for.
  public var sent: Int?
  /// The hand edits recorded before fetching, one commit each, and those
  /// that stayed home (docs/sharing.md, "What you write by hand travels").
  public var handEdits = HandEditRecord()
}

extension CollectionStore {
  /// How many times `sync` fetches and merges again when the remote moved on
  /// between its fetch and its push.
  static let syncAttempts = 3

  /// The repository's remotes.
  public func remotes() throws(RemoteError) -> [GitRemote] {
    do {
      return try repository.remotes()
    } catch {
      throw .git(error)
    }
  }

  /// Adds the remote `name` at `url`; a relative path is stored absolute,
  /// taken from `directory` (the working directory by default).
  public func addRemote(name: String, url: String, relativeTo directory: String? = nil) throws(RemoteError) {
    try repository.addRemote(name: name, url: RemoteURL.stored(url, relativeTo: directory ?? FileSystem.currentDirectory()))
  }

  /// Removes the remote `name` and its remote-tracking branches.
  public func removeRemote(name: String) throws(RemoteError) {
    try repository.removeRemote(name: name)
  }

  /// The remote `rk sync` uses when none is named: the current branch's
  /// upstream (`branch.NAME.remote`), else `origin`, else the only one.
  func defaultRemote(branch: String) throws(RemoteError) -> String {
    let names = try remotes().map(\.name)
    do {
      if let upstream = try repository.configuration("branch.\(branch).remote"), names.contains(upstream) { return upstream }
    } catch {
      throw .git(error)
    }
    if names.contains("origin") { return "origin" }
    if names.count == 1 { return names[0] }
    throw names.isEmpty ? .noRemote : .ambiguousRemote(names)
  }

  /// `rk sync` (named so as not to hide the C library's `sync()` from the
  /// store's other methods): fetches from `remote` (by default as ``defaultRemote(branch:)`` says),
  /// merges what it has into the current branch, and unless `push` is false
  /// pushes the result to the branch of the same name there (docs/sharing.md, "How a sync talks to the remote").
  ///
  /// First it records every hand edit that breaks no rule
  /// (``recordHandEdits()``); the others stay home, neither committed nor
  /// sent, and the outcome names them.
  ///
  /// Nothing is committed when both sides hold the same commits. Should the
  /// remote move on between the fetch and the push, fetching and merging
  /// run again, up to ``syncAttempts`` times in all.
  ///
  /// `environment` supplies `HOME` (for `~/.ssh`), `SSH_AUTH_SOCK`, `USER`
  /// and `RK_GIT_TOKEN`; `progress` hears how fetching and pushing go.
  public func synchronize(
    remote name: String? = nil, push: Bool = true,
    environment: [String: String] = ProcessInfo.processInfo.environment,
    progress: ((TransferProgress) -> Void)? = nil
  ) throws(RemoteError) -> SyncOutcome {
    let current = try gitValue { () throws(GitError) in try repository.currentBranch() }
    guard let branch = current, try gitValue({ () throws(GitError) in try repository.head() }) != nil else { throw .noBranch }
    let remoteName: String
    if let name { remoteName = name } else { remoteName = try defaultRemote(branch: branch) }
    guard let url = try gitValue({ () throws(GitError) in try repository.remoteURL(remoteName) }) else {
      throw .unknownRemote(remoteName, known: try remotes().map(\.name))
    }
    let tracking = "refs/remotes/\(remoteName)/\(branch)"
    // Clones registered before rk had the plays hook get it now (for git pull).
    if (try? repository.configuration("merge.\(MergeDriver.name).driver")) != nil { _ = try? installPlaysHook() }
    let handEdits: HandEditRecord
    do {
      handEdits = try recordHandEdits()
    } catch {
      throw .store(error)
    }
    var attempt = 1
    while true {
      try repository.fetch(RemoteSession(remoteName: remoteName, url: url, environment: environment, progress: progress))
      var outcome = SyncOutcome(remote: remoteName, branch: branch, received: 0, merge: .upToDate, sent: nil, handEdits: handEdits)
      if let theirs = try gitValue({ () throws(GitError) in try repository.commitID(of: tracking) }) {
        outcome.received = try gitValue { () throws(GitError) in try repository.aheadBehind(try headID(), theirs).behind }
        do throws(MergeError) {
          outcome.merge = try merge(commit: theirs, from: remoteName)
        } catch {
          if case .uncommittedChanges(let paths) = error { throw .uncommittedChanges(paths) }
          throw .merge(error)
        }
      }
      if case .conflicts = outcome.merge { return outcome }
      guard push else { return outcome }
      let ours = try gitValue { () throws(GitError) in try headID() }
      let theirs = try gitValue { () throws(GitError) in try repository.commitID(of: tracking) }
      if ours == theirs {
        outcome.sent = 0
        return outcome
      }
      let sent = try gitValue { () throws(GitError) -> Int in
        if let theirs { return try repository.aheadBehind(ours, theirs).ahead }
        return try repository.log().count
      }
      do {
        try repository.push(
          branch: branch, RemoteSession(remoteName: remoteName, url: url, environment: environment, progress: progress))
      } catch .pushRejected(let remote, let branch, let reason) {
        guard attempt < Self.syncAttempts else { throw .pushRejected(remote: remote, branch: branch, reason: reason) }
        attempt += 1
        continue
      }
      outcome.sent = sent
      return outcome
    }
  }

  /// The id of the commit HEAD points at.
  private func headID() throws(GitError) -> String {
    guard let head = try repository.head() else { throw .detachedHead }
    return head.id
  }

  /// Runs local git work, its failure a ``RemoteError/git(_:)``.
  func gitValue<T>(_ body: () throws(GitError) -> T) throws(RemoteError) -> T {
    do {
      return try body()
    } catch {
      throw .git(error)
    }
  }

  // MARK: Cloning

  /// The folder `rk clone URL` makes when given none: the URL's last part
  /// without `.git`, as git names it.
  public static func cloneFolder(for url: String) -> String {
    var name = Substring(url)
    while name.hasSuffix("/") { name = name.dropLast() }
    if let cut = name.lastIndex(where: { $0 == "/" || $0 == ":" }) { name = name[name.index(after: cut)...] }
    if name.hasSuffix(".git") { name = name.dropLast(4) }
    return name.isEmpty ? "collection" : String(name)
  }

  /// Clones the collection at `url` into `path`, which must not exist or be
  /// an empty folder, and opens it. A relative local path is resolved from
  /// the working directory, and stored that way as `origin`. `mergeDriver`
  /// (``MergeDriver/command(forExecutable:)``) is registered in the clone, so
  /// a `git pull` there merges albums by field as `rk sync` does.
  public static func clone(
    from url: String, into path: String, mergeDriver: String?,
    environment: [String: String] = ProcessInfo.processInfo.environment,
    progress: ((TransferProgress) -> Void)? = nil
  ) throws(RemoteError) -> CollectionStore {
    let url = RemoteURL.stored(url, relativeTo: FileSystem.currentDirectory())
    if FileSystem.exists(path), !((try? FileSystem.list(path))?.isEmpty ?? false) { throw .destinationNotEmpty(path) }
    _ = try GitRepository.clone(into: path, RemoteSession(remoteName: "origin", url: url, environment: environment, progress: progress))
    guard CollectionLocation.isCollection(path) else { throw .notACollection(path) }
    do {
      let store = try CollectionStore(location: CollectionLocation(root: path))
      if let mergeDriver { try store.registerMergeDriver(command: mergeDriver) }
      return store
    } catch {
      throw .store(error)
    }
  }
}
