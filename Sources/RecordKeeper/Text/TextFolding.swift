import Foundation

/// Case- and diacritic-insensitive text, as search (seed §3.3), sorting
/// (seed §3.2) and album references compare it: "Björk", "BJORK" and "bjork"
/// fold alike.
///
/// Folding is Unicode case folding, not lowercasing (final sigma "ς" folds
/// like "σ", "ß" like "ss"), over the compatibility decomposition ("ﬁ" folds
/// like "fi", full-width "Ａ" like "a"), with combining marks dropped. Text
/// typed composed and text stored decomposed (NFD, as macOS pastes it) fold
/// alike: Latin marks are dropped either way, and Hangul jamo and the kana
/// voicing marks, which are part of the letter rather than accents, are
/// composed again.
public enum TextFolding {
  /// `text` case-folded, compatibility-decomposed, without diacritics.
  public static func fold(_ text: String) -> String {
    var ascii = true
    for byte in text.utf8 where byte >= 0x80 {
      ascii = false
      break
    }
    if ascii { return foldASCII(text) }
    var output = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      let value = scalar.value
      if scalar.isASCII {
        output.append((0x41...0x5A).contains(value) ? Unicode.Scalar(UInt8(value) | 0x20) : scalar)
      } else if value < table.count {
        output.append(contentsOf: table[Int(value)].unicodeScalars)
      } else if isUnchangedByFolding(value) {
        output.append(scalar)
      } else {
        for folded in foldSlowly(scalar).unicodeScalars { append(folded, to: &output) }
      }
    }
    return String(output)
  }

  /// Folded UTF-8 bytes: comparing these byte by byte compares by character
  /// code, as the seed's sort rule asks.
  public static func foldedBytes(_ text: String) -> [UInt8] { Array(fold(text).utf8) }

  /// The folds of the Latin, Greek and Cyrillic letters and of the combining
  /// marks (to nothing), made once.
  private static let table: [String] = (0..<0x530).map { value in
    Unicode.Scalar(value).map { foldSlowly($0) } ?? ""
  }

  /// Kana and CJK ideographs have no case and no marks to fold, and composed
  /// Hangul syllables are already in the form decomposed jamo compose to.
  /// The kana voicing marks (U+3099, U+309A) are not: they join the kana
  /// before them.
  private static func isUnchangedByFolding(_ value: UInt32) -> Bool {
    ((0x3040...0x30FF).contains(value) && value != 0x3099 && value != 0x309A) || (0x3400...0x9FFF).contains(value)
      || (0xAC00...0xD7A3).contains(value) || (0xF900...0xFAFF).contains(value)
  }

  /// One scalar folded with Foundation: compatibility decomposition, case
  /// folding (upper- then lowercasing, which maps "ς" and "σ" alike), marks
  /// dropped except the kana voicing marks, and the few letters that carry
  /// their mark inside.
  private static func foldSlowly(_ scalar: Unicode.Scalar) -> String {
    var output = String.UnicodeScalarView()
    for folded in String(scalar).decomposedStringWithCompatibilityMapping.uppercased().lowercased().unicodeScalars {
      if folded.properties.generalCategory == .nonspacingMark, !isKanaVoicingMark(folded.value) { continue }
      if let replacement = letters[folded] {
        output.append(contentsOf: replacement.unicodeScalars)
      } else {
        output.append(folded)
      }
    }
    return String(output)
  }

  /// Appends `scalar`, composing it with the scalar before when NFC would:
  /// a Hangul vowel or final consonant jamo, or a kana voicing mark.
  private static func append(_ scalar: Unicode.Scalar, to output: inout String.UnicodeScalarView) {
    if let last = output.last, let joined = compose(last, scalar) {
      output.removeLast()
      output.append(joined)
    } else {
      output.append(scalar)
    }
  }

  private static func compose(_ first: Unicode.Scalar, _ second: Unicode.Scalar) -> Unicode.Scalar? {
    let (a, b) = (first.value, second.value)
    // Hangul: the arithmetic of Unicode's chapter 3.12.
    if (0x1161...0x1175).contains(b), (0x1100...0x1112).contains(a) {
      return Unicode.Scalar(0xAC00 + ((a - 0x1100) * 21 + (b - 0x1161)) * 28)
    }
    if (0x11A8...0x11C2).contains(b), (0xAC00...0xD7A3).contains(a), (a - 0xAC00) % 28 == 0 {
      return Unicode.Scalar(a + b - 0x11A7)
    }
    if isKanaVoicingMark(b) {
      let composed = String(String.UnicodeScalarView([first, second])).precomposedStringWithCanonicalMapping.unicodeScalars
      if composed.count == 1 { return composed.first }
    }
    return nil
  }

  private static func isKanaVoicingMark(_ value: UInt32) -> Bool { value == 0x3099 || value == 0x309A }

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
