import CoverTestSupport
import Foundation
import RecordKeeper
import Testing

@testable import RecordKeeperCovers

/// An RGB colour as ``CoverMaker`` gives pixels.
private typealias RGB = (r: UInt8, g: UInt8, b: UInt8)

private let red: RGB = (220, 30, 30)
private let green: RGB = (30, 200, 40)
private let blue: RGB = (30, 40, 220)
private let yellow: RGB = (230, 220, 30)

/// True when every channel of `a` is within `tolerance` of `b`; lossy WebP and
/// JPEG move flat colours by a few levels.
private func near(_ a: RGB, _ b: RGB, within tolerance: Int = 40) -> Bool {
  abs(Int(a.r) - Int(b.r)) <= tolerance && abs(Int(a.g) - Int(b.g)) <= tolerance && abs(Int(a.b) - Int(b.b)) <= tolerance
}

private func describe(_ colour: RGB) -> String { "(\(colour.r), \(colour.g), \(colour.b))" }

/// The four-character codes of the chunks of a WebP file, in order.
private func webpChunks(_ bytes: [UInt8]) -> [String] {
  WebPFile.chunks(bytes)?.map(\.code) ?? ["not a WebP file"]
}

/// A PNG whose header claims `width`×`height` RGB pixels, with a scrap of
/// data after it: the shape of a decompression bomb, made by hand.
private func claimedPNG(width: UInt32, height: UInt32) -> [UInt8] {
  func crc(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
  }
  func bigEndian(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
  func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let typed = Array(type.utf8) + data
    return bigEndian(UInt32(data.count)) + typed + bigEndian(crc(typed))
  }
  let header = bigEndian(width) + bigEndian(height) + [8, 2, 0, 0, 0]
  // A zlib stream of one empty stored block: what follows does not matter,
  // the header alone must be enough to refuse the image.
  let data: [UInt8] = [0x78, 0x01, 0x01, 0x00, 0x00, 0xFF, 0xFF, 0x00, 0x00, 0x00, 0x01]
  return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", data) + chunk("IEND", [])
}

/// A fresh temporary folder per test, removed afterwards.
private final class Scratch {
  let folder: URL

  init() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("rk-covers-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: folder) }

  /// Writes `bytes` to `name` in the folder and returns its path.
  func write(_ name: String, _ bytes: [UInt8]) throws -> String {
    let url = folder.appendingPathComponent(name)
    try Data(bytes).write(to: url)
    return url.path
  }
}

/// A landscape test photo: the centre square (x 200..<1000) is red on its
/// left half and green on its right, the sides cropped away are blue, and
/// the top 20 rows of the centre are yellow.
private func landscapeColour(_ x: Int, _ y: Int) -> RGB {
  if x < 200 || x >= 1000 { return blue }
  if y < 20 { return yellow }
  return x < 600 ? red : green
}

/// The pixels of an encoded image at its own size.
private func decoded(_ bytes: [UInt8], side: Int) throws -> [[RGB]] {
  try CoverMaker.pixels(from: bytes, width: side, height: side)
}

/// Checks the cover and thumbnail of a photo laid out like
/// ``landscapeColour(_:_:)``, after `transpose` maps a cover point back to
/// the layout's axes.
private func expectCentreKept(_ images: CoverImages, transposed: Bool) throws {
  func at(_ pixels: [[RGB]], _ x: Int, _ y: Int) -> RGB { transposed ? pixels[x][y] : pixels[y][x] }

  let cover = try decoded(images.cover, side: 400)
  for (x, y, colour) in [(8, 200, red), (190, 200, red), (210, 200, green), (392, 200, green), (200, 4, yellow), (100, 396, red)] {
    #expect(near(at(cover, x, y), colour), "cover at \(x),\(y) is \(describe(at(cover, x, y)))")
  }
  let bluish = cover.joined().filter { near($0, blue, within: 60) }.count
  #expect(bluish == 0, "the sides that should be cropped away show in \(bluish) pixels")

  let thumbnail = try decoded(images.thumbnail, side: 100)
  for (x, y, colour) in [(3, 50, red), (46, 50, red), (54, 50, green), (97, 50, green), (25, 97, red)] {
    #expect(near(at(thumbnail, x, y), colour), "thumbnail at \(x),\(y) is \(describe(at(thumbnail, x, y)))")
  }
}

@Suite("Cover images")
struct CoverMakerTests {
  @Test func landscapePhotoKeepsItsCentreAndHasTheSeedSizes() throws {
    let scratch = try Scratch()
    let photo = try CoverMaker.testImage(width: 1200, height: 800, suffix: ".png", colour: landscapeColour)
    let images = try CoverMaker.make(fromFile: scratch.write("photo.png", photo))

    #expect(try CoverMaker.inspect(data: images.cover) == (400, 400, "webp"))
    #expect(try CoverMaker.inspect(data: images.thumbnail) == (100, 100, "webp"))
    try expectCentreKept(images, transposed: false)
  }

