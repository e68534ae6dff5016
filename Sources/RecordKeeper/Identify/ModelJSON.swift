import Foundation

/// The JSON object in a language model's answer. Models are asked for JSON
/// alone, but some wrap it in a ```json fence or in a sentence; the object is
/// taken from the fence, else from the first `{` to the `}` that closes it.
enum ModelJSON {
  /// The JSON object in `text` that has one of `keys` (else the first
  /// object there is), or a clear error.
  static func object(in text: String, withOneOf keys: [String] = ["album_title"]) throws(IdentifyError) -> [String: Any] {
    let objects = candidates(in: text).compactMap {
      (try? JSONSerialization.jsonObject(with: Data($0.utf8), options: [])) as? [String: Any]
    }
    if let object = objects.first(where: { object in keys.contains { object[$0] != nil } }) ?? objects.first { return object }
    let excerpt = text.trimmed.prefix(80)
    throw .malformedAnswer(excerpt.isEmpty ? "it is empty" : "it holds no JSON object (it begins \"\(excerpt)\")")
  }

  /// The texts that may be the object, most likely first: the whole text,
  /// a fenced block, then each `{…}` outside strings.
  private static func candidates(in text: String) -> [String] {
    var found = [text.trimmed]
    if let fence = text.range(of: "```") {
      var body = text[fence.upperBound...]
      // The fence's info string (`json`) ends at the line break.
      if let newline = body.firstIndex(of: "\n") { body = body[body.index(after: newline)...] }
      if let end = body.range(of: "```") { found.append(String(body[..<end.lowerBound])) }
    }
    return found + objects(in: text)
  }

  /// Every top-level `{…}` of `text`, strings and escapes honoured.
  private static func objects(in text: String) -> [String] {
    let scalars = Array(text.unicodeScalars)
    var found: [String] = []
    var start = 0
    var depth = 0
    var inString = false
    var escaped = false
    for index in scalars.indices {
      let scalar = scalars[index]
      if inString {
        if escaped { escaped = false } else if scalar == "\\" { escaped = true } else if scalar == "\"" { inString = false }
        continue
      }
      switch scalar {
      case "\"" where depth > 0: inString = true
      case "{":
        if depth == 0 { start = index }
        depth += 1
      case "}" where depth > 0:
        depth -= 1
        if depth == 0 {
          var view = String.UnicodeScalarView()
          view.append(contentsOf: scalars[start...index])
          found.append(String(view))
        }
      default: break
      }
    }
    return found
  }

  // MARK: Reading fields

  /// A text field: trimmed, `nil` when absent, null or blank.
  static func text(_ object: [String: Any], _ key: String) throws(IdentifyError) -> String? {
    switch object[key] {
    case nil, is NSNull: return nil
    case let text as String: return text.trimmed.isEmpty ? nil : text.trimmed
    case let number as NSNumber:
      // `"release_year": 1959` is as good as `"1959"`.
      return number.stringValue
    default: throw .malformedAnswer("\"\(key)\" is not text")
    }
  }

  /// A text field that must be there.
  static func requiredText(_ object: [String: Any], _ key: String) throws(IdentifyError) -> String {
    guard let text = try text(object, key) else { throw .malformedAnswer("it has no \"\(key)\"") }
    return text
  }

  /// A list of texts; absent or null is empty; blank items are left out.
  static func list(_ object: [String: Any], _ key: String) throws(IdentifyError) -> [String] {
    switch object[key] {
    case nil, is NSNull: return []
    case let items as [Any]:
      var list: [String] = []
      for item in items {
        guard let text = item as? String else { throw .malformedAnswer("\"\(key)\" holds something that is not text") }
        if !text.trimmed.isEmpty { list.append(text.trimmed) }
      }
      return list
    case let text as String: return text.trimmed.isEmpty ? [] : [text.trimmed]
    default: throw .malformedAnswer("\"\(key)\" is not a list of texts")
    }
  }
}
