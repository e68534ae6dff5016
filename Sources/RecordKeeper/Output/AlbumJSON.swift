extension Album {
  /// The album object of PRODUCT.md §3, shared by `rk --json` and the web API.
  ///
  /// `group` is added by `rk list` (null in random mode).
  public func json(group: String?? = nil) -> JSONValue {
    var fields: [(String, JSONValue)] = [
      ("id", .string(id)),
      ("title", .string(title)),
      ("artist", .string(artist)),
      ("sort_artist", .optional(sortArtist)),
      ("released", .optional(releaseDate?.text ?? released)),
      ("wikipedia", .optional(wikipedia)),
      ("tracks", .array(tracks.map(JSONValue.string))),
      ("tags", .array(tags.map(JSONValue.string))),
      ("cover", .optional(covers.cover ? id + "/" + CoverFiles.coverName : nil)),
      ("thumbnail", .optional(covers.thumbnail ? id + "/" + CoverFiles.thumbnailName : nil)),
    ]
    // The collector's fields of §1.1 are top-level, null when absent.
    fields += CollectorField.allCases.map { ($0.key, .optional(self[keyPath: $0.keyPath])) }
    fields.append(("extra", .object(extra.map { ($0.key, $0.value) })))
    // Sides and lengths (§1.2); lengths in seconds.
    fields.append(("track_list", .array(trackList.map(\.json))))
    fields.append(("duration", duration.map(JSONValue.number) ?? .null))
    if let group { fields.append(("group", .optional(group))) }
    return .object(fields)
  }
}

extension Album.Track {
  /// `{"position", "name", "side", "duration"}`, the length in seconds or null.
  var json: JSONValue {
    .object([
      ("position", .string(position)),
      ("name", .string(name)),
      ("side", .optional(side)),
      ("duration", duration.map(JSONValue.number) ?? .null),
    ])
  }
}
