/// Looks records up by running the `rk-lookup` helper, so that `rk` itself
/// never links the HTTP client (see Package.swift).
/// The helper speaks to the services with their rules (User-Agent, one
/// request a second across processes, retries on 503, a timeout, the cache)
/// and prints their JSON answers; the rules that read them are here.
public enum LookupTool {
  /// What to search MusicBrainz's releases for.
  public enum Search: Hashable, Sendable {
    /// Words of the artist and title (MusicBrainz's search syntax allowed).
    case text(String)
    case barcode(String)
    case catalogNumber(String)

    /// The helper's arguments for this search.
    var arguments: [String] {
      switch self {
      case .text(let text): ["search", "text", text]
      case .barcode(let barcode): ["search", "barcode", barcode]
      case .catalogNumber(let number): ["search", "catno", number]
      }
    }
  }

  /// Where a cover came from.
  public enum CoverSource: String, Sendable {
    case release
    case releaseGroup = "release-group"
  }

  /// The releases MusicBrainz finds, best first.
  public static func search(_ search: Search, contact: String) throws(LookupError) -> MusicBrainzReleaseSearch {
    try MusicBrainzReleaseSearch.decode(run(["--contact", contact] + search.arguments))
  }

  /// The release `id` with its media, tracks, labels and release group.
  public static func release(_ id: String, contact: String) throws(LookupError) -> MusicBrainzRelease {
    guard MusicBrainzRelease.isID(id) else { throw .invalidID(id) }
    return try MusicBrainzRelease.decode(run(["--contact", contact, "release", id.lowercased()]))
  }

  /// The front cover of `release` from the Cover Art Archive, else that of
  /// its release group, made into `cover.webp` and `cover-thumb.webp`;
  /// `nil` when the archive has neither.
  public static func cover(of release: MusicBrainzRelease, contact: String) throws(LookupError) -> (
    images: CoverImages, source: CoverSource
  )? {
    let folder: String
    do { folder = try FileSystem.makeTemporaryFolder(prefix: "rk-lookup-") } catch {
      throw .helper("cannot make a temporary folder for the cover: \(error)")
    }
    defer { FileSystem.removeTree(folder) }
    let file = folder + "/front"
    var arguments = ["--contact", contact, "cover", file, release.id.lowercased()]
    if let group = release.releaseGroup?.id, MusicBrainzRelease.isID(group) { arguments.append(group.lowercased()) }
    let answer = String(decoding: try run(arguments), as: UTF8.self).trimmed
    guard let source = CoverSource(rawValue: answer) else { return nil }
    do {
      return (try CoverTool.make(fromFile: file), source)
    } catch {
      throw .helper("the Cover Art Archive's front cover of \(release.id) cannot be used: \(error)")
    }
  }

  /// The releases and covers of the helper, for ``ReleaseFill``.
  public static func helperSource(contact: String) -> some ReleaseSource { HelperSource(contact: contact) }

  private struct HelperSource: ReleaseSource {
    let contact: String

    func release(_ id: String) throws(LookupError) -> MusicBrainzRelease { try LookupTool.release(id, contact: contact) }

    func frontCover(of release: MusicBrainzRelease) throws(LookupError) -> CoverImages? {
      try LookupTool.cover(of: release, contact: contact)?.images
    }
  }

  /// Where `rk-lookup` is: `$RK_LOOKUP`, beside `rk`, or in `../libexec/rk/`.
  static func location() -> String? { CoverTool.helper(named: "rk-lookup", environment: "RK_LOOKUP") }

  /// Runs the helper; its standard output when it succeeds, else its
  /// message as the error (also `rk identify`'s, see ``IdentifyTool``).
  static func run(_ arguments: [String]) throws(LookupError) -> [UInt8] {
    guard let tool = location() else {
      throw .helper("the rk-lookup helper is missing: install rk with `make install`, or set RK_LOOKUP to its path")
    }
    let result: Subprocess.Output
    // Descriptor 3 is rk's standard error: the helper says there what it
    // waits for, while it waits (see `rk-lookup --notices`).
    do { result = try Subprocess.run(tool, ["--notices", "3"] + arguments, noticesDescriptor: 3) } catch {
      throw .helper(error.description)
    }
    guard result.termination == .exited(0) else {
      let text = String(decoding: result.errors, as: UTF8.self).trimmed
      if !text.isEmpty { throw .helper(text) }
      switch result.termination {
      case .signalled(let signal): throw .helper("rk-lookup was stopped by signal \(signal)")
      case .exited(let status): throw .helper("rk-lookup failed with status \(status)")
      }
    }
    return result.output
  }
}
