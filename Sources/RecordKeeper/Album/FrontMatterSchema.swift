/// The JSON Schema (draft 2020-12) of `album.md`'s front matter that `rk
/// schema` prints (docs/commands.md, "Editing by hand: schema, checks and a hook"), made from ``FieldCatalogue`` so that it
/// never says other than the rules: every front-matter key with its type,
/// format and limits, extra keys allowed.
///
/// It describes the front matter as an editor's YAML support reads it
/// (YAML 1.2's core schema: `1997` is a number, `1997-05-21` text, an empty
/// value null), and also as text alone, as `rk` reads every value. So a
/// value `rk` takes as its text (`title: 1999`, `rating: 4`) is accepted in
/// either form, and an empty optional value means absent, as in `rk`.
public enum FrontMatterSchema {
  /// The schema of front matter holding `fields` (those of the file: the
  /// track list lives in the body, and read-only fields nowhere).
  public static func json(fields: [FieldDescription] = FieldCatalogue.fields, maximumLength: Int = FieldCatalogue.maximumLength)
    -> JSONValue
  {
    let stored = fields.filter { $0.kind != .tracks && $0.kind != .readOnly }
    return .object([
      ("$schema", .string("https://json-schema.org/draft/2020-12/schema")),
      ("title", .string("album.md front matter (Record Keeper)")),
      (
        "description",
        .string(
          "The YAML between the --- lines of an album.md. rk check applies the same rules, and some a schema cannot say (a real calendar date, lengths in characters as people see them)."
        )
      ),
      ("type", .string("object")),
      ("required", .array(stored.filter(\.isRequired).map { .string($0.name) })),
      ("properties", .object(stored.map { ($0.name, property($0, maximumLength: maximumLength)) })),
      ("additionalProperties", .bool(true)),
    ])
  }

  /// A scalar written on one line, spaces around it aside (`rk` trims).
  private static let lineBreaks = "\\n\\u000b\\f\\r\\u0085\\u2028\\u2029"
  private static let oneLine = "^\\s*[^\(lineBreaks)]*\\s*$"
  private static let oneLineNotBlank = "^\\s*[^\(lineBreaks)]*\\S[^\(lineBreaks)]*\\s*$"
  /// An empty or blank value, which `rk` reads as absent.
  private static let blank: JSONValue = .object([("type", .string("string")), ("pattern", .string("^\\s*$"))])
  private static let null: JSONValue = .object([("type", .string("null"))])

  private static func property(_ field: FieldDescription, maximumLength: Int) -> JSONValue {
    var pairs: [(String, JSONValue)] = [("title", .string(field.label))]
    if let defaultValue = field.defaultValue { pairs.append(("default", .string(defaultValue))) }
    if field.kind == .tags {
      pairs.append(
        ("description", .string("A list, one `- tag` line per tag; each tag one line of at most \(maximumLength) characters, none twice.")))
      let tag = text(maximumLength: maximumLength, pattern: oneLine, extraTypes: ["number", "boolean", "null"])
      let list: JSONValue = .object([("type", .string("array")), ("items", tag), ("uniqueItems", .bool(true))])
      pairs.append(("anyOf", .array([list, null, blank])))
      return .object(pairs)
    }
    var forms = forms(of: field, maximumLength: maximumLength)
    if !field.isRequired { forms += [null, blank] }
    pairs.append(("description", .string(description(of: field, maximumLength: maximumLength))))
    // One form needs no anyOf around it.
    if forms.count == 1, case .object(let form) = forms[0] { return .object(pairs + form) }
    pairs.append(("anyOf", .array(forms)))
    return .object(pairs)
  }

