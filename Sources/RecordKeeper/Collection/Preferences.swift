/// This clone's own settings (sort mode and shuffle), kept in
/// `.recordkeeper/local.yaml`, which git ignores so that sharing a collection
/// never overwrites another collector's choice.
public struct Preferences: Hashable, Sendable {
  public var sortMode: SortMode
  /// The shuffle drawn when `random` was last chosen.
  public var seed: UInt64

  public init(sortMode: SortMode = .default, seed: UInt64 = 0) {
    self.sortMode = sortMode
    self.seed = seed
  }

  public static let fileName = "local.yaml"

  static func path(in location: CollectionLocation) -> String {
    location.path(CollectionLocation.markerFolder + "/" + fileName)
  }

  /// The order albums are listed in.
  public var order: AlbumOrder { AlbumOrder(mode: sortMode, seed: seed) }

  /// The order for one listing in `mode` (`--sort`, `?sort=`), without
  /// changing the stored one: the stored order when the mode is the stored
  /// mode, else that mode; a random one is a fresh shuffle each time.
  public func order(overriddenBy mode: SortMode?) -> AlbumOrder {
    guard let mode, mode != sortMode else { return order }
    return AlbumOrder(mode: mode, seed: mode == .random ? .random(in: 0...UInt64.max) : seed)
  }

  /// Chooses `mode` for this clone (`rk sort MODE`). Choosing `random` draws
  /// a new shuffle, which then stays until `random` is chosen again.
  public mutating func choose(_ mode: SortMode) {
    sortMode = mode
    if mode == .random { seed = .random(in: 0...UInt64.max) }
  }

  /// Reads the preferences; a missing file means the defaults.
  public static func load(_ location: CollectionLocation) throws(PreferencesError) -> Preferences {
    let path = path(in: location)
    guard FileSystem.exists(path) else { return Preferences() }
    let bytes: [UInt8]
    do {
      bytes = try FileSystem.read(path)
    } catch {
      throw .file(error)
    }
    let display = location.displayPath(CollectionLocation.markerFolder + "/" + fileName)
    var preferences = Preferences()
    for (number, line) in String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let text = line.trimmed
      if text.isEmpty || text.hasPrefix("#") { continue }
      let parts = text.split(separator: ":", maxSplits: 1).map(\.trimmed)
      guard parts.count == 2 else { throw .malformed(path: display, line: number + 1) }
      switch parts[0] {
      case "sort":
        do throws(SortModeError) {
          preferences.sortMode = try SortMode(name: parts[1])
        } catch {
          throw .badValue(path: display, line: number + 1, message: error.description)
        }
      case "seed":
        guard let seed = UInt64(parts[1]) else {
          throw .badValue(path: display, line: number + 1, message: "the seed must be a whole number")
        }
        preferences.seed = seed
      default: continue
      }
    }
    return preferences
  }

  /// Stores the preferences, and makes sure git ignores them.
  public func save(to location: CollectionLocation) throws(PreferencesError) {
    let text = """
      # This clone's Record Keeper preferences; git ignores this file.
      sort: \(sortMode.rawValue)
      seed: \(seed)

      """
    do {
      try FileSystem.writeAtomically(Array(text.utf8), to: Self.path(in: location))
      try Self.ensureIgnored(in: location.path(CollectionLocation.markerFolder))
    } catch {
      throw .file(error)
    }
  }

  /// Makes sure `.gitignore` in the `.recordkeeper` folder names the
  /// preferences file, keeping whatever else it says.
  static func ensureIgnored(in folder: String) throws(FileSystemError) {
    let path = folder + "/.gitignore"
    var text = FileSystem.exists(path) ? String(decoding: try FileSystem.read(path), as: UTF8.self) : ""
    let names = text.split(separator: "\n").map(\.trimmed)
    guard !names.contains(fileName), !names.contains("/" + fileName) else { return }
    if !text.isEmpty && !text.hasSuffix("\n") { text += "\n" }
    try FileSystem.writeAtomically(Array((text + fileName + "\n").utf8), to: path)
  }
}

/// Why the preferences could not be read or stored.
public enum PreferencesError: Error, Equatable, Sendable, CustomStringConvertible {
  case file(FileSystemError)
  case malformed(path: String, line: Int)
  case badValue(path: String, line: Int, message: String)

  public var description: String {
    switch self {
    case .file(let error): error.description
    case .malformed(let path, let line): "\(path):\(line): expected `key: value`; fix the line or delete the file to start from the defaults"
    case .badValue(let path, let line, let message): "\(path):\(line): \(message)"
    }
  }
}
