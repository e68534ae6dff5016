/// The web services `rk` looks records up in (docs/commands.md, "MusicBrainz and the Cover Art Archive").
public enum LookupService: String, Hashable, Sendable, CustomStringConvertible {
  case musicBrainz = "MusicBrainz"
  case coverArtArchive = "the Cover Art Archive"
  /// The vision model of `rk identify` (seed 001).
  case anthropic = "Anthropic's API"

  public var description: String { rawValue }

  /// The variable that overrides the service's base URL.
  public var urlVariable: String {
    switch self {
    case .musicBrainz: "RK_MUSICBRAINZ_URL"
    case .coverArtArchive: "RK_COVERART_URL"
    case .anthropic: "RK_ANTHROPIC_URL"
    }
  }
}

/// Why a lookup failed. Each message names the service and says what to do.
public enum LookupError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The service could not be reached (no network, refused, DNS).
  case unreachable(service: LookupService, url: String, reason: String)
  /// No answer within `seconds`.
  case timedOut(service: LookupService, url: String, seconds: Int)
  /// Still 503 (busy, or too many requests) after every retry, or asking
  /// for a longer wait (`retryAfter` seconds) than rk makes.
  case busy(service: LookupService, attempts: Int, retryAfter: Int?)
  /// An HTTP status the service does not document for this request.
  case status(service: LookupService, url: String, code: Int)
  /// The service has no such release (404).
  case notFound(service: LookupService, what: String)
  /// The answer is not in the documented format.
  case malformed(service: LookupService, String)
  /// Not a MusicBrainz id (a UUID).
  case invalidID(String)
  /// A search with nothing to search for.
  case emptyQuery
  /// The `rk-lookup` helper is missing or failed.
  case helper(String)

  public var description: String {
    switch self {
    case .unreachable(let service, let url, let reason):
      "cannot reach \(service) at \(url): \(reason). Check the network connection, or \(service.urlVariable) if it is set."
    case .timedOut(let service, let url, let seconds):
      "\(service) did not answer within \(seconds) s (\(url)). Try again later."
    case .busy(let service, let attempts, let retryAfter?):
      "\(service) is busy (HTTP 503 to \(attempts) attempt\(attempts == 1 ? "" : "s")) and asks to wait \(retryAfter) s. "
        + "Try again in \(retryAfter < 120 ? "\(retryAfter) seconds" : "\((retryAfter + 59) / 60) minutes")."
    case .busy(let service, let attempts, nil):
      "\(service) is busy (HTTP 503 to \(attempts) attempts). Try again in a minute."
    case .status(let service, let url, let code):
      "\(service) answered HTTP \(code) to \(url). Try again later; if it persists, check \(service.urlVariable) if it is set."
    case .notFound(let service, let what):
      "\(service) has no \(what). Check the id (rk lookup lists candidates with their ids)."
    case .malformed(let service, let detail):
      "\(service) sent an answer rk cannot read: \(detail)."
    case .invalidID(let text):
      "\"\(text)\" is not a MusicBrainz release id: give the release's MBID, like 8f2a5b0c-3d4e-4f5a-9b6c-7d8e9f0a1b2c (rk lookup lists them)."
    case .emptyQuery:
      "give something to look up: words of the artist and title, --barcode N or --catalog-number C."
    case .helper(let message): message
    }
  }
}
