import ArgumentParser
import RecordKeeper

extension RK {
  struct Resolve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "resolve",
      abstract: "Settle an album's merge conflicts; the merge commit is made when none is left.",
      discussion: """
        --take ours keeps our value, --take theirs writes theirs in (with --field, only that field's \
        conflict); the album is written again from the versions the merge started from, so nothing is \
        merged twice. For a cover, theirs replaces ours or cover.theirs.webp is deleted; for album.md (a \
        file that could not be merged by field), that side's whole file is written; for an album one side \
        deleted, taking the deleting side removes it. --set FIELD=VALUE settles a front-matter key's \
        conflict with a value of your own, validated as every change is. rk conflicts lists what is left.
        """)

    @OptionGroup var collection: CollectionOptions
    @OptionGroup var album: AlbumArgument

    @Option(parsing: .unconditional, help: ArgumentHelp("Which side's values to keep.", valueName: "ours|theirs"))
    var take: MergeSide?

    @Option(parsing: .unconditional, help: ArgumentHelp("With --take, settle only this field's conflict.", valueName: "field"))
    var field: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Set a front-matter key to a value of your own.", valueName: "field=value"))
    var set: String?

    func validate() throws {
      if (take == nil) == (set == nil) { throw ValidationError("give exactly one of --take ours|theirs and --set FIELD=VALUE") }
      if let set, !set.contains("=") { throw ValidationError("--set needs FIELD=VALUE, such as --set title=\"OK Computer\"") }
      if field != nil, take == nil { throw ValidationError("--field goes with --take; --set names its field itself") }
    }

    func run() async throws {
      let store = try collection.store()
      let resolution: CollectionStore.Resolution
      if let take {
        resolution = try store.resolve(album.album, take: take, field: field)
      } else if let set, let equals = set.firstIndex(of: "=") {
        resolution = try store.resolve(album.album, setting: String(set[..<equals]), to: String(set[set.index(after: equals)...]))
      } else {
        return
      }
      if let commit = resolution.commit {
        report(commit, unchanged: "")
      } else {
        let albums = Set(resolution.remaining.map(\.album)).sorted()
        print(
          Visible.text(
            "\(resolution.remaining.count) conflict\(resolution.remaining.count == 1 ? "" : "s") left in \(albums.joined(separator: ", ")): rk conflicts lists them."
          ))
      }
    }
  }
}

extension MergeSide: ExpressibleByArgument {}
