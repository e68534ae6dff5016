import Foundation

/// A JSON Schema validator no one here wrote, `jsonschema` from PyPI (with
/// PyYAML to read the front matter), run from the virtualenv `make venv`
/// makes: for holding `rk schema` to what editors and CI would do with it.
public enum JSONSchemaReference {
  /// The virtualenv's python, from `$RK_REFERENCE_PYTHON` (`make test`
  /// sets it); `nil` when unset, and the tests that need it are skipped.
  public static let python: String? = ProcessInfo.processInfo.environment["RK_REFERENCE_PYTHON"].flatMap { $0.isEmpty ? nil : $0 }

  /// Why the validator could not be run.
  public struct Unavailable: Error, CustomStringConvertible {
    public var description: String
  }

  /// For each document (an album.md's text), what the validator finds
  /// wrong with its front matter against `schema`, read twice: as an
  /// editor's YAML 1.2 support reads it (`1997` a number) and as text alone,
  /// as rk reads it. Each message starts with `core:` or `text:`.
  public static func errors(schema: String, documents: [String]) throws -> [[String]] {
    guard let python else { throw Unavailable(description: "RK_REFERENCE_PYTHON is not set") }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rk-jsonschema-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let schemaFile = folder.appendingPathComponent("schema.json")
    let documentsFile = folder.appendingPathComponent("documents.json")
    let scriptFile = folder.appendingPathComponent("validate.py")
    try Data(schema.utf8).write(to: schemaFile)
    try JSONSerialization.data(withJSONObject: documents).write(to: documentsFile)
    try Data(script.utf8).write(to: scriptFile)
    let result = try runProcess(URL(fileURLWithPath: python), [scriptFile.path, schemaFile.path, documentsFile.path])
    guard result.status == 0, let errors = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String]] else {
      throw Unavailable(
        description: "the JSON Schema validator failed (\(python)): \(result.stderr)\nRun `make venv`: it installs jsonschema and PyYAML.")
    }
    return errors
  }

  static let script = #"""
    import json, re, sys
    import jsonschema
    import yaml

    # YAML 1.2's core schema, as editors read front matter: no dates, no
    # yes/no booleans, no octal 0755; 0724384260927 is a decimal number.
    class CoreLoader(yaml.SafeLoader):
        pass
    CoreLoader.yaml_implicit_resolvers = {}
    for tag, pattern, first in [
        ("null", r"^(?:~|null|Null|NULL|)$", ["~", "n", "N", ""]),
        ("bool", r"^(?:true|True|TRUE|false|False|FALSE)$", list("tTfF")),
        ("int", r"^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$", list("-+0123456789")),
        ("float", r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$",
         list("-+0123456789.")),
    ]:
        CoreLoader.add_implicit_resolver("tag:yaml.org,2002:" + tag, re.compile(pattern), first)

    def core_int(loader, node):
        text = loader.construct_scalar(node)
        if text.startswith("0o"):
            return int(text[2:], 8)
        if text.startswith("0x"):
            return int(text[2:], 16)
        return int(text, 10)
    CoreLoader.add_constructor("tag:yaml.org,2002:int", core_int)

    def front_matter(document):
        lines = re.split(r"\r\n|\r|\n", document.lstrip("\ufeff"))
        if not lines or lines[0].rstrip() != "---":
            return None
        for end in range(1, len(lines)):
            if lines[end].rstrip() in ("---", "..."):
                return "\n".join(lines[1:end]) + "\n"
        return None

    def keyed(value):
        # Mapping keys as JSON has them: text.
        if isinstance(value, dict):
            return {str(key): keyed(item) for key, item in value.items()}
        if isinstance(value, list):
            return [keyed(item) for item in value]
        return value

    schema = json.load(open(sys.argv[1], encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema, format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER)
    results = []
    for document in json.load(open(sys.argv[2], encoding="utf-8")):
        text = front_matter(document)
        if text is None:
            results.append(["no front matter"])
            continue
        errors = []
        for name, loader in (("core", CoreLoader), ("text", yaml.BaseLoader)):
            data = keyed(yaml.load(text, Loader=loader))
            for error in validator.iter_errors(data if data is not None else {}):
                errors.append("%s: %s: %s" % (name, "/".join(str(part) for part in error.absolute_path), error.message))
        results.append(errors)
    json.dump(results, sys.stdout)
    """#
}
