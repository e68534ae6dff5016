import Foundation
import RecordKeeper

/// A scan made: the scan as stored, and the front cover's image as the
/// Cover Art Archive sent it (JPEG or PNG, not yet made into `cover.webp`),
/// `nil` when there is none.
public struct IdentifiedScan: Sendable {
  public var scan: Scan
  public var cover: [UInt8]?
  /// What went wrong on the way without stopping the scan (MusicBrainz or
  /// the Cover Art Archive could not be reached), as sentences to show.
  public var notes: [String]

  public init(scan: Scan, cover: [UInt8]? = nil, notes: [String] = []) {
    self.scan = scan
    self.cover = cover
    self.notes = notes
  }
}

/// Seed 001's scan (docs/commands.md, "Identifying a sleeve from a photo", `rk identify`): photo → vision model →
/// MusicBrainz → Cover Art Archive → scan history.
///
/// 1. The photo is made upright, at most 1,600 pixels on its longest side
///    (Anthropic scales larger images down anyway, which only costs time),
///    WebP, without its metadata (no GPS position goes to the API), by the
///    `rk-cover` helper.
/// 2. The model names the album, or says it cannot: then
///    ``IdentifyError/notIdentified`` and no scan is saved.
/// 3. When the history holds a scan of the same album (same artist and
///    title, see ``SleeveIdentification/key``), its answer, release and
///    cover address are reused and the model is not asked for the review
///    again; else the model writes seed 001's review.
/// 4. MusicBrainz is searched for the release (``ReleaseChoice``), the
///    Cover Art Archive for its front cover. Neither ever blocks the scan.
/// 5. The scan is saved in the history.
public struct Identifier: Sendable {
  let anthropic: AnthropicClient
  let musicBrainz: MusicBrainzClient
  let coverArt: CoverArtClient

  public init(http: LookupHTTP, vision: VisionConfiguration) {
    anthropic = AnthropicClient(http: http, configuration: vision)
    musicBrainz = MusicBrainzClient(http: http)
    coverArt = CoverArtClient(http: http)
  }

  /// One scan with the configuration the environment gives
  /// (``VisionConfiguration/fromEnvironment()``,
  /// ``LookupConfiguration/fromEnvironment(contact:)``), saved in the
  /// history of `collection`: what `rk-lookup identify` and `rk serve` run.
  /// `contact` is MusicBrainz's (``LookupContact``).
  public static func identify(
    photo: [UInt8], collection: CollectionLocation, contact: String,
    notice: @escaping @Sendable (String) -> Void = LookupConfiguration.standardError
  ) async throws(IdentifyError) -> IdentifiedScan {
    let vision = try VisionConfiguration.fromEnvironment()
    let http = LookupHTTP(configuration: .fromEnvironment(contact: contact, notice: notice))
    let result: Result<IdentifiedScan, IdentifyError>
    do {
      result = .success(try await Identifier(http: http, vision: vision).identify(photo: photo, history: ScanHistory(location: collection)))
    } catch {
      result = .failure(error)
    }
    await http.shutdown()
    return try result.get()
  }

