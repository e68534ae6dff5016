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
      let loaded = try RecordCollection.load(try collection.location())
      let coverIssues = loaded.albums.flatMap { CoverCheck.problems(of: $0, in: loaded.location) }
      let issues = (loaded.unreadable + loaded.problems + coverIssues).sorted { ($0.id, $0.line) < ($1.id, $1.line) }
      let total = loaded.albums.count + loaded.unreadable.count
      if json {
        let problems = issues.map { issue in
          JSONValue.object([
            ("path", .string(issue.path(in: loaded.location))),
            ("line", .number(issue.line)),
            ("field", .string(issue.field)),
            ("message", .string(issue.message)),
          ])
        }
        Terminal.write(JSONValue.object([("albums", .number(total)), ("problems", .array(problems))]).serialized() + "\n")
      } else {
        Terminal.write(issues.map { Visible.text($0.formatted(in: loaded.location)) + "\n" }.joined())
        let albums = Set(issues.map(\.id)).count
        let summary = issues.isEmpty
          ? "\(total) album\(total == 1 ? "" : "s") checked: no problems."
          : "\(total) album\(total == 1 ? "" : "s") checked: \(issues.count) problem\(issues.count == 1 ? "" : "s") in \(albums) album\(albums == 1 ? "" : "s")."
        if issues.isEmpty { print(summary) } else { Terminal.warn(summary) }
      }
      if !issues.isEmpty { throw ExitCode.failure }
    }
  }
}
