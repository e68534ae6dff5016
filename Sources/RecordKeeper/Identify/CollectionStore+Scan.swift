/// What adding a scan's album did.
public enum ScanAddition: Equatable, Sendable {
  /// The album was added as `id`, in one commit.
  case added(id: String)
  /// The collection already holds it (same MusicBrainz release, or same
  /// artist and title): nothing was changed. `wanted` when it is on the
  /// wantlist.
  case alreadyPresent(id: String, wanted: Bool)
}

extension CollectionStore {
  /// Adds the album of `scan` to the collection or the wantlist, with the
  /// `## Context` section in its notes and `cover` (the release's front
  /// cover) when given: one commit (docs/commands.md, "Identifying a sleeve from a photo", `rk identify --add` /
  /// `--want`). An album already in the collection is not added twice.
  ///
  /// `release` is the MusicBrainz release of ``Scan/match`` with its
  /// media (``LookupTool/release(_:contact:)``), `nil` when none matched or
  /// it could not be fetched: the model's fields are used then.
  public func add(
    scan: Scan, release: MusicBrainzRelease?, cover: CoverImages?, to destination: ScanDestination
  ) throws(StoreError) -> ScanAddition {
    let collection: RecordCollection
    do { collection = try RecordCollection.load(location, validating: false) } catch { throw .collection(error) }
    if let present = scan.albums(in: collection, release: release).min(by: { $0.id < $1.id }) {
      return .alreadyPresent(id: present.id, wanted: present.isWanted)
    }
    let album = scan.album(release: release, destination: destination)
    let files = cover.map { [CoverFiles.coverName: $0.cover, CoverFiles.thumbnailName: $0.thumbnail] } ?? [:]
    return .added(id: try add(album, files: files).id)
  }

  /// Marks the wanted album `id` owned (its `status` removed: a missing
  /// status means owned, docs/album-format.md, "The collector's fields"), one commit: `rk identify --add`
  /// on an album of the wantlist, when the collector says so.
  @discardableResult
  public func markOwned(_ id: String) throws(StoreError) -> GitCommit? {
    var changes = AlbumFieldChanges()
    changes.collector[.status] = ""
    return try apply(.setFields(changes), to: id)
  }
}
