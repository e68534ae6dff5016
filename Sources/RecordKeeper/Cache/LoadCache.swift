import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What loading found in each folder and album, kept in `.git/rk-cache`
/// (never committed) so that a query reads only what changed, like git's
/// index: every entry is keyed by its file's ``FileStamp`` and used only when
/// the file's stamp is still the same and older than the cache itself.
///
/// The cache is never the truth: one that is missing, from another rk or
/// format, for another collection root, truncated or damaged in any byte
/// (a checksum covers it all) is ignored and written anew, without a word.
struct LoadCache: Sendable {
  /// What a folder's listing said.
  struct Folder: Sendable {
    var stamp: FileStamp
    /// The folders to walk below it.
    var subfolders: [String]
    /// Whether it holds an `album.md`, and whether that is a link.
    var hasAlbum: Bool
    var albumIsLink: Bool
    var covers: CoverFiles
    /// The links to folders in it (not walked), by name: loading says
    /// where each leads when that is out of the collection.
    var links: [String] = []
  }

  /// Folders and albums in the order they were written, which is the
  /// order loading walks them: each is looked for at the place the walk is
  /// at (its id compared), so that 100k ids need not be hashed twice.
  private var folders: [Folder] = []
  private var folderIDs = IDList()
  /// Decoded only when asked for: where each album's record starts in ``bytes``.
  private var albums: [(stamp: FileStamp, offset: Int, length: Int)] = []
  private var albumIDs = IDList()
  private var file: MappedFile?
  private var bytes: UnsafeRawBufferPointer { file?.bytes ?? UnsafeRawBufferPointer(start: nil, count: 0) }
  /// The cache file's own modification time: entries not older are racy.
  private(set) var writtenAt: Int64 = .max

  static let fileName = "rk-cache"
  /// Bumped whenever what is written changes, or what the parser makes of
  /// a file: LoadCacheFormatTests sums the records of a few albums and
  /// fails until the number moves with them.
  static let format: UInt32 = 4
  /// That sum under each format number since the test began, one line a number.
  static let formatDigests: KeyValuePairs<UInt32, String> = [3: "21fee52a6b714003", 4: "c398576b0c2a871d"]
  private static let magic = Array("RKCACHE\n".utf8)

  init() {}

  /// Where the cache of the collection at `root` lives: in the git folder
  /// of the repository holding it, or `nil` outside git.
  static func path(forCollectionAt root: String) -> String? {
    var folder = root
    while true {
      let dotGit = folder + "/.git"
      switch FileSystem.kind(of: dotGit) {
      case .directory?: return dotGit + "/" + fileName
      case .regularFile?:
        // A linked work tree or submodule: `.git` names the git folder.
        guard let text = try? FileSystem.read(dotGit, limit: 4096),
          let line = String(decoding: text, as: UTF8.self).split(separator: "\n").first, line.hasPrefix("gitdir: ")
        else { return nil }
        let target = String(line.dropFirst(8)).trimmed
        return (target.hasPrefix("/") ? target : folder + "/" + target) + "/" + fileName
      default: break
      }
      guard let slash = folder.lastIndex(of: "/"), folder != "/" else { return nil }
      folder = slash == folder.startIndex ? "/" : String(folder[..<slash])
      if folder == "/" { return nil }
    }
  }

  /// The cache at `path` for the collection at `root`; empty when there is
  /// none or it cannot be trusted.
  static func read(_ path: String, root: String) -> LoadCache {
    // Stamped before it is read: a cache replaced meanwhile only makes more entries racy.
    guard let stamp = FileStamp.of(path), let file = MappedFile(path) else { return LoadCache() }
    var cache = LoadCache()
    guard cache.decode(file, root: root) else { return LoadCache() }
    cache.writtenAt = stamp.modified
    return cache
  }

  /// The album of `id` recorded with `stamp`, when the cache has it and it
  /// can be trusted; `place` is where it is expected: its index among the album folders walked.
  func album(_ id: String, stamp: FileStamp, covers: CoverFiles, at place: Int) -> Album? {
    guard let found = albumEntry(id, stamp: stamp, at: place) else { return nil }
    var reader = CacheReader(bytes: bytes, offset: found.offset)
    return reader.album(id: id, covers: covers)
  }

