/// Where the album of a MusicBrainz release comes from: the release and
/// its front cover. `rk` asks the `rk-lookup` helper
/// (``LookupTool/helperSource(contact:)``), the server its own HTTP clients.
public protocol ReleaseSource: Sendable {
  /// The release `id` (an MBID, already checked) with its media, tracks,
  /// labels and release group.
  func release(_ id: String) async throws(LookupError) -> MusicBrainzRelease
  /// The front cover of `release` (its own, else its release group's) made
  /// into `cover.webp` and `cover-thumb.webp`; `nil` when there is none.
  func frontCover(of release: MusicBrainzRelease) async throws(LookupError) -> CoverImages?
}

/// Why adding or filling an album from MusicBrainz did nothing. Nothing was
/// written in any case.
public enum ReleaseFillError: Error, Equatable, Sendable, CustomStringConvertible {
  case lookup(LookupError)
  case store(StoreError)
  /// What was given on top of the release breaks a rule.
  case edit(AlbumEditError)
  /// The collection already has the release: the first album that is it
  /// (its id), by the same MusicBrainz id or else the same artist and title.
  case alreadyPresent(album: String, sameID: Bool)
  /// The album (its id, artist and title) has no `musicbrainz` id and none
  /// was given.
  case noRelease(album: String, artist: String, title: String)

  public var description: String {
    switch self {
    case .lookup(let error): error.description
    case .store(let error): error.description
    case .edit(let error): "nothing was added: \(error.description)"
    case .alreadyPresent(let album, let sameID):
      "the collection already has this release: \(album)\(sameID ? " (the same MusicBrainz id)" : " (the same artist and title)"). "
        + "Nothing was added; give --duplicate to add a second copy."
    case .noRelease(let album, let artist, let title):
      "\(album) has no musicbrainz id to fill it from: give the release with --musicbrainz ID (rk lookup \"\(artist) \(title)\" lists candidates with their ids)."
    }
  }
}

/// Adding an album from a MusicBrainz release, and filling one from it
/// (docs/commands.md, "MusicBrainz and the Cover Art Archive"): the one home of `rk add --musicbrainz`, `rk set --fill`
/// and the app's `POST /api/albums {"musicbrainz": ID}`.
public enum ReleaseFill {
  /// What was done, and notes for the collector (a cover that could not be
  /// had: the album is added or filled all the same).
  public struct Outcome: Sendable {
    /// The album's id.
    public var id: String
    /// The commit; `nil` when a fill changed nothing.
    public var commit: GitCommit?
    public var notes: [String]
  }

  /// Adds the album of release `id`, with `adjust` applied on top (what the
  /// collector gave besides: fields, tracks, tags), and `cover` if given,
  /// else the release's front cover; one commit. Unless `duplicate`, a
  /// release the collection already has (the same id, or the same artist
  /// and title, before or after `adjust`) is refused.
  // Nonsending: the caller's store (the server's actor's) never leaves it.
  nonisolated(nonsending) public static func add(
    _ id: String, from source: some ReleaseSource, into store: CollectionStore, cover: CoverImages? = nil, duplicate: Bool,
    adjust: (inout Album) throws(AlbumEditError) -> Void
  ) async throws(ReleaseFillError) -> Outcome {
    let release = try await Self.release(id, from: source)
    var album = release.album()
    do { try adjust(&album) } catch { throw .edit(error) }
    if !duplicate {
      let collection: RecordCollection
      do { collection = try RecordCollection.load(store.location, validating: false) } catch { throw .store(.collection(error)) }
      let present = collection.albums(
        sameAs: release.id, artists: [release.artistText, album.artist], title: [release.title, album.title])
      if let first = present.min(by: { $0.id < $1.id }) {
        throw .alreadyPresent(album: first.id, sameID: first.musicbrainz?.lowercased() == release.id.lowercased())
      }
    }
    var notes: [String] = []
    var front = cover
    if front == nil { front = await frontCover(of: release, from: source, notes: &notes) }
    let files = front.map { [CoverFiles.coverName: $0.cover, CoverFiles.thumbnailName: $0.thumbnail] } ?? [:]
    do {
      let (added, commit) = try store.add(album, files: files)
      return Outcome(id: added, commit: commit, notes: notes)
    } catch {
      throw .store(error)
    }
  }

  /// Fills the album `reference` names from release `id`, else from its own
  /// `musicbrainz` id (see ``Album/fill(from:replacing:)``), with the
  /// release's front cover when it has none (or `replacing`); one commit,
  /// none when nothing changes.
  nonisolated(nonsending) public static func fill(
    _ reference: String, release id: String?, from source: some ReleaseSource, in store: CollectionStore, replacing: Bool
  ) async throws(ReleaseFillError) -> Outcome {
    let current: Album
    do { current = try store.read(try store.resolve(reference)).album } catch { throw .store(error) }
    guard let id = id ?? current.musicbrainz else { throw .noRelease(album: current.id, artist: current.artist, title: current.title) }
    let release = try await Self.release(id, from: source)
    var notes: [String] = []
    var cover: CoverImages?
    if replacing || !current.covers.cover { cover = await frontCover(of: release, from: source, notes: &notes) }
    do {
      let commit = try store.fill(current.id, from: release.album(), cover: cover, replacing: replacing)
      return Outcome(id: current.id, commit: commit, notes: notes)
    } catch {
      throw .store(error)
    }
  }

  nonisolated(nonsending) private static func release(_ id: String, from source: some ReleaseSource) async throws(ReleaseFillError)
    -> MusicBrainzRelease
  {
    let id = id.trimmed
    guard MusicBrainzRelease.isID(id) else { throw .lookup(.invalidID(id)) }
    do { return try await source.release(id.lowercased()) } catch { throw .lookup(error) }
  }

  /// The front cover, or `nil` with a note: a missing cover never keeps the
  /// album out.
  nonisolated(nonsending) private static func frontCover(
    of release: MusicBrainzRelease, from source: some ReleaseSource, notes: inout [String]
  ) async -> CoverImages? {
    do {
      if let images = try await source.frontCover(of: release) { return images }
      notes.append("the Cover Art Archive has no front cover for this release; the album has none.")
    } catch {
      notes.append("no cover: \(error.description)")
    }
    return nil
  }
}
