/// Every play of a collection, read from `plays/*.md` at the collection root
/// (docs/album-format.md, "Plays files"): what `rk plays`, `rk stats`, the `plays` and
/// `last_played` fields, rules, sort modes and suggestions read.
///
/// Loading albums never reads plays: a command loads them only when it
/// needs them, so a collection with years of plays costs other queries nothing.
public struct PlayHistory: Sendable {
  /// Every play read, oldest first (in file and line order within a minute).
  public let plays: [Play]
  /// Lines that are list items but not plays (or files that cannot be
  /// read), as `rk check` lists them: `plays/2026.md:12: play: …`.
  public let problems: [AlbumIssue]
  private let counts: [String: Int]
  private let last: [String: PlayTime]

  /// The folder of plays files, relative to the collection root.
  public static let folder = "plays"

  /// The plays file of a year, relative to the collection root: `plays/2026.md`.
  public static func file(ofYear year: Int) -> String { folder + "/\(year).md" }

  /// Whether a path (an issue's id) is a plays file rather than an album.
  static func isPlaysFile(_ id: String) -> Bool {
    id.hasPrefix(folder + "/") && id.hasSuffix(".md") && !id.dropFirst(folder.count + 1).contains("/")
  }

  public init(plays: [Play], problems: [AlbumIssue] = []) {
    let ordered = plays.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
    self.plays = ordered
    self.problems = problems
    var counts: [String: Int] = [:]
    var last: [String: PlayTime] = [:]
    for play in ordered {
      counts[play.album, default: 0] += 1
      last[play.album] = play.time
    }
    self.counts = counts
    self.last = last
  }

  /// No plays at all.
  public static let empty = PlayHistory(plays: [])

  /// How many times the album with this id was played.
  public func count(of id: String) -> Int { counts[id] ?? 0 }

  /// When the album with this id was last played, or `nil` when never.
  public func lastPlayed(of id: String) -> PlayTime? { last[id] }

  /// The ids of every album played at least once.
  public var playedIDs: Dictionary<String, Int>.Keys { counts.keys }

  /// The plays on or after `since` (its first day, for a year or month),
  /// of the album `id` when given, oldest first.
  public func plays(since: ReleaseDate? = nil, of id: String?) -> [Play] {
    let from = since?.sortKey ?? 0
    return plays.filter { $0.time.date.sortKey >= from && (id == nil || $0.album == id) }
  }

  /// Reads every `plays/*.md` of the collection. A missing folder is no
  /// plays; a file that cannot be read, or a line that is no play, is a
  /// problem and never stops the rest from loading.
  public static func load(_ location: CollectionLocation) -> PlayHistory {
    let folder = location.path(Self.folder)
    guard let entries = try? FileSystem.list(folder) else { return .empty }
    let files = entries.filter { !$0.isDirectory && $0.name.hasSuffix(".md") && !$0.name.hasPrefix(".") }.map(\.name).sorted()
    let read = System.concurrentMap(files.count) { index -> ([Play], [AlbumIssue]) in
      let file = Self.folder + "/" + files[index]
      do throws(FileSystemError) {
        let bytes = try FileSystem.read(location.path(file), limit: 64 << 20)
        return parse(bytes, file: file)
      } catch {
        return ([], [AlbumIssue(id: file, line: 0, field: "play", message: "cannot \(error.operation) it: \(error.explanation)")])
      }
    }
    return PlayHistory(plays: read.flatMap { $0.0 }, problems: read.flatMap { $0.1 })
  }

  /// The plays and problems of one file's text; `file` names it in problems.
  public static func parse(_ bytes: [UInt8], file: String) -> ([Play], [AlbumIssue]) {
    var plays: [Play] = []
    let problems = read(bytes, file: file) { plays.append($1) }
    return (plays, problems)
  }

  /// Hands each play of one file's text to `each` with its line number;
  /// the problems, `file` naming it.
  static func read(_ bytes: [UInt8], file: String, _ each: (_ line: Int, Play) -> Void) -> [AlbumIssue] {
    var problems: [AlbumIssue] = []
    bytes.withUnsafeBufferPointer { buffer in
      var number = 0
      var start = 0
      while start <= buffer.count {
        let end = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) ?? buffer.count
        number += 1
        do throws(PlayLineError) {
          if let play = try Play.parse(UnsafeBufferPointer(rebasing: buffer[start..<end])) { each(number, play) }
        } catch {
          problems.append(AlbumIssue(id: file, line: number, field: "play", message: error.description))
        }
        start = end + 1
      }
    }
    return problems
  }
}