  /// The folded text a query's terms are matched against (``SearchText``'s
  /// bytes) of the album of `id` recorded with `stamp`, read in place,
  /// when the cache has it and it can be trusted (see ``album(_:stamp:covers:at:)``).
  func searchText(_ id: String, stamp: FileStamp, at place: Int) -> UnsafeBufferPointer<UInt8>? {
    guard let found = albumEntry(id, stamp: stamp, at: place) else { return nil }
    var reader = CacheReader(bytes: bytes, offset: found.offset)
    return reader.rawBytes().map { UnsafeRawBufferPointer(rebasing: $0).assumingMemoryBound(to: UInt8.self) }
  }

  /// Whether the cache holds a trusted record of `id` with `stamp` (see ``album(_:stamp:covers:at:)``).
  func hasAlbum(_ id: String, stamp: FileStamp, at place: Int) -> Bool {
    albumEntry(id, stamp: stamp, at: place) != nil
  }

  /// The folder listing recorded for `id`, when its stamp is still `stamp`
  /// and can be trusted; `place` is its index among the folders walked.
  func folder(_ id: String, stamp: FileStamp, at place: Int) -> Folder? {
    guard let index = folderIDs.place(of: id, near: place), case let found = folders[index], found.stamp == stamp,
      !stamp.isRacy(cacheWrittenAt: writtenAt)
    else { return nil }
    return found
  }

  private func albumEntry(_ id: String, stamp: FileStamp, at place: Int) -> (stamp: FileStamp, offset: Int, length: Int)? {
    guard let index = albumIDs.place(of: id, near: place), case let found = albums[index], found.stamp == stamp,
      !stamp.isRacy(cacheWrittenAt: writtenAt)
    else { return nil }
    return found
  }

  /// Where each album of `ids` (in the order the walk found them; `nil`
  /// for one not cached) is expected: just after the one before it, so one
  /// added or removed moves the others along. Pass each to ``album(_:stamp:covers:at:)``.
  func albumPlaces(of ids: [String?]) -> [Int] {
    var places: [Int] = []
    places.reserveCapacity(ids.count)
    var next = 0
    for id in ids {
      guard let id, let place = albumIDs.place(of: id, near: next) else {
        places.append(-1)
        continue
      }
      places.append(place)
      next = place + 1
    }
    return places
  }

  /// Whether an entry was found away from its place: the cache is then
  /// written again, in the walk's order.
  var isOutOfOrder: Bool { folderIDs.isOutOfOrder || albumIDs.isOutOfOrder }

  var folderCount: Int { folders.count }
  var albumCount: Int { albums.count }

  /// One album's entry for ``write(_:root:folders:albums:)``: its id, its
  /// file's stamp and its record (``record(of:)``, or ``record(_:stamp:)`` kept from this cache).
  struct AlbumEntry {
    var id: String
    var stamp: FileStamp
    var record: ArraySlice<UInt8>
  }

  /// The bytes that stand for `album` in the cache.
  static func record(of album: Album) -> ArraySlice<UInt8> {
    var record = CacheWriter()
    record.album(album)
    return record.bytes[...]
  }

  /// The record of `id` recorded with `stamp`, when the cache has it and it
  /// can be trusted: written again as it is, without decoding it.
  func record(_ id: String, stamp: FileStamp, at place: Int) -> ArraySlice<UInt8>? {
    guard let found = albumEntry(id, stamp: stamp, at: place) else { return nil }
    return ArraySlice(bytes[found.offset..<(found.offset + found.length)])
  }

