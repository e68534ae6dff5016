import ArgumentParser
import RecordKeeper

extension SortMode: ExpressibleByArgument {
  public init?(argument: String) {
    guard let mode = try? SortMode(name: argument) else { return nil }
    self = mode
  }

  public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}
