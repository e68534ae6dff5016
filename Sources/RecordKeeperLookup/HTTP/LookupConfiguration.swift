import RecordKeeper

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where and how `rk` asks MusicBrainz and the Cover Art Archive.
public struct LookupConfiguration: Sendable {
  /// The MusicBrainz server, without `/ws/2` (`https://musicbrainz.org`).
  public var musicBrainzURL: String
  /// The Cover Art Archive (`https://coverartarchive.org`).
  public var coverArtURL: String
  /// `RecordKeeper/0.1.0 ( collector@example.org )`: MusicBrainz asks
  /// every application to name itself, its version and a contact.
  public var userAgent: String
  /// `$XDG_CACHE_HOME/rk` (else `~/.cache/rk`): the answers kept by id, and
  /// the file that spaces requests across `rk` processes.
  public var cacheFolder: String
  /// How long one request may take, connecting and answering, in seconds.
  public var timeout: Int
  /// The least time between two requests to MusicBrainz, in seconds: its
  /// rule is one a second on average, across all of a user's programs.
  public var spacing: Double
  /// How many times a request answered with 503 is made in all.
  public var attempts: Int
  /// The longest wait a 503's Retry-After is honoured for, in seconds; a
  /// service that asks for more is reported busy at once, with when to
  /// try again, rather than waited for in silence.
  public var longestWait: Double
  /// Says what a wait longer than ``noticeAfter`` seconds is for
  /// ("MusicBrainz is busy; retrying in 60 s"): standard error unless the
  /// caller gives another sink (the `rk-lookup` helper writes to `rk`'s).
  public var notice: @Sendable (String) -> Void

  /// Waits longer than this many seconds are announced (docs/commands.md, "MusicBrainz and the Cover Art Archive").
  public static let noticeAfter: Double = 2

  public init(
    musicBrainzURL: String = "https://musicbrainz.org", coverArtURL: String = "https://coverartarchive.org",
    contact: String, cacheFolder: String, timeout: Int = 30, spacing: Double = 1, attempts: Int = 4, longestWait: Double = 60,
    notice: @escaping @Sendable (String) -> Void = LookupConfiguration.standardError
  ) {
    self.musicBrainzURL = Self.trimmingSlashes(musicBrainzURL)
    self.coverArtURL = Self.trimmingSlashes(coverArtURL)
    self.userAgent = Self.userAgent(contact: contact)
    self.cacheFolder = cacheFolder
    self.timeout = timeout
    self.spacing = spacing
    self.attempts = max(1, attempts)
    self.longestWait = max(0, longestWait)
    self.notice = notice
  }

  /// Writes a notice as one line on standard error.
  public static let standardError = notices(to: STDERR_FILENO)

  /// Writes each notice as one line to `descriptor` (`rk-lookup --notices FD`:
  /// rk's own standard error).
  public static func notices(to descriptor: Int32) -> @Sendable (String) -> Void {
    { message in
      let bytes = Array(("rk: " + message + "\n").utf8)
      _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }
  }

  /// Says what a wait of `seconds` is for, when it is long enough to be
  /// noticed.
  func announce(wait seconds: Double, _ message: @autoclosure () -> String) {
    if seconds > Self.noticeAfter { notice(message()) }
  }

  /// The User-Agent MusicBrainz asks for: `Application/version ( contact )`.
  public static func userAgent(contact: String) -> String {
    // A header value is one line of printable text.
    let clean = String(contact.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }).trimmed
    return "RecordKeeper/\(RecordKeeperVersion.current) ( \(clean) )"
  }

  /// The configuration the environment gives: `RK_MUSICBRAINZ_URL`,
  /// `RK_COVERART_URL`, `RK_LOOKUP_TIMEOUT` (seconds) and the cache folder
  /// of the XDG base directory rules.
  public static func fromEnvironment(
    contact: String, notice: @escaping @Sendable (String) -> Void = LookupConfiguration.standardError
  ) -> LookupConfiguration {
    func variable(_ name: String) -> String? {
      guard let value = getenv(name) else { return nil }
      let text = String(cString: value)
      return text.isEmpty ? nil : text
    }
    let cache = variable("XDG_CACHE_HOME") ?? ((variable("HOME") ?? FileSystem.temporaryFolder()) + "/.cache")
    return LookupConfiguration(
      musicBrainzURL: variable("RK_MUSICBRAINZ_URL") ?? "https://musicbrainz.org",
      coverArtURL: variable("RK_COVERART_URL") ?? "https://coverartarchive.org",
      contact: contact, cacheFolder: cache + "/rk",
      timeout: variable("RK_LOOKUP_TIMEOUT").flatMap { Int($0) }.map { max(1, $0) } ?? 30, notice: notice)
  }

  private static func trimmingSlashes(_ url: String) -> String {
    var url = url.trimmed
    while url.hasSuffix("/") { url.removeLast() }
    return url
  }
}
