import Foundation

/// What `rk import discogs` does, or would do, to the collection.
public struct DiscogsImportPlan: Sendable {
  /// A row that adds an album.
  public struct Addition: Sendable {
    public var line: Int
    /// The new album, with the id it gets.
    public var album: Album
  }

  /// A row that changes an album.
  public struct Update: Sendable {
    public var line: Int
    public var before: Album
    public var after: Album
    /// The keys it changes (`rating`, `media_condition`, `notes` …).
    public var keys: [String]
    var old: [UInt8]
    var new: [UInt8]
  }

  /// A row whose album already holds what it gives.
  public struct Unchanged: Sendable {
    public var line: Int
    public var id: String
  }

  /// A row that matched no album by release id, paired with an album
  /// typed in by hand (which it then updates).
  public struct Pairing: Sendable {
    public var line: Int
    public var id: String
    public var by: DiscogsPairing
    /// The row's artist and title, `Miles Davis – Kind of Blue`.
    public var name: String

    /// `paired line 12 (Miles Davis – Kind of Blue) with albums/kind-of-blue by barcode`
    public var description: String { "paired line \(line) (\(name)) with \(id) by \(by.description)" }
  }

  public var added: [Addition] = []
  public var paired: [Pairing] = []
  public var updated: [Update] = []
  public var unchanged: [Unchanged] = []

  /// Whether the import changes nothing.
  public var isEmpty: Bool { added.isEmpty && updated.isEmpty }

  /// The commit's first line: `Import 3 albums from Discogs (collection.csv):
  /// 2 added, 1 updated` (a count of none left out); `file` is the file's
  /// name without its folder.
  public func summary(file: String) -> String {
    let count = added.count + updated.count
    let parts = [(added.count, "added"), (updated.count, "updated")].filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
    return "Import \(count) album\(count == 1 ? "" : "s") from Discogs (\(file)): \(parts.joined(separator: ", "))"
  }
}

extension CollectionStore {
  /// Imports a Discogs collection export (docs/commands.md, "Discogs") as one commit.
  ///
  /// Every row is checked first, against the rules of validation: on any
  /// problem nothing is written and ``DiscogsImportError/problems(file:_:)``
  /// lists them all. Rows are matched to albums by release id and copy
  /// (``DiscogsImport/match(_:to:)``): a matched album is updated with
  /// what the row gives, rewriting only the lines that change; a row whose
  /// album already holds it changes nothing; other rows add albums. With
  /// `dryRun`, the plan is returned and nothing is written. `file` names
  /// the file in messages and in the commit (its last part).
  public func importDiscogs(_ bytes: [UInt8], file: String, dryRun: Bool = false) throws(DiscogsImportError) -> (
    plan: DiscogsImportPlan, commit: GitCommit?
  ) {
    let records = try DiscogsImport.records(bytes, file: file)
    if dryRun {
      let plan = planImport(records, file: file)
      return (try plan.get(), nil)
    }
    let outcome: Result<(plan: DiscogsImportPlan, commit: GitCommit?), DiscogsImportError>
    do {
      outcome = try locked { () throws(StoreError) -> Result<(plan: DiscogsImportPlan, commit: GitCommit?), DiscogsImportError> in
        let plan: DiscogsImportPlan
        switch planImport(records, file: file) {
        case .failure(let error): return .failure(error)
        case .success(let planned): plan = planned
        }
        let name = (file as NSString).lastPathComponent
        let commit = try writeBatch(
          adding: plan.added.map(\.album),
          updating: plan.updated.map { BatchUpdate(id: $0.before.id, album: $0.before, old: $0.old, new: $0.new) },
          message: ChangeMessage.make(plan.summary(file: name), action: "import"))
        return .success((plan, commit))
      }
    } catch {
      throw .store(error)
    }
    return try outcome.get()
  }

  /// What importing `records` would do to the collection as it is now.
  private func planImport(_ records: [DiscogsRecord], file: String) -> Result<DiscogsImportPlan, DiscogsImportError> {
    let collection: RecordCollection
    do {
      collection = try RecordCollection.load(location, validating: false)
    } catch {
      return .failure(.store(.collection(error)))
    }
    guard collection.unreadable.isEmpty else {
      return .failure(.unreadableAlbums(collection.unreadable.map { "\($0.path(in: location)):\($0.line): \($0.message)" }))
    }
    var plan = DiscogsImportPlan()
    var problems: [DiscogsImportProblem] = []
    var additions: [(line: Int, album: Album)] = []
    let loaded = Dictionary(collection.albums.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    let matches = DiscogsImport.match(records, to: collection.albums)
    let pairs = DiscogsPairing.pair(records, matched: matches, albums: collection.albums)
    for (index, record) in records.enumerated() {
      let pairing = pairs[index]
      // A paired album keeps what the person typed; the row fills the rest.
      let update = { (album: inout Album) in pairing == nil ? record.apply(to: &album) : record.fill(&album) }
      guard let id = matches[index] ?? pairing?.id else {
        additions.append((record.line, record.newAlbum()))
        continue
      }
      // Most rows of a second import change nothing: tell those from the
      // album as loaded (under the lock), without reading and parsing the
      // file twice more.
      if let pairing {
        let name = ChangeMessage.name(of: record.newAlbum())
        plan.paired.append(.init(line: record.line, id: pairing.id, by: pairing.by, name: name))
      }
      if let album = loaded[id] {
        var changed = album
        update(&changed)
        if changed == album {
          plan.unchanged.append(.init(line: record.line, id: id))
          continue
        }
      }
      do throws(StoreError) {
        let (album, bytes) = try read(id)
        var changed = album
        update(&changed)
        let broken = record.problems(in: changed, comparedWith: album)
        guard broken.isEmpty else {
          problems += broken.map { problem in
            var problem = problem
            problem.message += " (for \(location.displayPath(ofAlbum: id)))"
            return problem
          }
          continue
        }
        let text: [UInt8]
        do throws(AlbumFileError) {
          text = try AlbumFile.rewrite(bytes, to: changed)
        } catch {
          throw StoreError.unreadable(path: location.displayPath(ofAlbum: id), error)
        }
        if text == bytes {
          plan.unchanged.append(.init(line: record.line, id: id))
        } else {
          plan.updated.append(
            .init(
              line: record.line, before: album, after: changed, keys: DiscogsImport.changedKeys(from: album, to: changed), old: bytes,
              new: text))
        }
      } catch {
        problems.append(DiscogsImportProblem(line: record.line, column: "row", message: "cannot update the album it matches: \(error)"))
      }
    }
    guard problems.isEmpty else { return .failure(.problems(file: file, problems.sorted { $0.line < $1.line })) }
    let ids: [String]
    do throws(GitError) { ids = try newIDs(for: additions.map(\.album)) } catch { return .failure(.store(.git(error))) }
    plan.added = zip(additions, ids).map { addition, id in
      var album = addition.album
      album.id = id
      return .init(line: addition.line, album: album)
    }
    return .success(plan)
  }
}
