import Foundation

/// A release as MusicBrainz's web service (version 2, `fmt=json`) describes
/// it: the answer of `/ws/2/release/MBID?inc=recordings+labels+artist-credits
/// +media+release-groups`, and each entry of a release search.
///
/// Only what Record Keeper uses is decoded; every other key is ignored, and
/// keys MusicBrainz leaves out or sets to null are `nil`. MusicBrainz's keys
/// are kebab-case: `sort-name` is read as ``ArtistCredit/Artist/sortName``.
public struct MusicBrainzRelease: Decodable, Hashable, Sendable {
  /// The release's MBID.
  public var id: String
  public var title: String
  /// `YYYY`, `YYYY-MM` or `YYYY-MM-DD`; empty or absent when unknown.
  public var date: String?
  /// An ISO 3166 code (`GB`), or MusicBrainz's `XE` (Europe), `XW` (worldwide).
  public var country: String?
  /// Empty when the release has no barcode, absent when nobody said.
  public var barcode: String?
  /// How well a search matched, 0–100 (searches only).
  public var score: Int?
  public var artistCredit: [ArtistCredit]?
  public var labelInfo: [LabelInfo]?
  public var releaseGroup: ReleaseGroup?
  public var media: [Medium]?

  /// One name of the release's artist credit (`Miles Davis`), with the text
  /// that joins it to the next (` & `).
  public struct ArtistCredit: Decodable, Hashable, Sendable {
    public var name: String
    public var joinphrase: String?
    public var artist: Artist?

    public struct Artist: Decodable, Hashable, Sendable {
      public var id: String?
      public var name: String?
      /// `Davis, Miles`; `Beatles, The`.
      public var sortName: String?
    }
  }

  /// A label and the catalog number it gave the release.
  public struct LabelInfo: Decodable, Hashable, Sendable {
    public var catalogNumber: String?
    public var label: Label?

    public struct Label: Decodable, Hashable, Sendable {
      public var id: String?
      public var name: String?
    }
  }

  public struct ReleaseGroup: Decodable, Hashable, Sendable {
    public var id: String
    public var title: String?
    public var primaryType: String?
  }

  /// One disc, record or tape of the release.
  public struct Medium: Decodable, Hashable, Sendable {
    /// 1 for the first medium.
    public var position: Int?
    /// `12" Vinyl`, `Vinyl`, `7" Vinyl`, `CD`, `Cassette` …
    public var format: String?
    /// A medium's own title ("Live at …"), usually empty.
    public var title: String?
    public var trackCount: Int?
    public var tracks: [Track]?
  }

  public struct Track: Decodable, Hashable, Sendable {
    /// The position as printed on the release: `A1`, `B2`, `1`.
    public var number: String?
    /// The track's place on its medium, from 1.
    public var position: Int?
    public var title: String
    /// Milliseconds, when known.
    public var length: Int?
    public var recording: Recording?

    public struct Recording: Decodable, Hashable, Sendable {
      public var title: String?
      public var length: Int?
    }
  }
}

/// The answer of a release search: `/ws/2/release?query=…&fmt=json`.
public struct MusicBrainzReleaseSearch: Decodable, Hashable, Sendable {
  /// How many releases match in all.
  public var count: Int?
  public var releases: [MusicBrainzRelease]
}

extension MusicBrainzRelease {
  /// Decodes a release lookup's JSON; the error names MusicBrainz and what
  /// was wrong, for answers that are not what the documentation says.
  public static func decode(_ bytes: [UInt8]) throws(LookupError) -> MusicBrainzRelease {
    try LookupJSON.decode(MusicBrainzRelease.self, from: bytes, what: "release")
  }
}

extension MusicBrainzReleaseSearch {
  /// Decodes a release search's JSON (see ``MusicBrainzRelease/decode(_:)``).
  public static func decode(_ bytes: [UInt8]) throws(LookupError) -> MusicBrainzReleaseSearch {
    try LookupJSON.decode(MusicBrainzReleaseSearch.self, from: bytes, what: "release search")
  }
}

/// MusicBrainz's JSON, decoded with errors that say what the service sent.
enum LookupJSON {
  static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8], what: String) throws(LookupError) -> T {
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .custom { path in Key(swiftName: path.last?.stringValue ?? "") }
    do {
      return try decoder.decode(T.self, from: Data(bytes))
    } catch let DecodingError.keyNotFound(key, context) {
      throw .malformed(service: .musicBrainz, "the \(what) has no \"\(path(context.codingPath + [key]))\"")
    } catch let DecodingError.typeMismatch(_, context) {
      throw .malformed(service: .musicBrainz, "\"\(path(context.codingPath))\" in the \(what) is not what the web service documents")
    } catch let DecodingError.valueNotFound(_, context) {
      throw .malformed(service: .musicBrainz, "\"\(path(context.codingPath))\" in the \(what) is null")
    } catch {
      throw .malformed(service: .musicBrainz, "the \(what) is not JSON")
    }
  }

  /// The keys as MusicBrainz writes them: `label-info[0].catalog-number`.
  private static func path(_ keys: [any CodingKey]) -> String {
    keys.map { $0.intValue.map { "[\($0)]" } ?? "." + Key.kebabCase($0.stringValue) }.joined().drop { $0 == "." }.description
  }

  /// A key of MusicBrainz's JSON under its Swift name.
  private struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }

    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }

    /// `sort-name` as `sortName`.
    init(swiftName key: String) {
      let words = key.split(separator: "-", omittingEmptySubsequences: false)
      stringValue = words.enumerated().map { $0.offset == 0 ? String($0.element) : $0.element.capitalized }.joined()
    }

    /// `sortName` as `sort-name`.
    static func kebabCase(_ name: String) -> String {
      name.reduce(into: "") { text, character in text += character.isUppercase ? "-" + character.lowercased() : String(character) }
    }
  }
}
