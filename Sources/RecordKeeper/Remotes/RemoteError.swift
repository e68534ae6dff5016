/// Why cloning, fetching or pushing failed. Each message names the remote and
/// says what to do; unless a case says otherwise, nothing in the collection
/// was changed.
public enum RemoteError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The repository has no remote to sync with.
  case noRemote
  /// No remote has this name; the names there are.
  case unknownRemote(String, known: [String])
  /// Several remotes, none named `origin` or set as the branch's upstream.
  case ambiguousRemote([String])
  /// `rk remote add` of a name already taken (its URL given).
  case remoteExists(name: String, url: String)
  /// Not a name git accepts for a remote.
  case invalidRemoteName(String)
  /// A URL that is empty or that git cannot read.
  case invalidURL(String)
  /// `rk clone` into a folder that exists and is not empty.
  case destinationNotEmpty(String)
  /// Fetching or pushing failed on the way (the remote, its URL, libgit2's message).
  case network(remote: String, url: String, message: String)
  /// Every way of authenticating was tried and refused (the ways, as said to a person).
  case authentication(remote: String, url: String, tried: [String])
  /// The ssh host is not in `~/.ssh/known_hosts`.
  case unknownHost(remote: String, host: String, port: Int, knownHosts: String)
  /// The ssh host's key differs from the one `~/.ssh/known_hosts` holds for it.
  case changedHostKey(remote: String, host: String, port: Int, knownHosts: String)
  /// The ssh host's key is marked `@revoked` in `~/.ssh/known_hosts`.
  case revokedHostKey(remote: String, host: String, port: Int, knownHosts: String)
  /// `~/.ssh/known_hosts` knows the ssh host only by keys of other types
  /// (`known`) than the one it offered (`offered`; "" when the key
  /// exchange failed before the server offered one).
  case hostKnownByOtherTypes(remote: String, host: String, port: Int, knownHosts: String, offered: String, known: [String])
  /// An https server's certificate is not trusted.
  case untrustedCertificate(remote: String, host: String)
  /// The remote refused the push (the reason it gave).
  case pushRejected(remote: String, branch: String, reason: String)
  /// A lock file (absolute path, here or in the remote's folder) refused
  /// the fetch or push; `holders` are the living processes that may hold
  /// it (a lock no one holds was removed before, so these are rare).
  case locked(remote: String, path: String, holders: [String])
  /// A hook of the remote's repository (`pre-receive`, `update`) refused
  /// the push, with what it printed.
  case hookRefused(remote: String, branch: String, output: String)
  /// The remote is a working folder (a non-bare repository, a collection
  /// someone works in): git refuses to push into its checked-out branch,
  /// and libgit2 into any. What was fetched was merged; nothing was pushed.
  case workingFolder(remote: String, url: String)
  /// HEAD is on no branch, or on a branch with no commit yet.
  case noBranch
  /// Files edited by hand and not committed, which a merge could overwrite.
  case uncommittedChanges([String])
  /// The clone succeeded but holds no collection (`.recordkeeper/`): its folder.
  case notACollection(String)
  /// Merging the remote's commits failed; nothing was pushed.
  case merge(MergeError)
  /// The local git work failed.
  case git(GitError)
  /// The collection could not be changed (locked, or a change interrupted).
  case store(StoreError)

  public var description: String {
    switch self {
    case .noRemote:
      "this collection has no remote to sync with: add one with rk remote add NAME URL (such as rk remote add origin ssh://host/path/records.git)"
    case .unknownRemote(let name, let known):
      "there is no remote named \"\(name)\""
        + (known.isEmpty
          ? ": add it with rk remote add \(name) URL"
          : " (the remotes are \(known.joined(separator: ", "))); rk remote lists them with their URLs")
    case .ambiguousRemote(let names):
      "this collection has several remotes (\(names.joined(separator: ", "))) and none is named origin: name one, as in rk sync \(names[0])"
    case .remoteExists(let name, let url):
      "there is a remote named \"\(name)\" already (\(url)): pick another name, or remove it first with rk remote rm \(name)"
    case .invalidRemoteName(let name):
      "\"\(name)\" cannot name a remote: use letters, digits, - and _, such as origin or alice"
    case .invalidURL(let url):
      "\"\(url)\" is not a URL or path git can reach: use a folder path, file:///path, ssh://user@host/path, user@host:path or https://host/path"
    case .destinationNotEmpty(let path):
      "\(path) exists and is not empty: clone into a new folder (rk clone URL DIR)"
    case .network(let remote, let url, let message):
      "could not reach remote \(remote) (\(url)): \(message); check the URL (rk remote) and your network, then run rk sync again"
    case .authentication(let remote, let url, let tried):
      "remote \(remote) (\(url)) refused every credential rk tried (\(tried.isEmpty ? "none was found" : tried.joined(separator: ", "))): "
        + (url.hasPrefix("http")
          ? "set up git's credential helper (git config --global credential.helper store, then a git fetch that asks once) or put a token in RK_GIT_TOKEN"
          : "load your key into ssh-agent (ssh-add), or put it in ~/.ssh/id_ed25519 or ~/.ssh/id_rsa, and make sure the server lists its public key in authorized_keys")
    case .unknownHost(let remote, let host, let port, let knownHosts):
      "the ssh host \(host)\(port == 22 ? "" : " port \(port)") of remote \(remote) is not in \(knownHosts), so rk cannot tell it is the right server: "
        + "if you trust it, run ssh-keyscan \(port == 22 ? "" : "-p \(port) ")\(host) >> \(knownHosts) (better, compare its key with one the server's owner gives you), then try again"
    case .changedHostKey(let remote, let host, let port, let knownHosts):
      "the ssh host key of \(host)\(port == 22 ? "" : " port \(port)") (remote \(remote)) is not the one \(knownHosts) holds for it: refused, as someone may be posing as the server; "
        + "if the server's owner says its key changed, remove the old line with ssh-keygen -R \(port == 22 ? host : "'[\(host)]:\(port)'") -f \(knownHosts) and try again"
    case .revokedHostKey(let remote, let host, let port, let knownHosts):
      "the ssh host key of \(host)\(port == 22 ? "" : " port \(port)") (remote \(remote)) is marked @revoked in \(knownHosts): refused, as a stolen key may be used to pose as the server; "
        + "ask the server's owner for its new key, and add it to \(knownHosts) once you have compared it"
    case .hostKnownByOtherTypes(let remote, let host, let port, let knownHosts, let offered, let known):
      "the ssh host \(host)\(port == 22 ? "" : " port \(port)") (remote \(remote)) "
        + (offered.isEmpty ? "offered no key of a type \(knownHosts) holds for it" : "offered a \(offered) key")
        + ", and \(knownHosts) knows it only by keys of another type (\(known.joined(separator: ", "))), so rk cannot tell it is the right server: "
        + "if the server's owner confirms its new key, add it with ssh-keyscan \(offered.isEmpty ? "" : "-t \(offered) ")\(port == 22 ? "" : "-p \(port) ")\(host) >> \(knownHosts) (compare it with the one they give you), then try again"
    case .untrustedCertificate(let remote, let host):
      "the https certificate of \(host) (remote \(remote)) is not trusted by this machine: check the URL; if the server uses its own certificate authority, install it in the system's certificates"
    case .pushRejected(let remote, let branch, let reason):
      "remote \(remote) refused the push of \(branch) (\(reason)): nothing there was changed; run rk sync again, and if it is refused again ask whoever runs \(remote) why"
    case .locked(let remote, let path, let holders):
      holders.isEmpty
        ? "syncing with \(remote) stopped at the lock file \(path): another git or rk may be fetching or pushing (on this machine, or another sharing that folder); "
          + "wait for it and run rk sync again; if none is running, delete \(path) (one was killed) and run rk sync again. Nothing was pushed"
        : "syncing with \(remote) stopped at the lock file \(path), which \(holders.joined(separator: ", ")) may hold: "
          + "let it finish and run rk sync again; do not delete \(path) while it runs. Nothing was pushed"
    case .hookRefused(let remote, let branch, let output):
      "remote \(remote) refused the push of \(branch): its hook declined it, saying:\n"
        + output.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n")
        + "\nnothing there was changed; do what the hook asks (or ask whoever runs \(remote)), then run rk sync again"
    case .workingFolder(let remote, let url):
      "remote \(remote) (\(url)) is a working folder, a collection someone works in, not a shared repository: "
        + "git does not push into the branch a working folder has checked out, so nothing there was changed "
        + "(what it had was fetched and merged here). To take its changes only, run rk sync \(remote) --no-push "
        + "(its owner takes yours the same way, with a remote pointing here); to share both ways, sync through a bare repository "
        + "(git init --bare shared.git, then rk remote add shared shared.git and rk sync shared on both sides)"
    case .noBranch:
      "HEAD is on no branch with a commit, so there is nothing to sync: go back to a branch with git switch BRANCH, then try again"
    case .uncommittedChanges(let paths):
      "these files have changes not committed, which syncing could overwrite:\n" + paths.map { "  " + $0 }.joined(separator: "\n")
        + "\ncommit them (git commit -a) or undo them (git restore FILE), then run rk sync again"
    case .notACollection(let path):
      "\(path) was cloned, but holds no Record Keeper collection (no .recordkeeper/ folder): run rk init there to make it one"
    case .merge(let error):
      error.description
    case .git(let error):
      error.description
    case .store(let error):
      error.description
    }
  }
}

extension RemoteError {
  /// Whether a push's error `message` (libgit2's or git's) is the refusal to
  /// push into a working folder.
  static func isWorkingFolderRefusal(_ message: String) -> Bool {
    message.contains("non-bare") || message.contains("refusing to update checked out branch")
      || message.contains("branch is currently checked out")
  }
}