  @Test func portraitPhotoKeepsItsCentre() throws {
    let scratch = try Scratch()
    let photo = try CoverMaker.testImage(width: 800, height: 1200, suffix: ".jpg[Q=95]") { x, y in landscapeColour(y, x) }
    let images = try CoverMaker.make(fromFile: scratch.write("photo.jpg", photo))

    #expect(try CoverMaker.inspect(data: images.cover) == (400, 400, "webp"))
    #expect(try CoverMaker.inspect(data: images.thumbnail) == (100, 100, "webp"))
    try expectCentreKept(images, transposed: true)
  }

  @Test func smallImageIsScaledUp() throws {
    // 50x30 scales by 40/3 to 667x400; the crop keeps source columns 10..<40.
    // Blue only in columns under 5 and from 45, well outside the crop, so
    // the lanczos kernel cannot smear it in.
    let photo = try CoverMaker.testImage(width: 50, height: 30, suffix: ".png") { x, _ in
      x < 5 || x >= 45 ? blue : x < 25 ? red : green
    }
    let images = try CoverMaker.make(from: photo)

    #expect(try CoverMaker.inspect(data: images.cover) == (400, 400, "webp"))
    #expect(try CoverMaker.inspect(data: images.thumbnail) == (100, 100, "webp"))
    let cover = try decoded(images.cover, side: 400)
    #expect(near(cover[200][5], red) && near(cover[200][100], red))
    #expect(near(cover[200][300], green) && near(cover[200][394], green))
    #expect(cover.joined().allSatisfy { !near($0, blue, within: 60) })
  }

  @Test("Odd sizes still give exactly 400x400 and 100x100", arguments: [(401, 9), (9, 400), (1001, 999), (1, 1), (7, 13)])
  func oddSizes(width: Int, height: Int) throws {
    let photo = try CoverMaker.testImage(width: width, height: height, suffix: ".png") { _, _ in red }
    let images = try CoverMaker.make(from: photo)
    #expect(try CoverMaker.inspect(data: images.cover) == (400, 400, "webp"))
    #expect(try CoverMaker.inspect(data: images.thumbnail) == (100, 100, "webp"))
  }

  @Test func orientationTagIsHonoured() throws {
    // Stored landscape with red, green, blue and yellow quadrants; tag 6
    // means "turn 90° clockwise to display", so shown upright the top row
    // is blue then red, and the bottom row yellow then green.
    let stored = try CoverMaker.testImage(width: 800, height: 600, suffix: ".jpg[Q=95]", orientation: 6) { x, y in
      switch (x < 400, y < 300) {
      case (true, true): red
      case (false, true): green
      case (true, false): blue
      case (false, false): yellow
      }
    }
    #expect(try CoverMaker.metadataFields(of: stored).contains("orientation"))
    let scratch = try Scratch()
    let images = try CoverMaker.make(fromFile: scratch.write("phone.jpg", stored))

    let cover = try decoded(images.cover, side: 400)
    #expect(near(cover[100][100], blue), "top left is \(describe(cover[100][100]))")
    #expect(near(cover[100][300], red), "top right is \(describe(cover[100][300]))")
    #expect(near(cover[300][100], yellow), "bottom left is \(describe(cover[300][100]))")
    #expect(near(cover[300][300], green), "bottom right is \(describe(cover[300][300]))")
    let thumbnail = try decoded(images.thumbnail, side: 100)
    #expect(near(thumbnail[25][25], blue) && near(thumbnail[25][75], red))
    #expect(near(thumbnail[75][25], yellow) && near(thumbnail[75][75], green))
  }

