import ArgumentParser
import RecordKeeper

extension RK {
  struct Tags: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "tags",
      abstract: "List every tag with the number of albums that carry it.")

    @OptionGroup var collection: CollectionOptions

    @Flag(help: "Print a JSON array of {\"tag\", \"count\"} objects.")
    var json = false

    func run() async throws {
      let counts = try collection.load().tagCounts()
      if json {
        let objects = counts.map { JSONValue.object([("tag", .string($0.tag)), ("count", .number($0.count))]) }
        Terminal.write(JSONValue.array(objects))
        return
      }
      let width = String(counts.map(\.count).max() ?? 0).count
      Terminal.write(
        counts.map { String(repeating: " ", count: width - String($0.count).count) + "\($0.count)  \(Visible.text($0.tag))\n" }.joined())
    }
  }
}
