import CLibGit2

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Keeping `.git` small. libgit2 never packs by itself, and every commit in a
/// folder of 10,000 albums writes a new ~300 KB tree object, so `rk` packs
/// loose objects itself, as `git gc --auto` would: small incremental packs
/// (consecutive trees delta well against each other), folded into one pack
/// when they add up.
extension GitRepository {
  /// When to pack: loose objects over this share of the packed size …
  static let looseShare = 4
  /// … but never for less than this many bytes of loose objects …
  static let minimumLooseBytes = 1 << 20
  /// … and fold every pack into one when there are this many.
  static let maximumPacks = 8

  /// Packs loose objects when they take much room. New packs are written in
  /// full before anything is deleted, and only objects the new pack holds are
  /// deleted, so an interruption never loses an object.
  @discardableResult
  public func packIfNeeded() throws(GitError) -> Bool {
    let loose = looseObjects()
    let packs = packFiles()
    let packedBytes = packs.reduce(0) { $0 + $1.bytes }
    guard loose.bytes > max(Self.minimumLooseBytes, packedBytes / Self.looseShare) else { return false }
    let full = packs.count + 1 >= Self.maximumPacks
    let ids = full ? try allObjects() : loose.ids
    let written = try writePack(of: ids)
    for id in loose.ids where written.contains(id) {
      unlink(gitDirectory + "/objects/" + id.prefix(2) + "/" + id.dropFirst(2))
    }
    if full {
      for pack in packs where pack.name != written.name && !FileSystem.exists(pack.path + ".keep") {
        for suffix in [".pack", ".idx", ".rev"] { unlink(pack.path + suffix) }
      }
    }
    return true
  }

  private struct Loose {
    var ids: [String] = []
    var bytes = 0
  }

  private struct Pack {
    /// The path without `.pack`.
    var path: String
    var name: String
    var bytes: Int
  }

  private func looseObjects() -> Loose {
    var loose = Loose()
    let objects = gitDirectory + "/objects"
    for folder in (try? FileSystem.list(objects)) ?? [] where folder.isDirectory && folder.name.count == 2 {
      for file in (try? FileSystem.list(objects + "/" + folder.name)) ?? [] where file.name.count == 38 {
        var info = stat()
        if stat(objects + "/" + folder.name + "/" + file.name, &info) == 0 { loose.bytes += Int(info.st_blocks) * 512 }
        loose.ids.append(folder.name + file.name)
      }
    }
    return loose
  }

  private func packFiles() -> [Pack] {
    let folder = gitDirectory + "/objects/pack"
    return ((try? FileSystem.list(folder)) ?? []).compactMap { entry in
      guard entry.name.hasSuffix(".pack") else { return nil }
      let path = folder + "/" + entry.name.dropLast(5)
      var info = stat()
      guard stat(path + ".pack", &info) == 0 else { return nil }
      return Pack(path: path, name: String(entry.name.dropLast(5)), bytes: Int(info.st_blocks) * 512)
    }
  }

  /// Every object the repository has, loose or packed.
  private func allObjects() throws(GitError) -> [String] {
    let odb = try GitHandle.make("git_repository_odb", free: git_odb_free) { git_repository_odb($0, pointer) }
    final class Collector { var ids: [String] = [] }
    let collector = Collector()
    let result = withExtendedLifetime(collector) {
      git_odb_foreach(odb.pointer, { id, payload in
        guard let id, let payload else { return 0 }
        Unmanaged<Collector>.fromOpaque(payload).takeUnretainedValue().ids.append(id.pointee.hex)
        return 0
      }, Unmanaged.passUnretained(collector).toOpaque())
    }
    try LibGit2.check(result, "git_odb_foreach")
    return Array(Set(collector.ids))
  }

  /// The objects of a pack just written, and its name.
  private struct WrittenPack {
    var name: String
    var ids: Set<String>
    func contains(_ id: String) -> Bool { ids.contains(id) }
  }

  private func writePack(of ids: [String]) throws(GitError) -> WrittenPack {
    let builder = try GitHandle.make("git_packbuilder_new", free: git_packbuilder_free) { git_packbuilder_new($0, pointer) }
    for id in ids {
      var oid = git_oid()
      guard git_oid_fromstr(&oid, id) == 0 else { continue }
      try LibGit2.check(git_packbuilder_insert(builder.pointer, &oid, nil), "git_packbuilder_insert")
    }
    try LibGit2.check(git_packbuilder_write(builder.pointer, nil, 0, nil, nil), "git_packbuilder_write")
    guard let name = git_packbuilder_name(builder.pointer).map({ "pack-" + String(cString: $0) }) else {
      throw .libgit2(function: "git_packbuilder_name", code: -1, message: "the new pack has no name")
    }
    let index = gitDirectory + "/objects/pack/" + name + ".idx"
    return WrittenPack(name: name, ids: try Self.objectIDs(inPackIndex: index))
  }

  /// The object ids listed in a version 2 pack index: a header, a 256-entry
  /// fan-out table whose last entry is the object count, then the sorted ids.
  static func objectIDs(inPackIndex path: String) throws(GitError) -> Set<String> {
    guard let bytes = try? FileSystem.read(path), bytes.count >= 8 + 256 * 4,
      bytes.starts(with: [0xFF, 0x74, 0x4F, 0x63, 0, 0, 0, 2])
    else { throw .libgit2(function: "pack index", code: -1, message: "\(path) is not a version 2 pack index") }
    let countOffset = 8 + 255 * 4
    let count = bytes[countOffset..<(countOffset + 4)].reduce(0) { $0 << 8 | Int($1) }
    let start = 8 + 256 * 4
    guard bytes.count >= start + count * 20 else {
      throw .libgit2(function: "pack index", code: -1, message: "\(path) is cut short")
    }
    let hex = Array("0123456789abcdef".utf8)
    var ids = Set<String>(minimumCapacity: count)
    for index in 0..<count {
      var text = [UInt8](repeating: 0, count: 40)
      for offset in 0..<20 {
        let byte = bytes[start + index * 20 + offset]
        text[offset * 2] = hex[Int(byte >> 4)]
        text[offset * 2 + 1] = hex[Int(byte & 0x0F)]
      }
      ids.insert(String(decoding: text, as: UTF8.self))
    }
    return ids
  }
}
