import ArgumentParser
import RecordKeeper

@main
struct RK: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "rk",
    abstract: "Keep a vinyl record collection as plain files in a git repository.",
    discussion: """
      A collection is a folder holding .recordkeeper/; every folder below it with an \
      album.md is an album. rk finds the collection from -C DIR, else $RK_COLLECTION, \
      else the nearest folder at or above the working directory.
      """,
    version: RecordKeeperVersion.current,
    subcommands: [
      Init.self, List.self, Find.self, Play.self, Plays.self, Stats.self, Show.self, Add.self, Edit.self, SetFields.self, Remove.self,
      Tag.self, Tags.self, Track.self, Cover.self,
      Artists.self, Sort.self, Check.self, Log.self, Undo.self, Move.self, Format.self, Lists.self, Import.self, Export.self, Serve.self,
      Lookup.self, Identify.self, Scans.self, MergeFile.self, MergePlays.self, Conflicts.self, Resolve.self, Clone.self, Remote.self,
      Sync.self, Status.self,
      Favourites.self, Suggest.self, Schema.self, Hook.self,
    ]
  )

  @OptionGroup var collection: CollectionOptions

  /// An error from running a command, its message made safe to print.
  struct VisibleError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
  }

  /// ArgumentParser's `main`, with clearer usage errors: when parsing fails,
  /// a mistyped command or `--option` is named with the closest match, rather
  /// than whatever ArgumentParser tripped over first.
  static func main() async {
    // Before any thread has a heap of its own: a heap made later grows in the large steps.
    System.growHeapInLargeSteps()
    let arguments = Array(CommandLine.arguments.dropFirst())
    // A commit made without a git identity is said once, as a warning.
    GitIdentity.missingNotice.withLock { $0 = { Terminal.warn($0) } }
    do {
      var command: ParsableCommand
      do {
        command = try await asyncParseAsRoot(arguments)
      } catch {
        // Help, --version and completion scripts arrive as errors too.
        if exitCode(for: error) != .success { UsageCheck.mistake(in: arguments)?.exit() }
        throw error
      }
      do {
        if var asyncCommand = command as? AsyncParsableCommand {
          try await asyncCommand.run()
        } else {
          try command.run()
        }
      } catch let error as ValidationError {
        throw ValidationError(Visible.lines(error.message))
      } catch {
        // Messages quote titles, tags and paths from the collection. Exit
        // codes, and `rk help`'s request for help, go through as they are.
        guard !(error is ExitCode), !(error is CleanExit), exitCode(for: error) == .failure else { throw error }
        throw VisibleError(message: Visible.lines("\(error)"))
      }
    } catch {
      exit(withError: error)
    }
  }
}
