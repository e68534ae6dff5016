import Foundation

/// A new empty folder `rk-NAME-UUID` in the system's temporary folder; the
/// caller removes it.
public func makeTemporaryFolder(_ name: String) throws -> String {
  let path = FileManager.default.temporaryDirectory.appendingPathComponent("rk-\(name)-\(UUID().uuidString)").path
  try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  return path
}
