extension Album {
  /// The album object of docs/commands.md, "Output: JSON, --format and the terminal", shared by `rk --json` and the web API.
  ///
  /// `group` is added by `rk list` (null in random mode).
  public func json(group: String?? = nil) -> JSONValue {
    var fields: [(String, JSONValue)] = [
      ("id", .string(id)),
      (Field.title.rawValue, .string(title)),
      (Field.artist.rawValue, .string(artist)),
      (Field.sortArtist.rawValue, .optional(sortArtist)),
      (Field.released.rawValue, .optional(releaseDate?.text ?? released)),
      (Field.wikipedia.rawValue, .optional(wikipedia)),
      ("tracks", .array(tracks.map(JSONValue.string))),
      ("tags", .array(tags.map(JSONValue.string))),
      ("cover", .optional(covers.cover ? id + "/" + CoverFiles.coverName : nil)),
      ("thumbnail", .optional(covers.thumbnail ? id + "/" + CoverFiles.thumbnailName : nil)),
    ]
    // The collector's fields are top-level, null when absent.
    fields += CollectorField.allCases.map { ($0.key, .optional($0.value(in: self))) }
    fields.append(("extra", .object(extra.map { ($0.key, $0.value) })))
    fields.append(("notes", .string(body.notes.trimmed)))
    // Sides and lengths; lengths in seconds.
    fields.append(("track_list", .array(trackList.map(\.json))))
    fields.append(("duration", duration.map(JSONValue.number) ?? .null))
    // Plays (docs/commands.md, "Plays and statistics"); the last play's day.
    fields.append(("plays", .number(plays)))
    fields.append(("last_played", .optional(lastPlayed?.day)))
    if let group { fields.append(("group", .optional(group))) }
    return .object(fields)
  }
}

extension Album.Track {
  /// `{"position", "name", "side", "duration", "favourite"}`, the length in seconds or null.
  var json: JSONValue {
    .object([
      ("position", .string(position)),
      ("name", .string(name)),
      ("side", .optional(side)),
      ("duration", duration.map(JSONValue.number) ?? .null),
      ("favourite", .bool(favourite)),
    ])
  }
}

extension Album {
  /// `albums` as a JSON array of album objects in the order `arranged`
  /// gives, each with its group, in chunks made on every core (see
  /// ``JSONValue/streamArrayChunks(count:layout:chunkSize:write:to:)``):
  /// what `rk export json` writes, one album a line.
  public static func jsonArrayChunks(
    _ albums: [Album], arranged: AlbumOrder.Arrangement, layout: JSONLayout = .line
  ) -> [JSONChunk] {
    var chunks: [JSONChunk] = []
    streamJSONArray(albums, arranged: arranged, layout: layout) {
      chunks.append($0)
      return true
    }
    return chunks
  }

  /// The chunks of ``jsonArrayChunks(_:arranged:layout:)`` handed to `sink`
  /// as they are made (see ``JSONValue/streamArrayChunks(count:layout:chunkSize:write:to:)``):
  /// what `rk list --json` writes.
  public static func streamJSONArray(
    _ albums: [Album], arranged: AlbumOrder.Arrangement, layout: JSONLayout = .line, to sink: (JSONChunk) -> Bool
  ) {
    albums.withUnsafeBufferPointer { buffer in
      // Safe to share: the workers only read the albums, and `albums`
      // outlives the call. Each album is lent in place rather than copied
      // out of the array (an album holds some 30 references).
      nonisolated(unsafe) let lent = buffer
      JSONValue.streamArrayChunks(
        count: arranged.positions.count, layout: layout,
        write: { index, output, indent, layout in
          lent[arranged.positions[index]].writeJSON(group: .some(arranged.groups[index]), to: &output, indent: indent, layout: layout)
        }, to: sink)
    }
  }

  /// Appends ``json(group:)`` serialised in `layout` at `indent`: the same
  /// bytes as `json(group: group).write(to: &output, indent: indent,
  /// layout: layout)`, written straight from the album's fields without
  /// building the tree.
  public func writeJSON(group: String?? = nil, to output: inout JSONOutput, indent: Int = 0, layout: JSONLayout = .pretty) {
    var object = JSONBytes.object(indent: indent, layout: layout)
    let inner = indent + 2
    // Keys as static strings, for speed: the names of ``Field``, as ``json``
    // has them (tests compare the two).
    object.member("id", id, to: &output)
    object.member("title", title, to: &output)
    object.member("artist", artist, to: &output)
    object.member("sort_artist", sortArtist, to: &output)
    object.member("released", to: &output)
    if let date = releaseDate { JSONBytes.date(date, to: &output) } else { JSONBytes.string(released, to: &output) }
    object.member("wikipedia", wikipedia, to: &output)
    object.member("tracks", to: &output)
    JSONBytes.strings(tracks, indent: inner, layout: layout, to: &output)
    object.member("tags", to: &output)
    JSONBytes.strings(tags, indent: inner, layout: layout, to: &output)
    object.member("cover", to: &output)
    writeCoverPath(covers.cover ? CoverFiles.coverName : nil, to: &output)
    object.member("thumbnail", to: &output)
    writeCoverPath(covers.thumbnail ? CoverFiles.thumbnailName : nil, to: &output)
    // The collector's fields, in CollectorField's order as json(group:).
    for field in CollectorField.allCases {
      object.member(named: field.key, to: &output)
      JSONBytes.string(field.value(in: self), to: &output)
    }
    object.member("extra", to: &output)
    var extras = JSONBytes.object(indent: inner, layout: layout)
    for field in extra {
      extras.member(named: field.key, to: &output)
      field.value.write(to: &output, indent: inner + 2, layout: layout)
    }
    extras.close(to: &output)
    object.member("notes", body.notes.trimmed, to: &output)
    object.member("track_list", to: &output)
    var tracks = JSONBytes.array(indent: inner, layout: layout)
    for track in trackList {
      tracks.element(to: &output)
      track.writeJSON(to: &output, indent: inner + 2, layout: layout)
    }
    tracks.close(to: &output)
    object.member("duration", duration, to: &output)
    object.member("plays", plays, to: &output)
    object.member("last_played", lastPlayed?.day, to: &output)
    if let group {
      object.member("group", group, to: &output)
    }
    object.close(to: &output)
  }

  /// `"albums/x/cover.webp"` for a cover file that is there, else `null`.
  private func writeCoverPath(_ name: String?, to output: inout JSONOutput) {
    guard let name else { return output.append("null") }
    // The id and the file name need no escape of their own, but the id is
    // the collector's folder name: written through the escaper all the same.
    JSONBytes.string(id + "/" + name, to: &output)
  }
}

extension Album.Track {
  /// Appends ``json`` serialised in `layout` at `indent`, without building the tree.
  func writeJSON(to output: inout JSONOutput, indent: Int, layout: JSONLayout) {
    var object = JSONBytes.object(indent: indent, layout: layout)
    object.member("position", position, to: &output)
    object.member("name", name, to: &output)
    object.member("side", side, to: &output)
    object.member("duration", duration, to: &output)
    object.member("favourite", favourite, to: &output)
    object.close(to: &output)
  }
}
