/// The statistics of `rk stats` and the app's Stats screen (docs/commands.md, "Plays and statistics"),
/// worked out in one pass over the albums and one over the plays.
public struct CollectionStats: Sendable, Equatable {
  /// A label and how many albums (or plays) it has.
  public struct Count: Sendable, Equatable {
    public var label: String
    public var count: Int

    public init(label: String, count: Int) {
      self.label = label
      self.count = count
    }
  }

  /// An album of the most played list.
  public struct Played: Sendable, Equatable {
    public var id: String
    public var artist: String
    public var title: String
    public var plays: Int
  }

  /// A total of prices in one currency, in hundredths (cents).
  public struct Value: Sendable, Equatable {
    public var currency: String
    public var cents: Int
    public var albums: Int

    /// `1234.50`.
    public var amount: String {
      let whole = cents / 100
      let rest = cents % 100
      return "\(whole).\(rest < 10 ? "0" : "")\(rest)"
    }
  }

  public var owned = 0
  public var wanted = 0
  /// Owned albums by `format`, most first; `No format` for none. Every
  /// breakdown counts owned albums only: wanted ones are counted apart.
  public var formats: [Count] = []
  /// Owned albums by decade of release (`1950s`), oldest first; `Undated` last.
  public var decades: [Count] = []
  /// The ten most used tags and labels, most first.
  public var tags: [Count] = []
  public var labels: [Count] = []
  /// The ten most played albums, most first.
  public var mostPlayed: [Played] = []
  /// Owned albums never played.
  public var neverPlayed = 0
  /// Plays this year of albums in the collection (not of removed ones),
  /// and how many albums they were of.
  public var playsThisYear = 0
  public var albumsPlayedThisYear = 0
  /// Owned albums' prices added up by currency, most albums first.
  public var value: [Value] = []
  /// Prices no amount could be read from (`a gift`).
  public var unpricedValues = 0
  /// Owned albums by the year of `purchased`, oldest first.
  public var addedPerYear: [Count] = []
  /// Owned albums by rating 1…5, then `Unrated`.
  public var ratings: [Count] = []

  public init() {}

  /// The statistics of `albums` and `history`; "this year" is `year`.
  public init(albums: [Album], history: PlayHistory, year: Int) {
    var formats: [String: Int] = [:]
    var decades: [Int: Int] = [:]
    var undated = 0
    var tags: [String: Int] = [:]
    var labels: [String: Int] = [:]
    var values: [String: (cents: Int, albums: Int)] = [:]
    var added: [Int: Int] = [:]
    var ratings = [Int](repeating: 0, count: 6)
    var played: [Played] = []
    for album in albums {
      let count = history.count(of: album.id)
      if count > 0 { played.append(Played(id: album.id, artist: album.artist, title: album.title, plays: count)) }
      if album.isWanted {
        wanted += 1
        continue
      }
      owned += 1
      if count == 0 { neverPlayed += 1 }
      formats[album.format.flatMap { $0.isBlank ? nil : $0 } ?? "No format", default: 0] += 1
      if let year = album.releaseDate?.year { decades[year / 10 * 10, default: 0] += 1 } else { undated += 1 }
      for tag in album.tags { tags[tag, default: 0] += 1 }
      if let label = album.label, !label.isBlank { labels[label, default: 0] += 1 }
      if let price = album.price, !price.isBlank {
        if let (currency, cents) = Self.price(price) {
          values[currency, default: (0, 0)].cents += cents
          values[currency, default: (0, 0)].albums += 1
        } else {
          unpricedValues += 1
        }
      }
      if let purchased = album.purchased, let date = try? ReleaseDate(parsing: purchased) { added[date.year, default: 0] += 1 }
      ratings[album.rating.flatMap { Int($0) }.flatMap { (1...5).contains($0) ? $0 : nil } ?? 0] += 1
    }
    self.formats = Self.ranked(formats)
    for decade in decades.keys.sorted() { self.decades.append(Count(label: "\(decade)s", count: decades[decade] ?? 0)) }
    if undated > 0 { self.decades.append(Count(label: "Undated", count: undated)) }
    self.tags = Array(Self.ranked(tags).prefix(10))
    self.labels = Array(Self.ranked(labels).prefix(10))
    mostPlayed = Array(played.sorted { ($1.plays, $0.id) < ($0.plays, $1.id) }.prefix(10))
    var playedThisYear = Set<String>()
    let ids = Set(albums.map(\.id))
    for play in history.plays where play.time.date.year == year && ids.contains(play.album) {
      playsThisYear += 1
      playedThisYear.insert(play.album)
    }
    albumsPlayedThisYear = playedThisYear.count
    value = values.map { Value(currency: $0.key, cents: $0.value.cents, albums: $0.value.albums) }
      .sorted { ($1.albums, $0.currency) < ($0.albums, $1.currency) }
    addedPerYear = added.keys.sorted().map { Count(label: String($0), count: added[$0] ?? 0) }
    self.ratings =
      (1...5).map { Count(label: String(repeating: "★", count: $0), count: ratings[$0]) } + [Count(label: "Unrated", count: ratings[0])]
  }

