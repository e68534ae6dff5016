extension CollectionStore {
  /// What `commit` changed about each album, field by field (see
  /// ``AlbumChange``), from the album files of the commit and of its first
  /// parent. Only the files the commit touched are read, so this costs the
  /// same in a collection of ten albums or ten thousand.
  ///
  /// With `album` (an id), only that album's changes, including its move
  /// to or from that id. A file that cannot be read as an album on either
  /// side (conflict markers, broken YAML) adds no field changes.
  public func changes(in commit: GitCommit, album: String? = nil) throws(StoreError) -> [AlbumChange] {
    do throws(GitError) {
      var albumFolders: [String] = []
      var coverFolders: Set<String> = []
      for path in try repository.changedFiles(in: commit) where path.hasPrefix(prefix) {
        let relative = path.dropFirst(prefix.count)
        let parts = relative.split(separator: "/")
        // Hidden folders are no albums (.recordkeeper, rk's own scratch folders).
        guard parts.count >= 2, !parts.contains(where: { $0.hasPrefix(".") }) else { continue }
        let folder = parts.dropLast().joined(separator: "/")
        switch parts.last {
        case Substring(AlbumFile.name): albumFolders.append(folder)
        case Substring(CoverFiles.coverName): coverFolders.insert(folder)
        default: break
        }
      }
      func read(_ id: String, parent: Bool) throws(GitError) -> [UInt8]? {
        let path = prefix + id + "/" + AlbumFile.name
        return parent ? try repository.fileInParent(of: commit, path: path) : try repository.file(at: path, inCommit: commit.id)
      }
      func cover(_ id: String) -> String { prefix + id + "/" + CoverFiles.coverName }
      func parse(_ bytes: [UInt8], _ id: String) -> Album? { try? AlbumFile.parse(bytes, id: id).album }

      var added: [(id: String, bytes: [UInt8])] = []
      var removed: [(id: String, bytes: [UInt8])] = []
      var changes: [AlbumChange] = []
      var changedFolders: [(old: String, new: String)] = []
      for id in albumFolders {
        switch (try read(id, parent: true), try read(id, parent: false)) {
        case (let old?, let new?):
          changedFolders.append((id, id))
          if let before = parse(old, id), let after = parse(new, id) { changes += AlbumChange.between(before, after, id: id) }
        case (nil, let new?): added.append((id, new))
        case (let old?, nil): removed.append((id, old))
        case (nil, nil): break
        }
      }
      // A folder removed and one added with the same artist and title (or
      // the same bytes) is one album moved.
      var moves: [AlbumChange] = []
      for gone in removed {
        let before = parse(gone.bytes, gone.id)
        func name(_ album: Album?) -> [String]? { album.map { [$0.artist, $0.title] } }
        guard
          let index = added.firstIndex(where: { candidate in
            candidate.bytes == gone.bytes || (before != nil && name(parse(candidate.bytes, candidate.id)) == name(before))
          })
        else {
          moves.append(AlbumChange(album: gone.id, field: "album", old: gone.id, new: nil))
          continue
        }
        let target = added.remove(at: index)
        moves.append(AlbumChange(album: target.id, field: "album", old: gone.id, new: target.id))
        changedFolders.append((gone.id, target.id))
        if let before, let after = parse(target.bytes, target.id) { moves += AlbumChange.between(before, after, id: target.id) }
      }
      changes = added.map { AlbumChange(album: $0.id, field: "album", old: nil, new: $0.id) } + moves + changes
      // Covers of albums that stayed (or moved): set, removed or replaced.
      for folders in changedFolders + coverFolders.filter({ folder in !albumFolders.contains(folder) }).map({ ($0, $0) })
      where coverFolders.contains(folders.old) || coverFolders.contains(folders.new) {
        let old = try repository.fileInParent(of: commit, path: cover(folders.old))
        let new = try repository.file(at: cover(folders.new), inCommit: commit.id)
        guard old != new else { continue }
        let value: (old: String?, new: String?) =
          switch (old, new) {
          case (nil, _): (nil, "set")
          case (_, nil): ("set", nil)
          default: ("old image", "new image")
          }
        changes.append(AlbumChange(album: folders.new, field: "cover", old: value.old, new: value.new))
      }
      guard let album else { return changes }
      return changes.filter { $0.album == album || ($0.field == "album" && $0.old == album) }
    } catch {
      throw .git(error)
    }
  }
}
