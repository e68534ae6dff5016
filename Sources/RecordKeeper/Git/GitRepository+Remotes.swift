import CLibGit2
import Foundation

/// How far a fetch or push has got, for a progress bar.
public struct TransferProgress: Equatable, Sendable {
  /// What is being done, named as a progress bar says it.
  public enum Stage: String, Equatable, Sendable {
    /// Receiving objects from the remote.
    case receiving = "Receiving"
    /// Resolving the deltas received.
    case resolving = "Resolving"
    /// Sending objects to the remote.
    case sending = "Sending"
  }

  public var stage: Stage
  public var done: Int
  public var total: Int
  /// Bytes received or sent so far.
  public var bytes: Int
}

/// A named remote and its URL.
public struct GitRemote: Equatable, Sendable {
  public var name: String
  public var url: String
}

/// The state of one network operation that libgit2's C callbacks reach
/// through their payload pointer: the remote (for messages), the ways of
/// authenticating not yet tried, what went wrong, and where progress goes.
///
/// libgit2 calls the callbacks on the thread that called it, within that
/// call, so the session is only ever used from one thread at a time.
final class RemoteSession {
  let remoteName: String
  let url: String
  let parsedURL: RemoteURL
  let environment: [String: String]
  let progress: ((TransferProgress) -> Void)?
  /// The first failure a callback met, more telling than libgit2's code.
  var failure: RemoteError?
  /// The ways of authenticating tried, in order, named for a person.
  var tried: [String] = []
  /// The ssh ways, made when first asked for.
  private var sshWays: [Credential]?
  /// The https ways, made when first asked for.
  private var httpsWays: [() -> Credential?]?
  private var nextWay = 0
  /// A reference the remote refused to update, with its reason.
  var rejection: (reference: String, reason: String)?

  init(remoteName: String, url: String, environment: [String: String], progress: ((TransferProgress) -> Void)?) {
    self.remoteName = remoteName
    self.url = url
    parsedURL = RemoteURL(url)
    self.environment = environment
    self.progress = progress
  }

  /// Whether another way of authenticating remains after a refusal.
  var hasUntriedWay: Bool {
    if let sshWays { return nextWay < sshWays.count }
    if let httpsWays { return nextWay < httpsWays.count }
    return false
  }

  /// The next way to try, or `nil` when all were tried.
  func nextCredential(ssh: Bool) -> Credential? {
    if ssh {
      let ways = sshWays ?? Credentials.ssh(environment: environment)
      sshWays = ways
      guard nextWay < ways.count else { return nil }
      nextWay += 1
      tried.append(ways[nextWay - 1].name)
      return ways[nextWay - 1]
    }
    let ways = httpsWays ?? Credentials.https(url: parsedURL, environment: environment)
    httpsWays = ways
    while nextWay < ways.count {
      nextWay += 1
      if let way = ways[nextWay - 1]() {
        tried.append(way.name)
        return way
      }
    }
    return nil
  }

  /// The user name for ssh: the URL's, else `USER`, else `git`.
  var sshUser: String { parsedURL.user ?? environment["USER"].flatMap { $0.isEmpty ? nil : $0 } ?? "git" }

  /// The known_hosts file consulted.
  var knownHostsPath: String { (environment["HOME"] ?? NSHomeDirectory()) + "/.ssh/known_hosts" }

  /// libgit2's callbacks, pointing at this session, for the length of `body`.
  func withCallbacks<Result>(_ body: (git_remote_callbacks) throws(RemoteError) -> Result) throws(RemoteError) -> Result {
    var callbacks = git_remote_callbacks()
    git_remote_init_callbacks(&callbacks, UInt32(GIT_REMOTE_CALLBACKS_VERSION))
    callbacks.credentials = remoteCredentialsCallback
    callbacks.certificate_check = remoteCertificateCallback
    callbacks.transfer_progress = remoteFetchProgressCallback
    callbacks.push_transfer_progress = remotePushProgressCallback
    callbacks.push_update_reference = remotePushReferenceCallback
    callbacks.payload = Unmanaged.passUnretained(self).toOpaque()
    return try withExtendedLifetime(self) { () throws(RemoteError) -> Result in try body(callbacks) }
  }

