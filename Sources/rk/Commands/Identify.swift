import ArgumentParser
import Foundation
import RecordKeeper

extension RK {
  struct Identify: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "identify",
      abstract: "Identify an album from a photo of its sleeve, and say whether it matters.",
      discussion: """
        Sends the photo (JPEG, PNG, WebP…; made upright, at most 1600 pixels and without its \
        metadata first) to Anthropic's vision model, which names the album and reviews it as seed \
        001 asks: summary, evidence, a rating out of 10 and a recommendation (💎 ESSENTIAL, \
        👍 RECOMMENDED, 😐 SKIP, 💩 AVOID). Then MusicBrainz is searched for the release and the \
        Cover Art Archive for its cover; neither ever blocks the answer. Every scan is kept in the \
        scan history (rk scans); the photo never is. A scan of an album already in the history \
        reuses its answer instead of asking for the review again. The key comes from \
        ANTHROPIC_API_KEY; RK_ANTHROPIC_MODEL chooses the model (default \
        \(IdentifyTool.defaultModel)), RK_ANTHROPIC_URL the API's address.
        """)

    @OptionGroup var collection: CollectionOptions

    @Argument(help: ArgumentHelp("A photo of the album's front sleeve.", valueName: "photo"), completion: .file())
    var photo: String

    @Flag(help: "Add the album to the collection (its tracks and cover from MusicBrainz, the review as its ## Context notes).")
    var add = false

    @Flag(help: "Add the album to the wantlist (status: wanted), like --add.")
    var want = false

    @Flag(help: "With --add: when the album is on the wantlist, mark it owned (on a terminal rk asks).")
    var owned = false

    @Flag(help: "Print the scan as a JSON object.")
    var json = false

    func validate() throws {
      if add && want { throw ValidationError("Give --add or --want, not both.") }
      if owned && !add { throw ValidationError("--owned goes with --add.") }
    }

    func run() async throws {
      let location = try collection.location()
      guard ProcessInfo.processInfo.environment["ANTHROPIC_API_KEY"].map({ !$0.trimmed.isEmpty }) == true else {
        throw IdentifyError.missingKey
      }
      guard FileManager.default.isReadableFile(atPath: photo) else {
        throw VisibleError(message: "cannot read the photo \(photo): give the path of an image file.")
      }
      let contact = try collection.lookupContact()
      // A collection that cannot be changed says so before the model is asked.
      let store = add || want ? try collection.store() : nil
      let outcome: IdentifyTool.Outcome
      switch Result(catching: { () throws(IdentifyError) in
        try IdentifyTool.identify(photo: photo, collectionRoot: location.root, contact: contact)
      }) {
      case .success(let made): outcome = made
      case .failure(.notIdentified):
        // Seed 001's message, as it is, first on the line.
        FileHandle.standardError.write(Data("\(IdentifyError.notIdentified)\n".utf8))
        throw ExitCode.failure
      case .failure(let error): throw error
      }
      for note in outcome.notes { Terminal.warn(note) }
      var addition: ScanAddition?
      // Not added when MusicBrainz failed: said after the scan is shown.
      var refusal: IdentifyError?
      if store != nil {
        do throws(IdentifyError) { try outcome.scan.checkCanBeAdded() } catch { refusal = error }
      }
      if let store, refusal == nil {
        addition = try Self.add(outcome, to: want ? .wantlist : .collection, store: store, contact: contact)
      }
      defer { if let refusal { Terminal.warn(refusal.description) } }
      // Found on the wantlist by --add: bought now, so marked owned when the
      // collector says so (--owned, or yes on a terminal); never a duplicate.
      var markedOwned = false
      if add, let store, case .alreadyPresent(let id, true)? = addition,
        owned
          || (!json && Editor.isInteractive
            && Editor.confirm("\(Visible.text(id)) is on your wantlist. Mark it owned?", defaultAnswer: true))
      {
        try store.markOwned(id)
        markedOwned = true
      }
      if json {
        var fields: [(String, JSONValue)] = []
        if case .object(let scanFields) = outcome.scan.json { fields = scanFields }
        switch addition {
        case .added(let id)?: fields += [("album", .string(id)), ("already_present", .bool(false))]
        case .alreadyPresent(let id, _)?: fields += [("album", .string(id)), ("already_present", .bool(true))]
        case nil: fields += [("album", .null), ("already_present", .bool(false))]
        }
        fields.append(("marked_owned", .bool(markedOwned)))
        Terminal.write(.object(fields))
        if refusal != nil { throw ExitCode.failure }
        return
      }
      let style = Style(enabled: Terminal.standardOutput().usesColor)
      var text = Self.render(outcome.scan, style: style)
      text +=
        "\n"
        + style.dim(
          outcome.scan.reusedFrom.map { "Scan \(outcome.scan.id) saved (the answer of scan \($0), reused)." }
            ?? "Scan \(outcome.scan.id) saved.") + "\n"
      switch addition {
      case .added(let id)?: text += "Added \(Visible.text(id))\(want ? " to the wantlist" : "").\n"
      case .alreadyPresent(let id, _)? where markedOwned:
        text += "On the wantlist: \(Visible.text(id)), now marked owned.\n"
      case .alreadyPresent(let id, let wanted)?:
        text +=
          "Already in the collection\(wanted ? " (on the wantlist)" : ""): \(Visible.text(id)). Nothing was added."
          + (wanted && add ? " Give --owned to mark it owned." : "") + "\n"
      case nil: break
      }
      Terminal.write(text)
      if refusal != nil { throw ExitCode.failure }
    }

    /// Adds the scan's album: the release with its tracks (fetched by id;
    /// the model's fields when there is none or it cannot be had), the
    /// release's cover (kept even when the release itself could not be
    /// fetched: it is the same album), the context; one commit.
    static func add(_ outcome: IdentifyTool.Outcome, to destination: ScanDestination, store: CollectionStore, contact: String) throws
      -> ScanAddition
    {
      var release: MusicBrainzRelease?
      if let id = outcome.scan.musicbrainz {
        do {
          release = try LookupTool.release(id, contact: contact)
        } catch {
          Terminal.warn("the album is made from the model's answer: \(error)")
        }
      }
      return try store.add(scan: outcome.scan, release: release, cover: outcome.cover, to: destination)
    }

    /// Seed 001's album details: title and artist, the badge, the summary
    /// and bullets, the key tracks, year, genres and label, the rating, and
    /// the MusicBrainz match.
    static func render(_ scan: Scan, style: Style) -> String {
      let answer = scan.answer
      var text = style.bold(Visible.text(answer.albumTitle)) + " – " + Visible.text(answer.artistName) + "\n"
      let details = [answer.releaseYear, answer.recordLabel, answer.genres.isEmpty ? nil : answer.genres.joined(separator: ", ")]
      text += style.dim(details.compactMap { $0 }.map(Visible.text).joined(separator: " · ")) + "\n\n"
      text += style.bold(answer.recommendation.label) + "  Rating: \(answer.ratingText)/10\n\n"
      text += wrap(Visible.text(answer.contextSummary), indent: "") + "\n"
      if !answer.contextBullets.isEmpty {
        text += "\n" + answer.contextBullets.map { wrap("• " + Visible.text($0), indent: "  ") }.joined(separator: "\n") + "\n"
      }
      if !answer.keyTracks.isEmpty {
        text += "\n" + wrap("Key tracks: " + answer.keyTracks.map(Visible.text).joined(separator: ", "), indent: "  ") + "\n"
      }
      text += "\n"
      if let match = scan.match {
        let label = [match.label, match.catalogNumber].compactMap { $0 }.joined(separator: " ")
        let facts = [match.date, match.country, match.format, label.isEmpty ? nil : label].compactMap { $0 }.map(Visible.text)
        text +=
          "MusicBrainz: " + Visible.text(match.title) + " – " + Visible.text(match.artist)
          + (facts.isEmpty ? "" : " · " + facts.joined(separator: " · ")) + "\n"
        text += style.dim("  \(match.id)") + "\n"
      } else if scan.failed.contains(.musicBrainz) {
        text += "MusicBrainz: could not be asked (see the warning above); the next scan of this album asks again.\n"
      } else {
        text += "MusicBrainz: no matching release.\n"
      }
      // "None" only when the archive said so.
      let cover =
        if let url = scan.coverURL { Visible.text(url) } else if scan.match == nil {
          "not looked for (no MusicBrainz release)"
        } else if scan.failed.contains(.cover) {
          "the Cover Art Archive could not be asked (see the warning above); the next scan asks again"
        } else { "none in the Cover Art Archive" }
      text += "Cover: " + cover + "\n"
      return text
    }

    /// `text` broken at spaces into lines of at most 78 columns, the lines
    /// after the first indented.
    static func wrap(_ text: String, indent: String, width: Int = 78) -> String {
      var lines: [String] = []
      var line = ""
      for word in text.split(separator: " ") {
        if !line.isEmpty, DisplayWidth.of(line) + 1 + DisplayWidth.of(String(word)) > width {
          lines.append(line)
          line = indent
        }
        line += (line.isEmpty || line == indent ? "" : " ") + word
      }
      lines.append(line)
      return lines.joined(separator: "\n")
    }
  }
}
