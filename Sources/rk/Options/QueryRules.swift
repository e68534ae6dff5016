import ArgumentParser
import RecordKeeper

/// How the command line reports a query's rules that cannot be used.
enum QueryRules {
  /// Runs `body`; a mistyped rule, field or list name is a usage error
  /// (exit 64), while a list whose file is broken is a failure (exit 1).
  static func run<T>(_ body: () throws(SearchQueryError) -> T) throws -> T {
    do {
      return try body()
    } catch {
      switch error {
      case .brokenList, .listCycle: throw RK.VisibleError(message: error.description)
      default: throw ValidationError(error.description)
      }
    }
  }
}
