import RecordKeeper

/// `rk list --short`: one line per album, in columns (title, artist, year,
/// tags). On a terminal the columns fit its width, the widest shrinking
/// first and cut with "…"; elsewhere they are as wide as their text.
struct TableRenderer {
  let terminal: Terminal

  private var style: Style { Style(enabled: terminal.usesColor) }
  private static let gap = "  "
  /// The narrowest a shrinking column gets before the tags give way entirely.
  private static let narrowest = 8

  func render(_ albums: [Album]) -> String {
    let rows = albums.map { album in
      [
        Visible.text(album.title) + (album.isWanted ? " (wanted)" : ""), Visible.text(album.artist),
        album.releaseDate.map { String($0.year) } ?? "",
        album.tags.map(Visible.text).joined(separator: ", "),
      ]
    }
    var widths = (0..<4).map { column in rows.map { DisplayWidth.of($0[column]) }.max() ?? 0 }
    if let width = terminal.width { widths = Self.fit(widths, into: width) }
    return rows.map { row in
      let cells = (0..<4).compactMap { column -> String? in
        guard widths[column] > 0 else { return nil }
        let text = DisplayWidth.truncate(row[column], to: widths[column])
        // The last column is not padded, so lines carry no trailing spaces.
        let padded = column == 3 ? text : text + String(repeating: " ", count: widths[column] - DisplayWidth.of(text))
        switch column {
        case 0: return style.bold(padded)
        case 3: return style.dim(padded)
        default: return padded
        }
      }
      return cells.joined(separator: Self.gap).trimmingTrailingSpaces() + "\n"
    }.joined()
  }

  /// Column widths that fit `total` columns: the widest of title, artist and
  /// tags loses a column at a time, down to `narrowest`; then the tags go.
  static func fit(_ widths: [Int], into total: Int) -> [Int] {
    var widths = widths
    func used() -> Int { widths.reduce(0, +) + gap.count * (widths.filter { $0 > 0 }.count - 1) }
    while used() > total {
      let shrinkable = [0, 1, 3].filter { widths[$0] > narrowest }
      if let widest = shrinkable.max(by: { widths[$0] < widths[$1] }) {
        widths[widest] -= 1
      } else if widths[3] > 0 {
        widths[3] = 0
      } else {
        break
      }
    }
    return widths
  }
}

extension String {
  fileprivate func trimmingTrailingSpaces() -> String {
    var text = self
    while text.last == " " { text.removeLast() }
    return text
  }
}
