import Foundation

extension CollectionStore {
  /// The `.gitattributes` line that merges plays files by keeping both
  /// sides' lines, so two collectors' plays never conflict (docs/album-format.md, "Plays files").
  public static let playsAttributesLine = "\(PlayHistory.folder)/*.md merge=union"

  /// Records that the album `reference` names was played: one line appended
  /// to `plays/YYYY.md` of the play's year, in one commit ("Play Miles
  /// Davis – Kind of Blue (sides A, B)") that `rk undo` undoes.
  ///
  /// `time` defaults to now, in local time, and is refused when later than
  /// now; a side the album's track list does not name is refused too. Who
  /// played it is the git author.
  /// The first play also registers ``playsAttributesLine`` in
  /// `.gitattributes`, in the same commit, when `rk init` did not.
  @discardableResult
  public func play(_ reference: String, sides: [String] = [], at time: PlayTime? = nil, note: String = "") throws(StoreError) -> (
    play: Play, commit: GitCommit?
  ) {
    let id = try resolve(reference)
    return try locked { () throws(StoreError) -> (play: Play, commit: GitCommit?) in
      let (album, _) = try read(id)
      let now = PlayTime.now
      let play: Play
      do throws(PlayRefusal) {
        play = Play(
          time: try (time ?? now).refusingFuture(now: now), album: id, sides: try album.playedSides(sides), who: authorName(), note: note)
      } catch {
        throw .playRefused(album: ChangeMessage.name(of: album), error)
      }
      let file = PlayHistory.file(ofYear: play.time.date.year)
      let old = try FileSystem.exists(location.path(file)) ? readPlaysFile(file) : nil
      var text = old.map { String(decoding: $0, as: UTF8.self) } ?? "# Plays in \(play.time.date.year)\n\n"
      if !text.isEmpty && !text.hasSuffix("\n") { text += "\n" }
      text += play.line + "\n"
      var writes = [(file, Array(text.utf8), old)]
      if let attributes = try Self.attributesAdding(Self.playsAttributesLine, in: location) { writes.append(attributes) }
      let sideText = play.sides.isEmpty ? "" : " (\(play.sides.count == 1 ? "side" : "sides") \(play.sides.joined(separator: ", ")))"
      let message = ChangeMessage.make("Play \(ChangeMessage.name(of: album))\(sideText)", action: "play")
      let paths = writes.map { prefix + $0.0 }
      let saved = zip(paths, writes).map { savedFile($0, bytes: $1.2) }
      let made = try journaled(ChangeJournal(message: message, paths: paths, files: saved)) { () throws(StoreError) -> GitCommit? in
        for (path, bytes, _) in writes {
          do throws(FileSystemError) {
            try FileSystem.makeFolders((location.path(path) as NSString).deletingLastPathComponent)
            try FileSystem.writeAtomically(bytes, to: location.path(path))
          } catch {
            throw .file(error)
          }
        }
        return try commit(paths: writes.map { $0.0 }, message: message)
      }
      return (play, made)
    }
  }

  /// The plays of the collection as its files say now.
  public func playHistory() -> PlayHistory { PlayHistory.load(location) }

  /// The git author's name, as commits get it.
  func authorName() -> String {
    guard let author = try? repository.signatures().author else { return "" }
    return author.withPointer { $0.pointee.name.map { String(cString: $0) } ?? "" }
  }

  private func readPlaysFile(_ file: String) throws(StoreError) -> [UInt8] {
    do throws(FileSystemError) {
      return try FileSystem.read(location.path(file), limit: 64 << 20)
    } catch {
      throw .file(error)
    }
  }

  /// `.gitattributes` (relative path, new bytes, old bytes) with `line`
  /// added, or `nil` when it is there already.
  static func attributesAdding(_ line: String, in location: CollectionLocation) throws(StoreError) -> (String, [UInt8], [UInt8]?)? {
    let path = ".gitattributes"
    var old: [UInt8]?
    if FileSystem.exists(location.path(path)) {
      do throws(FileSystemError) { old = try FileSystem.read(location.path(path)) } catch { throw .file(error) }
    }
    let text = String(decoding: old ?? [], as: UTF8.self)
    if text.split(whereSeparator: \.isNewline).contains(where: { $0.trimmingCharacters(in: .whitespaces) == line }) { return nil }
    let separator = text.isEmpty || text.hasSuffix("\n") ? "" : "\n"
    return (path, Array((text + separator + line + "\n").utf8), old)
  }
}

extension PlayTime {
  /// This minute, in local time.
  public static var now: PlayTime {
    let parts = Calendar.current.dateComponents([.year, .month, .day, .hour, .minute], from: Date())
    let today = try? ReleaseDate(year: parts.year ?? 0, month: parts.month, day: parts.day)
    return PlayTime(date: today ?? ReleaseDate(day: 1970_01_01), minutes: (parts.hour ?? 0) * 60 + (parts.minute ?? 0))
  }
}

extension ReleaseDate {
  /// A full date from a sort key (`19700101`), for days known to be real.
  init(day key: Int) {
    year = key / 10_000
    month = key / 100 % 100
    day = key % 100
  }
}

extension CollectionStore {
  /// The plays files (path, new bytes, old bytes) with every play of the
  /// album `id` made to name `newID`: `rk mv` rewrites them in its commit,
  /// so plays keep pointing at a moved album. The rest of each line, and
  /// every other line, stays as written.
  func playsFilesMoving(_ id: String, to newID: String) -> [(String, [UInt8], [UInt8])] {
    guard let entries = try? FileSystem.list(location.path(PlayHistory.folder)) else { return [] }
    var changed: [(String, [UInt8], [UInt8])] = []
    for entry in entries where !entry.isDirectory && entry.name.hasSuffix(".md") && !entry.name.hasPrefix(".") {
      let path = PlayHistory.folder + "/" + entry.name
      guard let old = try? FileSystem.read(location.path(path), limit: 64 << 20), let moved = PlayHistory.moving(old, [id: newID]) else {
        continue
      }
      changed.append((path, moved, old))
    }
    return changed
  }
}
