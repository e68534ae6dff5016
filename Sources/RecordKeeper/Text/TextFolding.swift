import Foundation

/// Case- and diacritic-insensitive text, as search (seed §3.3) and sorting
/// (seed §3.2) compare it: "Björk", "BJORK" and "bjork" fold alike.
public enum TextFolding {
  /// `text` lowercased with diacritics removed.
  public static func fold(_ text: String) -> String {
    var ascii = true
    for byte in text.utf8 where byte >= 0x80 {
      ascii = false
      break
    }
    if ascii { return foldASCII(text) }
    var output = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if scalar.isASCII {
        output.append((0x41...0x5A).contains(scalar.value) ? Unicode.Scalar(UInt8(scalar.value) | 0x20) : scalar)
      } else if scalar.value < latin.count {
        output.append(contentsOf: latin[Int(scalar.value)].unicodeScalars)
      } else if isUnchangedByFolding(scalar.value) {
        output.append(scalar)
      } else {
        output.append(contentsOf: foldSlowly(String(scalar)).unicodeScalars)
      }
    }
    return String(output)
  }

  /// The folds of the Latin, Greek and Cyrillic letters, made once.
  private static let latin: [String] = (0..<0x530).map { value in
    Unicode.Scalar(value).map { foldSlowly(String($0)) } ?? ""
  }

  /// Kana and CJK ideographs have no case and no marks to fold; Hangul
  /// syllables are kept whole (search and sort only need the same fold on
  /// both sides).
  private static func isUnchangedByFolding(_ value: UInt32) -> Bool {
    (0x3040...0x30FF).contains(value) || (0x3400...0x9FFF).contains(value) || (0xAC00...0xD7A3).contains(value)
      || (0xF900...0xFAFF).contains(value)
  }

  private static func foldSlowly(_ text: String) -> String {
    var output = String.UnicodeScalarView()
    for scalar in text.decomposedStringWithCanonicalMapping.lowercased().unicodeScalars {
      if scalar.properties.generalCategory == .nonspacingMark { continue }
      if let replacement = letters[scalar] {
        output.append(contentsOf: replacement.unicodeScalars)
      } else {
        output.append(scalar)
      }
    }
    return String(output)
  }

  /// Folded UTF-8 bytes: comparing these byte by byte compares by character
  /// code, as the seed's sort rule asks.
  public static func foldedBytes(_ text: String) -> [UInt8] { Array(fold(text).utf8) }

  private static func foldASCII(_ text: String) -> String {
    var utf8 = Array(text.utf8)
    var changed = false
    for index in utf8.indices where utf8[index] >= UInt8(ascii: "A") && utf8[index] <= UInt8(ascii: "Z") {
      utf8[index] |= 0x20
      changed = true
    }
    return changed ? String(decoding: utf8, as: UTF8.self) : text
  }

  /// Letters that carry their mark in the letter itself and so do not
  /// decompose: they fold to the letters a collector types for them.
  private static let letters: [Unicode.Scalar: String] = [
    "ø": "o", "æ": "ae", "œ": "oe", "ß": "ss", "đ": "d", "ð": "d", "ł": "l", "þ": "th", "ı": "i", "ħ": "h",
  ]
}
