import Foundation

/// One scan of a sleeve (seed 001's scan history): when it was made, the
/// model's answer, the MusicBrainz release it matched and where its cover
/// came from. The photo itself is never kept.
public struct Scan: Hashable, Sendable {
  /// `20261123-184512-3f2a`: the time (UTC) and four random hex digits, so
  /// ids sort by time and are safe as file names.
  public var id: String
  public var date: Date
  public var answer: VisionAnswer
  /// The MusicBrainz release chosen for the answer, `nil` when none matched.
  public var match: LookupCandidate?
  /// The Cover Art Archive address the front cover came from, `nil` when
  /// it has none (or could not be reached).
  public var coverURL: String?
  /// The scan whose answer this one reused (same album scanned before),
  /// `nil` when the model was asked.
  public var reusedFrom: String?
  /// The steps that could not be done (a service down or busy). A failed
  /// step is not an answer (docs/commands.md, "Identifying a sleeve from a photo"): `match` or `coverURL` being
  /// `nil` then says nothing, and the next scan of the album asks again.
  public var failed: Set<Step>

  /// A step of a scan after the model's answer.
  public enum Step: String, Hashable, Sendable, CaseIterable {
    /// Finding the release on MusicBrainz.
    case musicBrainz = "musicbrainz"
    /// Finding its front cover in the Cover Art Archive.
    case cover
  }

  public init(
    id: String, date: Date, answer: VisionAnswer, match: LookupCandidate? = nil, coverURL: String? = nil, reusedFrom: String? = nil,
    failed: Set<Step> = []
  ) {
    self.id = id
    self.date = date
    self.answer = answer
    self.match = match
    self.coverURL = coverURL
    self.reusedFrom = reusedFrom
    self.failed = failed
  }

  /// The MusicBrainz release id chosen, if any.
  public var musicbrainz: String? { match?.id }

  /// A new id for a scan made at `date`.
  public static func newID(at date: Date) -> String {
    let parts = utc(date)
    let stamp = String(format: "%04d%02d%02d-%02d%02d%02d", parts.year, parts.month, parts.day, parts.hour, parts.minute, parts.second)
    return stamp + "-" + String(format: "%04x", UInt16.random(in: 0...UInt16.max))
  }

  /// The calendar parts of `date` in UTC.
  static func utc(_ date: Date) -> (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
    var time = time_t(date.timeIntervalSince1970.rounded(.down))
    var parts = tm()
    gmtime_r(&time, &parts)
    return (Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec))
  }

  /// The date of `2026-11-23T18:45:12Z`, `nil` for anything else.
  static func date(parsing text: String) -> Date? {
    let digits = text.split { "-T:Z".contains($0) }.map { Int($0) }
    guard text.count == 20, text.hasSuffix("Z"), digits.count == 6, digits.allSatisfy({ $0 != nil }) else { return nil }
    var parts = tm()
    parts.tm_year = Int32((digits[0] ?? 0) - 1900)
    parts.tm_mon = Int32((digits[1] ?? 1) - 1)
    parts.tm_mday = Int32(digits[2] ?? 1)
    parts.tm_hour = Int32(digits[3] ?? 0)
    parts.tm_min = Int32(digits[4] ?? 0)
    parts.tm_sec = Int32(digits[5] ?? 0)
    return Date(timeIntervalSince1970: TimeInterval(timegm(&parts)))
  }

  /// Whether `text` has the form of a scan id (checked before it names a file).
  public static func isID(_ text: String) -> Bool {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 8, parts[1].count == 6, parts[2].count == 4 else { return false }
    return parts[0].allSatisfy { $0.isASCII && $0.isNumber } && parts[1].allSatisfy { $0.isASCII && $0.isNumber }
      && parts[2].allSatisfy { $0.isASCII && $0.isHexDigit && !$0.isUppercase }
  }

  /// `2026-11-23T18:45:12Z`.
  public var dateText: String {
    let parts = Self.utc(date)
    return String(format: "%04d-%02d-%02dT%02d:%02d:%02dZ", parts.year, parts.month, parts.day, parts.hour, parts.minute, parts.second)
  }
}

extension Scan {
  /// The scan as stored and as `rk scans --json` and `rk identify --json`
  /// print it: `id`, `date`, `answer` (seed 001's JSON), `musicbrainz`,
  /// `match` (the release: title, artist, date, country, format, label,
  /// catalog number, barcode, score; or null), `cover_url`, `reused_from`,
  /// `failed` (the steps that could not be done: `musicbrainz`, `cover`).
  public var json: JSONValue {
    .object([
      ("id", .string(id)), ("date", .string(dateText)), ("answer", answer.json), ("musicbrainz", .optional(musicbrainz)),
      ("match", match?.json ?? .null), ("cover_url", .optional(coverURL)), ("reused_from", .optional(reusedFrom)),
      ("failed", .array(Step.allCases.filter(failed.contains).map { .string($0.rawValue) })),
    ])
  }

  /// Reads a scan's JSON; `name` says which file in errors.
  public static func decode(_ bytes: [UInt8], name: String) throws(IdentifyError) -> Scan {
    guard let object = (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any] else {
      throw .history("\(name) is not a scan's JSON: remove it with rk scans rm, or delete the file")
    }
    do throws(IdentifyError) {
      guard let id = try ModelJSON.text(object, "id"), isID(id) else { throw .malformedAnswer("it has no valid \"id\"") }
      guard let dateText = try ModelJSON.text(object, "date"), let date = date(parsing: dateText) else {
        throw .malformedAnswer("it has no valid \"date\"")
      }
      guard let answerObject = object["answer"] as? [String: Any] else { throw .malformedAnswer("it has no \"answer\"") }
      let answer = try VisionAnswer(object: answerObject)
      var match: LookupCandidate?
      if let matchObject = object["match"] as? [String: Any] { match = try LookupCandidate(scanObject: matchObject) }
      // Scans stored before `failed` existed have none; an unknown step is
      // one this version does not take.
      let failed = Set(((object["failed"] as? [Any]) ?? []).compactMap { ($0 as? String).flatMap(Step.init(rawValue:)) })
      return Scan(
        id: id, date: date, answer: answer, match: match, coverURL: try ModelJSON.text(object, "cover_url"),
        reusedFrom: try ModelJSON.text(object, "reused_from"), failed: failed)
    } catch .malformedAnswer(let detail) {
      throw .history("\(name) cannot be read: \(detail). Remove it with rk scans rm, or delete the file")
    } catch {
      throw error
    }
  }
}

extension LookupCandidate {
  /// A candidate as ``json`` wrote it.
  init(scanObject object: [String: Any]) throws(IdentifyError) {
    guard let id = try ModelJSON.text(object, "musicbrainz"), MusicBrainzRelease.isID(id) else {
      throw .malformedAnswer("its \"match\" has no MusicBrainz id")
    }
    self.id = id
    title = try ModelJSON.text(object, "title") ?? ""
    artist = try ModelJSON.text(object, "artist") ?? ""
    score = (object["score"] as? NSNumber)?.intValue
    for (key, field) in Self.optionalTexts { self[keyPath: field] = try ModelJSON.text(object, key) }
  }
}
