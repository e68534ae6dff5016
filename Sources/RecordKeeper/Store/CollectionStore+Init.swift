import Foundation

extension CollectionStore {
  // MARK: Making a collection

  /// Makes `folder` a collection, or adopts a folder of albums: writes
  /// `.recordkeeper/`, makes a repository if there is none, and commits what
  /// is there.
  public static func initialize(at folder: String) throws(StoreError) -> (store: CollectionStore, commit: GitCommit?, albums: Int) {
    let root = FileSystem.absolute(folder)
    let marker = root + "/" + CollectionLocation.markerFolder
    let hadMarker = FileSystem.isDirectory(marker)
    if hadMarker, (try? GitRepository.open(containing: root)) != nil { throw .alreadyACollection(folder) }
    do {
      try FileManager.default.createDirectory(atPath: marker, withIntermediateDirectories: true)
      if !FileSystem.exists(marker + "/config.yaml") {
        try FileSystem.writeAtomically(Array("# Marks this folder as a Record Keeper collection.\nversion: 1\n".utf8), to: marker + "/config.yaml")
      }
      try Preferences.ensureIgnored(in: marker)
    } catch let error as FileSystemError {
      throw .file(error)
    } catch {
      throw .file(FileSystemError(path: marker, operation: "create", code: EIO))
    }
    if (try? GitRepository.open(containing: root)) == nil {
      do { _ = try GitRepository.initialize(at: root) } catch { throw .git(error) }
    }
    let store = try CollectionStore(location: CollectionLocation(root: root))
    let albums = (try? RecordCollection.albumIDs(store.location).count) ?? 0
    let summary = albums == 0 ? "Start a Record Keeper collection" : "Start a Record Keeper collection of \(albums) album\(albums == 1 ? "" : "s")"
    let commit = try store.locked { () throws(StoreError) -> GitCommit? in
      try store.commit(paths: [store.prefix.isEmpty ? "." : String(store.prefix.dropLast())], message: ChangeMessage.make(summary, action: "init"), relative: false)
    }
    return (store, commit, albums)
  }
}
