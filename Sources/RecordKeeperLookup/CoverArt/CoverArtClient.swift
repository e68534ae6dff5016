import RecordKeeper

/// The Cover Art Archive (https://musicbrainz.org/doc/Cover_Art_Archive/API):
/// `/release/MBID/front` and `/release-group/MBID/front` redirect to the
/// image, or answer 404 when there is none.
public struct CoverArtClient: Sendable {
  let http: LookupHTTP

  public init(http: LookupHTTP) {
    self.http = http
  }

  /// The front cover of `release`, else of its release group; `nil` when
  /// the archive has neither.
  public func front(release: String, releaseGroup: String?) async throws(LookupError) -> (image: [UInt8], source: LookupTool.CoverSource)? {
    if let image = try await front("release/\(release.lowercased())") { return (image, .release) }
    if let group = releaseGroup, let image = try await front("release-group/\(group.lowercased())") { return (image, .releaseGroup) }
    return nil
  }

  /// The image at `path/front`, `nil` on 404.
  private func front(_ path: String) async throws(LookupError) -> [UInt8]? {
    let url = http.configuration.coverArtURL + "/" + path + "/front"
    let answer = try await http.get(url, service: .coverArtArchive, accept: "image/*", limit: 50_000_000)
    switch answer.status {
    case 200:
      guard !answer.body.isEmpty else { throw .malformed(service: .coverArtArchive, "the image at \(url) is empty") }
      return answer.body
    case 404: return nil
    default: throw .status(service: .coverArtArchive, url: url, code: answer.status)
    }
  }
}
