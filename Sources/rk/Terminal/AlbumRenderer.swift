import RecordKeeper

/// The album details view as text (seed §2.2.2): a header, then each field
/// under its heading, the track listing and the tags.
struct AlbumRenderer {
  let terminal: Terminal

  private var style: Style { Style(enabled: terminal.usesColor) }

  func render(_ album: Album) -> String {
    var output = banner("Album Details")
    let labelWidth = 16  // "Catalog Number" and a gap
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
    if !album.trackList.isEmpty { output += "\n" + trackListing(album) }
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

  /// The track list by side (docs/commands.md, "Sides and durations"): each side's heading, then
  /// its tracks with their positions (`A1`, or `1.` without a `Side X`
  /// heading) and lengths in one column, then the total length when every
  /// track has one.
  func trackListing(_ album: Album) -> String {
    let tracks = album.trackList
    // `1.` as the list is written; `A1` as on the record's label.
    let positions = tracks.map { $0.position.first?.isNumber == true ? $0.position + "." : $0.position + " " }
    let positionWidth = positions.map(\.count).max() ?? 0
    // A favourite's star follows its name, as in album.md (docs/album-format.md, "Favourite tracks").
    let names = tracks.map { Visible.text($0.name) + ($0.favourite ? FavouriteStar.suffix : "") }
    let nameWidth = names.map(DisplayWidth.of).max() ?? 0
    let lengths = tracks.map { $0.duration.map(TrackDuration.text) ?? "" }
    let lengthWidth = lengths.map(\.count).max() ?? 0
    var output = "  " + style.dim("Tracks") + "\n"
    var side: Int?
    for (index, track) in tracks.enumerated() {
      if track.sideIndex != side, let heading = track.side {
        output += (side == nil ? "" : "\n") + "  " + style.bold(Visible.text(heading)) + "\n"
      }
      side = track.sideIndex
      var line =
        "    " + String(repeating: " ", count: positionWidth - positions[index].count) + style.dim(positions[index].trimmed)
        + (positions[index].hasSuffix(" ") ? "  " : " ") + names[index]
      if lengthWidth > 0, !lengths[index].isEmpty {
        let gap = nameWidth - DisplayWidth.of(names[index]) + 2 + lengthWidth - lengths[index].count
        line += String(repeating: " ", count: gap) + lengths[index]
      }
      output += line + "\n"
    }
    if let total = album.duration {
      let label = "Total length"
      let lengthText = TrackDuration.text(total)
      let width = 4 + positionWidth + 1 + nameWidth + 2 + lengthWidth
      output +=
        "  " + style.dim(label) + String(repeating: " ", count: max(2, width - 2 - label.count - lengthText.count)) + lengthText + "\n"
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
