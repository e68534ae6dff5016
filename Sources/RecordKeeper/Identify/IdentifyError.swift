/// Why identifying a sleeve, or reading and changing the scan history,
/// failed. Each message says what happened and what to do.
public enum IdentifyError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The vision model could not tell which album the photo shows (seed 001:
  /// "Couldn't find a match"). No scan is saved.
  case notIdentified
  /// `ANTHROPIC_API_KEY` is not set.
  case missingKey
  /// The model's answer is not the JSON it was asked for.
  case malformedAnswer(String)
  /// The Messages API answered with an error (`{"type": "error", "error":
  /// {"type": …, "message": …}}`): its HTTP status, type and message.
  case api(status: Int, type: String?, message: String)
  /// Still 429 or 529 (overloaded) after every retry.
  case overloaded(status: Int, attempts: Int)
  /// The HTTP side failed: no network, a timeout, MusicBrainz.
  case lookup(LookupError)
  /// The photo cannot be read as an image.
  case photo(String)
  /// A scan file cannot be read, written or removed.
  case history(String)
  /// No scan has this id (or prefix), or several do.
  case scanNotFound(String)
  case ambiguousScan(String, [String])
  /// `--add` or `--want` on a scan whose MusicBrainz step failed: the album
  /// would have no tracks, cover or catalog number. The scan is kept.
  case notAddedWithoutMusicBrainz

  public var description: String {
    switch self {
    case .notIdentified:
      "Couldn't find a match: the vision model could not tell which album this is. Try again with the whole front of the sleeve in the photo, straight on and well lit."
    case .missingKey:
      "rk identify asks Anthropic's vision model, which needs an API key: set ANTHROPIC_API_KEY (export ANTHROPIC_API_KEY=sk-ant-…, a key from https://console.anthropic.com/settings/keys)."
    case .malformedAnswer(let detail):
      "the vision model's answer cannot be used: \(detail). Try again; nothing was saved."
    case .api(let status, let type, let message):
      Self.apiAdvice(status: status, type: type, message: message)
    case .overloaded(let status, let attempts):
      "Anthropic's API is \(status == 429 ? "rate-limiting this key" : "overloaded") (HTTP \(status) to \(attempts) attempts). Try again in a minute."
    case .lookup(let error): error.description
    case .photo(let detail): "the photo cannot be used: \(detail)"
    case .history(let detail): detail
    case .scanNotFound(let id): "no scan \"\(id)\": rk scans lists the scans with their ids."
    case .ambiguousScan(let id, let candidates):
      "\"\(id)\" names several scans (\(candidates.joined(separator: ", "))): give more of the id."
    case .notAddedWithoutMusicBrainz:
      "nothing was added: MusicBrainz could not be asked for the release, so the album would have no tracks, cover or catalog number. "
        + "The scan is kept; run the same rk identify again when MusicBrainz answers (the model's answer is reused, and MusicBrainz is asked again)."
    }
  }

  private static func apiAdvice(status: Int, type: String?, message: String) -> String {
    let said = message.isEmpty ? "" : ": \(message)"
    switch status {
    case 401: return "Anthropic's API refused the key (HTTP 401\(said)). Check ANTHROPIC_API_KEY."
    case 403: return "Anthropic's API does not allow this key to do that (HTTP 403\(said)). Check the key's workspace and permissions."
    case 404: return "Anthropic's API has no such model or address (HTTP 404\(said)). Check RK_ANTHROPIC_MODEL and RK_ANTHROPIC_URL."
    case 413: return "the photo is too large for Anthropic's API (HTTP 413\(said)). Try a smaller photo."
    default: return "Anthropic's API answered HTTP \(status)\(type.map { " (\($0))" } ?? "")\(said). Try again later."
    }
  }
}