  /// Writes a cache of these folders and albums to `path`: to a temporary
  /// file first, renamed over the old one, so a reader (or a kill) never
  /// sees half of it. A file changed in the last two seconds is left out,
  /// so it is read again next time: a change made in the same clock tick as
  /// the read would not show in its stamp. Failing to write is not an error.
  static func write(_ path: String, root: String, folders: [(String, Folder)], albums: [AlbumEntry]) {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    let recent = (Int64(now.tv_sec) - 2) * 1_000_000_000 + Int64(now.tv_nsec)
    var writer = CacheWriter()
    writer.bytes += magic
    writer.integer(UInt64(format))
    writer.string(RecordKeeperVersion.current)
    writer.string(root)
    let steadyFolders = folders.filter { !$0.1.stamp.isRacy(cacheWrittenAt: recent) }
    writer.integer(UInt64(steadyFolders.count))
    for (id, folder) in steadyFolders {
      writer.string(id)
      writer.stamp(folder.stamp)
      writer.integer(UInt64(folder.subfolders.count))
      for name in folder.subfolders { writer.string(name) }
      writer.integer(
        (folder.hasAlbum ? 1 : 0) | (folder.albumIsLink ? 2 : 0) | (folder.covers.cover ? 4 : 0) | (folder.covers.thumbnail ? 8 : 0)
          | (folder.links.isEmpty ? 0 : 16))
      if !folder.links.isEmpty {
        writer.integer(UInt64(folder.links.count))
        for name in folder.links { writer.string(name) }
      }
    }
    let steadyAlbums = albums.filter { !$0.stamp.isRacy(cacheWrittenAt: recent) }
    writer.integer(UInt64(steadyAlbums.count))
    for album in steadyAlbums {
      writer.string(album.id)
      writer.stamp(album.stamp)
      writer.integer(UInt64(album.record.count))
      writer.bytes += album.record
    }
    withUnsafeBytes(of: checksum(writer.bytes[...]).littleEndian) { writer.bytes += $0 }
    try? FileSystem.writeAtomically(writer.bytes, to: path)
    removeLeftovers(of: path)
  }

  /// Removes the temporary files of writes killed before their rename
  /// (`rk-cache.rk-PID-N.tmp`), once their process is gone.
  private static func removeLeftovers(of path: String) {
    guard let slash = path.lastIndex(of: "/") else { return }
    let folder = String(path[..<slash])
    let prefix = String(path[path.index(after: slash)...]) + ".rk-"
    for entry in (try? FileSystem.list(folder)) ?? [] where entry.name.hasPrefix(prefix) && entry.name.hasSuffix(".tmp") {
      let pid = entry.name.dropFirst(prefix.count).prefix { $0 != "-" }
      guard let pid = pid_t(pid), !FileSystem.processIsRunning(pid) else { continue }
      unlink(folder + "/" + entry.name)
    }
  }

