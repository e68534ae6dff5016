import RecordKeeper

/// The main screen as text: group headings, then one three-line item per
/// album (seed §2.2.1.4): title; artist - year; the tags that fit.
struct ListRenderer {
  let terminal: Terminal
  /// Where the albums' cover thumbnails are; without it every album gets
  /// the placeholder.
  var location: CollectionLocation?

  private var style: Style { Style(enabled: terminal.usesColor) }
  /// Columns the cover placeholder and its gap take on a terminal.
  private let thumbnailColumns = 6
  private var textColumn: Int { terminal.usesColor ? thumbnailColumns + 2 : 0 }

  func render(_ albums: [Album], groups: [String?]) -> String {
    // Decoded only when they are drawn: never without colour.
    let thumbnails = terminal.usesColor ? location.map { ListThumbnails.load(albums, in: $0, side: thumbnailColumns) } ?? [:] : [:]
    var output = ""
    var current: String?? = .none
    for (album, group) in zip(albums, groups) {
      if let group, current != .some(group) {
        output += heading(Visible.text(group))
        current = .some(group)
      }
      output += item(album, thumbnail: thumbnails[album.id])
    }
    return output
  }

  private func heading(_ text: String) -> String {
    guard terminal.usesColor, let width = terminal.width else { return "== \(text) ==\n" }
    let label = "    " + text
    let padded = label + String(repeating: " ", count: max(0, width - DisplayWidth.of(label)))
    return style.apply(padded, Style.background(Style.heading) + ";30;1") + "\n"
  }

  private func item(_ album: Album, thumbnail: [[Style.RGB]]?) -> String {
    let available = terminal.width.map { max(10, $0 - textColumn) }
    var byline = Visible.text(album.artist)
    if let year = album.releaseDate?.year { byline += " - \(year)" }
    if album.isWanted { byline += " · wanted" }
    var lines = [Visible.text(album.title), byline, ""]
    if let available {
      lines[0] = DisplayWidth.truncate(lines[0], to: available)
      lines[1] = DisplayWidth.truncate(lines[1], to: available)
    }
    lines[0] = style.bold(lines[0])
    lines[1] = style.dim(lines[1])
    lines[2] = chips(album.tags.map(Visible.text), width: available)
    guard terminal.usesColor else {
      return lines.filter { !$0.isEmpty }.joined(separator: "\n") + "\n\n"
    }
    let cover = coverRows(thumbnail ?? placeholder())
    return zip(cover, lines).map { $0 + "  " + $1 }.joined(separator: "\n") + "\n\n"
  }

  /// As many tags, in entry order, as fit whole in `width` (seed §2.2.1.4).
  private func chips(_ tags: [String], width: Int?) -> String {
    var shown: [String] = []
    var used = 0
    for tag in tags {
      let needed = Style.chipWidth(tag) + (shown.isEmpty ? 0 : 1)
      if let width, used + needed > width { break }
      shown.append(style.chip(tag))
      used += needed
    }
    return shown.joined(separator: " ")
  }

  /// The seed's cover placeholder: a diagonal gradient from #8e8e8e at the
  /// bottom left to #e0e0e0 at the top right.
  private func placeholder() -> [[Style.RGB]] {
    let size = thumbnailColumns
    return (0..<size).map { y in (0..<size).map { x in Style.placeholder(x, y, size: size) } }
  }

  /// A square of pixels as three lines of upper half blocks, two pixels a
  /// character, so the pixels are square.
  private func coverRows(_ pixels: [[Style.RGB]]) -> [String] {
    stride(from: 0, to: pixels.count - 1, by: 2).map { y in
      zip(pixels[y], pixels[y + 1]).map { "\u{1B}[\(Style.foreground($0));\(Style.background($1))m▀" }.joined() + "\u{1B}[0m"
    }
  }
}
