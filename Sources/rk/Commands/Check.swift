import ArgumentParser
import RecordKeeper

extension RK {
  struct Check: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "check",
      abstract: "Check every album against the rules; exit 1 when anything is wrong.",
      discussion: """
        Each problem is printed as PATH:LINE: field: message. With paths (album folders or their \
        album.md, plays files, smart lists' files), only those are reported. An album git does not \
        track yet is named too ("not yet recorded in git; rk sync records it"); that alone is no \
        problem and does not change the exit status.
        """)

    @OptionGroup var collection: CollectionOptions

    @Flag(help: "Print {\"albums\": N, \"problems\": [{path, line, field, message}], \"unrecorded\": [path]}.")
    var json = false

    @Argument(help: ArgumentHelp("Check only these files or album folders.", valueName: "path"))
    var paths: [String] = []

    @Flag(help: "Check the album.md, plays and smart-list files git has staged, as staged (for a pre-commit hook).")
    var staged = false

    func run() async throws {
      let location = try collection.location()
      if staged { return try checkStaged(in: location) }
      let files = try paths.map { path in try Self.relative(path, in: location) }
      var check = CollectionCheck(try RecordCollection.load(location), lists: SmartLists.load(from: location))
      let whole = files.isEmpty || files.contains("")
      if !whole { check = check.restricted(to: files) }
      // Albums added by hand: valid ones are fine, but not shared until recorded.
      let unrecorded = ((try? CollectionStore(location: location).unrecordedChanges()) ?? [])
        .filter { edit in
          edit.kind == .album && edit.change == .added
            && (whole || files.contains { $0 == edit.id || $0.hasPrefix(edit.id + "/") || edit.id.hasPrefix($0 + "/") })
        }
        .map { $0.path(in: location) }
      if json {
        guard case .object(let fields) = check.json else { return }
        Terminal.write(JSONValue.object(fields + [("unrecorded", .array(unrecorded.map(JSONValue.string)))]))
      } else {
        Terminal.write(check.issues.map { Visible.text($0.formatted(in: check.location)) + "\n" }.joined())
        Terminal.write(unrecorded.map { Visible.text("\($0): not yet recorded in git; rk sync records it") + "\n" }.joined())
        if check.isClean { print(check.summary) } else { Terminal.warn(check.summary) }
      }
      if !check.isClean { throw ExitCode.failure }
    }

    /// `path` relative to the collection root ("" for the root), which it
    /// must lie in and exist.
    static func relative(_ path: String, in location: CollectionLocation) throws -> String {
      var absolute = FileSystem.absolute(path)
      while absolute.count > 1, absolute.hasSuffix("/") { absolute.removeLast() }
      if absolute == location.root { return "" }
      guard absolute.hasPrefix(location.root + "/") else {
        throw RK.VisibleError(message: "\(path) is not inside the collection \(location.root): name a file or folder in it")
      }
      guard FileSystem.exists(absolute) else {
        throw RK.VisibleError(message: "\(path) does not exist: name a file or folder of the collection")
      }
      return String(absolute.dropFirst(location.root.count + 1))
    }
  }
}
