import Foundation
import RecordKeeper

/// The environment every process a test starts runs in: this machine's
/// environment with `HOME`, `XDG_CONFIG_HOME` and git's global and system
/// configuration replaced by empty ones made for this test process, so no
/// test reads or writes the person's own settings, cache, keys or identity.
///
/// Made on first use, which also points the test process's own libgit2 at
/// the same empty home (``TemporaryCollection``, ``makeTemporaryFolder(_:)``
/// and the git helpers use it first), and sets those variables in the test
/// process's own environment, so that no suite's in-process libgit2, and no
/// git program the library starts, reads `~/.gitconfig` either.
public let hermeticEnvironment: [String: String] = {
  let home = FileManager.default.temporaryDirectory.appendingPathComponent("rk-test-home-\(getpid())")
  // Gone when the tests end: keys, caches and configuration the tests made there too.
  atexit { FileSystem.removeTree(FileManager.default.temporaryDirectory.appendingPathComponent("rk-test-home-\(getpid())").path) }
  let config = home.appendingPathComponent(".config")
  try? FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
  let gitConfig = home.appendingPathComponent(".gitconfig")
  if !FileManager.default.fileExists(atPath: gitConfig.path) {
    _ = FileManager.default.createFile(atPath: gitConfig.path, contents: Data())
  }
  do {
    try LibGit2.searchConfiguration(onlyIn: home.path)
  } catch {
    // Tests that read the person's configuration would pass or fail by
    // what is in it: stop rather than run them so.
    fatalError("cannot keep libgit2 out of ~/.gitconfig: \(error)")
  }
  let configuration = [
    "HOME": home.path, "XDG_CONFIG_HOME": config.path, "GIT_CONFIG_GLOBAL": gitConfig.path, "GIT_CONFIG_NOSYSTEM": "1",
  ]
  // The test process's own too: the git programs the library starts in it
  // (git maintenance after a change, git push, git credential) inherit it.
  installOwnEnvironment(configuration)
  var environment = ProcessInfo.processInfo.environment.merging(configuration) { $1 }
  environment["XDG_CACHE_HOME"] = home.appendingPathComponent(".cache").path
  // The services' keys and addresses too: a test that needs one sets it to
  // a local server, and none can reach the internet with the person's key.
  let services = [
    "ANTHROPIC_API_KEY", "RK_ANTHROPIC_URL", "RK_ANTHROPIC_MODEL", "RK_MUSICBRAINZ_URL", "RK_COVERART_URL", "RK_CONTACT", "RK_GIT_TOKEN",
  ]
  for key in ["RK_COLLECTION", "NO_COLOR", "VISUAL", "EDITOR", "PAGER", "GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "SSH_AUTH_SOCK"]
    + services
  {
    environment[key] = nil
  }
  return environment
}()

/// Sets `variables` in this process's own environment by installing a new
/// `environ` whole: one pointer store, with the old array left in place
/// (never freed) for any thread still reading it. `setenv` would reallocate
/// the array under a `getenv` running in a parallel test. (The variable is
/// reached through its address: Swift sees `environ` as read-only.)
private func installOwnEnvironment(_ variables: [String: String]) {
  guard let address = dlsym(nil, "environ") else { fatalError("cannot find environ to keep tests out of ~/.gitconfig") }
  let current = environ
  var entries: [String] = []
  var index = 0
  while let entry = current[index] {
    let text = String(cString: entry)
    if variables[String(text.prefix { $0 != "=" })] == nil { entries.append(text) }
    index += 1
  }
  entries += variables.map { $0.key + "=" + $0.value }
  let array = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: entries.count + 1)
  for (position, entry) in entries.enumerated() { array[position] = strdup(entry) }
  array[entries.count] = nil
  address.assumingMemoryBound(to: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.self).pointee = array
}
