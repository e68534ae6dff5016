extension MusicBrainzRelease {
  /// Whether `text` is a MusicBrainz id (a UUID), the form `rk` checks
  /// before it puts one in an address or a file name.
  public static func isID(_ text: String) -> Bool {
    CollectorField.musicbrainz.problem(with: text) == nil
  }

  /// The artist as MusicBrainz credits it: each name with its join phrase
  /// (`Miles Davis & John Coltrane`).
  public var artistText: String {
    (artistCredit ?? []).map { $0.name + ($0.joinphrase ?? "") }.joined().trimmed
  }

  /// The sort name of a release credited to one artist (`Davis, Miles`);
  /// `nil` for several artists, whose names sort as credited.
  public var sortArtist: String? {
    guard let credits = artistCredit, credits.count == 1, let name = credits[0].artist?.sortName?.trimmed, !name.isEmpty else { return nil }
    return name
  }

  /// The first label that is a real label (MusicBrainz writes `[no label]`
  /// for self-released records).
  public var labelName: String? {
    (labelInfo ?? []).lazy.compactMap { $0.label?.name?.trimmed }.first { !$0.isEmpty && $0 != "[no label]" }
  }

  /// The first catalog number given (`[none]` means none was printed).
  public var catalogNumber: String? {
    (labelInfo ?? []).lazy.compactMap { $0.catalogNumber?.trimmed }.first { !$0.isEmpty && $0.lowercased() != "[none]" }
  }

  /// The release's media as a collector writes the format: `LP`, `2×LP`,
  /// `7"`, `CD`, `2×CD`, `LP + 7"`; `nil` when MusicBrainz gives none.
  public var formatText: String? {
    var counts: [(name: String, count: Int)] = []
    for medium in media ?? [] {
      guard let format = medium.format?.trimmed, !format.isEmpty else { continue }
      let name = Self.collectorFormat(format)
      if let index = counts.firstIndex(where: { $0.name == name }) { counts[index].count += 1 } else { counts.append((name, 1)) }
    }
    guard !counts.isEmpty else { return nil }
    return counts.map { $0.count == 1 ? $0.name : "\($0.count)×\($0.name)" }.joined(separator: " + ")
  }

  /// A MusicBrainz medium format as collectors write it: a 12" or unsized
  /// vinyl record is an `LP`, other sizes keep their size (`7"`).
  static func collectorFormat(_ format: String) -> String {
    switch format {
    case "Vinyl", "12\" Vinyl": "LP"
    case "7\" Vinyl": "7\""
    case "10\" Vinyl": "10\""
    default: format
    }
  }

  /// The date if it follows `released`'s rules, else `nil`.
  var releaseDate: String? {
    guard let date = date?.trimmed, !date.isEmpty, let parsed = try? ReleaseDate(parsing: date) else { return nil }
    return parsed.text
  }

  /// The barcode if it is one (8–14 digits), else `nil`.
  var barcodeText: String? {
    guard let barcode = barcode?.trimmed, !barcode.isEmpty, CollectorField.barcode.problem(with: barcode) == nil else { return nil }
    return barcode
  }

  /// The release as a new album (docs/commands.md, "MusicBrainz and the Cover Art Archive"): title, artist, sort artist,
  /// released, label, catalog number, barcode, country, format, the
  /// MusicBrainz id, and the track list with sides and lengths.
  ///
  /// Sides: a track numbered `A1`, `B2` (or `A`, `AA` on a single) goes
  /// under `### Side A`, `### Side AA`, so the sides of several records
  /// (`C1`, `D1` on the second) are as MusicBrainz numbers them. Tracks
  /// numbered `1`, `2` on a release of several media go under `### Disc 1`,
  /// `### Disc 2` …; on a single medium they get no heading. Values that
  /// break a rule of the collector's fields (a barcode that is not 8–14 digits, a date that is
  /// not a date) are left out rather than refused; a track whose name is
  /// blank is left out.
  public func album() -> Album {
    var album = Album(id: "", title: title.trimmed, artist: artistText, sortArtist: sortArtist, released: releaseDate)
    album.label = labelName
    album.catalogNumber = catalogNumber
    album.barcode = barcodeText
    album.country = country.map(\.trimmed).flatMap { $0.isEmpty ? nil : $0 }
    album.format = formatText
    album.musicbrainz = id.lowercased()
    let media = self.media ?? []
    for (index, medium) in media.enumerated() {
      for track in medium.tracks ?? [] {
        let side = Self.side(ofTrackNumbered: track.number) ?? (media.count > 1 ? "Disc \(medium.position ?? index + 1)" : nil)
        let milliseconds = track.length ?? track.recording?.length
        // A name too long or with a line break is one MusicBrainz allows
        // and validation does not: such a track is kept out, not the album.
        try? album.addTrack(track.title, side: side, duration: milliseconds.map { ($0 + 500) / 1000 })
      }
    }
    return album
  }

  /// `A` for `A1`, `AA` for `AA` or `AA1`; `nil` for a number without a
  /// side letter.
  public static func side(ofTrackNumbered number: String?) -> String? {
    guard let number = number?.trimmed, let first = number.first, first.isASCII, first.isLetter else { return nil }
    let letters = number.prefix { $0.isASCII && $0.isLetter }
    guard number.dropFirst(letters.count).allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
    return letters.uppercased()
  }
}
