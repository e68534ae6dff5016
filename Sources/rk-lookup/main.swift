// rk-lookup: the network side of `rk`, run by `rk` for MusicBrainz and the
// Cover Art Archive only (it links FoundationNetworking and libcurl, which `rk` does not).
//
//   rk-lookup [--notices FD] --contact C …
//                                   writes what it waits for ("MusicBrainz
//                                   is busy; retrying in 60 s") to descriptor
//                                   FD (rk's own standard error), else to its
//                                   standard error
//   rk-lookup --contact C search text|barcode|catno VALUE
//                                   prints MusicBrainz's release search JSON
//   rk-lookup --contact C release MBID
//                                   prints the release JSON (cached by id)
//   rk-lookup --contact C identify PHOTO ROOT COVER-FILE
//                                   identifies the sleeve in PHOTO with the
//                                   vision model (Identifier), saves the scan
//                                   in collection ROOT's history, writes the
//                                   front cover (if any) to COVER-FILE and
//                                   prints {"scan": …, "cover": bool, "notes": […]}
//   rk-lookup --contact C cover FILE MBID [GROUP-MBID]
//                                   writes the front cover to FILE and prints
//                                   `release` or `release-group`, or `none`
//
// Base URLs, the timeout and the cache folder come from the environment
// (LookupConfiguration.fromEnvironment). Errors go to standard error as the
// sentence rk shows the collector.
import Foundation
import RecordKeeper
import RecordKeeperLookup

Subprocess.startHelper()

func fail(_ message: String) -> Never { Subprocess.failHelper(message) }

var arguments = Array(CommandLine.arguments.dropFirst())
var notice = LookupConfiguration.standardError
if arguments.count >= 2, arguments[0] == "--notices", let descriptor = Int32(arguments[1]), descriptor > 2 {
  notice = LookupConfiguration.notices(to: descriptor)
  arguments.removeFirst(2)
}
guard arguments.count >= 2, arguments[0] == "--contact" else { fail("rk-lookup: the first arguments must be --contact ADDRESS") }
let contact = arguments[1]
arguments.removeFirst(2)

if arguments.first == "identify" {
  guard arguments.count == 4 else { fail("rk-lookup identify: give PHOTO ROOT COVER-FILE") }
  do throws(IdentifyError) {
    let photo: [UInt8]
    do { photo = try FileSystem.read(arguments[1], limit: 256 << 20) } catch { throw .photo(error.description) }
    let made = try await Identifier.identify(
      photo: photo, collection: CollectionLocation(root: arguments[2]), contact: contact, notice: notice)
    if let cover = made.cover {
      do { try FileSystem.writeAtomically(cover, to: arguments[3]) } catch {
        throw .history("cannot keep the cover in \(arguments[3]): \(error)")
      }
    }
    FileHandle.standardOutput.write(
      Data(
        JSONValue.object([
          ("scan", made.scan.json), ("cover", .bool(made.cover != nil)), ("notes", .array(made.notes.map(JSONValue.string))),
        ])
        .serializedBytes() + [0x0A]))
    exit(0)
  } catch {
    fail(error.description)
  }
}
let http = LookupHTTP(configuration: .fromEnvironment(contact: contact, notice: notice))
let musicBrainz = MusicBrainzClient(http: http)
let coverArt = CoverArtClient(http: http)

var output: [UInt8] = []
var failure: String?
do throws(LookupError) {
  switch (arguments.first, arguments.count) {
  case ("search", 3):
    let search: LookupTool.Search
    switch arguments[1] {
    case "text": search = .text(arguments[2])
    case "barcode": search = .barcode(arguments[2])
    case "catno": search = .catalogNumber(arguments[2])
    default: fail("rk-lookup search: search by text, barcode or catno")
    }
    output = try await musicBrainz.search(search)
  case ("release", 2):
    output = try await musicBrainz.release(arguments[1])
  case ("cover", 3), ("cover", 4):
    let ids = arguments.dropFirst(2)
    if let bad = ids.first(where: { !MusicBrainzRelease.isID($0) }) { throw .invalidID(bad) }
    if let (image, source) = try await coverArt.front(release: arguments[2], releaseGroup: arguments.count == 4 ? arguments[3] : nil) {
      do { try FileSystem.writeAtomically(image, to: arguments[1]) } catch {
        throw .helper("cannot keep the cover in \(arguments[1]): \(error)")
      }
      output = Array((source.rawValue + "\n").utf8)
    } else {
      output = Array("none\n".utf8)
    }
  default:
    fail("rk-lookup: unknown request \(arguments.joined(separator: " "))")
  }
} catch {
  failure = error.description
}
await http.shutdown()
if let failure { fail(failure) }
FileHandle.standardOutput.write(Data(output))
