import CoverTestSupport
import Foundation
import RecordKeeper
import RecordKeeperCovers
import TestSupport
import Testing

@Suite("rk cover")
struct CoverCommandTests: CollectionCommands {
  let collection: TemporaryCollection
  let album = "albums/miles-davis-kind-of-blue"

  init() throws {
    collection = try TemporaryCollection(albums: [
      "albums/miles-davis-kind-of-blue": albumText(title: "Kind of Blue", artist: "Miles Davis")
    ])
    try collection.initializeGit()
  }

  /// A landscape photo: red centre, blue edges.
  func photo(_ name: String = "photo.jpg") throws -> String {
    let bytes = try CoverMaker.testImage(width: 1200, height: 800, suffix: ".jpg[Q=90]") { x, y in
      abs(x - 600) < 420 ? (220, 20, 20) : (20, 20, 220)
    }
    let path = collection.root.appendingPathComponent(name).path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test func setWritesBothImagesInOneCommit() throws {
    let result = try rk(["cover", "set", "miles", try photo()])
    #expect(result.status == 0, "\(result.stderr)")
    let cover = try Data(contentsOf: collection.root.appendingPathComponent(album + "/cover.webp"))
    let thumbnail = try Data(contentsOf: collection.root.appendingPathComponent(album + "/cover-thumb.webp"))
    #expect(try CoverMaker.inspect(data: Array(cover)) == (400, 400, "webp"))
    #expect(try CoverMaker.inspect(data: Array(thumbnail)) == (100, 100, "webp"))
    // The centre of a landscape photo is kept: the middle is red, and so are the left and right edges.
    let pixels = try CoverMaker.pixels(from: Array(cover), width: 400, height: 400)
    #expect(pixels[200][5].r > 150 && pixels[200][394].r > 150)
    #expect(try collection.commitSubjects().first == "Set the cover of Miles Davis – Kind of Blue")
    #expect(try git(["show", "--name-only", "--format="], in: collection.path) == "\(album)/cover-thumb.webp\n\(album)/cover.webp\n")
    let json = try rk(["show", "--json", "miles"]).stdout
    #expect(json.contains("\"cover\": \"\(album)/cover.webp\""))
    #expect(json.contains("\"thumbnail\": \"\(album)/cover-thumb.webp\""))
    #expect(try rk(["check"]).status == 0)
    let drawn = try rk(["show", "--cover", "miles"]).stdout
    #expect(drawn.contains("▀"))
    #expect(drawn.contains("38;2;"))

    #expect(try rk(["cover", "rm", "miles"]).status == 0)
    #expect(!FileManager.default.fileExists(atPath: collection.path + "/" + album + "/cover.webp"))
    #expect(try collection.commitSubjects().first == "Remove the cover of Miles Davis – Kind of Blue")
  }

  @Test func badImagesAreRefusedAndLeaveNothingBehind() throws {
    let text = collection.root.appendingPathComponent("notes.jpg").path
    try "not a photo".write(toFile: text, atomically: false, encoding: .utf8)
    let photo = try photo()
    let truncated = collection.root.appendingPathComponent("truncated.jpg").path
    let bytes = try Data(contentsOf: URL(fileURLWithPath: photo))
    try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: truncated))
    for (image, message) in [(text, "is not an image"), (truncated, "truncated or damaged"), ("/nowhere.jpg", "does not exist")] {
      let result = try rk(["cover", "set", "miles", image])
      #expect(result.status == 1)
      #expect(result.stderr.contains(message), "\(result.stderr)")
      let added = try rk(["add", "--title", "X", "--artist", "Y", "--cover", image])
      #expect(added.status == 1)
    }
    #expect(!FileManager.default.fileExists(atPath: collection.path + "/" + album + "/cover.webp"))
    #expect(!FileManager.default.fileExists(atPath: collection.path + "/albums/y-x"))
    #expect(try collection.commitSubjects().count == 1)
  }

  @Test func addWithACover() throws {
    let result = try rk(["add", "--title", "Bitches Brew", "--artist", "Miles Davis", "--cover", try photo()])
    #expect(result.stdout == "albums/miles-davis-bitches-brew\n", "\(result.stderr)")
    #expect(
      try git(["show", "--name-only", "--format="], in: collection.path) == """
        albums/miles-davis-bitches-brew/album.md
        albums/miles-davis-bitches-brew/cover-thumb.webp
        albums/miles-davis-bitches-brew/cover.webp

        """)
  }

  @Test func checkFindsBrokenCovers() throws {
    try collection.writeFile(album + "/cover.webp", try CoverMaker.blankTestImage(width: 300, height: 300, suffix: ".webp"))
    try collection.writeFile("albums/other/album.md", Array(albumText(title: "Other", artist: "Someone").utf8))
    try collection.writeFile("albums/other/cover-thumb.webp", Array("junk".utf8))
    let result = try rk(["check"])
    #expect(result.status == 1)
    #expect(result.stdout.contains("\(album)/cover.webp: cover: cover.webp is 300x300 but must be 400x400"))
    #expect(result.stdout.contains("\(album)/cover-thumb.webp: thumbnail: cover-thumb.webp is missing"))
    #expect(result.stdout.contains("albums/other/cover-thumb.webp: thumbnail: there is no cover.webp"))
    #expect(result.stdout.contains("albums/other/cover-thumb.webp: thumbnail: cover-thumb.webp is not a WebP image"))
  }
}

