import ArgumentParser
import Foundation
import RecordKeeper

extension RK {
  struct Log: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Show the history of changes, of one album or of the whole collection.")

    @OptionGroup var collection: CollectionOptions

    @Argument(
      help: ArgumentHelp("Only changes to this album.", valueName: "album"), completion: .custom(Completions.albums))
    var album: String?

    @Option(name: [.customShort("n"), .customLong("max-count")], help: ArgumentHelp("Show at most N changes.", valueName: "n"))
    var limit: Int?

    func run() async throws {
      let commits = try collection.store().history(of: album, limit: limit)
      let formatter = DateFormatter()
      formatter.locale = Locale(identifier: "en_US_POSIX")
      formatter.dateFormat = "yyyy-MM-dd HH:mm"
      let style = Style(enabled: Terminal.standardOutput().usesColor)
      for commit in commits {
        let mark = ChangeMessage.action(of: commit.message) == nil ? " (by git)" : ""
        print("\(style.apply(String(commit.id.prefix(7)), "33"))  \(formatter.string(from: Date(timeIntervalSince1970: TimeInterval(commit.time))))  \(Visible.text(commit.summary))\(style.dim("  — \(Visible.text(commit.authorName))\(mark)"))")
      }
    }
  }
}
