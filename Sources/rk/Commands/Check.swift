import ArgumentParser
import RecordKeeper

extension RK {
  struct Check: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Check every album against the rules; exit 1 when anything is wrong.",
      discussion: "Each problem is printed as PATH:LINE: field: message.")

    @OptionGroup var collection: CollectionOptions

    @Flag(help: "Print {\"albums\": N, \"problems\": [{path, line, field, message}]}.")
    var json = false

    func run() async throws {
      let location = try collection.location()
      let check = CollectionCheck(try RecordCollection.load(location), lists: SmartLists.load(from: location))
      if json {
        Terminal.write(check.json)
      } else {
        Terminal.write(check.issues.map { Visible.text($0.formatted(in: check.location)) + "\n" }.joined())
        if check.isClean { print(check.summary) } else { Terminal.warn(check.summary) }
      }
      if !check.isClean { throw ExitCode.failure }
    }
  }
}
