import ArgumentParser
import Foundation
import RecordKeeper

extension RK {
  struct Export: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "export",
      abstract: "Write the collection out for other programs.",
      subcommands: [CSV.self, JSON.self])

    /// `--output FILE`, shared by both formats.
    struct OutputOptions: ParsableArguments {
      @Option(
        name: [.customShort("o"), .customLong("output")],
        parsing: .unconditional,
        help: ArgumentHelp(
          "Write to FILE (atomically: the old file or the new, never half) instead of standard output.", valueName: "file"),
        completion: .file())
      var output: String?

      func write(_ bytes: [UInt8]) throws {
        guard let output else {
          FileHandle.standardOutput.write(Data(bytes))
          return
        }
        try FileSystem.writeAtomically(bytes, to: FileSystem.absolute(output))
      }
    }

    struct CSV: AsyncParsableCommand {
      static let configuration = CommandConfiguration(
        commandName: "csv",
        abstract: "Write every album as a Discogs-style CSV that spreadsheets open.",
        discussion: """
          Discogs' columns in its order (Catalog#, Artist, Title, Label, Format, Rating, Released, \
          release_id, CollectionFolder, Date Added, Collection Media Condition, Collection Sleeve Condition, \
          Collection Notes), then one column per other field some album holds (sort_artist, wikipedia, \
          barcode, country, location, purchased, price, status, musicbrainz, and extra keys with text \
          values), headed by its key. rk import discogs of the file changes nothing.
          """)

      @OptionGroup var collection: CollectionOptions
      @OptionGroup var output: OutputOptions

      func run() async throws {
        try output.write(try CollectionExport.csv(try collection.load().albums))
      }
    }

    struct JSON: AsyncParsableCommand {
      static let configuration = CommandConfiguration(
        commandName: "json",
        abstract: "Write every album as a JSON array of album objects, as rk list --json prints them.")

      @OptionGroup var collection: CollectionOptions
      @OptionGroup var output: OutputOptions

      func run() async throws {
        let loaded = try collection.load().withPlays()
        try output.write(CollectionExport.json(loaded.albums, order: try Preferences.load(loaded.location).order))
      }
    }
  }
}
