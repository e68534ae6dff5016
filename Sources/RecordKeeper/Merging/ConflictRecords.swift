import Foundation

/// What an unfinished merge left to settle in one album folder, kept in
/// `.git/rk/conflicts/` (inside git's own folder, so never committed and
/// gone with the clone), one JSON file per folder so that git's merge driver,
/// run once per file, never rewrites another album's record.
struct AlbumConflictRecord: Codable, Equatable, Sendable {
  /// The album folder, relative to the repository's work tree.
  var folder: String
  /// The common ancestor's `album.md` (`nil` when both sides added it).
  var base: String?
  /// Their `album.md` (`nil` when their side has none).
  var theirs: String?
  /// Our `album.md` as it was before the merge (`nil` when our side has
  /// none): with base and theirs, what every resolution settles from.
  var ours: String? = nil
  /// The side taken for each field settled so far (`rk resolve --take`).
  var choices: [String: MergeSide]? = nil
  /// The value set for each field settled so far (`rk resolve --set`).
  var values: [String: String]? = nil
  /// The fields already settled, so that git's conflict entries (left in
  /// the index until the merge commit) do not bring them back.
  var settled: [String]? = nil
  /// Fields that name a file of the folder other than `album.md` and the
  /// covers (a smart list's file), changed both ways or deleted against
  /// changed: settled by taking that one file from a side.
  var files: [String]? = nil
  /// What is still to settle; empty once resolved (the record then stays
  /// until the merge commit, which stages its folder).
  var conflicts: [FieldConflict]
}

/// The records of an unfinished merge in a repository's git folder.
struct ConflictRecords {
  let folder: String

  init(gitDirectory: String) { folder = gitDirectory + "/rk/conflicts" }

  private func file(for albumFolder: String) -> String {
    let name = albumFolder.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "/", with: "%2F")
    return folder + "/" + name + ".json"
  }

  /// Every record, in folder order; records that cannot be read are skipped.
  func all() -> [AlbumConflictRecord] {
    let entries = (try? FileSystem.list(folder)) ?? []
    return entries.filter { $0.name.hasSuffix(".json") }.compactMap { entry in
      guard let bytes = try? FileSystem.read(folder + "/" + entry.name) else { return nil }
      return try? JSONDecoder().decode(AlbumConflictRecord.self, from: Data(bytes))
    }.sorted { $0.folder < $1.folder }
  }

  /// Writes (replaces) the record of its folder.
  func save(_ record: AlbumConflictRecord) throws(FileSystemError) {
    try FileSystem.makeFolders(folder)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    guard let data = try? encoder.encode(record) else { return }
    try FileSystem.writeAtomically(Array(data), to: file(for: record.folder))
  }

  /// Forgets every record (the merge was committed or abandoned).
  func removeAll() {
    FileSystem.removeTree(folder)
  }

  /// The conflicts still to settle, in folder order.
  var open: [FieldConflict] { all().flatMap(\.conflicts) }
}

extension FieldConflict {
  /// The conflicts an unfinished merge left in the collection at
  /// `location` (album ids relative to it); none outside a repository.
  public static func unresolved(in location: CollectionLocation) -> [FieldConflict] {
    guard let repository = try? GitRepository.open(containing: location.root) else { return [] }
    ConflictRecords(gitDirectory: repository.gitDirectory).adoptIndexConflicts(of: repository)
    let workTree = FileSystem.absolute(repository.workingDirectory)
    let prefix = location.root == workTree ? "" : String(location.root.dropFirst(workTree.count + 1)) + "/"
    return ConflictRecords(gitDirectory: repository.gitDirectory).open.map { conflict in
      var conflict = conflict
      if conflict.album.hasPrefix(prefix) { conflict.album = String(conflict.album.dropFirst(prefix.count)) }
      return conflict
    }
  }

  /// The conflict as a problem `rk check` reports, saying what to do.
  var albumIssue: AlbumIssue {
    func shown(_ value: String?) -> String { value.map { "\"\($0.replacingOccurrences(of: "\n", with: " / "))\"" } ?? "none" }
    return AlbumIssue(
      id: album, line: 1, field: field,
      message:
        "unresolved merge conflict: ours \(shown(ours)), theirs \(shown(theirs)); settle it with rk resolve \(album) --take ours|theirs"
        + " (or --set \(field)=VALUE), and the merge commit is made when no conflict is left")
  }
}
