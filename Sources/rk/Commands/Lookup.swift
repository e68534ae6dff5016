import ArgumentParser
import Foundation
import RecordKeeper

extension RK {
  struct Lookup: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "lookup",
      abstract: "Find releases on MusicBrainz by words, barcode or catalog number.",
      discussion: """
        Lists the releases MusicBrainz finds, best first, with the id that rk add --musicbrainz ID \
        and rk set ALBUM --musicbrainz ID --fill take. MusicBrainz's rules are kept: a User-Agent with \
        your contact ($RK_CONTACT, else git config rk.contact, else git's user.email), at most one \
        request a second across every rk, waiting and retrying when it is busy. RK_MUSICBRAINZ_URL \
        overrides the service's address.
        """)

    @OptionGroup var collection: CollectionOptions

    @Argument(help: ArgumentHelp("Words of the artist and title.", valueName: "query"))
    var words: [String] = []

    @Option(parsing: .unconditional, help: ArgumentHelp("Find the release with this UPC/EAN barcode.", valueName: "digits"))
    var barcode: String?

    @Option(
      name: .customLong("catalog-number"), parsing: .unconditional,
      help: ArgumentHelp("Find releases with this catalog number (CL 1355).", valueName: "number"))
    var catalogNumber: String?

    @Flag(help: "Print the candidates as a JSON array.")
    var json = false

    func validate() throws {
      do throws(LookupSearchError) { _ = try search() } catch { throw ValidationError(error.description(naming: Self.option) + ".") }
    }

    /// How `rk lookup` names each part of a search.
    static func option(_ part: LookupTool.Search.Part) -> String {
      switch part {
      case .text: "words to search for"
      case .barcode: "--barcode"
      case .catalogNumber: "--catalog-number"
      }
    }

    private func search() throws(LookupSearchError) -> LookupTool.Search {
      try LookupTool.Search(text: words.isEmpty ? nil : words.joined(separator: " "), barcode: barcode, catalogNumber: catalogNumber)
    }

    func run() async throws {
      let search = try search()
      let candidates = LookupCandidate.all(in: try LookupTool.search(search, contact: try collection.lookupContact()))
      if json {
        Terminal.write(.array(candidates.map(\.json)))
        return
      }
      guard !candidates.isEmpty else {
        FileHandle.standardError.write(Data("MusicBrainz found no release.\n".utf8))
        throw ExitCode.failure
      }
      let style = Style(enabled: Terminal.standardOutput().usesColor)
      Terminal.write(candidates.map { Self.render($0, style: style) }.joined(separator: "\n"))
    }

    /// Three lines: title and artist; date, country, format, label, catalog
    /// number and score; the command that adds it.
    static func render(_ candidate: LookupCandidate, style: Style) -> String {
      let label = [candidate.label, candidate.catalogNumber].compactMap { $0 }.joined(separator: " ")
      let details =
        [candidate.date, candidate.country, candidate.format, label.isEmpty ? nil : label, candidate.barcode]
        .compactMap { $0 }.map(Visible.text) + (candidate.score.map { ["score \($0)"] } ?? [])
      return """
        \(style.bold(Visible.text(candidate.title))) – \(Visible.text(candidate.artist))
          \(details.joined(separator: " · "))
          \(style.dim("rk add --musicbrainz \(candidate.id)"))

        """
    }
  }
}

extension CollectionOptions {
  /// The contact for MusicBrainz's User-Agent (see ``LookupContact``); a
  /// clear error when there is none.
  func lookupContact() throws -> String {
    let root = try? location().root
    guard let contact = LookupContact.resolve(collectionRoot: root) else { throw RK.VisibleError(message: LookupContact.missing) }
    return contact
  }
}