  @Test func noMetadataSurvives() throws {
    let photo = try CoverMaker.testImage(
      width: 640, height: 480, suffix: ".jpg[Q=90]", orientation: 1,
      xmp: #"<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF/></x:xmpmeta>"#, profile: "p3"
    ) { x, y in (UInt8(x % 256), UInt8(y % 256), 128) }
    let before = try CoverMaker.metadataFields(of: photo)
    for field in ["exif-data", "xmp-data", "icc-profile-data"] {
      #expect(before.contains(field), "the test photo should carry \(field)")
    }

    let images = try CoverMaker.make(from: photo)
    for output in [images.cover, images.thumbnail] {
      let after = try CoverMaker.metadataFields(of: output)
      for field in ["exif-data", "xmp-data", "icc-profile-data", "iptc-data", "orientation"] {
        #expect(!after.contains(field), "\(field) survived")
      }
      #expect(!after.contains { $0.hasPrefix("exif-") }, "EXIF fields survived: \(after)")
      // A plain lossy WebP: one VP8 chunk, no VP8X/EXIF/XMP/ICCP chunks.
      #expect(webpChunks(output) == ["VP8 "])
    }
  }

  @Test func embeddedColourProfileIsConvertedToSRGB() throws {
    // The photo stores this sRGB colour as Display P3 numbers with the P3
    // profile embedded (about (202, 72, 50)); stripping the profile without
    // converting would shift it visibly.
    let colour: RGB = (200, 60, 40)
    let photo = try CoverMaker.testImage(width: 300, height: 300, suffix: ".png", profile: "p3") { _, _ in colour }
    let cover = try decoded(CoverMaker.make(from: photo).cover, side: 400)
    #expect(near(cover[200][200], colour, within: 6), "got \(describe(cover[200][200]))")
  }

  @Test("Reads WebP, GIF, TIFF, HEIC and AVIF", arguments: [".webp", ".gif", ".tif", ".heic", ".avif"])
  func otherFormats(suffix: String) throws {
    let photo = try CoverMaker.testImage(width: 600, height: 450, suffix: suffix) { x, _ in x < 300 ? red : green }
    let scratch = try Scratch()
    let path = try scratch.write("photo\(suffix)", photo)
    let expected = ["webp": "webp", "gif": "gif", "tif": "tiff", "heic": "heic", "avif": "avif"][String(suffix.dropFirst())]
    #expect(try CoverMaker.inspect(file: path) == (600, 450, expected ?? ""))

    let cover = try decoded(CoverMaker.make(fromFile: path).cover, side: 400)
    #expect(near(cover[200][50], red) && near(cover[200][350], green))
  }

  @Test func greyscaleImageBecomesRGB() throws {
    let photo = try CoverMaker.blankTestImage(width: 600, height: 400, suffix: ".png")
    #expect(try CoverMaker.inspect(data: photo) == (600, 400, "png"))
    let images = try CoverMaker.make(from: photo)
    #expect(webpChunks(images.cover) == ["VP8 "])
    #expect(try decoded(images.cover, side: 400).joined().allSatisfy { near($0, (0, 0, 0), within: 4) })
  }

  @Test func bytesAndFileGiveTheSameImages() throws {
    let scratch = try Scratch()
    let photo = try CoverMaker.testImage(width: 1200, height: 800, suffix: ".jpg[Q=90]", colour: landscapeColour)
    let path = try scratch.write("photo.jpg", photo)
    #expect(try CoverMaker.make(from: photo) == CoverMaker.make(fromFile: path))
  }

