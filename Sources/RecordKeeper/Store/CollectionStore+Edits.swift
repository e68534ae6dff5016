import Foundation

extension CollectionStore {
  /// Makes `edit` to the album `reference` names, as one commit whose message
  /// is the edit's summary. Returns `nil`, committing nothing, when the album
  /// would stay the same.
  @discardableResult
  public func apply(_ edit: AlbumEdit, to reference: String) throws(StoreError) -> GitCommit? {
    try update(reference, action: edit.action, summary: { edit.summary(before: $0, after: $1) }) { album throws(AlbumEditError) in
      try edit.apply(to: &album)
    }
  }

  /// Makes `edit` to every album `references` name (each named once however
  /// often it is given), as one commit: "Change label of 3 albums", or the
  /// single-album summary when only one album changes.
  ///
  /// Every album is read, edited and validated before anything is written:
  /// when any would break a rule, nothing is written and
  /// ``StoreError/several(_:)`` names each problem with its album. Albums
  /// that already hold what the edit sets are left alone; when none
  /// changes, nothing is committed and `nil` is returned. A person's
  /// uncommitted edits to the albums that change are committed first, in
  /// one commit of their own (docs/commands.md, "Changes and commits").
  @discardableResult
  public func apply(_ edit: AlbumEdit, toAll references: [String]) throws(StoreError) -> GitCommit? {
    var ids: [String] = []
    var problems: [StoreError] = []
    for reference in references {
      do throws(StoreError) {
        let id = try resolve(reference)
        if !ids.contains(id) { ids.append(id) }
      } catch {
        problems.append(error)
      }
    }
    if let only = problems.first, problems.count == 1 { throw only }
    guard problems.isEmpty else { throw .several(problems) }
    if ids.count == 1, let id = ids.first { return try apply(edit, to: id) }
    return try locked { () throws(StoreError) -> GitCommit? in
      var changes: [(id: String, before: Album, after: Album, old: [UInt8], new: [UInt8])] = []
      for id in ids {
        do throws(StoreError) {
          let (album, bytes) = try read(id)
          var changed = album
          do throws(AlbumEditError) {
            guard try edit.apply(to: &changed) else { continue }
          } catch {
            throw .edit(album: ChangeMessage.name(of: album), error)
          }
          // Named as it was: the new title may be the blank one refused.
          let broken = changed.problems(notIn: album)
          guard broken.isEmpty else { throw .invalid(album: ChangeMessage.name(of: album), broken) }
          let text: [UInt8]
          do throws(AlbumFileError) {
            text = try AlbumFile.rewrite(bytes, to: changed)
          } catch {
            throw .unreadable(path: location.displayPath(ofAlbum: id), error)
          }
          if text != bytes { changes.append((id, album, changed, bytes, text)) }
        } catch {
          problems.append(error)
        }
      }
      if let only = problems.first, problems.count == 1 { throw only }
      guard problems.isEmpty else { throw .several(problems) }
      guard !changes.isEmpty else { return nil }
      try commitHandEdits(to: changes.map { ($0.id, $0.before, $0.old) })
      let summary =
        changes.count == 1
        ? edit.summary(before: changes[0].before, after: changes[0].after)
        : edit.summary(ofAlbums: changes.map { ($0.before, $0.after) })
      let message = ChangeMessage.make(summary, action: edit.action)
      let favourites = favouritesFileTidied(writing: changes.map { ($0.id, $0.new) })
      if favourites != nil { try commitHandEditedFavourites() }
      let files = changes.map { prefix + $0.id + "/" + AlbumFile.name } + (favourites.map { [prefix + $0.path] } ?? [])
      let saved =
        zip(files, changes).map { savedFile($0, bytes: $1.old, written: $1.new) }
        + (favourites.map { [savedFile(prefix + $0.path, bytes: $0.old, written: $0.bytes)] } ?? [])
      return try journaled(ChangeJournal(message: message, paths: files, files: saved)) { () throws(StoreError) -> GitCommit? in
        // A person's save to any of them meanwhile stops the change: the
        // files already replaced are put back.
        for change in changes where try replaceAlbumFile(change.id, with: change.new, expecting: change.old) != nil {
          throw .savedMeanwhile(path: location.displayPath(ofAlbum: change.id), reason: "rk does not merge a change to several albums")
        }
        var written = changes.map { ($0.id + "/" + AlbumFile.name, $0.new) }
        if let favourites {
          do throws(FileSystemError) { try FileSystem.writeAtomically(favourites.bytes, to: location.path(favourites.path)) } catch {
            throw .file(error)
          }
          written.append((favourites.path, favourites.bytes))
        }
        return try commit(paths: written.map(\.0), message: message, contents: Dictionary(uniqueKeysWithValues: written))
      }
    }
  }

  /// The ids of the albums `query` (the search language of `rk list`, its
  /// rules and smart lists included) matches, in id order. Throws
  /// ``StoreError/noMatches(_:)`` when there are none, so a change never
  /// silently does nothing to nothing, and ``StoreError/query(_:)`` for a
  /// rule that cannot be used.
  public func albumIDs(matching query: String, fields: Set<SearchField> = SearchField.defaults) throws(StoreError) -> [String] {
    let collection: RecordCollection
    do {
      collection = try RecordCollection.load(location, validating: false)
    } catch {
      throw .collection(error)
    }
    let matched: [Album]
    do {
      matched = try collection.albums(matching: SearchQuery(parsing: query), in: fields, lists: SmartLists.load(from: location))
    } catch {
      throw .query(error)
    }
    let ids = matched.map(\.id).sorted()
    guard !ids.isEmpty else { throw .noMatches(query) }
    return ids
  }

  /// Commits a person's uncommitted edits to several albums' folders, alone
  /// and all in one commit, before `rk` changes them (docs/commands.md, "Changes and commits").
  /// With `bytes` (each `album.md` as rk read it), those are committed rather
  /// than the files as they are at that moment.
  func commitHandEdits(to albums: [(id: String, album: Album, bytes: [UInt8]?)]) throws(StoreError) {
    var edited: [(id: String, album: Album, bytes: [UInt8]?)] = []
    for entry in albums {
      do throws(GitError) {
        if try !repository.uncommittedFiles(under: prefix + entry.id).isEmpty { edited.append(entry) }
      } catch {
        throw .git(error)
      }
    }
    guard let first = edited.first else { return }
    let message = edited.count == 1 ? ChangeMessage.handEdit(of: first.album) : "Edit \(edited.count) albums by hand\n"
    var contents: [String: [UInt8]] = [:]
    for entry in edited { if let bytes = entry.bytes { contents[entry.id + "/" + AlbumFile.name] = bytes } }
    _ = try commit(paths: edited.map(\.id), message: message, contents: contents)
    reportProblems(ofHandEdited: edited.map(\.id))
  }
}
