import Foundation

/// Makes and reads cover images by running the `rk-cover` helper, so that
/// `rk` itself never loads libvips and its ninety libraries (which would add
/// tens of milliseconds to the start-up of every command).
public enum CoverTool {
  /// Makes `cover.webp` and `cover-thumb.webp` from a photo (seed §3.8).
  public static func make(fromFile path: String) throws(CoverError) -> CoverImages {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rk-cover-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
    defer { try? FileManager.default.removeItem(at: folder) }
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      throw .helper("cannot make a temporary folder for the cover: \(error.localizedDescription)")
    }
    _ = try run(["make", path, folder.path])
    guard let cover = try? FileSystem.read(folder.appendingPathComponent(CoverFiles.coverName).path),
      let thumbnail = try? FileSystem.read(folder.appendingPathComponent(CoverFiles.thumbnailName).path)
    else { throw .helper("rk-cover made no images from \(path)") }
    return CoverImages(cover: cover, thumbnail: thumbnail)
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

  /// Where `rk-cover` is: `$RK_COVER`, beside the running program, or in
  /// `../libexec/rk/` as `make install` puts it.
  static func location() -> String? {
    if let path = ProcessInfo.processInfo.environment["RK_COVER"], !path.isEmpty { return path }
    let program = URL(fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0])
    let folder = program.deletingLastPathComponent()
    let candidates = [folder.appendingPathComponent("rk-cover"), folder.appendingPathComponent("../libexec/rk/rk-cover")]
    return candidates.map(\.path).first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  private static func run(_ arguments: [String]) throws(CoverError) -> [UInt8] {
    guard let tool = location() else {
      throw .helper("the rk-cover helper is missing: install rk with `make install`, or set RK_COVER to its path")
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = arguments
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    do {
      try process.run()
    } catch {
      throw .helper("cannot run \(tool): \(error.localizedDescription)")
    }
    // Read standard error on the side so neither pipe can fill and block.
    nonisolated(unsafe) var message = Data()
    let reader = Thread { message = errors.fileHandleForReading.readDataToEndOfFile() }
    reader.start()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    while !reader.isFinished { usleep(1000) }
    guard process.terminationStatus == 0 else {
      let text = String(decoding: message, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
      throw .helper(text.isEmpty ? "rk-cover failed with status \(process.terminationStatus)" : text)
    }
    return Array(data)
  }
}
