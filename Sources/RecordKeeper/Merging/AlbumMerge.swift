/// Merges three versions of an `album.md` so that no line either side wrote
/// is lost (docs/merging.md, "album.md, step by step").
///
/// 1. The whole file merges by lines (``AlbumTextMerge``): what only one
///    side changed is taken as written, comments and notes included.
/// 2. A stretch both sides changed merges part by part: each key, comment
///    block, track item or side heading only one side changed comes from
///    that side; a key or track both changed keeps our lines.
/// 3. The result is parsed and each field compared with the field merge
///    (``FieldMerge``: keys three-way, tags as sets, tracks track by
///    track); a field that differs is rewritten in place from it with
///    ``AlbumFile/rewrite(_:to:)``, or keeps our value and is a conflict
///    when the field merge conflicts.
/// 4. Text both sides changed that is no field (notes, comments) is a
///    `notes` conflict with both texts; our text stays in the file.
/// 5. ``MergeProof`` checks that every line both sides kept and every line
///    either side wrote is in the result, or belongs to a field whose merged
///    value replaced it, or is named in a conflict; if not, the lines are
///    reported as a `notes` conflict rather than lost quietly.
///
/// Before step 5 the file gets one kind of line ending (the base's) and
/// each track list is numbered 1…n (``tidied(_:lineEndingsOf:id:)``).
///
/// The same new value on both sides is no conflict.
public enum AlbumMerge {
  /// What a merge gives: the merged file and the conflicts left in it.
  public struct Result: Sendable, Equatable {
    /// The merged `album.md`.
    public var bytes: [UInt8]
    /// Fields both sides changed in different ways, then text conflicts
    /// (field `notes`: lines outside any field, or lines the merge could
    /// not prove it kept); our value is in ``bytes``.
    public var conflicts: [FieldConflict]
  }

  /// Merges `ours` and `theirs`, both descended from `base` (`nil` when
  /// both sides added the album separately: their common lines stand in for
  /// the ancestor, every field that differs is a conflict, and two
  /// different track lists are a `tracks` conflict).
  ///
  /// `prefer` settles the conflicts of the named fields (`"*"` for every
  /// field; `notes` for text) one way, so that re-merging with the current
  /// file as `ours` resolves them (`rk resolve --take`); what only one side
  /// changed is merged as usual.
  ///
  /// Throws when a version cannot be read (conflict markers, broken YAML):
  /// such a file cannot be merged by field.
  public static func merge(
    base: [UInt8]?, ours: [UInt8], theirs: [UInt8], id: String, prefer: [String: MergeSide] = [:]
  ) throws(AlbumMergeError) -> Result {
    let ourAlbum = try read(ours, id: id, side: "ours").parsed.album
    let theirAlbum = try read(theirs, id: id, side: "theirs").parsed.album
    let baseAlbum = try base.map { (bytes) throws(AlbumMergeError) in try read(bytes, id: id, side: "base").parsed.album }
    if ours == theirs || base == theirs { return Result(bytes: ours, conflicts: []) }
    if base == ours { return Result(bytes: theirs, conflicts: []) }

    let fields = FieldMerge(id: id, base: baseAlbum, ours: ourAlbum, theirs: theirAlbum, prefer: prefer)
    let ourLines = AlbumLines(ours)
    let theirLines = AlbumLines(theirs)
    let baseLines = base.map(AlbumLines.init) ?? AlbumLines(lines: commonLines(ourLines.lines, theirLines.lines))
    let notes = prefer["notes"] ?? prefer["*"]
    let text = AlbumTextMerge(
      base: baseLines, ours: ourLines, theirs: theirLines, prefer: notes, preferTracks: prefer["tracks"] ?? prefer["*"])
    var conflicts = fields.conflicts
    // A track removed against a change the field merge saw is its conflict already.
    let tracksConflicted = conflicts.contains { $0.field == "tracks" }
    for conflict in text.conflicts where conflict.field != "tracks" || !tracksConflicted {
      let removed = conflict.field == "tracks" ? "(removed)" : nil
      conflicts.append(
        FieldConflict(
          album: id, field: conflict.field, ours: describe(conflict.ours) ?? removed, theirs: describe(conflict.theirs) ?? removed))
    }

    var bytes = text.bytes
    let merged: Album?
    if let settled = settle(bytes, to: fields.result, id: id) {
      (bytes, merged) = settled
    } else {
      // The lines do not make an album rk can read or rewrite: our file
      // with the merged fields, and the proof names whatever that loses.
      bytes = (try? AlbumFile.rewrite(ours, to: fields.result)) ?? ours
      merged = try? AlbumFile.parse(bytes, id: id).album
    }
    bytes = tidied(bytes, lineEndingsOf: base ?? ours, id: id)

    // Fields a conflict or a preference decides may lose a side's value lines.
    let settledFields = Set(conflicts.map(\.field)).union(prefer.keys)
    let proof = MergeProof(
      required: text.required, ours: ourLines, theirs: theirLines, result: bytes, named: text.conflicts.flatMap { $0.ours + $0.theirs },
      base: fields.base, ourAlbum: ourAlbum, theirAlbum: theirAlbum, merged: merged, settled: prefer["*"] != nil ? nil : settledFields)
    if !proof.isComplete, notes == nil {
      conflicts.append(FieldConflict(album: id, field: "notes", ours: describe(proof.missingOurs), theirs: describe(proof.missingTheirs)))
    }
    return Result(bytes: bytes, conflicts: conflicts)
  }

