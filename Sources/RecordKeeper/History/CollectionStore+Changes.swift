extension CollectionStore {
  /// What `commit` changed about each album, field by field (see
  /// ``AlbumChange``), from the album files of the commit and of its first
  /// parent. Only the files the commit touched are read (an added or
  /// removed album not even those, unless it may have moved), so a change
  /// costs the same in a collection of ten albums or ten thousand.
  ///
  /// With `album` (an id), only that album's changes, including its move
  /// to or from that id. A file that cannot be read as an album on either
  /// side (conflict markers, broken YAML) adds no field changes.
  public func changes(in commit: GitCommit, album: String? = nil) throws(StoreError) -> [AlbumChange] {
    do throws(GitError) {
      var albumFiles: [(id: String, old: String?, new: String?)] = []
      var covers: [String: (old: String?, new: String?)] = [:]
      for file in try repository.changedBlobs(in: commit) where file.path.hasPrefix(prefix) {
        let parts = file.path.dropFirst(prefix.count).split(separator: "/")
        // Hidden folders are no albums (.recordkeeper, rk's own scratch folders).
        guard parts.count >= 2, !parts.contains(where: { $0.hasPrefix(".") }) else { continue }
        let folder = parts.dropLast().joined(separator: "/")
        switch parts.last {
        case Substring(AlbumFile.name): albumFiles.append((folder, file.old, file.new))
        case Substring(CoverFiles.coverName): covers[folder] = (file.old, file.new)
        default: break
        }
      }
      func parse(_ blob: String, _ id: String) throws(GitError) -> Album? {
        try? AlbumFile.parse(try repository.blob(withID: blob), id: id).album
      }
      func name(_ album: Album?) -> [String]? { album.map { [$0.artist, $0.title] } }

      var added: [(id: String, blob: String)] = []
      var removed: [(id: String, blob: String)] = []
      var changes: [AlbumChange] = []
      for file in albumFiles {
        switch (file.old, file.new) {
        case (let old?, let new?):
          if let before = try parse(old, file.id), let after = try parse(new, file.id) {
            changes += AlbumChange.between(before, after, id: file.id)
          }
        case (nil, let new?): added.append((file.id, new))
        case (let old?, nil): removed.append((file.id, old))
        case (nil, nil): break
        }
      }
      // A folder removed and one added with the same bytes, or the same
      // artist and title, is one album moved; its cover moves with it.
      var moves: [AlbumChange] = []
      for gone in removed {
        let before = try parse(gone.blob, gone.id)
        var index = added.firstIndex { $0.blob == gone.blob }
        if index == nil, before != nil {
          for (candidate, entry) in added.enumerated() where try name(parse(entry.blob, entry.id)) == name(before) {
            index = candidate
            break
          }
        }
        guard let index else {
          moves.append(AlbumChange(album: gone.id, field: "album", old: gone.id, new: nil))
          covers[gone.id] = nil
          continue
        }
        let target = added.remove(at: index)
        moves.append(AlbumChange(album: target.id, field: "album", old: gone.id, new: target.id))
        if let before, let after = try parse(target.blob, target.id) { moves += AlbumChange.between(before, after, id: target.id) }
        if let old = covers.removeValue(forKey: gone.id)?.old ?? nil {
          covers[target.id] = (old, covers[target.id]?.new ?? nil)
        }
      }
      // An added album's cover comes with it.
      for entry in added { covers[entry.id] = nil }
      changes = added.map { AlbumChange(album: $0.id, field: "album", old: nil, new: $0.id) } + moves + changes
      for (id, cover) in covers.sorted(by: { $0.key < $1.key }) where cover.old != cover.new {
        let value: (old: String?, new: String?) =
          switch (cover.old, cover.new) {
          case (nil, _): (nil, "set")
          case (_, nil): ("set", nil)
          default: ("old image", "new image")
          }
        changes.append(AlbumChange(album: id, field: "cover", old: value.old, new: value.new))
      }
      guard let album else { return changes }
      return changes.filter { $0.album == album || ($0.field == "album" && $0.old == album) }
    } catch {
      throw .git(error)
    }
  }
}
