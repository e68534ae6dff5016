import CZBar
import RecordKeeperCovers

/// Reads the product barcodes (EAN-13, EAN-8, UPC-A, UPC-E: what is printed
/// on a record's sleeve and what MusicBrainz keeps as `barcode`) in a photo,
/// with ZBar. Browsers that have `BarcodeDetector` read barcodes themselves;
/// the others send the photo to `POST /api/barcode`, which ends here.
enum BarcodeReader {
  /// The longest side a photo is scaled to before scanning: a phone photo
  /// of a sleeve's barcode keeps bars several pixels wide at this size, and
  /// ZBar scans it in tens of milliseconds.
  static let longestSide = 1600

  /// The symbologies asked for: the rest (QR codes, Code 128 on a shop's
  /// price sticker) are not a record's barcode. A UPC-A is read as the
  /// EAN-13 it is (a leading 0): enabling ZBAR_UPCA on its own would report
  /// it as 12 digits instead.
  static let symbologies: [zbar_symbol_type_t] = [ZBAR_EAN13, ZBAR_EAN8, ZBAR_UPCE]

  /// The digits of every barcode ZBar finds in `image`, in the order found,
  /// each once.
  static func barcodes(in image: GreyImage) -> [String] {
    guard image.width > 0, image.height > 0, image.pixels.count == image.width * image.height,
      let scanner = zbar_image_scanner_create()
    else { return [] }
    defer { zbar_image_scanner_destroy(scanner) }
    // Everything off, then the product codes on.
    zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_ENABLE, 0)
    for symbology in symbologies { zbar_image_scanner_set_config(scanner, symbology, ZBAR_CFG_ENABLE, 1) }
    guard let zbarImage = zbar_image_create() else { return [] }
    defer { zbar_image_destroy(zbarImage) }
    // "Y800": 8-bit grey, one byte a pixel (zbar_fourcc is a C macro).
    let y800 = UInt(UInt8(ascii: "Y")) | UInt(UInt8(ascii: "8")) << 8 | UInt(UInt8(ascii: "0")) << 16 | UInt(UInt8(ascii: "0")) << 24
    zbar_image_set_format(zbarImage, y800)
    zbar_image_set_size(zbarImage, UInt32(image.width), UInt32(image.height))
    var found: [String] = []
    image.pixels.withUnsafeBytes { bytes in
      // ZBar reads the pixels in place during the scan only; no cleanup
      // handler, so it never frees Swift's memory.
      zbar_image_set_data(zbarImage, bytes.baseAddress, UInt(bytes.count), nil)
      guard zbar_scan_image(scanner, zbarImage) > 0 else { return }
      var symbol = zbar_image_first_symbol(zbarImage)
      while let current = symbol {
        if let data = zbar_symbol_get_data(current) {
          let digits = String(cString: data)
          if !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), !found.contains(digits) { found.append(digits) }
        }
        symbol = zbar_symbol_next(current)
      }
      // The data pointer must not outlive the lent bytes.
      zbar_image_set_data(zbarImage, nil, 0, nil)
    }
    return found
  }
}