  /// The forms a present value may take.
  private static func forms(of field: FieldDescription, maximumLength: Int) -> [JSONValue] {
    switch field.kind {
    case .text, .tracks, .tags, .readOnly:
      return [text(maximumLength: maximumLength, pattern: field.isRequired ? oneLineNotBlank : oneLine, extraTypes: ["number", "boolean"])]
    case .date:
      let year = "(?!0000)[0-9]{4}"
      let month = "(?:0?[1-9]|1[0-2])"
      let day = "(?:0?[1-9]|[12][0-9]|3[01])"
      return [
        string(pattern: "^\\s*\(year)(?:-\(month)(?:-\(day))?)?\\s*$"),
        .object([("type", .string("integer")), ("minimum", .number(1)), ("maximum", .number(9999))]),
      ]
    case .webAddress:
      let web = "^\\s*[hH][tT][tT][pP][sS]?://[^/\\s][^\\s]*\\s*$"
      return [
        .object([("type", .string("string")), ("format", .string("iri")), ("maxLength", .number(maximumLength)), ("pattern", .string(web))])
      ]
    case .choice:
      let values = field.values ?? []
      // `rating: 4` is a number in YAML 1.2 and the text "4" in rk.
      let enumerated = values.map(JSONValue.string) + values.compactMap { Int($0).map(JSONValue.number) }
      var forms: [JSONValue] = [.object([("enum", .array(enumerated))])]
      // Other spellings rk reads as a value (Discogs' long grades), in any case.
      for alias in (field.aliases ?? [:]).keys.sorted() { forms.append(string(pattern: "^\\s*\(anyCase(alias))\\s*$")) }
      return forms
    case .barcode:
      let digits = field.digits ?? 1...64
      let pattern = "^\\s*[ -]*(?:[0-9][ -]*){\(digits.lowerBound),\(digits.upperBound)}\\s*$"
      // As a YAML number a barcode may have lost its leading zeros.
      let largest = (0..<min(digits.upperBound, 18)).reduce(1) { total, _ in total * 10 } - 1
      return [string(pattern: pattern), .object([("type", .string("integer")), ("minimum", .number(0)), ("maximum", .number(largest))])]
    case .digits:
      return [string(pattern: "^\\s*[0-9]+\\s*$"), .object([("type", .string("integer")), ("minimum", .number(0))])]
    case .uuid:
      let hex = "[0-9a-fA-F]"
      let uuid = "^\\s*\(hex){8}-\(hex){4}-\(hex){4}-\(hex){4}-\(hex){12}\\s*$"
      return [.object([("type", .string("string")), ("format", .string("uuid")), ("pattern", .string(uuid))])]
    }
  }

  private static func description(of field: FieldDescription, maximumLength: Int) -> String {
    switch field.kind {
    case .text, .tracks, .tags, .readOnly:
      "\(field.isRequired ? "Required text" : "Text"): one line, at most \(maximumLength) characters."
    case .date: "A date: YYYY, YYYY-MM or YYYY-MM-DD, a real calendar day."
    case .webAddress: "A web address, http:// or https://, at most \(maximumLength) characters."
    case .choice: "One of \((field.values ?? []).joined(separator: ", "))."
    case .barcode:
      "A barcode (UPC/EAN): \(field.digits.map { "\($0.lowerBound) to \($0.upperBound)" } ?? "") digits once spaces and dashes are removed."
    case .digits: "Digits only."
    case .uuid: "A UUID, 8-4-4-4-12 hex digits."
    }
  }

  private static func text(maximumLength: Int, pattern: String, extraTypes: [String]) -> JSONValue {
    .object([
      ("type", .array((["string"] + extraTypes).map(JSONValue.string))), ("maxLength", .number(maximumLength)),
      ("pattern", .string(pattern)),
    ])
  }

  private static func string(pattern: String) -> JSONValue {
    .object([("type", .string("string")), ("pattern", .string(pattern))])
  }

  /// A regular expression matching `text` in any letter case, for schema
  /// readers without case-insensitive patterns (ECMA 262 has no `(?i)`).
  static func anyCase(_ text: String) -> String {
    text.map { character -> String in
      let lower = character.lowercased()
      let upper = character.uppercased()
      if lower != upper { return "[\(lower)\(upper)]" }
      return "\\^$.|?*+()[]{}".contains(character) ? "\\\(character)" : String(character)
    }.joined()
  }
}
