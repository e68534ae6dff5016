import Foundation
import RecordKeeper

/// The body of `POST /api/albums` and `PUT /api/albums/{id}` (or their
/// form's `album` part, ``Upload/albumForm(_:)``): the editable album as
/// JSON, turned into an ``AlbumSave``.
///
/// Keys are the front-matter keys of `rk list --json`. A key left out is
/// left alone (on PUT); `null` or `""` clears an optional field; `tracks`
/// and `tags` are the whole lists. Keys the album cannot hold, and values
/// of the wrong kind, are refused by name.
///
/// `track_list` (objects `{"name", "duration", "side", "favourite"}` as `rk list --json`
/// prints them; `position` is ignored) gives the tracks with their sides
/// and lengths, which the editor needs to move a track to another side or
/// add a side; `tracks` gives names only. Sent together, as in an album
/// object sent back, their names must agree.
enum AlbumRequest {
  /// The keys `rk list --json` prints that are not edited this way.
  static let readOnlyKeys: Set<String> = [
    "id", "cover", "thumbnail", "cover_url", "thumbnail_url", "extra", "group", "other_albums", "duration", "notes", "version",
    "credits", Field.plays.rawValue, Field.lastPlayed.rawValue,
  ]

  static func decode(_ bytes: [UInt8]) throws(APIError) -> AlbumSave {
    try decode(object: try JSONBody.object(bytes))
  }

  /// A save's body (PUT): the form, and after a 409 `choices`, each field
  /// the conflict named settled by `"ours"`, `"theirs"` or `{"value": …}`
  /// (a field of one text only).
  static func decodeSave(_ bytes: [UInt8]) throws(APIError) -> (AlbumSave, SaveChoices) {
    var object = try JSONBody.object(bytes)
    let choices = try object.removeValue(forKey: "choices").map { (value) throws(APIError) in try Self.choices(value) } ?? SaveChoices()
    return (try decode(object: object), choices)
  }

  private static func choices(_ value: Any) throws(APIError) -> SaveChoices {
    let shape = "choices must be an object naming each field of the conflict with \"ours\", \"theirs\" or {\"value\": text}"
    guard let object = value as? [String: Any] else { throw APIError(.badRequest, shape, field: "choices") }
    var choices = SaveChoices()
    var values: [String: Any] = [:]
    let textFields = Set([Field.title, .artist, .sortArtist, .released, .wikipedia].map(\.rawValue))
    for (field, choice) in object {
      if let side = choice as? String {
        guard let side = MergeSide(rawValue: side), field != "*" else { throw APIError(.badRequest, shape, field: field) }
        choices.sides[field] = side
        continue
      }
      guard let given = choice as? [String: Any], given.count == 1, let value = given["value"] else {
        throw APIError(.badRequest, shape, field: field)
      }
      guard textFields.contains(field) || CollectorField(rawValue: field) != nil else {
        throw APIError(.badRequest, "\(field) cannot be given a value here; choose \"ours\" or \"theirs\" for it", field: field)
      }
      values[field] = value
    }
    // Read as the same keys of the form are.
    choices.values = try decode(object: values).fields
    return choices
  }

  private static func decode(object: [String: Any]) throws(APIError) -> AlbumSave {
    var save = AlbumSave()
    for (key, value) in object {
      switch key {
      case Field.title.rawValue: save.fields.title = try text(value, key) ?? ""
      case Field.artist.rawValue: save.fields.artist = try text(value, key) ?? ""
      case Field.sortArtist.rawValue: save.fields.sortArtist = try text(value, key) ?? ""
      case Field.released.rawValue: save.fields.released = try text(value, key) ?? ""
      case Field.wikipedia.rawValue: save.fields.wikipedia = try text(value, key) ?? ""
      case "tracks": save.tracks = try list(value, key)
      case "track_list": save.trackList = try trackList(value, key)
      case "tags": save.tags = try list(value, key)
      case _ where readOnlyKeys.contains(key): continue
      default:
        guard let field = CollectorField(rawValue: key) else {
          throw APIError(.badRequest, "\"\(key)\" is not a field of an album; use the keys of rk list --json", field: key)
        }
        save.fields.collector[field] = try text(value, key) ?? ""
      }
    }
    if let names = save.tracks, let tracks = save.trackList {
      guard names.map({ FavouriteStar.splitTrack($0).name }) == tracks.map({ FavouriteStar.splitTrack($0.name).name }) else {
        throw APIError(.badRequest, "tracks and track_list name different tracks; send one of them", field: "track_list")
      }
    }
    return save
  }

