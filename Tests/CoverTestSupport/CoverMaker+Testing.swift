import CVipsShim
import CVipsTestShim
import RecordKeeper
import RecordKeeperCovers

/// Helpers for the project's tests (a test-only target: never shipped), which make every image they use with
/// libvips itself and look inside what ``CoverMaker`` wrote.
extension CoverMaker {
  /// Encodes an RGB image whose pixel at (x, y) is `colour(x, y)`.
  ///
  /// - Parameters:
  ///   - suffix: the format, with any options: ".jpg[Q=95]", ".png", ".gif",
  ///     ".tif", ".webp", ".heic".
  ///   - orientation: an EXIF orientation tag (1…8) to store, if any.
  ///   - xmp: an XMP packet to store, if any.
  ///   - profile: a libvips built-in colour profile ("p3") to convert the
  ///     sRGB colours to and embed, if any.
  package static func testImage(
    width: Int,
    height: Int,
    suffix: String,
    orientation: Int? = nil,
    xmp: String? = nil,
    profile: String? = nil,
    colour: (_ x: Int, _ y: Int) -> (r: UInt8, g: UInt8, b: UInt8)
  ) throws(CoverError) -> [UInt8] {
    var pixels = [UInt8](repeating: 0, count: width * height * 3)
    for y in 0..<height {
      for x in 0..<width {
        let (r, g, b) = colour(x, y)
        let offset = (y * width + x) * 3
        pixels[offset] = r
        pixels[offset + 1] = g
        pixels[offset + 2] = b
      }
    }
    return try LibVips.run { () throws(CoverError) in
      var image = try withLent(pixels) { bytes throws(CoverError) in
        try LibVips.own(
          vips_image_new_from_memory_copy(bytes.baseAddress, bytes.count, Int32(width), Int32(height), 3, VIPS_FORMAT_UCHAR),
          "vips_image_new_from_memory_copy")
      }
      if let profile { image = try image.converted(toProfile: profile, from: "srgb") }
      if let orientation { image.set("orientation", to: Int32(orientation)) }
      if let xmp { image.set("xmp-data", blob: Array(xmp.utf8)) }
      return try image.encoded(as: suffix)
    }
  }

  /// Encodes a black one-band image of any size without holding its pixels:
  /// libvips computes them while it encodes, so a 12000x10000 PNG with
  /// `suffix` ".png[bitdepth=1,compression=9]" (a real decompression bomb of
  /// about 15 KB) takes a fraction of a second.
  package static func blankTestImage(width: Int, height: Int, suffix: String) throws(CoverError) -> [UInt8] {
    try LibVips.run { () throws(CoverError) in
      try LibVips.make("vips_black") { rk_vips_black($0, Int32(width), Int32(height)) }.encoded(as: suffix)
    }
  }

  /// The names of the metadata fields of an encoded image, as libvips reads
  /// them ("exif-data", "xmp-data", "icc-profile-data", "orientation"…).
  package static func metadataFields(of data: [UInt8]) throws(CoverError) -> [String] {
    try LibVips.run { () throws(CoverError) in
      try withLent(data) { bytes throws(CoverError) in
        try ImageInput.buffer(bytes).header().fieldNames
      }
    }
  }

  /// Width, height and format of an encoded image, from its header only:
  /// the size as stored, before any orientation tag is applied. `name`
  /// names it in errors.
  package static func inspect(data: [UInt8], name: String = "data") throws(CoverError) -> (width: Int, height: Int, format: String) {
    guard !data.isEmpty else { throw .notAnImage(path: name) }
    return try LibVips.run { () throws(CoverError) in
      try withLent(data) { bytes throws(CoverError) in
        let (header, format) = try openHeader(.buffer(bytes), name: name)
        return (header.width, header.height, format)
      }
    }
  }

  /// ``inspect(data:name:)`` of the image file at `path`, read as rk reads
  /// a photo (a regular file, within the size limit).
  package static func inspect(file path: String) throws(CoverError) -> (width: Int, height: Int, format: String) {
    try inspect(data: try readFile(path), name: path)
  }

  /// The pixels of an encoded image, as ``pixels(file:width:height:)`` gives
  /// them for a file.
  package static func pixels(from data: [UInt8], width: Int, height: Int) throws(CoverError) -> [[(r: UInt8, g: UInt8, b: UInt8)]] {
    guard !data.isEmpty else { throw .notAnImage(path: "data") }
    return try LibVips.run { () throws(CoverError) in
      try withLent(data) { bytes throws(CoverError) in
        try pixels(from: .buffer(bytes), name: "data", width: width, height: height)
      }
    }
  }
}
