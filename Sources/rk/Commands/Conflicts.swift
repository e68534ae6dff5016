import ArgumentParser
import RecordKeeper

extension RK {
  struct Conflicts: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "conflicts",
      abstract: "List the conflicts an unfinished merge left: album, field, ours, theirs.",
      discussion: """
        A merge (rk sync, or git pull through rk merge-file) keeps a field both sides changed in different \
        ways as a conflict: the album keeps our value until rk resolve settles it. The field is a front-matter \
        key, tracks, notes, cover (theirs is beside ours as cover.theirs.webp), album.md (the file could not \
        be merged by field; ours is in place), or album (one side deleted the album, the other changed it). \
        Prints nothing when there are none.
        """)

    @OptionGroup var collection: CollectionOptions

    @Flag(help: "Print [{album, field, ours, theirs}] (null where a side has no value).")
    var json = false

    func run() async throws {
      let conflicts = try collection.store().conflicts()
      if json {
        let items = conflicts.map { conflict -> JSONValue in
          .object([
            ("album", .string(conflict.album)), ("field", .string(conflict.field)), ("ours", .optional(conflict.ours)),
            ("theirs", .optional(conflict.theirs)),
          ])
        }
        Terminal.write(JSONValue.array(items).serialized() + "\n")
        return
      }
      for conflict in conflicts {
        Terminal.write(
          Visible.text("\(conflict.album): \(conflict.field)") + "\n"
            + "  ours:   " + Visible.text(Self.describe(conflict.ours)) + "\n"
            + "  theirs: " + Visible.text(Self.describe(conflict.theirs)) + "\n")
      }
    }

    static func describe(_ value: String?) -> String {
      guard let value else { return "(none)" }
      return value.contains("\n") ? value.split(separator: "\n").joined(separator: " / ") : value
    }
  }
}
