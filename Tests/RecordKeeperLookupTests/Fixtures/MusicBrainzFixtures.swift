import Foundation

/// Releases as MusicBrainz's web service v2 documents them (JSON, `fmt=json`,
/// `inc=recordings+labels+artist-credits+media+release-groups`), written for
/// these tests: the keys and shapes are the service's, the data made up or
/// taken from the records' sleeves.
enum MusicBrainzFixtures {
  /// One medium, 12" vinyl, tracks numbered by side (A1 … B2).
  static let kindOfBlue = "5b1a7e8c-0f6d-4c4e-9a57-1d2a3b4c5d6e"
  static let kindOfBlueGroup = "8e8a6c1b-2b51-3d5e-a7b2-0c1d2e3f4a5b"
  /// Two 12" records, sides A–D as MusicBrainz numbers them.
  static let whiteAlbum = "1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f"
  static let whiteAlbumGroup = "2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a"
  /// Two CDs numbered 1, 2 … on each: sides become Disc 1, Disc 2.
  static let twoDiscs = "3e4f5a6b-7c8d-4e9f-8a1b-2c3d4e5f6a7b"
  static let twoDiscsGroup = "4f5a6b7c-8d9e-4f0a-9b2c-3d4e5f6a7b8c"
  /// No cover for the release or its release group (404 from the archive).
  static let noCover = "5a6b7c8d-9e0f-4a1b-8c3d-4e5f6a7b8c9d"
  static let noCoverGroup = "6b7c8d9e-0f1a-4b2c-9d4e-5f6a7b8c9d0e"
  /// A release the timing tests answer with a 503 first.
  static let busyOnce = "7c8d9e0f-1a2b-4c3d-8e5f-6a7b8c9d0e1f"
  /// Always 503.
  static let alwaysBusy = "8d9e0f1a-2b3c-4d4e-9f6a-7b8c9d0e1f2a"
  /// Answers after three seconds.
  static let slow = "9e0f1a2b-3c4d-4e5f-8a7b-8c9d0e1f2a3b"
  /// Answers JSON with a number for the title.
  static let malformed = "0f1a2b3c-4d5e-4f6a-9b8c-9d0e1f2a3b4c"
  /// Answers text that is not JSON.
  static let notJSON = "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d"

  /// A track: its number as printed, title and length in milliseconds.
  typealias Track = (number: String, title: String, length: Int?)

  static let releases: [String: String] = [
    kindOfBlue: release(
      id: kindOfBlue, title: "Kind of Blue", artist: ("Miles Davis", "Davis, Miles"), date: "1959-08-17", country: "US",
      barcode: "", label: "Columbia", catalogNumber: "CL 1355", group: kindOfBlueGroup,
      media: [
        (
          "12\" Vinyl",
          [
            ("A1", "So What", 562_000), ("A2", "Freddie Freeloader", 586_000), ("A3", "Blue in Green", 337_000),
            ("B1", "All Blues", 693_000), ("B2", "Flamenco Sketches", 566_000),
          ]
        )
      ]),
    whiteAlbum: release(
      id: whiteAlbum, title: "The Beatles", artist: ("The Beatles", "Beatles, The"), date: "1968-11-22", country: "GB",
      barcode: nil, label: "Apple Records", catalogNumber: "PCS 7067", group: whiteAlbumGroup,
      media: [
        ("12\" Vinyl", [("A1", "Back in the U.S.S.R.", 163_000), ("A2", "Dear Prudence", 236_000), ("B1", "Martha My Dear", 148_000)]),
        ("12\" Vinyl", [("C1", "Birthday", 162_000), ("D1", "Revolution 1", 255_000), ("D2", "Good Night", nil)]),
      ]),
    twoDiscs: release(
      id: twoDiscs, title: "Live in Paris", artist: ("Diana Krall", "Krall, Diana"), date: "2002", country: "XE",
      barcode: "0602498658467", label: "Verve", catalogNumber: "065 109-2", group: twoDiscsGroup,
      media: [
        ("CD", [("1", "I Love Being Here With You", 340_000), ("2", "Let's Fall in Love", 401_000)]),
        ("CD", [("1", "A Case of You", 434_000)]),
      ]),
    noCover: release(
      id: noCover, title: "Unsleeved", artist: ("Nobody", "Nobody"), date: "1999-02", country: "DE",
      barcode: "123", label: "[no label]", catalogNumber: "[none]", group: noCoverGroup,
      media: [("7\" Vinyl", [("A", "Side One", 180_000), ("AA", "Side Two", 200_499)])]),
    busyOnce: release(
      id: busyOnce, title: "Busy", artist: ("Queue", "Queue"), date: "2001", country: "GB", barcode: nil, label: nil,
      catalogNumber: nil, group: noCoverGroup, media: []),
    alwaysBusy: release(
      id: alwaysBusy, title: "Never", artist: ("Queue", "Queue"), date: nil, country: nil, barcode: nil, label: nil,
      catalogNumber: nil, group: noCoverGroup, media: []),
    slow: release(
      id: slow, title: "Slow", artist: ("Snail", "Snail"), date: nil, country: nil, barcode: nil, label: nil,
      catalogNumber: nil, group: noCoverGroup, media: []),
    malformed: #"{"id": "0f1a2b3c-4d5e-4f6a-9b8c-9d0e1f2a3b4c", "title": 42, "media": []}"#,
    notJSON: "<html><body>Internal Server Error</body></html>",
  ]

