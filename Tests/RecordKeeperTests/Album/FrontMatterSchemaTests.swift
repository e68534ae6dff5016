import Foundation
import TestSupport
import Testing

@testable import RecordKeeper

@Suite("The JSON Schema of album.md's front matter")
struct FrontMatterSchemaTests {
  private func properties(_ schema: JSONValue) -> [(String, JSONValue)] {
    guard case .object(let pairs) = schema, case .object(let properties)? = pairs.first(where: { $0.0 == "properties" })?.1 else {
      return []
    }
    return properties
  }

  private func value(_ key: String, in json: JSONValue) -> JSONValue? {
    guard case .object(let pairs) = json else { return nil }
    return pairs.first { $0.0 == key }?.1
  }

  @Test func theSchemaIsMadeFromTheCatalogueSoAFieldAddedThereAppearsInIt() {
    let added = FieldDescription(
      name: "matrix", label: "Matrix", kind: .text, isRequired: false, values: nil, defaultValue: nil, digits: nil, message: nil,
      ruleKind: .text)
    let schema = FrontMatterSchema.json(fields: FieldCatalogue.fields + [added])
    let matrix = properties(schema).first { $0.0 == "matrix" }?.1
    #expect(matrix.flatMap { value("title", in: $0) } == .string("Matrix"))
    #expect(matrix?.serialized().contains("\"maxLength\": 255") == true)
    #expect(!properties(FrontMatterSchema.json()).contains { $0.0 == "matrix" })
  }

  @Test func aRequiredFieldAddedToTheCatalogueIsRequiredByTheSchema() {
    let added = FieldDescription(
      name: "pressing", label: "Pressing", kind: .digits, isRequired: true, values: nil, defaultValue: nil, digits: nil, message: nil,
      ruleKind: nil)
    let schema = FrontMatterSchema.json(fields: FieldCatalogue.fields + [added])
    #expect(value("required", in: schema) == .array([.string("title"), .string("artist"), .string("pressing")]))
  }

  @Test func everyFrontMatterKeyIsDescribedAndNothingElse() {
    let schema = FrontMatterSchema.json()
    #expect(Set(properties(schema).map(\.0)) == Set(Field.frontMatterKeys))
    #expect(value("$schema", in: schema) == .string("https://json-schema.org/draft/2020-12/schema"))
    #expect(value("additionalProperties", in: schema) == .bool(true))
    #expect(value("required", in: schema) == .array([.string("title"), .string("artist")]))
  }

  @Test func limitsAndAllowedValuesComeFromTheRules() throws {
    let fields = Dictionary(uniqueKeysWithValues: properties(FrontMatterSchema.json()))
    let rating = try #require(fields["rating"]).serialized()
    for grade in 1...5 { #expect(rating.contains("\"\(grade)\"")) }
    #expect(try #require(fields["status"]).serialized().contains("\"default\": \"owned\""))
    #expect(try #require(fields["barcode"]).serialized().contains("{8,14}"))
    #expect(try #require(fields["title"]).serialized().contains("\"maxLength\": \(FieldCatalogue.maximumLength)"))
    #expect(try #require(fields["musicbrainz"]).serialized().contains("\"format\": \"uuid\""))
  }

  @Test func aLongGradeMatchesInAnyCase() throws {
    let pattern = try Regex("^" + FrontMatterSchema.anyCase("near mint (nm or m-)") + "$")
    #expect("Near Mint (NM or M-)".wholeMatch(of: pattern) != nil)
    #expect("near mint (nm or m-)".wholeMatch(of: pattern) != nil)
    #expect("Near Mint".wholeMatch(of: pattern) == nil)
  }
}

/// `rk schema` held to `jsonschema` from PyPI: the example collection
/// passes, and front matter that breaks a rule is refused, as rk check
/// refuses it.
@Suite(
  "The front-matter schema in a JSON Schema validator",
  .enabled(
    if: JSONSchemaReference.python != nil,
    "RK_REFERENCE_PYTHON is not set: `make test` sets it to .build/venv's python, where `make venv` installs jsonschema"))
struct FrontMatterSchemaValidatorTests {
  let schema = FrontMatterSchema.json().serialized()

