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
    guard !data.isEmpty else { throw .notAnImage(path: name) }
    return try LibVips.run { () throws(CoverError) in
      try withLent(data) { bytes throws(CoverError) in
        let input = ImageInput.buffer(bytes)
        let (header, _) = try openHeader(input, name: name)
        try checkSize(header, name: name)
        let side = min(photoSize, max(header.width, header.height))
        let image: OwnedImage
        do throws(CoverError) {
          image = try input.thumbnail(width: side, height: side, crop: false, force: false, convertProfile: header.hasProfile)
            .plainSRGB().inMemory()
        } catch {
          throw error.reading(name)
        }
        return try image.webp(quality: quality)
      }
    }
  }
}
