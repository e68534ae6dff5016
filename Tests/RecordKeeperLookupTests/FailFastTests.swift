import Foundation
import RecordKeeper
import RecordKeeperLookup
import Synchronization
import TestSupport
import Testing

/// docs/commands.md, "MusicBrainz and the Cover Art Archive": look-ups fail fast and speak. A refused connection or an
/// unknown host is reported at once, not after the timeout; every wait
/// longer than 2 s is announced; a Retry-After longer than rk waits is
/// reported with when to come back.
@Suite("Look-ups fail fast and speak")
struct FailFastTests {
  /// The notices a client gave, in order.
  final class Notices: Sendable {
    let list = Mutex<[String]>([])
    var all: [String] { list.withLock { $0 } }
    var sink: @Sendable (String) -> Void { { message in self.list.withLock { $0.append(message) } } }
  }

  /// The error a release search of `url` ends with, with a 30 s timeout:
  /// before the fix a refused connection waited all of it and said "did not
  /// answer within 30 s".
  static func searchError(_ url: String, notices: Notices = Notices()) async throws -> LookupError? {
    let http = LookupHTTP(
      configuration: LookupConfiguration(
        musicBrainzURL: url, contact: "test@example.org", cacheFolder: try MusicBrainzClientTests.cacheFolder(), timeout: 30,
        notice: notices.sink))
    var failure: LookupError?
    do throws(LookupError) { _ = try await MusicBrainzClient(http: http).search(.text("blue")) } catch { failure = error }
    await http.shutdown()
    return failure
  }

  @Test(.timeLimit(.minutes(1))) func aRefusedConnectionIsReportedAsRefused() async throws {
    // A port nothing listens on: bound, then closed.
    let server = try TimingServer { _ in (200, [], "") }
    let url = server.url
    server.stop()
    let error = try await Self.searchError(url)
    guard case .unreachable(.musicBrainz, _, let reason) = error else {
      Issue.record("expected a refusal, got \(String(describing: error))")
      return
    }
    #expect(reason == "the connection was refused")
    #expect(error?.description.hasPrefix("cannot reach MusicBrainz at \(url)/ws/2/release") == true)
  }

  @Test(.timeLimit(.minutes(1))) func anUnknownHostIsReportedAsUnknown() async throws {
    let error = try await Self.searchError("http://no-such-host.invalid")
    guard case .unreachable(.musicBrainz, _, let reason) = error else {
      Issue.record("expected an unknown host, got \(String(describing: error))")
      return
    }
    #expect(reason == "the host name is unknown", "\(reason)")
  }

  @Test(.timeLimit(.minutes(1))) func aRetryAfterLongerThanRkWaitsIsReportedAtOnceWithWhenToComeBack() async throws {
    let server = try TimingServer { _ in (503, ["Retry-After: 120"], "busy") }
    defer { server.stop() }
    let notices = Notices()
    let error = try await Self.searchError(server.url, notices: notices)
    #expect(error == .busy(service: .musicBrainz, attempts: 1, retryAfter: 120))
    #expect(error?.description == "MusicBrainz is busy (HTTP 503 to 1 attempt) and asks to wait 120 s. Try again in 2 minutes.")
    #expect(server.arrivals.count == 1)
  }

  @Test func aWaitLongerThanTwoSecondsIsAnnounced() async throws {
    let search = MusicBrainzFixtures.search([MusicBrainzFixtures.kindOfBlue])
    let server = try TimingServer { $0 == 0 ? (503, ["Retry-After: 3"], "busy") : (200, [], search) }
    defer { server.stop() }
    let notices = Notices()
    #expect(try await Self.searchError(server.url, notices: notices) == nil)
    #expect(notices.all == ["MusicBrainz is busy; retrying in 3 s"])
    // A short wait is not worth a line.
    let quick = try TimingServer { $0 == 0 ? (503, ["Retry-After: 1"], "busy") : (200, [], search) }
    defer { quick.stop() }
    let none = Notices()
    #expect(try await Self.searchError(quick.url, notices: none) == nil)
    #expect(none.all.isEmpty)
  }

  @Test func rkSaysOnStandardErrorWhatItWaitsFor() async throws {
    let search = MusicBrainzFixtures.search([MusicBrainzFixtures.kindOfBlue])
    let server = try TimingServer { $0 == 0 ? (503, ["Retry-After: 3"], "busy") : (200, [], search) }
    defer { server.stop() }
    let result = try await LookupCommandTests.rk(["lookup", "blue"], environment: try LookupCommandTests.environment(server.url))
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr == "rk: MusicBrainz is busy; retrying in 3 s\n")
    #expect(result.stdout.contains("Kind of Blue – Miles Davis"))
  }

  @Test(.timeLimit(.minutes(1))) func rkReportsARefusedConnectionAtOnce() async throws {
    let server = try TimingServer { _ in (200, [], "") }
    let url = server.url
    server.stop()
    var environment = try LookupCommandTests.environment(url)
    environment["RK_LOOKUP_TIMEOUT"] = "30"
    let result = try await LookupCommandTests.rk(["lookup", "blue"], environment: environment)
    #expect(result.status == 1)
    #expect(result.stderr.contains("cannot reach MusicBrainz at \(url)/ws/2/release"), "\(result.stderr)")
    #expect(result.stderr.contains("the connection was refused"), "\(result.stderr)")
  }
}
