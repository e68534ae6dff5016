extension Album {
  /// The fields `rk set ALBUM --musicbrainz ID --fill` fills from a release.
  /// (Computed: key paths are not `Sendable`, so no stored static.)
  static var fillableFields: [WritableKeyPath<Album, String?>] {
    [\.sortArtist, \.released, \.label, \.catalogNumber, \.barcode, \.country, \.format, \.musicbrainz]
  }

  /// Fills this album from `release` (an album made by
  /// ``MusicBrainzRelease/album()``): every field that is empty here, and
  /// the track list when there is none. With `replacing`, every field and
  /// the track list the release has replace what is here instead. Tags,
  /// notes, the collector's own fields (grades, rating, location, price,
  /// status) and anything MusicBrainz does not know stay as they are.
  ///
  /// Returns whether anything changed.
  @discardableResult
  public mutating func fill(from release: Album, replacing: Bool) throws(AlbumEditError) -> Bool {
    let before = self
    if replacing || title.isBlank, !release.title.isBlank { title = release.title }
    if replacing || artist.isBlank, !release.artist.isBlank { artist = release.artist }
    for field in Self.fillableFields {
      guard let value = release[keyPath: field], replacing || self[keyPath: field] == nil else { continue }
      self[keyPath: field] = value
    }
    if !release.trackList.isEmpty, replacing || trackList.isEmpty {
      trackList = []
      for track in release.trackList {
        try addTrack(track.name, side: track.side.map { Track.sideLetter($0).map(String.init) ?? $0 }, duration: track.duration)
      }
    }
    return self != before
  }
}
