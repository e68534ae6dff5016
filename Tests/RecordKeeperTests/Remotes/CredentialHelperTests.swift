import Foundation
import TestSupport
import Testing

@testable import RecordKeeper

/// git's credential helper, asked as `git credential fill` with the
/// remote's protocol and host on its standard input.
@Suite("Credentials from git's credential helper")
final class CredentialHelperTests {
  let folder: String
  let environment: [String: String]

  /// A helper that answers for the host it is asked about, set in a git
  /// configuration of the test's own.
  init() throws {
    folder = try FileSystem.makeTemporaryFolder(prefix: "rk-credentials-")
    let helper = folder + "/helper"
    let script = """
      #!/bin/sh
      [ "$1" = get ] || exit 0
      while read -r line && [ -n "$line" ]; do
        case "$line" in host=*) host=${line#host=} ;; username=*) user=${line#username=} ;; esac
      done
      [ "$host" = unknown.example.org ] && exit 0
      echo "username=${user:-collector}"
      echo "password=token-for-$host"

      """
    try script.write(toFile: helper, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: helper)
    try "[credential]\n\thelper = \(helper)\n".write(toFile: folder + "/gitconfig", atomically: true, encoding: .utf8)
    var environment = hermeticEnvironment
    environment["GIT_CONFIG_GLOBAL"] = folder + "/gitconfig"
    environment["GIT_TERMINAL_PROMPT"] = "0"
    self.environment = environment
  }

  deinit { FileSystem.removeTree(folder) }

  @Test func theHelpersAnswerForTheRemotesHostAndUser() {
    let url = RemoteURL("https://alice@records.example.org:8443/collection.git")
    #expect(
      Credentials.credentialHelper(url: url, environment: environment)
        == .userPassword(user: "alice", password: "token-for-records.example.org:8443", source: "git's credential helper"))
    #expect(
      Credentials.credentialHelper(url: RemoteURL("https://records.example.org/collection.git"), environment: environment)
        == .userPassword(user: "collector", password: "token-for-records.example.org", source: "git's credential helper"))
  }

  /// No helper knows the host and there is no terminal to ask on: git
  /// fails, and no credential is tried.
  @Test func nothingWhenTheHelperDoesNotKnowTheHost() {
    #expect(Credentials.credentialHelper(url: RemoteURL("https://unknown.example.org/c.git"), environment: environment) == nil)
  }
}
