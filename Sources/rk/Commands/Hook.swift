import ArgumentParser
import Foundation
import RecordKeeper

extension RK {
  struct Hook: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "hook",
      abstract: "Install or remove the git pre-commit hook that runs rk check --staged.",
      discussion: """
        The hook refuses a commit whose staged album.md, plays or smart-list files break the rules, \
        naming PATH:LINE. It goes in the repository's hooks folder (core.hooksPath when set). A \
        pre-commit hook already there is kept as pre-commit.before-rk and runs first; rk hook rm \
        puts it back.
        """,
      subcommands: [Install.self, Remove.self])

    struct Install: ParsableCommand {
      static let configuration = CommandConfiguration(
        commandName: "install",
        abstract: "Install the pre-commit hook, keeping and chaining one already there.")

      @OptionGroup var collection: CollectionOptions

      func run() throws {
        let executable = (try? FileSystem.realPath("/proc/self/exe")) ?? CommandLine.arguments[0]
        switch try PreCommitHook.install(for: try collection.location(), executable: executable) {
        case .installed(let path, let kept?):
          print("Installed \(path); the hook that was there is kept as \(kept) and runs first.")
        case .installed(let path, nil): print("Installed \(path).")
        case .updated(let path): print("rk's hook was already installed at \(path); written anew.")
        case .removed, .notInstalled: break
        }
      }
    }

    struct Remove: ParsableCommand {
      static let configuration = CommandConfiguration(
        commandName: "rm", abstract: "Remove rk's pre-commit hook and put back the one it kept.")

      @OptionGroup var collection: CollectionOptions

      func run() throws {
        switch try PreCommitHook.remove(for: try collection.location()) {
        case .removed(let path, true): print("Removed rk's hook; \(path) is the hook that was there before.")
        case .removed(let path, false): print("Removed \(path).")
        case .notInstalled(let folder): print("No rk hook in \(folder): nothing to remove.")
        case .installed, .updated: break
        }
      }
    }
  }
}
