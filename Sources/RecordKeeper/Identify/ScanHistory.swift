#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The scan history (seed 001, docs/commands.md, "Identifying a sleeve from a photo"): one small JSON file per
/// scan in `.recordkeeper/scans/`, `ID.json`.
///
/// The history is this clone's own and is not committed: seed 001 keeps
/// scans on the device ("album scan data stays on device"), a scan changes
/// no album (the one commit per change of docs/commands.md, "Changes and
/// commits", is about the collection's albums), and committing every look at a record in a shop
/// would fill the shared history and `rk undo` with browsing. The folder
/// holds a `.gitignore` of `*`, which ignores every scan and itself, so no
/// committed file has to change and older collections are covered too.
public struct ScanHistory: Sendable {
  /// `ROOT/.recordkeeper/scans`.
  public let folder: String
  /// `.recordkeeper/scans`, as messages show it.
  let displayFolder: String

  public static let folderName = "scans"

  public init(location: CollectionLocation) {
    let relative = CollectionLocation.markerFolder + "/" + Self.folderName
    folder = location.path(relative)
    displayFolder = location.displayPath(relative)
  }

  /// Every scan, newest first; files that cannot be read are left out and
  /// named in `unreadable`, each with what to do.
  public func list() -> (scans: [Scan], unreadable: [String]) {
    guard let entries = try? FileSystem.list(folder) else { return ([], []) }
    var scans: [Scan] = []
    var unreadable: [String] = []
    for entry in entries where !entry.isDirectory && entry.name.hasSuffix(".json") {
      let id = String(entry.name.dropLast(5))
      guard Scan.isID(id) else { continue }
      do throws(IdentifyError) {
        scans.append(try read(id))
      } catch {
        unreadable.append(error.description)
      }
    }
    scans.sort { ($0.date, $0.id) > ($1.date, $1.id) }
    return (scans, unreadable)
  }

  /// The scan `id` names: a whole id, or the start of exactly one.
  public func resolve(_ id: String) throws(IdentifyError) -> String {
    let id = id.trimmed
    if Scan.isID(id), FileSystem.exists(path(id)) { return id }
    guard !id.isEmpty, id.allSatisfy({ $0.isASCII && ($0.isHexDigit || $0 == "-") }) else { throw .scanNotFound(id) }
    let names = ((try? FileSystem.list(folder)) ?? []).map(\.name).filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }
    let matches = names.filter { Scan.isID($0) && $0.hasPrefix(id.lowercased()) }.sorted()
    switch matches.count {
    case 1: return matches[0]
    case 0: throw .scanNotFound(id)
    default: throw .ambiguousScan(id, matches)
    }
  }

  /// The scan `id` (or a prefix of one, see ``resolve(_:)``).
  public func read(_ id: String) throws(IdentifyError) -> Scan {
    let id = try resolve(id)
    let bytes: [UInt8]
    do { bytes = try FileSystem.read(path(id), limit: 1 << 20) } catch { throw .history("cannot read scan \(id): \(error)") }
    return try Scan.decode(bytes, name: displayFolder + "/" + id + ".json")
  }

  /// Removes scan `id` (or the one scan a prefix names); returns the whole
  /// id of the scan removed.
  @discardableResult
  public func remove(_ id: String) throws(IdentifyError) -> String {
    let id = try resolve(id)
    guard unlink(path(id)) == 0 else {
      throw .history(FileSystemError(path: displayFolder + "/" + id + ".json", operation: "remove", code: errno).description)
    }
    return id
  }

  /// Stores `scan` (a new file, or its own file again).
  public func save(_ scan: Scan) throws(IdentifyError) {
    guard Scan.isID(scan.id) else { throw .history("\"\(scan.id)\" is not a scan id") }
    do throws(FileSystemError) {
      try FileSystem.makeFolders(folder)
      let ignore = folder + "/.gitignore"
      if !FileSystem.exists(ignore) {
        try FileSystem.writeAtomically(Array("# This clone's scan history (rk identify); git ignores it all.\n*\n".utf8), to: ignore)
      }
      try FileSystem.writeAtomically(scan.json.serializedBytes() + [0x0A], to: path(scan.id))
    } catch {
      throw .history("cannot save the scan: \(error)")
    }
  }

  /// The newest scan of the album `identification` names (see
  /// ``SleeveIdentification/key``), whose answer a new scan reuses.
  public func latest(of identification: SleeveIdentification) -> Scan? {
    let key = identification.key
    return list().scans.first { SleeveIdentification.key(artist: $0.answer.artistName, title: $0.answer.albumTitle) == key }
  }

  func path(_ id: String) -> String { folder + "/" + id + ".json" }
}
