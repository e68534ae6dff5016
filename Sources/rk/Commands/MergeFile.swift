import ArgumentParser
import Foundation
import RecordKeeper

extension RK {
  struct MergeFile: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "merge-file",
      abstract: "Merge three versions of an album.md by field: git's merge driver for albums.",
      discussion: """
        git runs it as `rk merge-file %O %A %B %P` for every album.md changed on both sides of a merge \
        (rk init registers it in .gitattributes and the repository's config). Each front-matter key merges \
        three-way on its own, tags as sets, tracks track by track and notes by lines; the result is written \
        over OURS, changed only where THEIRS changed something. A field changed two ways keeps our value, \
        is recorded for rk conflicts, and the exit status is 1 (git then leaves the merge unfinished); \
        0 when the merge is clean. An ordered list's file (.recordkeeper/lists/NAME.md) merges entry by entry: \
        both sides' additions are kept and numbered again, and an entry one side moved and the other removed \
        is a conflict (NAME.md of .recordkeeper/lists; their choice waits beside it as NAME.theirs.md).
        """)

    @Argument(help: ArgumentHelp("The common ancestor's version (git's %O; empty when both sides added the file).", valueName: "base"))
    var base: String

    @Argument(help: ArgumentHelp("Our version, which receives the result (git's %A).", valueName: "ours"))
    var ours: String

    @Argument(help: ArgumentHelp("Their version (git's %B).", valueName: "theirs"))
    var theirs: String

    @Argument(help: ArgumentHelp("The file's path in the work tree (git's %P), for recording conflicts.", valueName: "path"))
    var path: String?

    func run() async throws {
      let outcome = try RecordKeeper.MergeDriver.run(
        base: base, ours: ours, theirs: theirs, path: path, workTree: FileManager.default.currentDirectoryPath)
      if let failure = outcome.failure {
        FileHandle.standardError.write(Data("rk merge-file: \(Visible.lines(failure))\n".utf8))
      } else {
        for conflict in outcome.conflicts {
          let line = "rk merge-file: \(conflict.album): \(conflict.field) changed both ways; our value is kept until you run rk resolve"
          FileHandle.standardError.write(Data("\(Visible.lines(line))\n".utf8))
        }
      }
      if outcome.isConflicted { throw ExitCode.failure }
    }
  }
}
