import ArgumentParser
import Foundation
import RecordKeeper

extension RK {
  struct Import: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "import",
      abstract: "Bring records in from another program.",
      subcommands: [Discogs.self])

    struct Discogs: AsyncParsableCommand {
      static let configuration = CommandConfiguration(
        commandName: "discogs",
        abstract: "Import the CSV that Discogs exports of a collection, as one commit.",
        discussion: """
          Columns (any order, matched ignoring case): Catalog#, Artist, Title, Label, Format, Rating, \
          Released, release_id, CollectionFolder, Date Added, Collection Media Condition, Collection \
          Sleeve Condition, Collection Notes; Artist, Title and release_id are required. They fill \
          catalog_number, artist, title, label, format, rating, released, discogs, discogs_folder, \
          discogs_added, media_condition and sleeve_condition, and a "### Discogs" part of the album's \
          "## Notes" section (created, or updated in place; the rest of the notes stay as written). \
          Discogs' numbers after names ("Nirvana (2)") are dropped; a rating of 0 and dates of zeros \
          ("1970-00-00" is 1970) mean what is real; long condition names are stored short. Any other \
          column becomes a key named by its header in snake_case ("Collection Genre": collection_genre). \
          The nth row of a release id updates the nth album with that discogs id (albums ordered by id), \
          rewriting only what changed. A row that matches no album so is paired with an album that has no \
          discogs id yet, by barcode, then catalog number, then artist and title (ignoring case, accents \
          and punctuation), and the import says so ("Paired line 12 (…) with albums/kind-of-blue by \
          barcode."): the row fills what that album lacks and never replaces what it holds. Other rows add \
          albums. Lines you write inside "### Discogs" stay while the row's notes stay the same. A blank cell changes nothing: import never \
          removes a value. Every row is checked first: on any problem, each is printed as \
          FILE:LINE: column: message and nothing is written.
          """)

      @OptionGroup var collection: CollectionOptions

      @Flag(help: "Print what would be added, updated (with which fields) and left unchanged; write nothing.")
      var dryRun = false

      @Argument(help: ArgumentHelp("The CSV file Discogs exported.", valueName: "file"), completion: .file(extensions: ["csv"]))
      var file: String

      func run() async throws {
        let store = try collection.store()
        let bytes = try FileSystem.read(FileSystem.absolute(file))
        let result: (plan: DiscogsImportPlan, commit: GitCommit?)
        let line = ProgressLine.onTerminal()
        line?.showWhileWorking("Importing \(Visible.text(file))")
        do {
          defer { line?.finish() }
          result = try store.importDiscogs(bytes, file: file, dryRun: dryRun)
        } catch {
          guard case .problems(let file, let problems) = error else { throw error }
          FileHandle.standardError.write(Data(problems.map { Visible.lines($0.formatted(file: file)) + "\n" }.joined().utf8))
          let rows = Set(problems.map(\.line)).count
          FileHandle.standardError.write(
            Data(
              "rk: nothing was imported: \(problems.count) problem\(problems.count == 1 ? "" : "s") on \(rows) line\(rows == 1 ? "" : "s"); fix them and import again\n"
                .utf8))
          throw ExitCode.failure
        }
        // Said on every import, so a row never pairs with an album silently.
        Terminal.write(
          result.plan.paired.map { Visible.text(($0.description.first?.uppercased() ?? "") + $0.description.dropFirst()) + ".\n" }.joined())
        if dryRun {
          Terminal.write(Self.describe(result.plan, in: store.location))
        } else {
          report(
            result.commit,
            unchanged:
              "No change: the collection already holds all \(result.plan.unchanged.count) row\(result.plan.unchanged.count == 1 ? "" : "s") of \(file)."
          )
        }
      }

      /// The plan, one line per row, then the counts.
      static func describe(_ plan: DiscogsImportPlan, in location: CollectionLocation) -> String {
        var lines: [(line: Int, text: String)] = []
        for addition in plan.added {
          lines.append((addition.line, "add        \(addition.album.id)  \(ChangeMessage.name(of: addition.album))"))
        }
        for update in plan.updated {
          lines.append((update.line, "update     \(update.before.id)  \(update.keys.joined(separator: ", "))"))
        }
        for row in plan.unchanged {
          lines.append((row.line, "unchanged  \(row.id)"))
        }
        var text = lines.sorted { $0.line < $1.line }.map { Visible.text("line \($0.line): \($0.text)") + "\n" }.joined()
        text +=
          "Would add \(plan.added.count), update \(plan.updated.count), leave \(plan.unchanged.count) unchanged; nothing was written.\n"
        return text
      }
    }
  }
}
