import Foundation
import RecordKeeper

/// A new empty folder `rk-NAME-UUID` in the system's temporary folder; the
/// caller removes it.
public func makeTemporaryFolder(_ name: String) throws -> String {
  // Before any repository is opened in it: libgit2 reads the hermetic home only.
  _ = hermeticEnvironment
  let path = FileManager.default.temporaryDirectory.appendingPathComponent("rk-\(name)-\(UUID().uuidString)").path
  try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  return path
}

/// A folder made by ``makeTemporaryFolder(_:)``, removed with everything in
/// it when the value goes away: a suite holding one leaves nothing behind.
public final class TemporaryFolder: Sendable {
  public let path: String

  public init(_ name: String) throws {
    path = try makeTemporaryFolder(name)
  }

  deinit { FileSystem.removeTree(path) }
}
