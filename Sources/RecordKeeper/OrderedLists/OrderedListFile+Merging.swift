/// What a merge of list files (``OrderedListMerge``) reads of each version.
extension OrderedListFile {
  /// One line of the file as a merge compares it.
  struct MergeLine {
    /// The line with its line break.
    var line: ArraySlice<UInt8>
    /// The line without its break and, on an entry's first line, without
    /// the entry's number: an insertion renumbers every entry after it.
    var key: ArraySlice<UInt8>
    /// The entry (index in ``items``) the line belongs to, or `nil`.
    var item: Int?
  }

  /// Every line, in order.
  var mergeLines: [MergeLine] {
    let lines = self.lines
    var result = lines.map { MergeLine(line: bytes[$0.start..<$0.end], key: bytes[$0.content], item: nil) }
    for (index, item) in items.enumerated() {
      for line in item.lines where line < result.count { result[line].item = index }
      let content = lines[item.lines.lowerBound].content
      result[item.lines.lowerBound].key =
        (bytes[content.lowerBound..<item.numberRange.lowerBound] + bytes[item.numberRange.upperBound..<content.upperBound])[...]
    }
    return result
  }

  /// Each entry's identity: its reference, and `#2` for the second entry
  /// of that reference and so on.
  var identities: [String] {
    var seen: [String: Int] = [:]
    return entries.map { entry in
      seen[entry.reference, default: 0] += 1
      return entry.reference + "\u{0}" + String(seen[entry.reference] ?? 1)
    }
  }
}

extension OrderedListFile {
  /// The `.gitattributes` line that sends every ordered list file to
  /// `rk merge-file`, so that `git pull` merges lists entry by entry as
  /// `rk sync` does.
  public static let attributesLine = "\(folder)/*\(fileExtension) merge=\(MergeDriver.name)"

  /// The list's name when `path` (relative to the work tree or to the
  /// collection) is an ordered list's file, else `nil`.
  static func name(atPath path: String) -> String? {
    let parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    let folderParts = folder.split(separator: "/").map(String.init)
    guard parts.count > folderParts.count, Array(parts.suffix(folderParts.count + 1).dropLast()) == folderParts,
      let file = parts.last, file.hasSuffix(fileExtension)
    else { return nil }
    let name = String(file.dropLast(fileExtension.count))
    return (try? SmartList.validate(name: name)) != nil ? name : nil
  }

  /// `bytes` (a list file) with every entry of an album in `moves` (old id
  /// → new id) naming its new id; `nil` when none did.
  static func moving(_ bytes: [UInt8], named name: String, _ moves: [String: String]) -> [UInt8]? {
    var list = OrderedListFile(name: name, bytes: bytes)
    guard list.conflictLine == nil else { return nil }
    var touched = false
    for (old, new) in moves.sorted(by: { $0.key < $1.key }) where list.renameAlbum(old, to: new) { touched = true }
    return touched ? list.bytes : nil
  }
}