  @Test func inspectAndPixelsReadAFile() throws {
    let scratch = try Scratch()
    let images = try CoverMaker.make(
      from: CoverMaker.testImage(width: 800, height: 800, suffix: ".png") { x, y in
        y < 400 ? (x < 400 ? red : green) : (x < 400 ? blue : yellow)
      })
    let path = try scratch.write("cover.webp", images.cover)
    #expect(try CoverMaker.inspect(file: path) == (400, 400, "webp"))

    // Terminal half blocks: 20 columns, 20 pixel rows drawn as 10 lines.
    let pixels = try CoverMaker.pixels(file: path, width: 20, height: 20)
    #expect(pixels.count == 20 && pixels.allSatisfy { $0.count == 20 })
    #expect(near(pixels[2][2], red) && near(pixels[2][17], green))
    #expect(near(pixels[17][2], blue), "\(describe(pixels[17][2]))")
    #expect(near(pixels[17][17], yellow), "\(describe(pixels[17][17]))")
    // The aspect ratio is the caller's choice.
    #expect(try CoverMaker.pixels(file: path, width: 30, height: 12).map(\.count) == Array(repeating: 30, count: 12))
  }

  @Test func textFileIsNotAnImage() throws {
    let scratch = try Scratch()
    let path = try scratch.write("notes.jpg", Array("These are not the pixels you are looking for.\n".utf8))
    #expect(throws: CoverError.notAnImage(path: path)) { try CoverMaker.make(fromFile: path) }
    #expect(throws: CoverError.notAnImage(path: path)) { try CoverMaker.inspect(file: path) }
    #expect(throws: CoverError.notAnImage(path: "notes")) {
      try CoverMaker.make(from: Array("2 2\n1 2\n3 4\n".utf8), name: "notes")
    }
  }

  @Test func emptyFileIsNotAnImage() throws {
    let scratch = try Scratch()
    let path = try scratch.write("empty.png", [])
    #expect(throws: CoverError.notAnImage(path: path)) { try CoverMaker.make(fromFile: path) }
    #expect(throws: CoverError.notAnImage(path: "the uploaded image")) { try CoverMaker.make(from: []) }
    #expect(throws: CoverError.notAFile(path: scratch.folder.path, .directory)) { try CoverMaker.make(fromFile: scratch.folder.path) }
  }

