import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A journal kept in the git directory while a change runs
/// (``ChangeJournal``, ``MergeJournal``): written atomically and flushed to
/// disk before the change touches anything, removed when it is done, so the
/// next `rk` knows what a change cut short was doing.
protocol JournalFile: Codable {
  /// Whether a journal read back is in this rk's format: one of another
  /// format (another rk version) is not guessed at.
  var isReadableVersion: Bool { get }
}

extension JournalFile {
  /// Writes the journal to `path` atomically and flushes it, and the folder
  /// that holds it, to disk.
  func write(to path: String) throws(FileSystemError) {
    let data: Data
    do {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys]
      data = try encoder.encode(self)
    } catch {
      throw FileSystemError(path: path, operation: "write", code: EINVAL)
    }
    try FileSystem.writeAtomically(data, to: path)
    Self.flushFolder(of: path)
  }

  /// The journal at `path`, or `nil` when there is none.
  static func read(at path: String) throws(StoreError) -> Self? {
    let bytes: [UInt8]
    do {
      bytes = try FileSystem.read(path)
    } catch let error where error.code == ENOENT {
      return nil
    } catch {
      throw .file(error)
    }
    guard let journal = try? JSONDecoder().decode(Self.self, from: Data(bytes)), journal.isReadableVersion else {
      throw .unreadableJournal(path: path)
    }
    return journal
  }

  /// Removes the journal at `path`, if any.
  static func remove(at path: String) throws(FileSystemError) {
    guard unlink(path) == 0 || errno == ENOENT else { throw FileSystemError(path: path, operation: "remove", code: errno) }
    flushFolder(of: path)
  }

  /// Flushes a folder's entries to disk, so a rename or unlink in it lasts.
  static func flushFolder(of path: String) {
    let descriptor = open((path as NSString).deletingLastPathComponent, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    fsync(descriptor)
    close(descriptor)
  }
}
