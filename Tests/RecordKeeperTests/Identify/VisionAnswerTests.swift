import Foundation
import RecordKeeper
import Testing

/// Seed 001's JSON answer, read from what a model writes.
@Suite("The vision model's answer")
struct VisionAnswerTests {
  static let good = """
    {"album_title": "Kind of Blue", "artist_name": "Miles Davis", "release_year": "1959",
     "genres": ["Jazz", "Modal jazz"], "record_label": "Columbia",
     "context_summary": "The best-selling jazz record ever made.\\nModal jazz starts here.",
     "context_bullets": ["Five stars from Rolling Stone", "Quadruple platinum"],
     "rating": 10, "recommendation": "ESSENTIAL", "key_tracks": ["So What", "Blue in Green"]}
    """

  @Test func readsSeed001sJSON() throws {
    let answer = try VisionAnswer.parse(modelText: Self.good)
    #expect(answer.albumTitle == "Kind of Blue")
    #expect(answer.artistName == "Miles Davis")
    #expect(answer.releaseYear == "1959")
    #expect(answer.genres == ["Jazz", "Modal jazz"])
    #expect(answer.recordLabel == "Columbia")
    #expect(answer.contextBullets.count == 2)
    #expect(answer.rating == 10)
    #expect(answer.recommendation == .essential)
    #expect(answer.recommendation.label == "💎 ESSENTIAL")
    #expect(answer.keyTracks == ["So What", "Blue in Green"])
  }

  @Test func readsTheJSONInsideProseOrAFence() throws {
    let fenced = "Here is the album:\n```json\n\(Self.good)\n```\nEnjoy!"
    #expect(try VisionAnswer.parse(modelText: fenced) == VisionAnswer.parse(modelText: Self.good))
    // An object of something else before the answer is passed over.
    let prose = "Sure! {\"note\": \"}\"} is not it; this is: " + Self.good
    #expect(try VisionAnswer.parse(modelText: prose).albumTitle == "Kind of Blue")
    #expect(try VisionAnswer.parse(modelText: "The answer: " + Self.good + " (from memory)").albumTitle == "Kind of Blue")
  }

  @Test func acceptsWhatModelsWriteLoosely() throws {
    let loose = Self.good.replacingOccurrences(of: "\"rating\": 10", with: "\"rating\": \"8.5/10\"")
      .replacingOccurrences(of: "\"ESSENTIAL\"", with: "\"recommended\"").replacingOccurrences(of: "\"1959\"", with: "1959")
    let answer = try VisionAnswer.parse(modelText: loose)
    #expect(answer.rating == 8.5)
    #expect(answer.ratingText == "8.5")
    #expect(answer.recommendation == .recommended)
    #expect(answer.releaseYear == "1959")
  }

  @Test(arguments: [
    ("\"rating\": 10", "\"rating\": 11", "\"rating\" is 11; it must be a number from 0 to 10"),
    ("\"rating\": 10", "\"rating\": \"great\"", "\"rating\" is great; it must be a number from 0 to 10"),
    ("\"rating\": 10, ", "", "it has no \"rating\""),
    ("\"ESSENTIAL\"", "\"BUY\"", "\"recommendation\" is \"BUY\"; it must be ESSENTIAL, RECOMMENDED, SKIP or AVOID"),
    ("\"genres\": [\"Jazz\", \"Modal jazz\"]", "\"genres\": [1]", "\"genres\" holds something that is not text"),
    (
      "\"context_summary\": \"The best-selling jazz record ever made.\\nModal jazz starts here.\"", "\"context_summary\": \" \"",
      "it has no \"context_summary\""
    ),
  ])
  func malformedAnswersSayWhichField(old: String, new: String, message: String) throws {
    let text = Self.good.replacingOccurrences(of: old, with: new)
    #expect(text != Self.good)
    #expect(throws: IdentifyError.malformedAnswer(message)) { try VisionAnswer.parse(modelText: text) }
  }

  @Test func textWithoutJSONIsMalformed() {
    #expect(throws: IdentifyError.malformedAnswer("it holds no JSON object (it begins \"I think this is a jazz record.\")")) {
      try VisionAnswer.parse(modelText: "I think this is a jazz record.")
    }
    #expect(throws: IdentifyError.malformedAnswer("it is empty")) { try VisionAnswer.parse(modelText: "  ") }
  }

  @Test func jsonRoundTrips() throws {
    let answer = try VisionAnswer.parse(modelText: Self.good.replacingOccurrences(of: "\"rating\": 10", with: "\"rating\": 7.5"))
    #expect(try VisionAnswer.parse(modelText: answer.json.serialized()) == answer)
  }

  @Test func theSleeveIsIdentifiedOrNot() throws {
    let found = try SleeveIdentification.parse(
      modelText: #"{"album_title": "Abbey Road", "artist_name": "The Beatles", "release_year": 1969}"#)
    #expect(found == SleeveIdentification(albumTitle: "Abbey Road", artistName: "The Beatles", releaseYear: "1969"))
    for text in [
      #"{"album_title": null, "artist_name": null, "release_year": null}"#, #"{"album_title": "", "artist_name": "X"}"#,
      #"{"identified": false, "album_title": "Abbey Road", "artist_name": "The Beatles"}"#,
    ] {
      #expect(throws: IdentifyError.notIdentified) { try SleeveIdentification.parse(modelText: text) }
    }
    #expect(throws: IdentifyError.self) { try SleeveIdentification.parse(modelText: "Sorry, I can't see a sleeve.") }
  }

  @Test func theSameAlbumIsRecognisedLoosely() {
    let key = SleeveIdentification(albumTitle: "Abbey Road", artistName: "The Beatles").key
    #expect(SleeveIdentification(albumTitle: "abbey road!", artistName: "Beatles").key == key)
    #expect(SleeveIdentification(albumTitle: "ABBEY  ROAD", artistName: "the beatles").key == key)
    #expect(SleeveIdentification(albumTitle: "Let It Be", artistName: "The Beatles").key != key)
    #expect(
      SleeveIdentification(albumTitle: "Homogenic", artistName: "Björk").key
        == SleeveIdentification(albumTitle: "homogenic", artistName: "bjork").key)
  }
}
