import ArgumentParser
import RecordKeeper

extension RK {
  struct Schema: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "schema",
      abstract: "Print the JSON Schema of album.md's front matter, for editors and CI.",
      discussion: """
        The schema (JSON Schema draft 2020-12) is made from the same field catalogue as rk check's \
        rules: every key with its type, format and limits; other keys are allowed. Save it \
        (rk schema > album.schema.json) and point an editor's YAML support at it. Needs no collection.
        """)

    func run() throws {
      Terminal.write(FrontMatterSchema.json().serialized() + "\n")
    }
  }
}
