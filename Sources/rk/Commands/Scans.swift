import ArgumentParser
import Foundation
import RecordKeeper

extension RK {
  struct Scans: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "scans",
      abstract: "The scan history of rk identify, newest first.",
      discussion: """
        Every scan rk identify made, newest first: its id, date, album, recommendation and rating. \
        The history is kept in .recordkeeper/scans/ (one small JSON file per scan, never the photo), \
        which git ignores: it stays on this computer, like seed 001's history on the phone.
        """,
      subcommands: [ListScans.self, ShowScan.self, RemoveScan.self],
      defaultSubcommand: ListScans.self)
  }

  struct ListScans: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the scans, newest first.")

    @OptionGroup var collection: CollectionOptions

    @Flag(help: "Print the scans as a JSON array.")
    var json = false

    func run() async throws {
      let (scans, unreadable) = ScanHistory(location: try collection.location()).list()
      for problem in unreadable { Terminal.warn(problem) }
      if json {
        Terminal.write(.array(scans.map(\.json)))
        return
      }
      guard !scans.isEmpty else {
        Terminal.write("No scans yet: rk identify PHOTO scans a sleeve.\n")
        return
      }
      let style = Style(enabled: Terminal.standardOutput().usesColor)
      Terminal.write(scans.map { Self.line($0, style: style) }.joined())
    }

    /// `20261123-184512-3f2a  2026-11-23 18:45  Kind of Blue – Miles Davis  💎 10/10`
    static func line(_ scan: Scan, style: Style) -> String {
      let date = scan.dateText.prefix(16).replacingOccurrences(of: "T", with: " ")
      let album = Visible.text(scan.answer.albumTitle) + " – " + Visible.text(scan.answer.artistName)
      return style.dim(scan.id) + "  " + date + "  " + style.bold(album) + "  " + scan.answer.recommendation.badge
        + " \(scan.answer.ratingText)/10\n"
    }
  }

  struct ShowScan: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Show one scan's album details again.")

    @OptionGroup var collection: CollectionOptions

    @Argument(help: ArgumentHelp("The scan's id, or the start of it.", valueName: "id"))
    var id: String

    @Flag(help: "Print the scan as a JSON object.")
    var json = false

    func run() async throws {
      let scan = try ScanHistory(location: try collection.location()).read(id)
      if json { return Terminal.write(scan.json) }
      Terminal.write(Identify.render(scan, style: Style(enabled: Terminal.standardOutput().usesColor)))
    }
  }

  struct RemoveScan: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rm", abstract: "Remove a scan from the history.")

    @OptionGroup var collection: CollectionOptions

    @Argument(help: ArgumentHelp("The scan's id, or the start of it.", valueName: "id"))
    var id: String

    func run() async throws {
      let removed = try ScanHistory(location: try collection.location()).remove(id)
      Terminal.write("Removed scan \(removed).\n")
    }
  }
}