  /// A release lookup's JSON.
  static func release(
    id: String, title: String, artist: (name: String, sort: String), date: String?, country: String?, barcode: String?,
    label: String?, catalogNumber: String?, group: String, media: [(format: String, tracks: [Track])], score: Int? = nil
  ) -> String {
    var object: [String: Any] = [
      "id": id, "title": title, "status": "Official", "quality": "normal",
      "date": orNull(date), "country": orNull(country), "barcode": orNull(barcode),
      "text-representation": ["language": "eng", "script": "Latn"],
      "artist-credit": [
        [
          "name": artist.name, "joinphrase": "",
          "artist": ["id": "a0000000-0000-4000-8000-000000000001", "name": artist.name, "sort-name": artist.sort],
        ]
      ],
      "label-info": label.map {
        [["catalog-number": orNull(catalogNumber), "label": ["id": "b0000000-0000-4000-8000-000000000002", "name": $0]]]
      } ?? [],
      "release-group": ["id": group, "title": title, "primary-type": "Album", "first-release-date": date ?? ""],
      "media": media.enumerated().map { index, medium in
        [
          "position": index + 1, "format": medium.format, "title": "", "track-count": medium.tracks.count, "track-offset": 0,
          "tracks": medium.tracks.enumerated().map { position, track in
            [
              "id": "c0000000-0000-4000-8000-00000000000\(position)", "number": track.number, "position": position + 1,
              "title": track.title, "length": orNull(track.length),
              "recording": ["id": "d0000000-0000-4000-8000-00000000000\(position)", "title": track.title, "length": orNull(track.length)],
            ] as [String: Any]
          },
        ] as [String: Any]
      },
    ]
    if let score { object["score"] = score }
    return String(decoding: (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data(), as: UTF8.self)
  }

  /// JSON's null for a missing value.
  static func orNull(_ value: Any?) -> Any { value ?? NSNull() }

  /// A release search's JSON: `{"created", "count", "offset", "releases"}`,
  /// each release with its score.
  static func search(_ ids: [String]) -> String {
    let found = ids.enumerated().compactMap { index, id -> Any? in
      guard let text = releases[id], var object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
        return nil
      }
      object["score"] = 100 - index * 7
      // Searches give the media's formats and counts, not their tracks.
      object["media"] = (object["media"] as? [[String: Any]] ?? []).map {
        ["format": $0["format"] ?? NSNull(), "track-count": $0["track-count"] ?? 0]
      }
      return object
    }
    let object: [String: Any] = ["created": "2026-11-23T12:00:00.000Z", "count": found.count, "offset": 0, "releases": found]
    return String(decoding: (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data(), as: UTF8.self)
  }
}
