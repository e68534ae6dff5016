import RecordKeeper

/// What `rk identify` asks the vision model: seed 001's questions, in two
/// turns so that the second, long one is skipped for an album already
/// scanned (docs/commands.md, "Identifying a sleeve from a photo").
///
/// 1. ``identifySystem`` with the photo: which album is it? A short JSON
///    answer (`album_title`, `artist_name`, `release_year`), or nulls when
///    the model cannot tell.
/// 2. ``contextSystem`` without the photo: seed 001's review of that album
///    as its JSON (Feature 2's rules: an honest 2–3 sentence summary, 3–5
///    bullets of evidence, a rating out of 10, one of four
///    recommendations, the key tracks; never money).
enum IdentifyPrompts {
  static let identifySystem = """
    You identify music albums from photos of their sleeves taken in record shops. \
    The photo may be angled, worn, partly covered or badly lit. Read the cover's text and artwork \
    and name the album. Take the best match when several releases look alike. \
    Answer with one JSON object and nothing else.
    """

  static let identifyQuestion = """
    Which album is this? Answer exactly in this form:
    {"album_title": "…", "artist_name": "…", "release_year": "YYYY"}
    Use the title and artist as they are usually written. If you cannot tell which album this is \
    (not an album sleeve, unreadable, or you do not know it), answer:
    {"album_title": null, "artist_name": null, "release_year": null}
    """

  static let maxIdentifyTokens = 300

  static let contextSystem = """
    You are a passionate, knowledgeable music historian helping a collector who is flipping \
    through record bins decide whether an album matters musically. Be honest and direct: call \
    mediocre or bad albums what they are, and give no filler or generic praise. Judge albums \
    purely on musical merit; an artist's controversies may be mentioned for context but do not \
    lower the assessment of their music. Never mention price, monetary value, investment, rarity, \
    pressings or collectibility. Answer with one JSON object and nothing else.
    """

  static func contextQuestion(for album: SleeveIdentification) -> String {
    """
    The album: "\(album.albumTitle)" by \(album.artistName)\(album.releaseYear.map { " (\($0))" } ?? "").
    Answer with this JSON object:
    {
      "album_title": "the title",
      "artist_name": "the artist",
      "release_year": "YYYY",
      "genres": ["genre", "…"],
      "record_label": "the original label",
      "context_summary": "2-3 sentences capturing the album's core essence and why it matters",
      "context_bullets": ["3-5 points with specific evidence: critical reception (Pitchfork, Rolling Stone, Metacritic scores when known), concrete impact (charts, sales, awards), standout tracks and sonic qualities, innovation or influence on other artists, how its reputation changed"],
      "rating": 0-10,
      "recommendation": "ESSENTIAL (must own for any serious collection) | RECOMMENDED (buy if you're a fan of a specific artist, genre or era; say which) | SKIP (not worth the time) | AVOID (actively bad)",
      "key_tracks": ["the most popular or significant tracks"]
    }
    """
  }

  static let maxContextTokens = 2000
}
