import ArgumentParser
import Foundation
import RecordKeeper

extension RK.Check {
  /// `rk check --staged`: the files git's index holds for the next commit,
  /// as a pre-commit hook needs them checked (docs/commands.md, "Editing by hand: schema, checks and a hook").
  func checkStaged(in location: CollectionLocation) throws {
    guard paths.isEmpty else { throw ValidationError("--staged checks the files git has staged: name no paths with it") }
    // git names its own index to hooks of `git commit -a` and `git commit PATH`.
    let indexFile = ProcessInfo.processInfo.environment["GIT_INDEX_FILE"].flatMap { $0.isEmpty ? nil : $0 }
    let check = try CollectionCheck.staged(in: location, indexFile: indexFile)
    if json {
      guard case .object(let fields) = check.json else { return }
      Terminal.write(JSONValue.object(fields + [("unrecorded", .array([]))]))
    } else {
      Terminal.write(check.issues.map { Visible.text($0.formatted(in: check.location)) + "\n" }.joined())
      if check.isClean { print(check.summary) } else { Terminal.warn(check.summary) }
    }
    if !check.isClean { throw ExitCode.failure }
  }
}