  private mutating func decode(_ file: MappedFile, root: String) -> Bool {
    let bytes = file.bytes
    guard bytes.count > Self.magic.count + 8, bytes.starts(with: Self.magic) else { return false }
    let body = UnsafeRawBufferPointer(rebasing: bytes[..<(bytes.count - 8)])
    let stored = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: bytes.count - 8, as: UInt64.self))
    // Summed a slice at a time, each slice's pages given back once summed.
    var sum = Checksum()
    var start = 0
    while start < body.count {
      let end = min(start + MappedFile.slice, body.count)
      sum.add(UnsafeRawBufferPointer(rebasing: body[start..<end]))
      file.release(start..<end)
      start = end
    }
    guard stored == sum.value else { return false }
    var reader = CacheReader(bytes: bytes, offset: Self.magic.count)
    guard reader.integer() == UInt64(Self.format), reader.string() == RecordKeeperVersion.current, reader.string() == root,
      let folderCount = reader.count()
    else { return false }
    folders.reserveCapacity(folderCount)
    var folderIDs = IDList.Builder(count: folderCount)
    for _ in 0..<folderCount {
      guard let id = reader.rawBytes(), let stamp = reader.stamp(), let subfolderCount = reader.count() else { return false }
      var subfolders: [String] = []
      for _ in 0..<subfolderCount {
        guard let name = reader.string() else { return false }
        subfolders.append(name)
      }
      guard let flags = reader.integer() else { return false }
      var links: [String] = []
      if flags & 16 != 0 {
        guard let linkCount = reader.count() else { return false }
        for _ in 0..<linkCount {
          guard let name = reader.string() else { return false }
          links.append(name)
        }
      }
      folderIDs.append(id)
      folders.append(
        Folder(
          stamp: stamp, subfolders: subfolders, hasAlbum: flags & 1 != 0, albumIsLink: flags & 2 != 0,
          covers: CoverFiles(cover: flags & 4 != 0, thumbnail: flags & 8 != 0), links: links))
    }
    self.folderIDs = folderIDs.list
    guard let albumCount = reader.count() else { return false }
    albums.reserveCapacity(albumCount)
    var albumIDs = IDList.Builder(count: albumCount)
    var released = 0
    for _ in 0..<albumCount {
      // Each record is length-prefixed, so it is decoded only when its album is asked for.
      guard let id = reader.rawBytes(), let stamp = reader.stamp(), let length = reader.count() else { return false }
      albumIDs.append(id)
      albums.append((stamp, reader.offset, length))
      reader.offset += length
      // What was read is given back: an album's record is mapped again only when it is decoded.
      if reader.offset - released >= MappedFile.slice {
        file.release(released..<reader.offset)
        released = reader.offset
      }
    }
    guard reader.offset == body.count else { return false }
    file.release(released..<reader.offset)
    self.albumIDs = albumIDs.list
    self.file = file
    return true
  }

  /// A 64-bit checksum of every byte (FNV-1a over 8-byte words, four
  /// lanes at a time so the multiplications overlap): any damage or truncation shows.
  static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt64 {
    bytes.withUnsafeBytes { checksum($0) }
  }

  static func checksum(_ raw: UnsafeRawBufferPointer) -> UInt64 {
    var sum = Checksum()
    sum.add(raw)
    return sum.value
  }

  /// ``checksum(_:)`` taken a part at a time; every part but the last has a multiple of 32 bytes.
  private struct Checksum {
    private static let prime: UInt64 = 0x100_0000_01b3
    private var lanes: (UInt64, UInt64, UInt64, UInt64) = (
      0xcbf2_9ce4_8422_2325, 0x8422_2325_cbf2_9ce4, 0x9ce4_cbf2_2325_8422, 0x2325_8422_9ce4_cbf2
    )
    private var count = 0

    private static func mix(_ hash: UInt64, _ word: UInt64) -> UInt64 {
      let mixed = (hash ^ word) &* prime
      return mixed ^ (mixed >> 29)
    }

    mutating func add(_ raw: UnsafeRawBufferPointer) {
      var index = 0
      while index + 32 <= raw.count {
        lanes.0 = Self.mix(lanes.0, raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
        lanes.1 = Self.mix(lanes.1, raw.loadUnaligned(fromByteOffset: index + 8, as: UInt64.self))
        lanes.2 = Self.mix(lanes.2, raw.loadUnaligned(fromByteOffset: index + 16, as: UInt64.self))
        lanes.3 = Self.mix(lanes.3, raw.loadUnaligned(fromByteOffset: index + 24, as: UInt64.self))
        index += 32
      }
      while index < raw.count {
        lanes.0 = Self.mix(lanes.0, UInt64(raw[index]))
        index += 1
      }
      count += raw.count
    }

    var value: UInt64 { Self.mix(Self.mix(Self.mix(lanes.0, lanes.1), lanes.2), lanes.3) ^ UInt64(count) }
  }
}

/// The ids of a cache's folders or albums, one after another in one buffer
/// (no string each): an id is found at the place the walk expects it, or,
/// when it is not there (something was added or removed, or left out as
/// racy), through an index built the first time that happens.
private final class IDList: Sendable {
  private let bytes: [UInt8]
  /// Where each id ends in ``bytes``.
  private let ends: [Int]
  private let index = Mutex<[String: Int]?>(nil)
  private let outOfOrder = Atomic<Bool>(false)
  var isOutOfOrder: Bool { outOfOrder.load(ordering: .relaxed) }

  init(bytes: [UInt8] = [], ends: [Int] = []) {
    self.bytes = bytes
    self.ends = ends
  }

  struct Builder {
    var bytes: [UInt8] = []
    var ends: [Int] = []

    init(count: Int) { ends.reserveCapacity(count) }

    mutating func append(_ id: Slice<UnsafeRawBufferPointer>) {
      bytes += id
      ends.append(bytes.count)
    }

    var list: IDList { IDList(bytes: bytes, ends: ends) }
  }