  /// The error for a libgit2 failure (`result`, its `function`) in this session.
  func error(for result: Int32, _ function: String) -> RemoteError {
    let code = errno
    let message = LibGit2.takeLastErrorMessage()
    if let failure { return failure }
    // "cannot extend packfile" is the local disk, not the remote.
    if DiskFull.isDiskFull(errno: code, message: message) {
      return .git(.diskFull(path: DiskFull.repositoryPath.withLock { $0 } ?? FileSystem.currentDirectory(), function: function))
    }
    switch result {
    case GIT_EAUTH.rawValue:
      return .authentication(remote: remoteName, url: url, tried: tried)
    case GIT_ECERTIFICATE.rawValue:
      return parsedURL.kind == .http
        ? .untrustedCertificate(remote: remoteName, host: parsedURL.host)
        : .network(remote: remoteName, url: url, message: message)
    case GIT_ENONFASTFORWARD.rawValue:
      return .pushRejected(remote: remoteName, branch: "", reason: "it has commits this collection has not fetched")
    default:
      // libgit2 offers the server only the key types known_hosts holds for
      // it; a server with none of those fails the key exchange.
      if parsedURL.kind == .ssh, message.contains("Unable to exchange encryption keys") {
        let known = KnownHosts(path: knownHostsPath).keyTypes(host: parsedURL.host, port: parsedURL.port)
        if !known.isEmpty {
          return .hostKnownByOtherTypes(
            remote: remoteName, host: parsedURL.host, port: parsedURL.port, knownHosts: knownHostsPath, offered: "", known: known)
        }
      }
      if RemoteError.isWorkingFolderRefusal(message) { return .workingFolder(remote: remoteName, url: url) }
      // libssh2 reports a refused key as a failed "authentication"; say so plainly.
      if message.lowercased().contains("authentication") || message.contains("401") {
        return .authentication(remote: remoteName, url: url, tried: tried)
      }
      return .network(remote: remoteName, url: url, message: message.trimmingCharacters(in: .whitespacesAndNewlines))
    }
  }

  /// Runs a libgit2 network call, again while a refused credential leaves
  /// another to try (libgit2's ssh transport asks for one key per connection).
  func run(_ function: String, _ call: (git_remote_callbacks) -> Int32) throws(RemoteError) {
    while true {
      let result = try withCallbacks { (callbacks) throws(RemoteError) -> Int32 in call(callbacks) }
      if result >= 0 { return }
      let error = error(for: result, function)
      if case .authentication = error, failure == nil, hasUntriedWay { continue }
      throw error
    }
  }

  static func from(_ payload: UnsafeMutableRawPointer?) -> RemoteSession? {
    payload.map { Unmanaged<RemoteSession>.fromOpaque($0).takeUnretainedValue() }
  }
}

// The C callbacks: plain functions, as C needs, that find their session
// through the payload.

private let remoteCredentialsCallback: git_credential_acquire_cb = { out, _, usernameFromURL, allowed, payload in
  guard let out, let session = RemoteSession.from(payload) else { return -1 }
  let user = usernameFromURL.map { String(cString: $0) } ?? session.sshUser
  if allowed & GIT_CREDENTIAL_USERNAME.rawValue != 0 {
    return git_credential_username_new(out, user)
  }
  let ssh = allowed & GIT_CREDENTIAL_SSH_KEY.rawValue != 0
  guard ssh || allowed & GIT_CREDENTIAL_USERPASS_PLAINTEXT.rawValue != 0 else {
    session.failure = .authentication(remote: session.remoteName, url: session.url, tried: session.tried)
    return GIT_EAUTH.rawValue
  }
  guard let way = session.nextCredential(ssh: ssh) else {
    session.failure = .authentication(remote: session.remoteName, url: session.url, tried: session.tried)
    return GIT_EAUTH.rawValue
  }
  switch way {
  case .sshAgent:
    return git_credential_ssh_key_from_agent(out, user)
  case .sshKey(let privateKey, let publicKey):
    return git_credential_ssh_key_new(out, user, publicKey, privateKey, nil)
  case .userPassword(let name, let password, _):
    return git_credential_userpass_plaintext_new(out, name, password)
  }
}

