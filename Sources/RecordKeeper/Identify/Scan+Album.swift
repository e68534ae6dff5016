/// Where `rk identify --add` / `--want` puts the album.
public enum ScanDestination: String, Sendable {
  /// The collection (`status` absent: owned).
  case collection
  /// The wantlist (`status: wanted`, docs/album-format.md, "The collector's fields").
  case wantlist
}

extension Scan {
  /// Refuses to make an album of a scan whose MusicBrainz step failed: it
  /// would lack the tracks, cover and catalog number an outage hid. The
  /// next scan of the album asks MusicBrainz again (docs/commands.md, "Identifying a sleeve from a photo").
  public func checkCanBeAdded() throws(IdentifyError) {
    if failed.contains(.musicBrainz) { throw .notAddedWithoutMusicBrainz }
  }

  /// The album a scan adds (docs/commands.md, "Identifying a sleeve from a photo"): from the MusicBrainz release
  /// when one matched (its fields, tracks with sides and durations), else
  /// from the model's answer (title, artist, the year when it is one,
  /// the label); the genres as tags; `status: wanted` for the wantlist;
  /// the `## Context` section as its notes.
  public func album(release: MusicBrainzRelease?, destination: ScanDestination) -> Album {
    var album: Album
    if let release {
      album = release.album()
    } else {
      let year = answer.releaseYear.flatMap { try? ReleaseDate(parsing: $0) }?.text
      album = Album(id: "", title: answer.albumTitle, artist: answer.artistName, released: year)
      album.label = answer.recordLabel.flatMap { CollectorField.label.problem(with: $0) == nil ? $0 : nil }
    }
    // A genre that breaks a tag's rule (too long) is left out, not the album.
    for genre in answer.genres { _ = try? album.addTag(genre) }
    if destination == .wantlist { album.status = "wanted" }
    // A blank line after the front matter, as a new album's track list has.
    album.body = AlbumBody(parsing: Array(("\n" + ContextNotes.section(for: answer)).utf8))
    return album
  }

  /// The albums of `collection` that are this scan's album: the same
  /// MusicBrainz release, or the same artist and title (folded, as
  /// ``SleeveIdentification/key`` compares them).
  public func albums(in collection: RecordCollection, release: MusicBrainzRelease?) -> [Album] {
    var artists = [answer.artistName]
    var titles = [answer.albumTitle]
    if let release {
      artists.append(release.artistText)
      titles.append(release.title)
    }
    return collection.albums(sameAs: release?.id ?? musicbrainz, artists: artists, title: titles)
  }
}
