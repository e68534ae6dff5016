import RecordKeeper

/// An image as 8-bit grey pixels, one byte a pixel, rows from the top: what
/// a barcode reader scans (ZBar's `Y800`).
public struct GreyImage: Sendable {
  public var width: Int
  public var height: Int
  /// `width × height` bytes, 0 black to 255 white.
  public var pixels: [UInt8]
}

extension CoverMaker {
  /// The image in `data` in grey, upright, at most `longestSide` pixels on
  /// its longest side (smaller images keep their size). Reads what
  /// ``make(from:name:)`` reads and refuses what it refuses.
  public static func grey(from data: [UInt8], longestSide: Int, name: String = "the uploaded image") throws(CoverError) -> GreyImage {
    try upright(from: data, longestSide: longestSide, name: name) { image throws(CoverError) in
      let rgb = try image.bytes()
      let count = image.width * image.height
      guard rgb.count == count * 3 else {
        throw .libvips(
          function: "vips_image_write_to_memory", message: "returned \(rgb.count) bytes for \(image.width)x\(image.height) RGB")
      }
      // Rec. 601 luma in integers: 0.299 R + 0.587 G + 0.114 B.
      var grey = [UInt8](repeating: 0, count: count)
      rgb.withUnsafeBufferPointer { source in
        for index in 0..<count {
          let (r, g, b) = (UInt32(source[3 * index]), UInt32(source[3 * index + 1]), UInt32(source[3 * index + 2]))
          grey[index] = UInt8((299 * r + 587 * g + 114 * b + 500) / 1000)
        }
      }
      return GreyImage(width: image.width, height: image.height, pixels: grey)
    }
  }
}
