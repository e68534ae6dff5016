import CVipsShim
import RecordKeeper

/// Where libvips reads an image from: bytes lent for the length of one call
/// (see ``CoverMaker/withLent(_:_:)``). Files are read by rk first (see
/// ``CoverMaker/readFile(_:)``), never opened by libvips.
package enum ImageInput {
  case buffer(UnsafeRawBufferPointer)

  /// libvips' nickname for the loader that recognises the input
  /// ("jpegload", "pngload_buffer"…), or nil when none does.
  func loader() -> String? {
    let nickname: UnsafePointer<CChar>? =
      switch self {
      case .buffer(let bytes): rk_vips_loader_for_buffer(bytes.baseAddress, bytes.count)
      }
    guard let nickname else {
      // "not a known file format": the caller says so in its own words.
      vips_error_clear()
      return nil
    }
    return String(cString: nickname)
  }

  /// The image with only its header read; no pixel is decoded.
  package func header() throws(CoverError) -> OwnedImage {
    switch self {
    case .buffer(let bytes):
      try LibVips.own(rk_vips_header_from_buffer(bytes.baseAddress, bytes.count), "vips_image_new_from_buffer")
    }
  }

  /// The image shrunk on load to `width`×`height`, upright.
  ///
  /// With `crop`, it fills the box and the centre is kept; with `force`, the
  /// aspect ratio is given up to fit the box exactly. Small images are scaled
  /// up. With `convertProfile` (for an image whose header has a colour
  /// profile) the colours are converted from that profile to sRGB. Corrupt
  /// or truncated input fails here or when the pixels are first computed.
  func thumbnail(width: Int, height: Int, crop: Bool, force: Bool, convertProfile: Bool) throws(CoverError) -> OwnedImage {
    let (width, height) = (Int32(width), Int32(height))
    let (crop, force, convert): (Int32, Int32, Int32) = (crop ? 1 : 0, force ? 1 : 0, convertProfile ? 1 : 0)
    switch self {
    case .buffer(let bytes):
      return try LibVips.make("vips_thumbnail_buffer") {
        rk_vips_thumbnail_buffer(bytes.baseAddress, bytes.count, $0, width, height, crop, force, convert)
      }
    }
  }
}