  @Test func everyAlbumOfTheExampleCollectionIsValid() throws {
    // repositoryRoot() counts three folders up from the calling file, one short from here.
    let albums = repositoryRoot().deletingLastPathComponent().appendingPathComponent("example-collection/albums")
    let folders = try FileManager.default.contentsOfDirectory(atPath: albums.path).sorted()
    #expect(folders.count >= 30)
    let documents = try folders.map { try String(contentsOf: albums.appendingPathComponent($0 + "/album.md"), encoding: .utf8) }
    let errors = try JSONSchemaReference.errors(schema: schema, documents: documents)
    for (folder, found) in zip(folders, errors) { #expect(found.isEmpty, "\(folder): \(found)") }
  }

  /// Values rk reads as text, in the forms an editor's YAML reads them.
  @Test func valuesRkAcceptsAreValidInEitherReading() throws {
    let documents = [
      "---\ntitle: 1999\nartist: Prince\nreleased: 1982\nrating: 4\nbarcode: 0724384260927\ncountry: NO\ndiscogs: 1234\n---\n",
      "---\ntitle: Blue\nartist: Joni Mitchell\nreleased:\nmedia_condition: Near Mint (NM or M-)\nstatus: wanted\ncopy: 2\ntags:\n- 1971\n---\n",
      "---\ntitle: \"Kind of Blue\"\nartist: Miles Davis\nreleased: 1959-08-17\nwikipedia: https://en.wikipedia.org/wiki/Kind_of_Blue\nbarcode: 0 74646 93522 6\nmusicbrainz: 5a4b8c3e-1f2d-4e5a-9b6c-7d8e9f0a1b2c\n---\n",
    ]
    let errors = try JSONSchemaReference.errors(schema: schema, documents: documents)
    for (index, document) in documents.enumerated() {
      #expect(errors[index].isEmpty, "\(document): \(errors[index])")
      #expect(try AlbumFile.parse(Array(document.utf8), id: "a").problems.isEmpty, "rk refuses \(document)")
    }
  }

  /// Five kinds of bad front matter (and a few more), each refused by the
  /// validator in both readings and by rk.
  @Test func frontMatterThatBreaksARuleIsRefused() throws {
    let bad = [
      "missing title": "---\nartist: Radiohead\n---\n",
      "blank artist": "---\ntitle: OK Computer\nartist: \"  \"\n---\n",
      "release date": "---\ntitle: OK Computer\nartist: Radiohead\nreleased: May 1997\n---\n",
      "month 13": "---\ntitle: OK Computer\nartist: Radiohead\nreleased: 1997-13-01\n---\n",
      "web address": "---\ntitle: OK Computer\nartist: Radiohead\nwikipedia: en.wikipedia.org/wiki/OK_Computer\n---\n",
      "rating": "---\ntitle: OK Computer\nartist: Radiohead\nrating: 7\n---\n",
      "grade": "---\ntitle: OK Computer\nartist: Radiohead\nmedia_condition: Excellent\n---\n",
      "barcode": "---\ntitle: OK Computer\nartist: Radiohead\nbarcode: 12-34\n---\n",
      "musicbrainz": "---\ntitle: OK Computer\nartist: Radiohead\nmusicbrainz: 1234\n---\n",
      "duplicate tag": "---\ntitle: OK Computer\nartist: Radiohead\ntags:\n- rock\n- rock\n---\n",
      "tags not a list": "---\ntitle: OK Computer\nartist: Radiohead\ntags: rock\n---\n",
      "too long": "---\ntitle: \(String(repeating: "a", count: 256))\nartist: Radiohead\n---\n",
      "two lines": "---\ntitle: \"OK\\nComputer\"\nartist: Radiohead\n---\n",
      "list for text": "---\ntitle: [OK, Computer]\nartist: Radiohead\n---\n",
    ]
    let kinds = bad.keys.sorted()
    let errors = try JSONSchemaReference.errors(schema: schema, documents: kinds.map { bad[$0] ?? "" })
    for (kind, found) in zip(kinds, errors) {
      #expect(found.contains { $0.hasPrefix("core:") }, "\(kind): the schema accepts it as YAML 1.2 reads it")
      #expect(found.contains { $0.hasPrefix("text:") }, "\(kind): the schema accepts it as text")
      let document = Array((bad[kind] ?? "").utf8)
      #expect(try !AlbumFile.parse(document, id: "a").problems.isEmpty, "\(kind): rk accepts it")
    }
  }
}