  /// Step 3: `bytes` with every field that differs from `album` (the field
  /// merge) rewritten in place; `nil` when the bytes cannot be read or
  /// rewritten.
  static func settle(_ bytes: [UInt8], to album: Album, id: String) -> (bytes: [UInt8], album: Album)? {
    guard let parsed = try? AlbumFile.parse(bytes, id: id).album else { return nil }
    var target = parsed
    for key in textKeys where key.get(album) != key.get(parsed) { key.set(&target, key.get(album)) }
    if album.tags != parsed.tags { target.tags = album.tags }
    if album.extra.map(\.key) != parsed.extra.map(\.key) || album.extra.map(\.value) != parsed.extra.map(\.value) {
      // Keys the lines already hold as merged stay as they are written.
      let written = Dictionary(parsed.extra.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
      target.extra = album.extra.map { field in written[field.key].flatMap { $0.value == field.value ? $0 : nil } ?? field }
    }
    if album.trackList.map(\.text) != parsed.trackList.map(\.text) {
      // Sides follow the headings the lines hold (a heading renamed on one
      // side is renamed for every track under it).
      let headings = parsed.body.sideHeadings
      target.trackList = album.trackList.map { track in
        var track = track
        if let side = track.side {
          track.sideIndex = (headings.firstIndex(of: side) ?? headings.count) + 1
        } else {
          track.sideIndex = 0
        }
        return track
      }
    }
    guard target != parsed else { return (bytes, parsed) }
    guard let rewritten = try? AlbumFile.rewrite(bytes, to: target), let written = try? AlbumFile.parse(rewritten, id: id).album else {
      return nil
    }
    return (rewritten, written)
  }

  /// The lines two versions with no ancestor have in common, in order:
  /// their stand-in ancestor.
  static func commonLines(_ ours: [ArraySlice<UInt8>], _ theirs: [ArraySlice<UInt8>]) -> [ArraySlice<UInt8>] {
    zip(ours, LineMerge.matches(ours, theirs)).compactMap { $1 == nil ? nil : $0 }
  }

  /// Lines as a conflict shows them, without the last line break.
  static func describe(_ lines: [ArraySlice<UInt8>]) -> String? {
    guard !lines.isEmpty else { return nil }
    return string(LineMerge.content(lines.reduce(into: []) { $0 += $1 }[...]))
  }

  private static func read(_ bytes: [UInt8], id: String, side: String) throws(AlbumMergeError) -> (
    parsed: AlbumFile.Parsed, layout: AlbumFile.Layout
  ) {
    do throws(AlbumFileError) {
      return try AlbumFile.read(bytes, id: id, covers: CoverFiles())
    } catch {
      throw .unreadable(id: id, side: side, error)
    }
  }

  /// The front-matter keys that hold one text value, with how to reach them.
  static var textKeys: [(key: String, get: (Album) -> String?, set: (inout Album, String?) -> Void)] {
    [
      (Field.title.rawValue, { $0.title.isEmpty ? nil : $0.title }, { $0.title = $1 ?? "" }),
      (Field.artist.rawValue, { $0.artist.isEmpty ? nil : $0.artist }, { $0.artist = $1 ?? "" }),
      (Field.sortArtist.rawValue, { $0.sortArtist }, { $0.sortArtist = $1 }),
      // Dates compare by what they mean: `1997-5-3` is `1997-05-03`.
      (Field.released.rawValue, { album in album.released.map { album.releaseDate?.text ?? $0 } }, { $0.released = $1 }),
      (Field.wikipedia.rawValue, { $0.wikipedia }, { $0.wikipedia = $1 }),
    ] + CollectorField.allCases.map { field in (field.key, { $0[keyPath: field.keyPath] }, { $0[keyPath: field.keyPath] = $1 }) }
  }
}

/// Why `album.md` versions could not be merged by field.
public enum AlbumMergeError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A version (`base`, `ours` or `theirs`) of the album cannot be read.
  case unreadable(id: String, side: String, AlbumFileError)
  /// The merged album could not be written over ours without disturbing it.
  case unwritable(id: String, AlbumFileError)

  public var description: String {
    switch self {
    case .unreadable(let id, let side, let error):
      "\(id)/album.md: \(side == "ours" ? "our" : side == "theirs" ? "their" : "the common") version cannot be read, so it cannot be merged by field (line \(error.line): \(error)); merge it by hand"
    case .unwritable(let id, let error):
      "\(id)/album.md: the merged album could not be written over ours (line \(error.line): \(error)); merge it by hand"
    }
  }
}
