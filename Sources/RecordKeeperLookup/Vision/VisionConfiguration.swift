import RecordKeeper

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where and how `rk identify` asks Anthropic's Messages API.
public struct VisionConfiguration: Sendable {
  /// `$ANTHROPIC_API_KEY`.
  public var apiKey: String
  /// `$RK_ANTHROPIC_URL`, else `https://api.anthropic.com` (without `/v1`).
  public var baseURL: String
  /// `$RK_ANTHROPIC_MODEL`, else ``defaultModel``.
  public var model: String
  /// How many times a request answered 429, 500 or 529 is made in all.
  public var attempts: Int
  /// The longest wait between two attempts, in seconds.
  public var longestWait: Double

  /// See ``IdentifyTool/defaultModel``.
  public static let defaultModel = IdentifyTool.defaultModel
  /// The API version `rk` speaks (the `anthropic-version` header).
  public static let apiVersion = "2023-06-01"

  public init(
    apiKey: String, baseURL: String = "https://api.anthropic.com", model: String = defaultModel, attempts: Int = 3, longestWait: Double = 20
  ) {
    self.apiKey = apiKey
    var url = baseURL.trimmed
    while url.hasSuffix("/") { url.removeLast() }
    self.baseURL = url
    self.model = model
    self.attempts = max(1, attempts)
    self.longestWait = longestWait
  }

  /// The configuration the environment gives; ``IdentifyError/missingKey``
  /// without `ANTHROPIC_API_KEY`.
  public static func fromEnvironment() throws(IdentifyError) -> VisionConfiguration {
    guard let key = variable("ANTHROPIC_API_KEY") else { throw .missingKey }
    return VisionConfiguration(
      apiKey: key, baseURL: variable("RK_ANTHROPIC_URL") ?? "https://api.anthropic.com",
      model: variable("RK_ANTHROPIC_MODEL") ?? defaultModel)
  }

  private static func variable(_ name: String) -> String? {
    guard let value = getenv(name) else { return nil }
    let text = String(cString: value).trimmed
    return text.isEmpty ? nil : text
  }
}
