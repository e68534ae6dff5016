#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Makes and reads cover images by running the `rk-cover` helper, so that
/// `rk` itself never loads libvips and its ninety libraries (which would add
/// tens of milliseconds to the start-up of every command).
///
/// The helper ends when `rk` does, even when `rk` is killed (see
/// ``Subprocess/exitWhenParentDies()``), and honours `SIGTERM`.
public enum CoverTool {
  /// What temporary folders for the helper's images are called:
  /// `rk-cover-PID-XXXXXX`, PID being the `rk` that made it.
  static let folderPrefix = "rk-cover-"

  /// Makes `cover.webp` and `cover-thumb.webp` from a photo (seed §3.8).
  public static func make(fromFile path: String) throws(CoverError) -> CoverImages {
    let folder = try makeFolder(for: "the cover")
    defer { FileSystem.removeTree(folder) }
    _ = try run(["make", path, folder])
    do {
      let cover = try FileSystem.read(folder + "/" + CoverFiles.coverName, limit: CoverFiles.storedSizeLimit)
      let thumbnail = try FileSystem.read(folder + "/" + CoverFiles.thumbnailName, limit: CoverFiles.storedSizeLimit)
      return CoverImages(cover: cover, thumbnail: thumbnail)
    } catch {
      throw .helper("rk-cover made no images from \(path): \(error)")
    }
  }

  /// A photo made ready to send or keep: upright, at most 1,600 pixels on
  /// its longest side, WebP without metadata (`rk identify`'s photo).
  public static func photo(fromFile path: String) throws(CoverError) -> [UInt8] {
    let folder = try makeFolder(for: "the photo")
    defer { FileSystem.removeTree(folder) }
    _ = try run(["photo", path, folder + "/photo.webp"])
    do {
      return try FileSystem.read(folder + "/photo.webp", limit: 64 << 20)
    } catch {
      throw .helper("rk-cover made no photo from \(path): \(error)")
    }
  }

  /// The pixels of an image scaled to `width`×`height`, row by row.
  public static func pixels(file path: String, width: Int, height: Int) throws(CoverError) -> [[(r: UInt8, g: UInt8, b: UInt8)]] {
    let bytes = try run(["pixels", path, String(width), String(height)])
    guard bytes.count == width * height * 3 else { throw .helper("rk-cover returned \(bytes.count) bytes of pixels for \(path)") }
    return (0..<height).map { y in
      (0..<width).map { x in
        let offset = (y * width + x) * 3
        return (bytes[offset], bytes[offset + 1], bytes[offset + 2])
      }
    }
  }

  /// The pixels of many images, each scaled to `width`×`height`, from one
  /// run of the helper (starting libvips once costs more than decoding a
  /// thumbnail): one result per file, in order. An image that cannot be read
  /// fails alone; the call throws only when the helper cannot run at all.
  public static func pixels(
    files paths: [String], width: Int, height: Int
  ) throws(CoverError) -> [Result<[[(r: UInt8, g: UInt8, b: UInt8)]], CoverError>] {
    if paths.isEmpty { return [] }
    let folder = try makeFolder(for: "the list of thumbnails")
    defer { FileSystem.removeTree(folder) }
    let list = folder + "/paths"
    do {
      try FileSystem.writeAtomically(paths.flatMap { Array($0.utf8) + [0] }, to: list)
    } catch {
      throw .helper("cannot write the list of thumbnails for rk-cover: \(error)")
    }
    let (bytes, errors) = try runCapturing(["pixels-of", list, String(width), String(height)])
    var messages = String(decoding: errors, as: UTF8.self).split(whereSeparator: \.isNewline).makeIterator()
    let size = width * height * 3
    var offset = 0
    var results: [Result<[[(r: UInt8, g: UInt8, b: UInt8)]], CoverError>] = []
    for path in paths {
      guard offset < bytes.count else { throw .helper("rk-cover returned pixels for \(results.count) of \(paths.count) images") }
      if bytes[offset] == 1, offset + 1 + size <= bytes.count {
        let start = offset + 1
        results.append(
          .success(
            (0..<height).map { y in
              (0..<width).map { x in
                let at = start + (y * width + x) * 3
                return (bytes[at], bytes[at + 1], bytes[at + 2])
              }
            }))
        offset = start + size
      } else if bytes[offset] == 0 {
        results.append(.failure(.helper(messages.next().map(String.init) ?? "rk-cover could not read \(path)")))
        offset += 1
      } else {
        throw .helper("rk-cover returned malformed pixels for \(path)")
      }
    }
    return results
  }