  /// Most first, ties by label.
  private static func ranked(_ counts: [String: Int]) -> [Count] {
    counts.map { Count(label: $0.key, count: $0.value) }.sorted { ($1.count, $0.label) < ($0.count, $1.label) }
  }

  /// The currency and amount of a price as collectors write it: `12.50 EUR`,
  /// `EUR 12,50`, `€12.50`, `$8`; a symbol is read as its code. `nil` when
  /// no amount is found.
  static func price(_ text: String) -> (currency: String, cents: Int)? {
    var whole = 0
    var fraction: [Int] = []
    var inFraction = false
    var digits = 0
    var currency = ""
    for character in text {
      if character.isASCII, let digit = character.wholeNumberValue {
        if inFraction {
          fraction.append(digit)
        } else {
          guard whole < 1_000_000_000 else { return nil }
          whole = whole * 10 + digit
        }
        digits += 1
      } else if character == "." || character == ",", digits > 0, !inFraction {
        inFraction = true
      } else if character != " " && character != "'" {
        currency.append(character)
      }
    }
    guard digits > 0, fraction.count <= 3 else { return nil }
    // `1,000` and `1.000` are thousands: three digits after the mark.
    if fraction.count == 3 {
      whole = whole * 1000 + fraction[0] * 100 + fraction[1] * 10 + fraction[2]
      fraction = []
    }
    let cents = (fraction.first ?? 0) * 10 + (fraction.count > 1 ? fraction[1] : 0)
    let code = currency.uppercased()
    let known = ["€": "EUR", "$": "USD", "£": "GBP", "¥": "JPY", "US$": "USD"]
    return (known[code] ?? (code.isEmpty ? "?" : code), whole * 100 + cents)
  }

  /// The statistics as `rk stats --json` and `GET /api/stats` give them.
  public var json: JSONValue {
    func counts(_ list: [Count]) -> JSONValue {
      .array(list.map { .object([("label", .string($0.label)), ("count", .number($0.count))]) })
    }
    return .object([
      ("owned", .number(owned)),
      ("wanted", .number(wanted)),
      ("formats", counts(formats)),
      ("decades", counts(decades)),
      ("tags", counts(tags)),
      ("labels", counts(labels)),
      (
        "most_played",
        .array(
          mostPlayed.map {
            .object([("id", .string($0.id)), ("artist", .string($0.artist)), ("title", .string($0.title)), ("plays", .number($0.plays))])
          })
      ),
      ("never_played", .number(neverPlayed)),
      ("plays_this_year", .number(playsThisYear)),
      ("albums_played_this_year", .number(albumsPlayedThisYear)),
      (
        "value",
        .array(
          value.map {
            .object([("currency", .string($0.currency)), ("amount", .string($0.amount)), ("albums", .number($0.albums))])
          })
      ),
      ("unpriced", .number(unpricedValues)),
      ("added_per_year", counts(addedPerYear)),
      ("ratings", counts(ratings)),
    ])
  }
}
