import Foundation

/// This clone's own settings (sort mode and shuffle, the app's accent
/// colour), kept in `.recordkeeper/local.yaml`, which git ignores so that
/// sharing a collection never overwrites another collector's choice.
public struct Preferences: Hashable, Sendable {
  public var sortMode: SortMode
  /// The shuffle drawn when `random` was last chosen.
  public var seed: UInt64
  /// The colour of the app's banner, buttons and tags (docs/album-format.md, "The collection on disk").
  public var accent: AccentColour

  public init(sortMode: SortMode = .default, seed: UInt64 = 0, accent: AccentColour = .default) {
    self.sortMode = sortMode
    self.seed = seed
    self.accent = accent
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
      case "accent":
        do throws(PreferencesError) {
          preferences.accent = try AccentColour(name: parts[1])
        } catch {
          throw .badValue(path: display, line: number + 1, message: error.description)
        }
      default: continue
      }
    }
    return preferences
  }

  /// Stores the preferences, and makes sure git ignores them.
  public func save(to location: CollectionLocation) throws(PreferencesError) {
    // The accent only when chosen, so a clone that never chose one keeps its file as it was.
    let text = """
      # This clone's Record Keeper preferences; git ignores this file.
      sort: \(sortMode.rawValue)
      seed: \(seed)

      """ + (accent == .default ? "" : "accent: \(accent.name)\n")
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

/// One of the app's accent colours (docs/album-format.md, "The collection on disk"; seed 003's Appearance).
///
/// A fixed palette rather than any colour, so that the banner's white text
/// stays readable: each choice but the seed's own blue gives white text at
/// least 4.5:1 contrast (WCAG AA). Seed 000's #4798F6 with white text, which
/// the seed prescribes, reaches only 2.96:1.
public struct AccentColour: Hashable, Sendable {
  /// The name kept in `local.yaml` and sent by the API (`purple`).
  public let name: String
  /// The name shown in the app (`Purple`).
  public let label: String
  /// `#RRGGBB`.
  public let colour: String
  /// The colour of text drawn on the accent, `#RRGGBB`.
  public let text: String

  /// Seed 000's banner blue, the default.
  public static let `default` = AccentColour(name: "blue", label: "Blue", colour: "#4798F6", text: "#FFFFFF")

  /// The choices, in the order the app offers them; seed 003's purple second.
  public static let choices: [AccentColour] = [
    .default,
    AccentColour(name: "purple", label: "Purple", colour: "#7E57C2", text: "#FFFFFF"),
    AccentColour(name: "green", label: "Green", colour: "#2E7D32", text: "#FFFFFF"),
    AccentColour(name: "teal", label: "Teal", colour: "#00796B", text: "#FFFFFF"),
    AccentColour(name: "orange", label: "Orange", colour: "#B45309", text: "#FFFFFF"),
    AccentColour(name: "red", label: "Red", colour: "#C62828", text: "#FFFFFF"),
    AccentColour(name: "graphite", label: "Graphite", colour: "#455A64", text: "#FFFFFF"),
  ]

  private init(name: String, label: String, colour: String, text: String) {
    self.name = name
    self.label = label
    self.colour = colour
    self.text = text
  }

  /// The choice named `name` (`purple`, any case) or given by its colour
  /// (`#7E57C2`, quoted or not).
  public init(name: String) throws(PreferencesError) {
    let key = name.trimmingCharacters(in: CharacterSet(charactersIn: "\"' ")).lowercased()
    guard let found = Self.choices.first(where: { $0.name == key || $0.colour.lowercased() == key }) else {
      throw .unknownAccent(name)
    }
    self = found
  }

  /// The contrast ratio of `text` on `colour` (WCAG 2: 1 to 21).
  public var contrast: Double {
    let (a, b) = (Self.luminance(colour), Self.luminance(text))
    return (max(a, b) + 0.05) / (min(a, b) + 0.05)
  }

  private static func luminance(_ hex: String) -> Double {
    let value = UInt32(hex.dropFirst(), radix: 16) ?? 0
    let channels = [value >> 16, value >> 8, value].map { Double($0 & 0xFF) / 255 }
    let linear = channels.map { $0 <= 0.04045 ? $0 / 12.92 : pow(($0 + 0.055) / 1.055, 2.4) }
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
  }
}

/// Why the preferences could not be read or stored.
public enum PreferencesError: Error, Equatable, Sendable, CustomStringConvertible {
  case file(FileSystemError)
  case malformed(path: String, line: Int)
  case badValue(path: String, line: Int, message: String)
  /// No accent colour has this name.
  case unknownAccent(String)

  public var description: String {
    switch self {
    case .file(let error): error.description
    case .malformed(let path, let line):
      "\(path):\(line): expected `key: value`; fix the line or delete the file to start from the defaults"
    case .badValue(let path, let line, let message): "\(path):\(line): \(message)"
    case .unknownAccent(let name):
      "\"\(name)\" is not an accent colour: choose one of \(AccentColour.choices.map(\.name).joined(separator: ", "))"
    }
  }
}