/// `rk cover set` with files that are not photos, and what killed runs leave.
@Suite("rk cover and special files")
struct CoverFileKindTests {
  let collection: TemporaryCollection

  init() throws {
    collection = try TemporaryCollection(albums: [
      "albums/miles-davis-kind-of-blue": albumText(title: "Kind of Blue", artist: "Miles Davis")
    ])
    try collection.initializeGit()
  }

  @Test func devicesAndPipesAreRefusedAtOnce() throws {
    let fifo = collection.path + "/photo.jpg"
    #expect(mkfifo(fifo, 0o644) == 0)
    for (image, kind) in [("/dev/zero", "a character device"), (fifo, "a named pipe (FIFO)")] {
      let result = try runRK(["-C", collection.path, "cover", "set", "miles", image])
      #expect(result.status == 1)
      #expect(result.stderr.contains("\(image) is \(kind), not an image file"), "\(result.stderr)")
    }
    #expect(try collection.commitSubjects().count == 1)
  }

  @Test func temporaryFoldersOfDeadRunsAreRemovedAndLiveOnesKept() throws {
    let temporary = collection.path + "/tmp"
    try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
    // A pid that ran and ended: a finished child's.
    let finished = Process()
    finished.executableURL = URL(fileURLWithPath: "/bin/true")
    try finished.run()
    finished.waitUntilExit()
    let stale = temporary + "/rk-cover-\(finished.processIdentifier)-Ab12Cd"
    let live = temporary + "/rk-cover-\(getpid())-Ef34Gh"
    let unrelated = temporary + "/rk-cover-notes"
    for folder in [stale, live, unrelated] {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      try Data("half".utf8).write(to: URL(fileURLWithPath: folder + "/cover.webp.rk-1-2.tmp"))
    }
    let result = try runRK(["-C", collection.path, "cover", "set", "miles", "/nowhere.jpg"], environment: ["TMPDIR": temporary])
    #expect(result.status == 1)
    #expect(!FileManager.default.fileExists(atPath: stale))
    #expect(FileManager.default.fileExists(atPath: live))
    #expect(FileManager.default.fileExists(atPath: unrelated))
    // And a run leaves no folder of its own behind.
    #expect(try FileManager.default.contentsOfDirectory(atPath: temporary).sorted() == ["rk-cover-\(getpid())-Ef34Gh", "rk-cover-notes"])
  }

  @Test func theHelperEndsWhenRKHasEnded() throws {
    // rk-cover's standard input is a pipe rk holds open; closed, it means rk
    // is gone (even killed with SIGKILL), and the helper stops at once.
    let helper = Process()
    helper.executableURL = rkBinary.deletingLastPathComponent().appendingPathComponent("rk-cover")
    helper.arguments = ["pixels", "/dev/null", "4", "4"]
    let input = Pipe()
    helper.standardInput = input
    helper.standardError = FileHandle.nullDevice
    try input.fileHandleForWriting.close()
    try helper.run()
    // Bounded: the helper that fails this test is one that never ends.
    try helper.waitForExit(within: 60)
    #expect(helper.terminationStatus == 143)
  }
}
