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
    row("Id", album.id)
    row("Title", style.bold(album.title))
    row("Artist", album.artist)
    if let sortArtist = album.sortArtist { row("Sort Artist", sortArtist) }
    if let released = album.released { row("Released", album.releaseDate?.text ?? released) }
    if let wikipedia = album.wikipedia { row("Wikipedia", style.link(wikipedia)) }
    for field in album.extra {
      row(field.key, field.value.inline)
    }
    if !album.tags.isEmpty { row("Tags", album.tags.map(style.chip).joined(separator: " ")) }
    if !album.tracks.isEmpty {
      output += "\n  " + style.dim("Tracks") + "\n"
      let digits = String(album.tracks.count).count
      for (index, track) in album.tracks.enumerated() {
        let number = String(index + 1)
        output += "  " + String(repeating: " ", count: digits - number.count + 2) + style.dim(number + ".") + " " + track + "\n"
      }
    }
    let notes = album.body.notes.trimmed
    if !notes.isEmpty {
      output += "\n" + notes.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n") + "\n"
    }
    return output
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

extension JSONValue {
  /// A one-line rendering for the details view.
  var inline: String {
    switch self {
    case .null: ""
    case .bool(let value): String(value)
    case .number(let value): String(value)
    case .string(let value): value
    case .array(let values): values.map(\.inline).joined(separator: ", ")
    case .object(let pairs): pairs.map { "\($0.0): \($0.1.inline)" }.joined(separator: ", ")
    }
  }
}
