import Foundation
import RecordKeeper

/// The body of `POST /api/albums` and `PUT /api/albums/{id}`: the editable
/// album as JSON, turned into an ``AlbumSave``.
///
/// Keys are the front-matter keys of `rk list --json`. A key left out is
/// left alone (on PUT); `null` or `""` clears an optional field; `tracks`
/// and `tags` are the whole lists. Keys the album cannot hold, and values
/// of the wrong kind, are refused by name.
enum AlbumRequest {
  /// The keys `rk list --json` prints that are not edited this way.
  static let readOnlyKeys: Set<String> = ["id", "cover", "thumbnail", "extra", "group", "other_albums"]

  static func decode(_ bytes: [UInt8]) throws(APIError) -> AlbumSave {
    let object = try JSONBody.object(bytes)
    var save = AlbumSave()
    for (key, value) in object {
      switch key {
      case "title": save.fields.title = try text(value, key) ?? ""
      case "artist": save.fields.artist = try text(value, key) ?? ""
      case "sort_artist": save.fields.sortArtist = try text(value, key) ?? ""
      case "released": save.fields.released = try text(value, key) ?? ""
      case "wikipedia": save.fields.wikipedia = try text(value, key) ?? ""
      case "tracks": save.tracks = try list(value, key)
      case "tags": save.tags = try list(value, key)
      case _ where readOnlyKeys.contains(key): continue
      default:
        guard let field = CollectorField(rawValue: key) else {
          throw APIError(.badRequest, "\"\(key)\" is not a field of an album; use the keys of rk list --json", field: key)
        }
        save.fields.collector[field] = try text(value, key) ?? ""
      }
    }
    return save
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