private let remoteCertificateCallback: git_transport_certificate_check_cb = { cert, valid, host, payload in
  guard let cert, let session = RemoteSession.from(payload) else { return -1 }
  // An https certificate: libgit2 (mbedTLS) has checked it against the system's.
  guard cert.pointee.cert_type == GIT_CERT_HOSTKEY_LIBSSH2 else { return GIT_PASSTHROUGH.rawValue }
  let hostName = host.map { String(cString: $0) } ?? session.parsedURL.host
  let port = session.parsedURL.port
  let knownHostsPath = session.knownHostsPath
  let hostKey = UnsafeMutableRawPointer(cert).assumingMemoryBound(to: git_cert_hostkey.self).pointee
  var verdict = KnownHosts.Verdict.unknown
  if hostKey.type.rawValue & GIT_CERT_SSH_RAW.rawValue != 0, let raw = hostKey.hostkey,
    let type = KnownHosts.typeName(rawType: hostKey.raw_type.rawValue)
  {
    let key = Data(bytes: raw, count: hostKey.hostkey_len).base64EncodedString()
    verdict = KnownHosts(path: knownHostsPath).verdict(host: hostName, port: port, type: type, key: key)
  }
  if verdict == .trusted || (valid == 1 && verdict == .unknown) { return 0 }
  let offered = KnownHosts.typeName(rawType: hostKey.raw_type.rawValue) ?? "?"
  switch verdict {
  case .changed:
    session.failure = .changedHostKey(remote: session.remoteName, host: hostName, port: port, knownHosts: knownHostsPath)
  case .revoked:
    session.failure = .revokedHostKey(remote: session.remoteName, host: hostName, port: port, knownHosts: knownHostsPath)
  case .knownByOtherTypes(let types):
    session.failure = .hostKnownByOtherTypes(
      remote: session.remoteName, host: hostName, port: port, knownHosts: knownHostsPath, offered: offered, known: types)
  case .trusted, .unknown:
    session.failure = .unknownHost(remote: session.remoteName, host: hostName, port: port, knownHosts: knownHostsPath)
  }
  return GIT_ECERTIFICATE.rawValue
}

private let remoteFetchProgressCallback: git_indexer_progress_cb = { stats, payload in
  guard let stats, let session = RemoteSession.from(payload), let progress = session.progress else { return 0 }
  let s = stats.pointee
  if s.total_deltas > 0 && s.received_objects == s.total_objects {
    progress(TransferProgress(stage: .resolving, done: Int(s.indexed_deltas), total: Int(s.total_deltas), bytes: s.received_bytes))
  } else {
    progress(TransferProgress(stage: .receiving, done: Int(s.received_objects), total: Int(s.total_objects), bytes: s.received_bytes))
  }
  return 0
}

private let remotePushProgressCallback: git_push_transfer_progress_cb = { current, total, bytes, payload in
  guard let session = RemoteSession.from(payload), let progress = session.progress else { return 0 }
  progress(TransferProgress(stage: .sending, done: Int(current), total: Int(total), bytes: bytes))
  return 0
}

private let remotePushReferenceCallback: git_push_update_reference_cb = { reference, status, payload in
  guard let status, let session = RemoteSession.from(payload) else { return 0 }
  session.rejection = (reference.map { String(cString: $0) } ?? "", String(cString: status))
  return 0
}

extension GitRepository {
  // MARK: Remotes

  /// The repository's remotes, by name.
  public func remotes() throws(GitError) -> [GitRemote] {
    var names = git_strarray()
    try LibGit2.check(git_remote_list(&names, repository), "git_remote_list")
    defer { git_strarray_dispose(&names) }
    var remotes: [GitRemote] = []
    for index in 0..<names.count {
      guard let name = names.strings[index].map({ String(cString: $0) }) else { continue }
      remotes.append(GitRemote(name: name, url: try remoteURL(name) ?? ""))
    }
    return remotes.sorted { $0.name < $1.name }
  }