  /// `[{"name": "So What", "duration": 562, "side": "Side A"}, …]`.
  private static func trackList(_ value: Any, _ key: String) throws(APIError) -> [AlbumSave.Track] {
    let shape = "track_list must be a list of {\"name\": text, \"duration\": seconds or null, \"side\": text or null}"
    if value is NSNull { return [] }
    guard let items = value as? [Any] else { throw APIError(.badRequest, shape, field: key) }
    var tracks: [AlbumSave.Track] = []
    for item in items {
      guard let object = item as? [String: Any], let name = object["name"] as? String else {
        throw APIError(.badRequest, shape, field: key)
      }
      var track = AlbumSave.Track(name: name)
      for (entry, value) in object {
        switch entry {
        case "name", "position": continue
        case "side":
          guard value is NSNull || value is String else { throw APIError(.badRequest, shape, field: key) }
          track.side = value as? String
        case "duration":
          if value is NSNull { continue }
          guard let number = value as? NSNumber, let seconds = Int(exactly: number.doubleValue), seconds >= 0
          else {
            throw APIError(
              .badRequest, "track \(tracks.count + 1) (\(name)): duration must be whole seconds, 0 or more, or null", field: key)
          }
          track.duration = seconds
        case "favourite":
          // Left out, the track keeps its star (an editor that knows nothing of stars).
          guard let favourite = value as? Bool else {
            throw APIError(.badRequest, "track \(tracks.count + 1) (\(name)): favourite must be true or false", field: key)
          }
          track.favourite = favourite
        default:
          throw APIError(.badRequest, "\"\(entry)\" is not a key of a track; use name, duration, side and favourite", field: key)
        }
      }
      tracks.append(track)
    }
    return tracks
  }

  private static func text(_ value: Any, _ key: String) throws(APIError) -> String? {
    if value is NSNull { return nil }
    // JSONSerialization reads numbers as NSNumber: a year or a rating typed
    // as a number is taken as its digits.
    if let number = value as? NSNumber { return number.stringValue }
    guard let text = value as? String else { throw APIError(.badRequest, "\(key) must be text", field: key) }
    return text
  }

  private static func list(_ value: Any, _ key: String) throws(APIError) -> [String] {
    if value is NSNull { return [] }
    guard let items = value as? [Any] else { throw APIError(.badRequest, "\(key) must be a list of texts", field: key) }
    var texts: [String] = []
    for item in items {
      guard let text = item as? String else { throw APIError(.badRequest, "\(key) must be a list of texts", field: key) }
      texts.append(text)
    }
    return texts
  }
}

/// Request bodies that are JSON objects.
enum JSONBody {
  static func object(_ bytes: [UInt8]) throws(APIError) -> [String: Any] {
    guard let value = try? JSONSerialization.jsonObject(with: Data(bytes)), let object = value as? [String: Any] else {
      throw APIError(.badRequest, "the request body must be a JSON object", field: nil)
    }
    return object
  }

  static func string(_ bytes: [UInt8], key: String) throws(APIError) -> String {
    guard let value = try object(bytes)[key] as? String else {
      throw APIError(.badRequest, "the request body must be a JSON object with the text \"\(key)\"", field: key)
    }
    return value
  }
}