  @Test func onlyRegularFilesOfAPhotosSizeAreRead() throws {
    let scratch = try Scratch()
    let fifo = scratch.folder.appendingPathComponent("pipe.jpg").path
    #expect(mkfifo(fifo, 0o644) == 0)
    // Neither blocks: both are refused from fstat, before any byte is read.
    #expect(throws: CoverError.notAFile(path: fifo, .fifo)) { try CoverMaker.make(fromFile: fifo) }
    #expect(throws: CoverError.notAFile(path: "/dev/zero", .characterDevice)) { try CoverMaker.make(fromFile: "/dev/zero") }
    #expect(throws: CoverError.notAFile(path: "/dev/zero", .characterDevice)) {
      try CoverMaker.pixels(file: "/dev/zero", width: 4, height: 4)
    }
    let huge = scratch.folder.appendingPathComponent("huge.tif").path
    #expect(FileManager.default.createFile(atPath: huge, contents: nil))
    #expect(truncate(huge, off_t(CoverFiles.sourceSizeLimit + (10 << 20))) == 0)
    let error = try #require(throws: CoverError.self) { try CoverMaker.make(fromFile: huge) }
    #expect(
      error == .fileTooLarge(path: huge, size: Int64(CoverFiles.sourceSizeLimit + (10 << 20)), limit: Int64(CoverFiles.sourceSizeLimit)))
    #expect(error.description == "\(huge) is 138 MiB, more than the 128 MiB rk reads for a photo: scale it down or save it as JPEG first")
  }

  @Test func missingFileIsNotFound() throws {
    let scratch = try Scratch()
    let path = scratch.folder.appendingPathComponent("nowhere.jpg").path
    #expect(throws: CoverError.notFound(path: path)) { try CoverMaker.make(fromFile: path) }
    #expect(throws: CoverError.notFound(path: path)) { try CoverMaker.pixels(file: path, width: 4, height: 4) }
  }

  @Test func truncatedJPEGIsUnreadable() throws {
    let scratch = try Scratch()
    let whole = try CoverMaker.testImage(width: 1200, height: 800, suffix: ".jpg[Q=90]") { x, y in
      (UInt8(x * 7 % 256), UInt8(y * 3 % 256), UInt8((x + y) % 256))
    }
    let half = Array(whole.prefix(whole.count / 2))
    let path = try scratch.write("half.jpg", half)

    let attempts: [(String, () throws -> CoverImages)] = [
      ("file", { try CoverMaker.make(fromFile: path) }), ("bytes", { try CoverMaker.make(from: half, name: path) }),
    ]
    for (kind, attempt) in attempts {
      do {
        _ = try attempt()
        Issue.record("a truncated JPEG was accepted from its \(kind)")
      } catch let error as CoverError {
        guard case .unreadable(let reported, let detail) = error else {
          Issue.record("expected unreadable, got \(error)")
          continue
        }
        #expect(reported == path)
        #expect(!detail.isEmpty)
        #expect(error.description.contains(path))
      }
    }
    // Its header is intact: inspecting does not decode and still answers.
    #expect(try CoverMaker.inspect(file: path) == (1200, 800, "jpeg"))
  }

  @Test func decompressionBombIsRefusedFromItsHeader() throws {
    let scratch = try Scratch()
    // A real one: 12000x10000 one-bit PNG, 120 megapixels in about 15 KB.
    let real = try CoverMaker.blankTestImage(width: 12000, height: 10000, suffix: ".png[bitdepth=1,compression=9]")
    #expect(real.count < 100_000)
    let realPath = try scratch.write("bomb.png", real)
    // A crafted one claiming 100000x100000 (10 gigapixels, 30 GB decoded).
    let crafted = claimedPNG(width: 100_000, height: 100_000)
    let craftedPath = try scratch.write("crafted.png", crafted)

    let clock = ContinuousClock()
    let start = clock.now
    do {
      #expect(throws: CoverError.tooLarge(path: realPath, width: 12000, height: 10000, limit: 100_000_000)) {
        try CoverMaker.make(fromFile: realPath)
      }
      #expect(throws: CoverError.tooLarge(path: "bomb", width: 12000, height: 10000, limit: 100_000_000)) {
        try CoverMaker.make(from: real, name: "bomb")
      }
      #expect(throws: CoverError.tooLarge(path: craftedPath, width: 100_000, height: 100_000, limit: 100_000_000)) {
        try CoverMaker.make(fromFile: craftedPath)
      }
      #expect(throws: CoverError.tooLarge(path: craftedPath, width: 100_000, height: 100_000, limit: 100_000_000)) {
        try CoverMaker.pixels(file: craftedPath, width: 10, height: 10)
      }
      // Inspecting reads the header only, so it may answer.
      #expect(try CoverMaker.inspect(file: craftedPath) == (100_000, 100_000, "png"))
    }
    let elapsed = clock.now - start
    #expect(elapsed < .seconds(1), "refusing took \(elapsed)")
  }

  @Test func longThinStripIsRefusedBeforeDecoding() throws {
    // 10000x20: scaling its height to 400 would make an 200000x400 strip.
    let strip = try CoverMaker.blankTestImage(width: 10000, height: 20, suffix: ".png")
    #expect(throws: CoverError.extremeShape(path: "strip", width: 10000, height: 20)) {
      try CoverMaker.make(from: strip, name: "strip")
    }
  }

  @Test func formatsOutsideTheListAreRefused() throws {
    let scratch = try Scratch()
    let svg = #"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>"#
    let path = try scratch.write("drawing.svg", Array(svg.utf8))
    // libvips recognises SVG (its loader is blocked as untrusted anyway).
    let refusal = CoverError.unsupportedFormat(path: path, format: "svg")
    #expect(throws: refusal) { try CoverMaker.make(fromFile: path) }
    #expect(throws: refusal) { try CoverMaker.inspect(file: path) }
    #expect(refusal.description.contains("in SVG format"))
  }

  @Test func messagesNameTheFileAndSayWhatToDo() {
    #expect(CoverError.notAnImage(path: "a.txt").description == "a.txt is not an image: choose a JPEG, PNG, WebP, HEIC, GIF or TIFF photo")
    #expect(
      CoverError.tooLarge(path: "b.png", width: 20000, height: 10000, limit: 100_000_000).description
        == "b.png is 20000x10000 pixels, more than the 100 megapixels rk reads: scale it down first")
    #expect(
      CoverError.unreadable(path: "c.jpg", detail: "VipsJpeg: Premature end of JPEG file").description.hasPrefix("c.jpg cannot be read"))
  }
}