  /// The URL of the remote `name`, or `nil` when there is no such remote.
  func remoteURL(_ name: String) throws(GitError) -> String? {
    guard let remote = try GitHandle.makeIfFound("git_remote_lookup", free: git_remote_free, { git_remote_lookup($0, repository, name) })
    else { return nil }
    return remote.withPointer { git_remote_url($0).map { String(cString: $0) } }
  }

  /// Adds the remote `name` at `url`, fetching every branch into
  /// `refs/remotes/NAME/`, as `git remote add` does.
  public func addRemote(name: String, url: String) throws(RemoteError) {
    var valid: Int32 = 0
    git_remote_name_is_valid(&valid, name)
    guard valid == 1 else { throw .invalidRemoteName(name) }
    guard !url.trimmingCharacters(in: .whitespaces).isEmpty else { throw .invalidURL(url) }
    let existing: String?
    do {
      existing = try remoteURL(name)
    } catch {
      throw .git(error)
    }
    if let existing { throw .remoteExists(name: name, url: existing) }
    do {
      _ = try GitHandle.make("git_remote_create", free: git_remote_free) { git_remote_create($0, repository, name, url) }
    } catch {
      if case .libgit2(_, let code, _) = error, code == GIT_EINVALIDSPEC.rawValue { throw .invalidURL(url) }
      throw .git(error)
    }
  }

  /// Removes the remote `name`, its remote-tracking branches and settings.
  public func removeRemote(name: String) throws(RemoteError) {
    let known: [String]?
    do {
      known = try remoteURL(name) == nil ? try remotes().map(\.name) : nil
    } catch {
      throw .git(error)
    }
    if let known { throw .unknownRemote(name, known: known) }
    do {
      try LibGit2.check(git_remote_delete(repository, name), "git_remote_delete")
    } catch {
      throw .git(error)
    }
  }

  // MARK: Branches

  /// The short name of the branch HEAD is on (`main`), or `nil` when HEAD is
  /// detached.
  func currentBranch() throws(GitError) -> String? {
    var reference: OpaquePointer?
    let result = git_reference_lookup(&reference, repository, "HEAD")
    try LibGit2.check(result, "git_reference_lookup")
    defer { git_reference_free(reference) }
    guard let target = git_reference_symbolic_target(reference).map({ String(cString: $0) }), target.hasPrefix("refs/heads/") else {
      return nil
    }
    return String(target.dropFirst("refs/heads/".count))
  }

  /// The commit id `reference` (a full name) points at, or `nil` when there
  /// is no such reference.
  func commitID(of reference: String) throws(GitError) -> String? {
    var id = git_oid()
    let result = git_reference_name_to_id(&id, repository, reference)
    if result == GIT_ENOTFOUND.rawValue {
      LibGit2.clearError()
      return nil
    }
    try LibGit2.check(result, "git_reference_name_to_id")
    return id.hex
  }

  /// A setting of the repository's configuration, or `nil`.
  func configuration(_ key: String) throws(GitError) -> String? {
    let config = try GitHandle.make("git_repository_config_snapshot", free: git_config_free) {
      git_repository_config_snapshot($0, repository)
    }
    var value: UnsafePointer<CChar>?
    let result = config.withPointer { git_config_get_string(&value, $0, key) }
    if result == GIT_ENOTFOUND.rawValue {
      LibGit2.clearError()
      return nil
    }
    try LibGit2.check(result, "git_config_get_string")
    return value.map { String(cString: $0) }
  }

  /// How many commits `local` has that `remote` lacks, and the reverse.
  func aheadBehind(_ local: String, _ remote: String) throws(GitError) -> (ahead: Int, behind: Int) {
    let boundary = shallowBoundary()
    if !boundary.isEmpty {
      // Counted within the history this clone has.
      let ours = try reachable(from: local, stoppingAt: boundary)
      let theirs = try reachable(from: remote, stoppingAt: boundary)
      return (ours.subtracting(theirs).count, theirs.subtracting(ours).count)
    }
    var localID = try git_oid.parse(local)
    var remoteID = try git_oid.parse(remote)
    var ahead = 0
    var behind = 0
    try LibGit2.check(git_graph_ahead_behind(&ahead, &behind, repository, &localID, &remoteID), "git_graph_ahead_behind")
    return (ahead, behind)
  }

