import Foundation

/// Seed 001's answer about an album: what it is, and why it matters.
///
/// The JSON is seed 001's "Expected JSON Response Structure":
/// `album_title`, `artist_name`, `release_year`, `genres`, `record_label`,
/// `context_summary`, `context_bullets`, `rating` (0–10),
/// `recommendation` (ESSENTIAL, RECOMMENDED, SKIP or AVOID), `key_tracks`,
/// and the optional `album_art_url`.
public struct VisionAnswer: Hashable, Sendable {
  public var albumTitle: String
  public var artistName: String
  public var releaseYear: String?
  public var genres: [String]
  public var recordLabel: String?
  /// Two or three sentences.
  public var contextSummary: String
  /// Three to five points of evidence.
  public var contextBullets: [String]
  /// 0 to 10, halves allowed.
  public var rating: Double
  public var recommendation: Recommendation
  public var keyTracks: [String]
  public var albumArtURL: String?

  public init(
    albumTitle: String, artistName: String, releaseYear: String? = nil, genres: [String] = [], recordLabel: String? = nil,
    contextSummary: String, contextBullets: [String] = [], rating: Double, recommendation: Recommendation,
    keyTracks: [String] = [], albumArtURL: String? = nil
  ) {
    self.albumTitle = albumTitle
    self.artistName = artistName
    self.releaseYear = releaseYear
    self.genres = genres
    self.recordLabel = recordLabel
    self.contextSummary = contextSummary
    self.contextBullets = contextBullets
    self.rating = rating
    self.recommendation = recommendation
    self.keyTracks = keyTracks
    self.albumArtURL = albumArtURL
  }

  /// Reads the model's answer text (the JSON alone, in a ```json fence, or
  /// inside prose). A wrong or missing field is
  /// ``IdentifyError/malformedAnswer(_:)`` naming the field.
  public static func parse(modelText text: String) throws(IdentifyError) -> VisionAnswer {
    try VisionAnswer(object: try ModelJSON.object(in: text))
  }

  /// Reads the answer's JSON object (also a stored scan's `answer`).
  init(object: [String: Any]) throws(IdentifyError) {
    albumTitle = try ModelJSON.requiredText(object, "album_title")
    artistName = try ModelJSON.requiredText(object, "artist_name")
    releaseYear = try ModelJSON.text(object, "release_year")
    genres = try ModelJSON.list(object, "genres")
    recordLabel = try ModelJSON.text(object, "record_label")
    contextSummary = try ModelJSON.requiredText(object, "context_summary")
    contextBullets = try ModelJSON.list(object, "context_bullets")
    keyTracks = try ModelJSON.list(object, "key_tracks")
    albumArtURL = try ModelJSON.text(object, "album_art_url")
    guard let ratingText = try ModelJSON.text(object, "rating") else { throw .malformedAnswer("it has no \"rating\"") }
    // "8/10" is what a model may write for 8.
    let number = ratingText.split(separator: "/").first.map { String($0).trimmed }.flatMap(Double.init)
    guard let number, number.isFinite, (0...10).contains(number) else {
      throw .malformedAnswer("\"rating\" is \(ratingText); it must be a number from 0 to 10")
    }
    rating = number
    let recommendationText = try ModelJSON.requiredText(object, "recommendation")
    guard let recommendation = Recommendation(text: recommendationText) else {
      throw .malformedAnswer("\"recommendation\" is \"\(recommendationText)\"; it must be ESSENTIAL, RECOMMENDED, SKIP or AVOID")
    }
    self.recommendation = recommendation
  }

  /// `8` or `8.5`: the rating as `Rating: 8/10` shows it.
  public var ratingText: String {
    rating == rating.rounded() ? String(Int(rating)) : String(format: "%.1f", rating)
  }

  /// The answer as seed 001's JSON, keys in the seed's order.
  public var json: JSONValue {
    var fields: [(String, JSONValue)] = [
      ("album_title", .string(albumTitle)), ("artist_name", .string(artistName)), ("release_year", .optional(releaseYear)),
      ("genres", .array(genres.map(JSONValue.string))), ("record_label", .optional(recordLabel)),
      ("context_summary", .string(contextSummary)), ("context_bullets", .array(contextBullets.map(JSONValue.string))),
      // JSONValue's numbers are whole: a half point is written as text,
      // which reading accepts.
      ("rating", rating == rating.rounded() ? .number(Int(rating)) : .string(ratingText)),
      ("recommendation", .string(recommendation.rawValue)), ("key_tracks", .array(keyTracks.map(JSONValue.string))),
    ]
    if let albumArtURL { fields.append(("album_art_url", .string(albumArtURL))) }
    return .object(fields)
  }
}