  /// A fresh temporary folder for the helper's files, after removing those
  /// of dead runs.
  private static func makeFolder(for purpose: String) throws(CoverError) -> String {
    removeStaleFolders()
    do {
      return try FileSystem.makeTemporaryFolder(prefix: "\(folderPrefix)\(getpid())-")
    } catch {
      throw .helper("cannot make a temporary folder for \(purpose): \(error)")
    }
  }

  /// Removes the temporary folders of `rk` runs that were killed before they
  /// could: `rk-cover-PID-…` folders of this user whose PID no longer runs.
  /// A folder whose PID runs (its own `rk`, or an unrelated process that
  /// got the number since) is left alone.
  static func removeStaleFolders(in temporary: String = FileSystem.temporaryFolder()) {
    guard let entries = try? FileSystem.list(temporary) else { return }
    for entry in entries where entry.isDirectory && !entry.isLink && entry.name.hasPrefix(folderPrefix) {
      let rest = entry.name.dropFirst(folderPrefix.count)
      guard let dash = rest.firstIndex(of: "-"), let pid = pid_t(rest[..<dash]), pid != getpid() else { continue }
      let path = temporary + "/" + entry.name
      var info = stat()
      guard lstat(path, &info) == 0, info.st_uid == getuid(), !FileSystem.processIsRunning(pid) else { continue }
      FileSystem.removeTree(path)
    }
  }

  /// Where `rk-cover` is: `$RK_COVER`, beside the running program, or in
  /// `../libexec/rk/` as `make install` puts it.
  static func location() -> String? { helper(named: "rk-cover", environment: "RK_COVER") }

  /// Where the helper program `name` (`rk-cover`, `rk-serve`) is: the path
  /// in the variable `environment`, beside the running program, or in
  /// `../libexec/rk/` as `make install` puts it.
  package static func helper(named name: String, environment: String) -> String? {
    if let value = getenv(environment), case let path = String(cString: value), !path.isEmpty { return path }
    let program = (try? FileSystem.realPath("/proc/self/exe")) ?? CommandLine.arguments[0]
    let folder = program.lastIndex(of: "/").map { String(program[..<$0]) } ?? "."
    return [folder + "/" + name, folder + "/../libexec/rk/" + name].first { access($0, X_OK) == 0 }
  }

  private static func run(_ arguments: [String]) throws(CoverError) -> [UInt8] {
    try runCapturing(arguments).output
  }

  /// Runs the helper; its output and standard error when it exits with 0.
  private static func runCapturing(_ arguments: [String]) throws(CoverError) -> (output: [UInt8], errors: [UInt8]) {
    guard let tool = location() else {
      throw .helper("the rk-cover helper is missing: install rk with `make install`, or set RK_COVER to its path")
    }
    let result: Subprocess.Output
    do { result = try Subprocess.run(tool, arguments) } catch { throw .helper(error.description) }
    guard result.termination == .exited(0) else {
      let text = String(String(decoding: result.errors, as: UTF8.self).reversed().drop(while: \.isWhitespace).reversed())
      if !text.isEmpty { throw .helper(text) }
      switch result.termination {
      case .signalled(let signal): throw .helper("rk-cover was stopped by signal \(signal) (\(String(cString: strsignal(signal))))")
      case .exited(let status): throw .helper("rk-cover failed with status \(status)")
      }
    }
    return (result.output, result.errors)
  }
}
