import Testing

@testable import RecordKeeper

/// The reading of `~/.ssh/known_hosts` that decides whether an ssh host is trusted.
@Suite("Known hosts")
struct KnownHostsTests {
  let file = KnownHosts(
    text: """
      # a comment
      example.org,192.0.2.1 ssh-ed25519 AAAAKEY1
      [example.org]:2222 ssh-ed25519 AAAAKEY2
      *.example.net,!bad.example.net ssh-rsa AAAARSA
      |1|c2FsdA==|aGFzaA== ssh-ed25519 AAAAHASHED
      @cert-authority *.example.com ssh-ed25519 AAAACA
      """)

  @Test func theSameKeyIsTrustedAndAnotherOfItsTypeIsAChange() {
    #expect(file.verdict(host: "example.org", port: 22, type: "ssh-ed25519", key: "AAAAKEY1") == .trusted)
    #expect(file.verdict(host: "192.0.2.1", port: 22, type: "ssh-ed25519", key: "AAAAKEY1") == .trusted)
    #expect(file.verdict(host: "example.org", port: 22, type: "ssh-ed25519", key: "AAAAOTHER") == .changed)
  }

  @Test func aPortOtherThan22IsItsOwnHost() {
    #expect(file.verdict(host: "example.org", port: 2222, type: "ssh-ed25519", key: "AAAAKEY2") == .trusted)
    #expect(file.verdict(host: "example.org", port: 2222, type: "ssh-ed25519", key: "AAAAKEY1") == .changed)
    #expect(file.verdict(host: "example.org", port: 2200, type: "ssh-ed25519", key: "AAAAKEY1") == .unknown)
  }

  @Test func aKeyOfAnotherTypeOrAnotherHostIsUnknown() {
    #expect(file.verdict(host: "example.org", port: 22, type: "ssh-rsa", key: "AAAAKEY1") == .unknown)
    #expect(file.verdict(host: "elsewhere.org", port: 22, type: "ssh-ed25519", key: "AAAAKEY1") == .unknown)
  }

  @Test func wildcardsMatchAndNegatedPatternsExclude() {
    #expect(file.verdict(host: "git.example.net", port: 22, type: "ssh-rsa", key: "AAAARSA") == .trusted)
    #expect(file.verdict(host: "bad.example.net", port: 22, type: "ssh-rsa", key: "AAAARSA") == .unknown)
  }

  @Test func certificateAuthoritiesAndHashedNamesAreNotReadAsHosts() {
    #expect(file.verdict(host: "a.example.com", port: 22, type: "ssh-ed25519", key: "AAAACA") == .unknown)
    #expect(file.entries.count == 3)
  }
}
