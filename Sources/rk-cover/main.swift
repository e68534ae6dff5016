// rk-cover: the libvips side of `rk`, run by `rk` for cover images only.
//
//   rk-cover make IMAGE FOLDER     writes FOLDER/cover.webp and FOLDER/cover-thumb.webp
//   rk-cover photo IMAGE FILE      writes FILE: the photo upright, at most 1600
//                                  pixels, WebP without metadata (rk identify)
//   rk-cover pixels IMAGE W H      writes W×H RGB bytes to standard output
//   rk-cover pixels-of LIST W H    the same for each image whose path is in
//                                  LIST (paths ending in NUL): per image a 1
//                                  and its W×H RGB bytes, or a 0 and one line
//                                  on standard error saying why
//
// Errors go to standard error as the sentence rk shows the collector.
import Foundation
import RecordKeeper
import RecordKeeperCovers

Subprocess.startHelper()

func fail(_ message: String) -> Never { Subprocess.failHelper(message) }

let arguments = Array(CommandLine.arguments.dropFirst())
do {
  switch (arguments.first, arguments.count) {
  case ("make", 3):
    let images = try CoverMaker.make(fromFile: arguments[1])
    try FileSystem.writeAtomically(images.cover, to: arguments[2] + "/" + CoverFiles.coverName)
    try FileSystem.writeAtomically(images.thumbnail, to: arguments[2] + "/" + CoverFiles.thumbnailName)
  case ("photo", 3):
    try FileSystem.writeAtomically(
      try CoverMaker.photo(from: try FileSystem.read(arguments[1], limit: 256 << 20), name: arguments[1]), to: arguments[2])
  case ("pixels", 4):
    guard let width = Int(arguments[2]), let height = Int(arguments[3]), (1...4096).contains(width), (1...4096).contains(height)
    else { fail("rk-cover pixels: width and height must be 1 to 4096") }
    let rows = try CoverMaker.pixels(file: arguments[1], width: width, height: height)
    FileHandle.standardOutput.write(Data(rows.flatMap { $0.flatMap { [$0.r, $0.g, $0.b] } }))
  case ("pixels-of", 4):
    guard let width = Int(arguments[2]), let height = Int(arguments[3]), (1...4096).contains(width), (1...4096).contains(height)
    else { fail("rk-cover pixels-of: width and height must be 1 to 4096") }
    let list = try FileSystem.read(arguments[1], limit: 64 << 20)
    let paths = list.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    // One start of libvips for all of them: this is what keeps `rk list`
    // with thumbnails fast. A bad image costs only its own thumbnail.
    var output: [UInt8] = []
    output.reserveCapacity(paths.count * (1 + width * height * 3))
    var errors = ""
    for path in paths {
      do throws(CoverError) {
        let rows = try CoverMaker.pixels(file: path, width: width, height: height)
        output.append(1)
        for row in rows { for pixel in row { output += [pixel.r, pixel.g, pixel.b] } }
      } catch {
        output.append(0)
        errors += "\(error)".split(whereSeparator: \.isNewline).joined(separator: " ") + "\n"
      }
    }
    FileHandle.standardOutput.write(Data(output))
    FileHandle.standardError.write(Data(errors.utf8))
  default:
    fail(
      "usage: rk-cover make IMAGE FOLDER | rk-cover photo IMAGE FILE | rk-cover pixels IMAGE WIDTH HEIGHT | rk-cover pixels-of LIST WIDTH HEIGHT (rk runs this for you)"
    )
  }
} catch {
  fail("\(error)")
}
