// rk-cover: the libvips side of `rk`, run by `rk` for cover images only.
//
//   rk-cover make IMAGE FOLDER     writes FOLDER/cover.webp and FOLDER/cover-thumb.webp
//   rk-cover pixels IMAGE W H      writes W×H RGB bytes to standard output
//
// Errors go to standard error as the sentence rk shows the collector.
import Foundation
import RecordKeeper
import RecordKeeperCovers

// Whatever mask and handlers it was started with, SIGTERM and SIGINT end
// it; and it ends when the rk that started it ends, even by SIGKILL.
var unblocked = sigset_t()
sigemptyset(&unblocked)
pthread_sigmask(SIG_SETMASK, &unblocked, nil)
signal(SIGTERM, SIG_DFL)
signal(SIGINT, SIG_DFL)
Subprocess.exitWhenParentDies()

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data((message + "\n").utf8))
  exit(1)
}

let arguments = Array(CommandLine.arguments.dropFirst())
do {
  switch (arguments.first, arguments.count) {
  case ("make", 3):
    let images = try CoverMaker.make(fromFile: arguments[1])
    try FileSystem.writeAtomically(images.cover, to: arguments[2] + "/" + CoverFiles.coverName)
    try FileSystem.writeAtomically(images.thumbnail, to: arguments[2] + "/" + CoverFiles.thumbnailName)
  case ("pixels", 4):
    guard let width = Int(arguments[2]), let height = Int(arguments[3]), (1...4096).contains(width), (1...4096).contains(height)
    else { fail("rk-cover pixels: width and height must be 1 to 4096") }
    let rows = try CoverMaker.pixels(file: arguments[1], width: width, height: height)
    FileHandle.standardOutput.write(Data(rows.flatMap { $0.flatMap { [$0.r, $0.g, $0.b] } }))
  default:
    fail("usage: rk-cover make IMAGE FOLDER | rk-cover pixels IMAGE WIDTH HEIGHT (rk runs this for you)")
  }
} catch {
  fail("\(error)")
}
