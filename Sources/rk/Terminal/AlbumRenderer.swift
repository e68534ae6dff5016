import RecordKeeper

/// The album details view as text (seed §2.2.2): a header, then each field
/// under its heading, the track listing and the tags.
struct AlbumRenderer {
  let terminal: Terminal

  private var style: Style { Style(enabled: terminal.usesColor) }

  func render(_ album: Album) -> String {
    var output = banner("Album Details")
    let labelWidth = 14
    func row(_ label: String, _ value: String) {
      let padded = label + String(repeating: " ", count: max(1, labelWidth - DisplayWidth.of(label)))
      output += "  " + style.dim(padded) + value + "\n"
    }
    // Every text from the file goes through Visible: it is the collector's,
    // and may hold control characters.
    row("Id", Visible.text(album.id))
    row("Title", style.bold(Visible.text(album.title)))
    row("Artist", Visible.text(album.artist))
    if let sortArtist = album.sortArtist { row("Sort Artist", Visible.text(sortArtist)) }
    if let released = album.released { row("Released", Visible.text(album.releaseDate?.text ?? released)) }
    if let wikipedia = album.wikipedia { row("Wikipedia", style.link(Visible.text(wikipedia))) }
    for field in CollectorField.allCases {
      if let value = album[keyPath: field.keyPath] { row(field.title, Visible.text(value)) }
    }
    for field in album.extra {
      row(Visible.text(field.key), Visible.text(field.value.inline))
    }
    if !album.tags.isEmpty { row("Tags", album.tags.map { style.chip(Visible.text($0)) }.joined(separator: " ")) }
    if !album.tracks.isEmpty {
      output += "\n  " + style.dim("Tracks") + "\n"
      let digits = String(album.tracks.count).count
      for (index, track) in album.tracks.enumerated() {
        let number = String(index + 1)
        output += "  " + String(repeating: " ", count: digits - number.count + 2) + style.dim(number + ".") + " " + Visible.text(track) + "\n"
      }
    }
    let notes = Visible.lines(album.body.notes.trimmed)
    if !notes.isEmpty {
      // Markdown headings read as the details view's own headings.
      let lines = notes.split(separator: "\n", omittingEmptySubsequences: false).map { line in
        line.hasPrefix("#") ? style.dim(String(line.drop { $0 == "#" || $0 == " " })) : String(line)
      }
      output += "\n" + lines.map { $0.isEmpty ? "" : "  " + $0 }.joined(separator: "\n") + "\n"
    }
    return output
  }

  /// The cover thumbnail drawn with half blocks, two pixels a character, or
  /// the seed's gray gradient when the album has none.
  func cover(of album: Album, in location: CollectionLocation, size: Int = 24) throws -> String {
    let rows: [[Style.RGB]]
    if album.covers.thumbnail {
      do throws(CoverError) {
        rows = try CoverTool.pixels(file: location.path(album.id + "/" + CoverFiles.thumbnailName), width: size, height: size)
          .map { $0.map { Style.RGB(Int($0.r), Int($0.g), Int($0.b)) } }
      } catch {
        throw StoreError.cover(error)
      }
    } else {
      rows = (0..<size).map { y in (0..<size).map { x in Style.placeholder(x, y, size: size) } }
    }
    return stride(from: 0, to: rows.count - 1, by: 2).map { y in
      "  " + zip(rows[y], rows[y + 1]).map { "\u{1B}[\(Style.foreground($0));\(Style.background($1))m▀" }.joined() + "\u{1B}[0m"
    }.joined(separator: "\n") + "\n\n"
  }

  /// The seed's header: the banner colour across the width, text centred.
  private func banner(_ title: String) -> String {
    guard terminal.usesColor, let width = terminal.width else { return "" }
    let left = max(0, (width - DisplayWidth.of(title)) / 2)
    let line = String(repeating: " ", count: left) + title
    let padded = line + String(repeating: " ", count: max(0, width - DisplayWidth.of(line)))
    return style.apply(padded, Style.background(Style.banner) + ";" + Style.foreground(.init(255, 255, 255)) + ";1") + "\n\n"
  }
}
