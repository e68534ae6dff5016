import ArgumentParser
import Foundation
import RecordKeeper

/// How the command line reports a query's rules that cannot be used.
enum QueryRules {
  /// Runs `body`; a mistyped rule, field or list name is a usage error
  /// (exit 64), while a list whose file is broken is a failure (exit 1).
  ///
  /// Found after parsing (the lists are read from the collection), so the
  /// message is printed here rather than by ArgumentParser, which would
  /// show the usage of `rk` itself rather than of the command.
  static func run<T>(_ body: () throws(SearchQueryError) -> T) throws -> T {
    do {
      return try body()
    } catch {
      switch error {
      case .brokenList, .listCycle: throw RK.VisibleError(message: error.description)
      default:
        FileHandle.standardError.write(Data("Error: \(Visible.lines(error.description))\n".utf8))
        throw ExitCode.validationFailure
      }
    }
  }
}
