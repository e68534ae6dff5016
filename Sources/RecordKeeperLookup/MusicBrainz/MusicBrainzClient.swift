import RecordKeeper

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// MusicBrainz's web service, version 2, with its rules for applications
/// (https://musicbrainz.org/doc/MusicBrainz_API/Rate_Limiting): a
/// User-Agent with a contact, at most one request a second across every
/// `rk` process, and 503 answered by waiting (its Retry-After, else longer
/// and longer) and asking again. Release lookups are kept on disk by id.
public struct MusicBrainzClient: Sendable {
  let http: LookupHTTP
  let spacing: RequestSpacing

  public init(http: LookupHTTP) {
    self.http = http
    spacing = RequestSpacing(path: http.configuration.cacheFolder + "/musicbrainz.last", interval: http.configuration.spacing)
  }

  /// The release search's JSON for `search`, as MusicBrainz sent it once
  /// it is known to read: up to `limit` releases, best first.
  public func search(_ search: LookupTool.Search, limit: Int = 10) async throws(LookupError) -> [UInt8] {
    let query: String
    switch search {
    case .text(let text):
      query = text.trimmed
    case .barcode(let text):
      query = "barcode:" + text.filter { $0.isASCII && $0.isNumber }
    case .catalogNumber(let text):
      // A phrase, so spaces and Lucene's operators in "CL 1355" are text.
      query = "catno:\"" + text.trimmed.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
    guard !query.isEmpty, query != "barcode:", query != "catno:\"\"" else { throw .emptyQuery }
    let bytes = try await get(
      "/ws/2/release?query=\(LookupHTTP.queryValue(query))&limit=\(limit)&fmt=json", what: "release search")
    _ = try MusicBrainzReleaseSearch.decode(bytes)
    return bytes
  }

  /// What `release` includes: everything an album is made of.
  public static let releaseIncludes = "recordings+labels+artist-credits+media+release-groups"

  /// The release's JSON: from the cache when it was looked up before, else
  /// from MusicBrainz (and then kept, once it is known to read).
  public func release(_ id: String) async throws(LookupError) -> [UInt8] {
    guard MusicBrainzRelease.isID(id) else { throw .invalidID(id) }
    let id = id.lowercased()
    let cached = cachePath(release: id)
    if let bytes = try? FileSystem.read(cached), (try? MusicBrainzRelease.decode(bytes)) != nil { return bytes }
    let bytes: [UInt8]
    do {
      bytes = try await get("/ws/2/release/\(id)?inc=\(Self.releaseIncludes)&fmt=json", what: "release \(id)")
    } catch .notFound(let service, _) {
      throw .notFound(service: service, what: "release \(id)")
    }
    _ = try MusicBrainzRelease.decode(bytes)
    // A cache that cannot be written only costs a request next time.
    let folder = http.configuration.cacheFolder + "/musicbrainz/release"
    try? FileSystem.makeFolders(folder, mode: 0o700)
    try? FileSystem.writeAtomically(bytes, to: cached)
    return bytes
  }

  /// Where release `id`'s answer is kept (`id` is a checked UUID).
  func cachePath(release id: String) -> String {
    http.configuration.cacheFolder + "/musicbrainz/release/\(id).json"
  }

  /// GETs `path` on MusicBrainz, spaced and retried by its rules.
  func get(_ path: String, what: String) async throws(LookupError) -> [UInt8] {
    let url = http.configuration.musicBrainzURL + path
    var notBefore = 0.0
    let attempts = http.configuration.attempts
    for attempt in 1...attempts {
      do { try await spacing.wait(notBefore: notBefore) } catch { throw .timedOut(service: .musicBrainz, url: url, seconds: 0) }
      defer { spacing.answered() }
      let answer = try await http.get(url, service: .musicBrainz, accept: "application/json", limit: 16_000_000)
      switch answer.status {
      case 200:
        return answer.body
      case 404 where path.hasPrefix("/ws/2/release/"):
        throw .notFound(service: .musicBrainz, what: what)
      case 503:
        // Retry-After in seconds when given (an HTTP date counts as none),
        // else 1, 2, 4 … seconds. A wait longer than the configuration
        // allows is not made in silence: the collector is told when to
        // come back.
        let asked = answer.header("Retry-After").flatMap { Double($0.trimmed) }.map { max($0, 0) }
        if let asked, asked > http.configuration.longestWait {
          throw .busy(service: .musicBrainz, attempts: attempt, retryAfter: Int(asked.rounded(.up)))
        }
        guard attempt < attempts else { break }
        let wait = asked ?? Double(1 << (attempt - 1))
        http.configuration.announce(wait: wait, "MusicBrainz is busy; retrying in \(Int(wait.rounded(.up))) s")
        notBefore = RequestSpacing.now() + wait
      default:
        throw .status(service: .musicBrainz, url: url, code: answer.status)
      }
    }
    throw .busy(service: .musicBrainz, attempts: attempts, retryAfter: nil)
  }
}