  // MARK: Network

  /// Fetches from `session`'s remote into `refs/remotes/NAME/`.
  func fetch(_ session: RemoteSession) throws(RemoteError) {
    let remote = try remoteHandle(session)
    removeStaleFetchLocks(remote: session.remoteName)
    if usesGitProgram(for: session, pushing: false) { return try fetchWithGitProgram(session) }
    do {
      try fetchThroughIncomingFolder(remote, session)
    } catch {
      throw lockRefusal(error, session)
    }
  }

  /// libgit2's handle on `session`'s remote, for a fetch or a push.
  private func remoteHandle(_ session: RemoteSession) throws(RemoteError) -> GitHandle {
    do {
      return try GitHandle.make("git_remote_lookup", free: git_remote_free) { git_remote_lookup($0, repository, session.remoteName) }
    } catch {
      throw .git(error)
    }
  }

  /// `error`, or when it is a lock file that refused (here, or in the
  /// remote's folder on this machine), ``RemoteError/locked(remote:path:holders:)``:
  /// a local refusal, never a network failure.
  func lockRefusal(_ error: RemoteError, _ session: RemoteSession) -> RemoteError {
    guard case .network(_, _, let message) = error, let path = Self.lockPath(inMessage: message) else { return error }
    let remoteFolder = Self.localGitDirectory(session.url)
    let folders = remoteFolder.map { [$0] } ?? [gitDirectory, workingDirectory]
    let holders = LockFile.holders(of: path, repository: path.hasPrefix(gitDirectory + "/") ? [gitDirectory, workingDirectory] : folders)
    return .locked(remote: session.remoteName, path: path, holders: holders?.map(\.description) ?? [])
  }

  /// Pushes the local branch `branch` to the same name on `session`'s remote.
  /// The remote refusing it, or libgit2 finding it not a fast-forward,
  /// throws ``RemoteError/pushRejected(remote:branch:reason:)``.
  func push(branch: String, _ session: RemoteSession) throws(RemoteError) {
    removeStalePushLocks(remote: session.remoteName, url: session.url, branch: branch)
    if usesGitProgram(for: session, pushing: true) { return try pushWithGitProgram(branch: branch, session) }
    try pushWithLibgit2(branch: branch, session)
  }

  /// ``push(branch:_:)`` through libgit2.
  func pushWithLibgit2(branch: String, _ session: RemoteSession) throws(RemoteError) {
    let remote = try remoteHandle(session)
    let refspec = "refs/heads/\(branch):refs/heads/\(branch)"
    do {
      try session.run("git_remote_push") { callbacks in
        var options = git_push_options(callbacks: callbacks)
        return withStringArray([refspec]) { refspecs in remote.withPointer { git_remote_push($0, refspecs, &options) } }
      }
    } catch .pushRejected(let name, _, let reason) {
      throw .pushRejected(remote: name, branch: branch, reason: reason)
    } catch {
      throw lockRefusal(error, session)
    }
    if let rejection = session.rejection {
      throw .pushRejected(remote: session.remoteName, branch: branch, reason: rejection.reason)
    }
  }

  /// Clones `session`'s URL into `path` (which must not exist or be empty)
  /// and opens the clone.
  static func clone(into path: String, _ session: RemoteSession) throws(RemoteError) -> GitRepository {
    LibGit2.start()
    var cloned: OpaquePointer?
    try session.run("git_clone") { callbacks in
      var options = git_clone_options()
      git_clone_options_init(&options, UInt32(GIT_CLONE_OPTIONS_VERSION))
      options.fetch_opts = git_fetch_options(callbacks: callbacks)
      if let cloned { git_repository_free(cloned) }
      cloned = nil
      return git_clone(&cloned, session.url, path, &options)
    }
    if let cloned { git_repository_free(cloned) }
    do {
      return try GitRepository.open(containing: path)
    } catch {
      throw .git(error)
    }
  }
}
