import ArgumentParser
import RecordKeeper

/// The collector's fields (docs/album-format.md), one option each; part of
/// ``AlbumFieldOptions``, so `rk add` and `rk set` take the same names.
///
/// The record's `format` field is `--format` here; only `rk list` uses
/// `--format` for an output template, and it takes none of these options.
struct CollectorFieldOptions: ParsableArguments {
  @Option(parsing: .unconditional, help: "The format, such as LP or 2xLP.") var format: String?
  @Option(parsing: .unconditional, help: "The record label.") var label: String?
  @Option(parsing: .unconditional, help: "The label's catalog number.") var catalogNumber: String?
  @Option(parsing: .unconditional, help: "The barcode: 8 to 14 digits.") var barcode: String?
  @Option(parsing: .unconditional, help: "The country of release.") var country: String?
  @Option(parsing: .unconditional, help: ArgumentHelp("The record's Goldmine grade: M, NM, VG+, VG, G+, G, F or P.", valueName: "grade"))
  var mediaCondition: String?
  @Option(parsing: .unconditional, help: ArgumentHelp("The sleeve's Goldmine grade: M, NM, VG+, VG, G+, G, F or P.", valueName: "grade"))
  var sleeveCondition: String?
  @Option(parsing: .unconditional, help: "Your rating, 1 to 5.") var rating: String?
  @Option(parsing: .unconditional, help: "Where the record is kept.") var location: String?
  @Option(parsing: .unconditional, help: ArgumentHelp("When you bought it: YYYY, YYYY-MM or YYYY-MM-DD.", valueName: "date")) var purchased:
    String?
  @Option(parsing: .unconditional, help: "What you paid.") var price: String?
  @Option(parsing: .unconditional, help: "owned or wanted.") var status: String?
  @Option(parsing: .unconditional, help: ArgumentHelp("The Discogs release id.", valueName: "id")) var discogs: String?
  @Option(parsing: .unconditional, help: ArgumentHelp("The MusicBrainz release id (a UUID).", valueName: "id")) var musicbrainz: String?

  /// The fields given, by field; an empty value clears one.
  var values: [CollectorField: String] {
    let given: [(CollectorField, String?)] = [
      (.format, format), (.label, label), (.catalogNumber, catalogNumber), (.barcode, barcode), (.country, country),
      (.mediaCondition, mediaCondition), (.sleeveCondition, sleeveCondition), (.rating, rating), (.location, location),
      (.purchased, purchased), (.price, price), (.status, status), (.discogs, discogs), (.musicbrainz, musicbrainz),
    ]
    var values: [CollectorField: String] = [:]
    for case (let field, let value?) in given { values[field] = value }
    return values
  }
}