  /// Identifies the album in `photo` (the bytes of a JPEG, PNG, WebP, or
  /// any image libvips reads) and saves the scan in `history`.
  public func identify(photo: [UInt8], history: ScanHistory, now: Date = Date()) async throws(IdentifyError) -> IdentifiedScan {
    let sent = try await Self.prepareOffThePool(photo)
    let identification = try SleeveIdentification.parse(
      modelText: try await anthropic.message(
        system: IdentifyPrompts.identifySystem,
        content: [.image(mediaType: "image/webp", bytes: sent), .text(IdentifyPrompts.identifyQuestion)],
        maxTokens: IdentifyPrompts.maxIdentifyTokens))
    let date = Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down))
    var notes: [String] = []
    var scan: Scan
    var cover: [UInt8]?
    if let earlier = history.latest(of: identification) {
      let address = earlier.coverURL.flatMap(coverAddress)
      scan = Scan(
        id: Scan.newID(at: date), date: date, answer: earlier.answer, match: earlier.match, coverURL: address, reusedFrom: earlier.id)
      if earlier.failed.contains(.musicBrainz) {
        // What failed then was no answer: ask again (docs/commands.md, "Identifying a sleeve from a photo").
        scan.match = nil
        scan.coverURL = nil
        cover = await lookUp(&scan, notes: &notes)
      } else if let address {
        cover = await image(at: address, notes: &notes)
      } else if earlier.failed.contains(.cover), let match = earlier.match {
        cover = await frontCover(of: match.id, group: nil, scan: &scan, notes: &notes)
      }
    } else {
      var answer = try VisionAnswer.parse(
        modelText: try await anthropic.message(
          system: IdentifyPrompts.contextSystem, content: [.text(IdentifyPrompts.contextQuestion(for: identification))],
          maxTokens: IdentifyPrompts.maxContextTokens))
      // The album is the one the photo showed; the review only describes it.
      answer.albumTitle = identification.albumTitle
      answer.artistName = identification.artistName
      answer.releaseYear = identification.releaseYear ?? answer.releaseYear
      scan = Scan(id: Scan.newID(at: date), date: date, answer: answer)
      cover = await lookUp(&scan, notes: &notes)
    }
    try history.save(scan)
    return IdentifiedScan(scan: scan, cover: cover, notes: notes)
  }

  /// Steps 4 of the scan: the release MusicBrainz has for the answer and
  /// its front cover, into `scan` (a step that fails is noted and marked in
  /// ``Scan/failed``, never stored as "none"); the cover's image.
  func lookUp(_ scan: inout Scan, notes: inout [String]) async -> [UInt8]? {
    scan.failed = []
    let release: MusicBrainzRelease?
    do throws(LookupError) {
      release = try await self.release(for: scan.answer)
    } catch {
      scan.failed.insert(.musicBrainz)
      notes.append("MusicBrainz could not be asked for the release, so neither was the Cover Art Archive: \(error.description)")
      return nil
    }
    guard let release else { return nil }
    scan.match = LookupCandidate(release)
    return await frontCover(of: release.id, group: release.releaseGroup?.id, scan: &scan, notes: &notes)
  }

  /// The release MusicBrainz has for `answer`, `nil` when none matches.
  func release(for answer: VisionAnswer) async throws(LookupError) -> MusicBrainzRelease? {
    for query in [ReleaseChoice.query(for: answer), ReleaseChoice.looseQuery(for: answer)] {
      let search = try MusicBrainzReleaseSearch.decode(try await musicBrainz.search(.text(query), limit: 10))
      if let release = ReleaseChoice.best(in: search, for: answer) { return release }
    }
    return nil
  }

  /// The front cover of release `id` (else of its group), its address put
  /// in `scan`; a failure is noted and marked.
  func frontCover(of id: String, group: String?, scan: inout Scan, notes: inout [String]) async -> [UInt8]? {
    do throws(LookupError) {
      guard let (bytes, source) = try await coverArt.front(release: id, releaseGroup: group) else { return nil }
      let owner = source == .release ? id.lowercased() : (group?.lowercased() ?? "")
      scan.coverURL = musicBrainz.http.configuration.coverArtURL + "/\(source.rawValue)/\(owner)/front"
      scan.failed.remove(.cover)
      return bytes
    } catch {
      scan.failed.insert(.cover)
      notes.append("no cover: \(error.description)")
      return nil
    }
  }

  /// A stored cover address as an address of the Cover Art Archive now
  /// configured: `…/release/MBID/front` or `…/release-group/MBID/front`,
  /// anything else `nil`. A scan file is only text on disk; what it says is
  /// never fetched as it is.
  func coverAddress(_ stored: String) -> String? {
    let parts = stored.split(separator: "/").suffix(3).map(String.init)
    guard parts.count == 3, ["release", "release-group"].contains(parts[0]), MusicBrainzRelease.isID(parts[1]), parts[2] == "front" else {
      return nil
    }
    return musicBrainz.http.configuration.coverArtURL + "/" + parts.joined(separator: "/").lowercased()
  }

  /// The image at a stored cover address, `nil` (noted) when it cannot be
  /// had.
  func image(at url: String, notes: inout [String]) async -> [UInt8]? {
    do throws(LookupError) {
      let answer = try await musicBrainz.http.get(url, service: .coverArtArchive, accept: "image/*", limit: 50_000_000)
      if answer.status == 200, !answer.body.isEmpty { return answer.body }
      notes.append("no cover: the Cover Art Archive answered HTTP \(answer.status) to \(url)")
    } catch {
      notes.append("no cover: \(error.description)")
    }
    return nil
  }

  /// ``prepare(_:)`` off the pool (``System/offThePool(_:)``): it waits for
  /// the `rk-cover` helper, which must not hold one of the few threads
  /// Swift's concurrency runs on (in `rk serve` they answer every request).
  static func prepareOffThePool(_ photo: [UInt8]) async throws(IdentifyError) -> [UInt8] {
    try await System.offThePool { () throws(IdentifyError) in try prepare(photo) }
  }

  /// The photo as the API gets it (see step 1).
  static func prepare(_ photo: [UInt8]) throws(IdentifyError) -> [UInt8] {
    guard !photo.isEmpty else { throw .photo("the file is empty") }
    let folder: String
    do { folder = try FileSystem.makeTemporaryFolder(prefix: "rk-identify-") } catch {
      throw .photo("cannot make a temporary folder: \(error)")
    }
    defer { FileSystem.removeTree(folder) }
    do throws(FileSystemError) { try FileSystem.writeAtomically(photo, to: folder + "/photo") } catch { throw .photo(error.description) }
    do throws(CoverError) {
      return try CoverTool.photo(fromFile: folder + "/photo")
    } catch {
      throw .photo(error.description)
    }
  }
}