  /// The index of `id`: `expected` when it is there.
  func place(of id: String, near expected: Int) -> Int? {
    if expected >= 0, expected < ends.count, has(id, at: expected) { return expected }
    let found = index.withLock { index in
      if index == nil {
        var built: [String: Int] = [:]
        built.reserveCapacity(ends.count)
        for place in ends.indices { built[String(decoding: bytes[range(of: place)], as: UTF8.self)] = place }
        index = built
      }
      return index?[id]
    }
    if found != nil, expected >= 0 { outOfOrder.store(true, ordering: .relaxed) }
    return found
  }

  private func range(of place: Int) -> Range<Int> {
    (place == 0 ? 0 : ends[place - 1])..<ends[place]
  }

  private func has(_ id: String, at place: Int) -> Bool {
    let range = range(of: place)
    var id = id
    return id.withUTF8 { utf8 in
      guard utf8.count == range.count else { return false }
      guard let base = utf8.baseAddress, range.count > 0 else { return true }
      return bytes.withUnsafeBufferPointer { all in
        all.baseAddress.map { memcmp(base, $0 + range.lowerBound, range.count) == 0 } ?? false
      }
    }
  }
}

/// Appends the cache's values: integers as variable-length numbers; text as
/// its length then its UTF-8 bytes.
private struct CacheWriter {
  var bytes: [UInt8] = []

  /// 7 bits a byte, low first; the high bit says another byte follows.
  mutating func integer(_ value: UInt64) {
    var rest = value
    while rest >= 0x80 {
      bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
      rest >>= 7
    }
    bytes.append(UInt8(rest))
  }

  mutating func string(_ value: String) {
    var value = value
    value.withUTF8 { utf8 in
      integer(UInt64(utf8.count))
      bytes += utf8
    }
  }

  /// 0 for none, else the length plus one, then the bytes.
  mutating func optional(_ value: String?) {
    guard var value else { return integer(0) }
    value.withUTF8 { utf8 in
      integer(UInt64(utf8.count) + 1)
      bytes += utf8
    }
  }

  mutating func stamp(_ stamp: FileStamp) {
    integer(UInt64(bitPattern: stamp.size))
    integer(UInt64(bitPattern: stamp.modified))
    integer(UInt64(bitPattern: stamp.changed))
    integer(stamp.inode)
    integer(UInt64(stamp.mode))
  }

  mutating func album(_ album: Album) {
    // First, so a query's terms are matched without decoding the rest.
    let text = SearchText(album).bytes
    integer(UInt64(text.count))
    bytes += text
    string(album.title)
    string(album.artist)
    optional(album.sortArtist)
    optional(album.released)
    optional(album.wikipedia)
    integer(UInt64(album.tags.count))
    for tag in album.tags { string(tag) }
    let fields = CollectorField.allCases.compactMap { field in album[keyPath: field.keyPath].map { (field, $0) } }
    integer(UInt64(fields.count))
    for (field, value) in fields {
      string(field.key)
      string(value)
    }
    integer(UInt64(album.extra.count))
    for field in album.extra { string(field.yaml) }
    integer(UInt64(album.trackList.count))
    for track in album.trackList {
      string(track.name)
      integer(track.duration.map { UInt64(max(0, $0)) + 1 } ?? 0)
      optional(track.side)
      // The favourite star rides in the low bit of the side's index.
      integer(UInt64(track.sideIndex) << 1 | (track.favourite ? 1 : 0))
    }
    integer(UInt64(album.body.source.count))
    bytes += album.body.source
  }
}

/// Reads what ``CacheWriter`` wrote; every read is bounds-checked and gives
/// `nil` past the end.
private struct CacheReader {
  let bytes: UnsafeRawBufferPointer
  var offset: Int

  mutating func integer() -> UInt64? {
    var value: UInt64 = 0
    var shift: UInt64 = 0
    while offset < bytes.count, shift < 64 {
      let byte = bytes[offset]
      offset += 1
      value |= UInt64(byte & 0x7F) << shift
      if byte < 0x80 { return value }
      shift += 7
    }
    return nil
  }

  /// A count or length, refused when it could not fit in what is left.
  mutating func count() -> Int? {
    guard let value = integer(), value <= UInt64(bytes.count - offset) else { return nil }
    return Int(value)
  }

  mutating func rawBytes() -> Slice<UnsafeRawBufferPointer>? {
    guard let length = count() else { return nil }
    defer { offset += length }
    return bytes[offset..<(offset + length)]
  }

