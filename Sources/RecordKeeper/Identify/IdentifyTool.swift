import Foundation

/// `rk identify` through the `rk-lookup` helper, so that `rk` itself never
/// links the HTTP client (see ``LookupTool``). The helper runs
/// `Identifier` (RecordKeeperLookup) and saves the scan; this reads what it
/// printed and makes the cover into `cover.webp` and `cover-thumb.webp`.
public enum IdentifyTool {
  /// The model `rk identify` asks unless `RK_ANTHROPIC_MODEL` names
  /// another: a current Claude model that reads sleeves well and answers in
  /// seconds. Kept here so that `rk --help` can name it without linking
  /// RecordKeeperLookup.
  public static let defaultModel = "claude-sonnet-4-5"

  /// A scan made, with its cover made ready for an album (`nil` when there
  /// is none) and notes on what was missed on the way.
  public struct Outcome: Sendable {
    public var scan: Scan
    public var cover: CoverImages?
    public var notes: [String]

    public init(scan: Scan, cover: CoverImages? = nil, notes: [String] = []) {
      self.scan = scan
      self.cover = cover
      self.notes = notes
    }
  }

  /// Identifies the sleeve in the image file `photo` and saves the scan in
  /// the history of the collection at `root`.
  public static func identify(photo: String, collectionRoot root: String, contact: String) throws(IdentifyError) -> Outcome {
    let folder: String
    do { folder = try FileSystem.makeTemporaryFolder(prefix: "rk-identify-") } catch {
      throw .history("cannot make a temporary folder: \(error)")
    }
    defer { FileSystem.removeTree(folder) }
    let coverFile = folder + "/front"
    let output: [UInt8]
    do throws(LookupError) {
      output = try LookupTool.run(["--contact", contact, "identify", FileSystem.absolute(photo), root, coverFile])
    } catch .helper(let message) where message == IdentifyError.notIdentified.description {
      throw .notIdentified
    } catch {
      throw .lookup(error)
    }
    guard let object = (try? JSONSerialization.jsonObject(with: Data(output))) as? [String: Any], let scanObject = object["scan"],
      let scanBytes = try? JSONSerialization.data(withJSONObject: scanObject)
    else { throw .history("rk-lookup printed no scan") }
    let scan = try Scan.decode(Array(scanBytes), name: "rk-lookup's scan")
    var notes = (object["notes"] as? [String]) ?? []
    var cover: CoverImages?
    if object["cover"] as? Bool == true {
      do throws(CoverError) { cover = try CoverTool.make(fromFile: coverFile) } catch { notes.append("no cover: \(error)") }
    }
    return Outcome(scan: scan, cover: cover, notes: notes)
  }
}
