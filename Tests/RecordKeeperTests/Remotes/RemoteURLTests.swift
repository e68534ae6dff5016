import Testing

@testable import RecordKeeper

/// How rk reads a remote's URL: for the host to check, the port and user
/// to name, and the folder `rk clone` makes.
@Suite("Remote URLs")
struct RemoteURLTests {
  @Test func sshURLsWithAndWithoutAPort() {
    let url = RemoteURL("ssh://alice@records.example.org:2222/srv/records.git")
    #expect(url.kind == .ssh)
    #expect(url.host == "records.example.org")
    #expect(url.port == 2222)
    #expect(url.user == "alice")
    #expect(url.path == "srv/records.git")
    #expect(RemoteURL("ssh://host/x").port == 22)
    #expect(RemoteURL("ssh://[::1]:2200/x").host == "::1")
    #expect(RemoteURL("ssh://[::1]:2200/x").port == 2200)
  }

  @Test func scpLikeURLsAreSSH() {
    let url = RemoteURL("git@example.org:records.git")
    #expect(url.kind == .ssh)
    #expect(url.host == "example.org")
    #expect(url.port == 22)
    #expect(url.user == "git")
    #expect(url.path == "records.git")
  }

  @Test func httpURLsTakeTheirDefaultPorts() {
    #expect(RemoteURL("https://example.org/r.git").port == 443)
    #expect(RemoteURL("http://127.0.0.1:8080/r.git").port == 8080)
    #expect(RemoteURL("https://token@example.org/r.git").user == "token")
    #expect(RemoteURL("https://example.org/r.git").kind == .http)
  }

  @Test func pathsAreLocalAndStoredAbsolute() {
    #expect(RemoteURL("../shared/records.git").kind == .local)
    #expect(RemoteURL("/srv/records.git").kind == .local)
    #expect(RemoteURL("file:///srv/records.git").kind == .local)
    #expect(RemoteURL.stored("../shared/r.git", relativeTo: "/home/a/records") == "/home/a/shared/r.git")
    #expect(RemoteURL.stored("ssh://h/r.git", relativeTo: "/home/a") == "ssh://h/r.git")
    #expect(RemoteURL.stored("file:///srv/r.git", relativeTo: "/home/a") == "file:///srv/r.git")
  }

  @Test func cloneFolderIsTheLastPartWithoutDotGit() {
    #expect(CollectionStore.cloneFolder(for: "ssh://h/srv/records.git") == "records")
    #expect(CollectionStore.cloneFolder(for: "git@h:vinyl.git") == "vinyl")
    #expect(CollectionStore.cloneFolder(for: "/srv/shared/records/") == "records")
  }
}