  mutating func string() -> String? {
    rawBytes().map { String(decoding: $0, as: UTF8.self) }
  }

  mutating func optional() -> String?? {
    guard let marker = integer(), marker <= UInt64(bytes.count - offset) + 1 else { return nil }
    guard marker > 0 else { return .some(nil) }
    let length = Int(marker - 1)
    defer { offset += length }
    return .some(String(decoding: bytes[offset..<(offset + length)], as: UTF8.self))
  }

  mutating func stamp() -> FileStamp? {
    guard let size = integer(), let modified = integer(), let changed = integer(), let inode = integer(), let mode = integer()
    else { return nil }
    return FileStamp(
      size: Int64(bitPattern: size), modified: Int64(bitPattern: modified), changed: Int64(bitPattern: changed), inode: inode,
      mode: UInt32(truncatingIfNeeded: mode))
  }

  mutating func album(id: String, covers: CoverFiles) -> Album? {
    guard rawBytes() != nil, let title = string(), let artist = string(), let sortArtist = optional(), let released = optional(),
      let wikipedia = optional(), let tagCount = count()
    else { return nil }
    var album = Album(
      id: id, title: title, artist: artist, sortArtist: sortArtist, released: released, wikipedia: wikipedia, covers: covers)
    for _ in 0..<tagCount {
      guard let tag = string() else { return nil }
      album.tags.append(tag)
    }
    guard let fieldCount = count() else { return nil }
    for _ in 0..<fieldCount {
      guard let key = string(), let value = string(), let field = CollectorField(rawValue: key) else { return nil }
      album[keyPath: field.keyPath] = value
    }
    guard let extraCount = count() else { return nil }
    for _ in 0..<extraCount {
      guard let yaml = rawBytes() else { return nil }
      // Rare: the value is read again from the YAML the file had.
      guard let entry = try? FrontMatter.parse(ArraySlice(yaml), firstLine: 1).entries.first else { return nil }
      album.extra.append(ExtraField(key: entry.key, yaml: String(decoding: yaml, as: UTF8.self), value: entry.value.json))
    }
    guard let trackCount = count() else { return nil }
    var tracks: [Album.Track] = []
    tracks.reserveCapacity(trackCount)
    for _ in 0..<trackCount {
      guard let name = string(), let duration = integer(), let side = optional(), let sideIndex = integer() else { return nil }
      tracks.append(
        Album.Track(
          name: name, duration: duration == 0 ? nil : Int(truncatingIfNeeded: duration - 1), side: side,
          sideIndex: Int(truncatingIfNeeded: sideIndex >> 1), favourite: sideIndex & 1 == 1))
    }
    guard let source = rawBytes() else { return nil }
    album.trackList = tracks
    album.body = AlbumBody(unparsed: Array(source))
    return album
  }
}

/// The cache file mapped into memory read-only: albums are decoded from it
/// in place, and no copy of it is made.
///
/// `@unchecked Sendable`: the pages are mapped read-only and never written,
/// and unmapped only when the last reference is gone. rk replaces the file
/// by a rename, never in place, so the mapped file does not shrink under it.
private final class MappedFile: @unchecked Sendable {
  let bytes: UnsafeRawBufferPointer

  init?(_ path: String) {
    // Non-blocking, so that a FIFO in its place is not waited on; its size of 0 refuses it.
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0, info.st_size > 0, let size = Int(exactly: info.st_size) else { return nil }
    guard let base = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), base != UnsafeMutableRawPointer(bitPattern: -1) else {
      return nil
    }
    bytes = UnsafeRawBufferPointer(start: base, count: size)
  }

  /// Reading goes this many bytes at a time before giving pages back (a multiple of 32 and of the page size).
  static let slice = 1 << 20
  private static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

  /// Gives back the whole pages within `range`: they count as the process's
  /// memory no more, and are read again from the system's cache if touched.
  func release(_ range: Range<Int>) {
    guard let base = bytes.baseAddress else { return }
    let page = Self.pageSize
    let start = (range.lowerBound + page - 1) / page * page
    let end = range.upperBound / page * page
    guard end > start else { return }
    madvise(UnsafeMutableRawPointer(mutating: base + start), end - start, MADV_DONTNEED)
  }

  deinit {
    munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count)
  }
}
