/// Barcodes compare by their digits (issue 20.13): `7 20642-44251 7`, as
/// printed under the bars and as a collector types it, is `720642442517`.
/// Search indexes a barcode written with spaces or hyphens by its digits
/// too, and a search term that has the shape of a barcode looks for its
/// digits; barcode rules compare digits.
enum BarcodeDigits {
  /// The digits of `bytes` when they are a barcode written out with
  /// spaces or hyphens (only those and digits, at least `least` digits);
  /// `nil` for anything else, or when there is nothing to take out.
  static func of<Bytes: Collection<UInt8>>(_ bytes: Bytes, least: Int = 1) -> [UInt8]? {
    var digits: [UInt8] = []
    for byte in bytes {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digits.append(byte)
      case UInt8(ascii: " "), UInt8(ascii: "-"): continue
      default: return nil
      }
    }
    return digits.count >= least && digits.count < bytes.count ? digits : nil
  }

  /// A search term as matching uses it: a barcode's worth of digits (ten
  /// or more, written with spaces or hyphens) becomes its digits, which
  /// every barcode is indexed by; any other term is left as it is.
  static func searchTerm(_ folded: [UInt8]) -> [UInt8] {
    of(folded, least: 10) ?? folded
  }

  /// Appends a barcode's folded text, then its digits when it is written
  /// with spaces or hyphens.
  static func appendFolded(_ barcode: String, to buffer: inout [UInt8]) {
    SearchMatcher.appendFolded(barcode, to: &buffer)
    if let digits = of(Array(barcode.utf8)) { SearchMatcher.appendFolded(String(decoding: digits, as: UTF8.self), to: &buffer) }
  }
}
