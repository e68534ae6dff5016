import RecordKeeper

/// Makes the WebP photos of an album's gallery (back sleeve, labels,
/// inserts) with libvips, read as strictly as covers are.
extension CoverMaker {
  /// The longest side of a gallery photo in pixels: sharp on a phone, a few
  /// hundred kilobytes on disk. Smaller photos keep their size.
  public static let photoSize = 1600

  /// A gallery photo from the bytes of an image file: upright, sRGB, at most
  /// ``photoSize`` on its longest side, uncropped, WebP with no metadata at
  /// all (no EXIF, GPS position, XMP or ICC profile). Refuses what
  /// ``make(from:name:)`` refuses.
  public static func photo(from data: [UInt8], name: String = "the uploaded image") throws(CoverError) -> [UInt8] {
    try upright(from: data, longestSide: photoSize, name: name) { image throws(CoverError) in
      try image.webp(quality: quality)
    }
  }

  /// Runs `body` on the image in `data`, upright, sRGB, in memory, at most
  /// `longestSide` pixels on its longest side (smaller images keep their
  /// size), uncropped: the start of a gallery photo and of a barcode scan.
  static func upright<Value>(
    from data: [UInt8], longestSide: Int, name: String, _ body: (OwnedImage) throws(CoverError) -> Value
  ) throws(CoverError) -> Value {
    guard !data.isEmpty else { throw .notAnImage(path: name) }
    return try LibVips.run { () throws(CoverError) in
      try withLent(data) { bytes throws(CoverError) in
        let input = ImageInput.buffer(bytes)
        let (header, _) = try openHeader(input, name: name)
        try checkSize(header, name: name)
        let side = min(longestSide, max(header.width, header.height))
        let image: OwnedImage
        do throws(CoverError) {
          image = try input.thumbnail(width: side, height: side, crop: false, force: false, convertProfile: header.hasProfile)
            .plainSRGB().inMemory()
        } catch {
          throw error.reading(name)
        }
        return try body(image)
      }
    }
  }
}
