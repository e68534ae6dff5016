import CVipsShim
import RecordKeeper

/// Makes and reads cover images with libvips.
///
/// Every function starts libvips the first time it is called and runs its
/// libvips work one call at a time (see ``LibVips``).
public enum CoverMaker {
  /// The side of `cover.webp` in pixels.
  public static let coverSize = CoverFiles.coverSize
  /// The side of `cover-thumb.webp` in pixels.
  public static let thumbnailSize = CoverFiles.thumbnailSize
  /// The most pixels (width × height) an image may have: 100 megapixels,
  /// well above any phone or camera photo. Larger images are refused from
  /// their header, before decoding.
  public static let pixelLimit = 100_000_000
  /// How many times longer than wide (or wide than long) an image may be.
  /// Scaling the shorter side to 400 makes a strip 400 × 400·ratio pixels in
  /// memory before the crop; 50 keeps that under 8 megapixels.
  public static let maximumAspectRatio = 50
  /// WebP quality (0…100) of both images.
  static let quality = 80

  /// The formats covers are made from, by libvips loader; the value is the
  /// name used in messages. HEIF is refined to "heic" or "avif" from the
  /// header.
  static let formats: [String: String] = [
    "jpegload": "jpeg", "pngload": "png", "webpload": "webp", "heifload": "heif", "gifload": "gif",
    "tiffload": "tiff",
  ]

  /// Loaders libvips offers for text files: they are not images at all.
  static let textLoaders: Set<String> = ["csvload", "matrixload"]

  /// Makes the cover and its thumbnail from the image file at `path`.
  ///
  /// Reads JPEG, PNG, WebP, HEIC (if the libvips build has it), GIF and TIFF
  /// (the first frame or page). Scales so the shorter side is 400 (small
  /// images are scaled up), keeps the centre square 400x400, then scales that
  /// to 100x100 for the thumbnail. Honours the orientation tag, so phone
  /// photos are never sideways; converts an embedded colour profile (a
  /// phone's Display P3) to sRGB; flattens transparency onto white. Writes no
  /// metadata at all: no EXIF, XMP, ICC profile or GPS position.
  ///
  /// Strict: truncated or damaged files are refused, and so are images over
  /// ``pixelLimit`` or ``maximumAspectRatio``, from their header alone.
  public static func make(fromFile path: String) throws(CoverError) -> CoverImages {
    let data = try readFile(path)
    return try LibVips.run { () throws(CoverError) in
      try withLent(data) { bytes throws(CoverError) in try makeCover(from: .buffer(bytes), name: path) }
    }
  }

  /// Makes the cover and its thumbnail from the bytes of an image file, as
  /// ``make(fromFile:)`` does; `name` stands for the image in messages.
  public static func make(from data: [UInt8], name: String = "the uploaded image") throws(CoverError) -> CoverImages {
    guard !data.isEmpty else { throw .notAnImage(path: name) }
    return try LibVips.run { () throws(CoverError) in
      try withLent(data) { bytes throws(CoverError) in try makeCover(from: .buffer(bytes), name: name) }
    }
  }

  /// RGB pixels of an image scaled to exactly `width`×`height` (its aspect
  /// ratio is not kept), as rows from the top, for drawing a cover in the
  /// terminal with half blocks.
  ///
  /// Reads what ``make(fromFile:)`` reads, upright and in sRGB, with any
  /// transparency flattened onto white. `width` and `height` must be
  /// 1…4096.
  public static func pixels(file path: String, width: Int, height: Int) throws(CoverError) -> [[(r: UInt8, g: UInt8, b: UInt8)]] {
    precondition((1...4096).contains(width) && (1...4096).contains(height), "pixels: size \(width)x\(height) out of range")
    let data = try readFile(path)
    return try LibVips.run { () throws(CoverError) in
      try withLent(data) { bytes throws(CoverError) in try pixels(from: .buffer(bytes), name: path, width: width, height: height) }
    }
  }

  // MARK: - The pipeline

  static func makeCover(from input: ImageInput, name: String) throws(CoverError) -> CoverImages {
    let hasProfile: Bool
    do {
      let (header, _) = try openHeader(input, name: name)
      try checkSize(header, name: name)
      let (long, short) = (max(header.width, header.height), min(header.width, header.height))
      if long > short * maximumAspectRatio {
        throw .extremeShape(path: name, width: header.width, height: header.height)
      }
      hasProfile = header.hasProfile
    }
    let scaled: OwnedImage
    do throws(CoverError) {
      // vips_thumbnail decodes here (it copies to memory to crop); the rest
      // is computed once into memory so both encodings reuse it.
      scaled = try input.thumbnail(width: coverSize, height: coverSize, crop: true, force: false, convertProfile: hasProfile)
        .plainSRGB().inMemory()
    } catch {
      throw error.reading(name)
    }
    let cover = try square(scaled, side: coverSize)
    let thumbnail = try square(cover.resized(by: Double(thumbnailSize) / Double(coverSize)), side: thumbnailSize)
    return CoverImages(cover: try cover.webp(quality: quality), thumbnail: try thumbnail.webp(quality: quality))
  }

  package static func pixels(from input: ImageInput, name: String, width: Int, height: Int) throws(CoverError) -> [[(
    r: UInt8, g: UInt8, b: UInt8
  )]] {
    let hasProfile: Bool
    do {
      let (header, _) = try openHeader(input, name: name)
      try checkSize(header, name: name)
      hasProfile = header.hasProfile
    }
    let image: OwnedImage
    do throws(CoverError) {
      image = try input.thumbnail(width: width, height: height, crop: false, force: true, convertProfile: hasProfile)
        .plainSRGB().inMemory()
    } catch {
      throw error.reading(name)
    }
    guard image.width == width, image.height == height else {
      throw .libvips(function: "vips_thumbnail", message: "made \(image.width)x\(image.height) instead of \(width)x\(height)")
    }
    let bytes = try image.bytes()
    guard bytes.count == width * height * 3 else {
      throw .libvips(function: "vips_image_write_to_memory", message: "returned \(bytes.count) bytes for \(width)x\(height) RGB")
    }
    return (0..<height).map { y in
      (0..<width).map { x in
        let offset = (y * width + x) * 3
        return (r: bytes[offset], g: bytes[offset + 1], b: bytes[offset + 2])
      }
    }
  }

  /// Opens the header of `input` and names its format; formats outside
  /// ``formats`` are refused before libvips looks further into the input.
  package static func openHeader(_ input: ImageInput, name: String) throws(CoverError) -> (OwnedImage, String) {
    guard let loader = input.loader() else { throw .notAnImage(path: name) }
    let base = loaderBase(loader)
    if textLoaders.contains(base) { throw .notAnImage(path: name) }
    guard var format = formats[base] else {
      throw .unsupportedFormat(path: name, format: base.hasSuffix("load") ? String(base.dropLast(4)) : base)
    }
    let header: OwnedImage
    do throws(CoverError) {
      header = try input.header()
    } catch {
      throw error.reading(name)
    }
    if base == "heifload" {
      format = header.string("heif-compression") == "av1" ? "avif" : "heic"
    }
    return (header, format)
  }

  /// "jpegload" for "jpegload", "jpegload_buffer" and "jpegload_source".
  static func loaderBase(_ nickname: String) -> String {
    for suffix in ["_buffer", "_source"] where nickname.hasSuffix(suffix) {
      return String(nickname.dropLast(suffix.count))
    }
    return nickname
  }

  static func checkSize(_ header: OwnedImage, name: String) throws(CoverError) {
    let (width, height) = (header.width, header.height)
    // Both are at most 10,000,000 (VIPS_MAX_COORD), so the product fits.
    if width * height > pixelLimit {
      throw .tooLarge(path: name, width: width, height: height, limit: pixelLimit)
    }
  }

  /// `image` as exactly `side`×`side`: vips_thumbnail and vips_resize hit the
  /// size exactly, so this only guards against a future rounding change.
  static func square(_ image: OwnedImage, side: Int) throws(CoverError) -> OwnedImage {
    if image.width == side && image.height == side { return image }
    guard image.width >= side, image.height >= side else {
      throw .libvips(function: "vips_thumbnail", message: "made \(image.width)x\(image.height) instead of \(side)x\(side)")
    }
    return try image.cropped(left: (image.width - side) / 2, top: (image.height - side) / 2, width: side, height: side)
  }

  /// The bytes of the image file at `path`, read as rk reads every file: a
  /// regular file only (a FIFO or `/dev/zero` is refused at once, never
  /// read), of at most ``CoverFiles/sourceSizeLimit`` bytes. libvips then
  /// decodes the bytes in memory and never opens the path itself, so the
  /// file cannot be swapped for something else in between.
  package static func readFile(_ path: String) throws(CoverError) -> [UInt8] {
    let data: [UInt8]
    do { data = try FileSystem.read(path, limit: CoverFiles.sourceSizeLimit) } catch { throw CoverError(reading: error) }
    guard !data.isEmpty else { throw .notAnImage(path: path) }
    return data
  }

  /// Lends the bytes of `data` to `body`; libvips reads them in place, so
  /// nothing made from them may outlive the call.
  package static func withLent<Value>(
    _ data: [UInt8],
    _ body: (UnsafeRawBufferPointer) throws(CoverError) -> Value
  ) throws(CoverError) -> Value {
    let result: Result<Value, CoverError> = data.withUnsafeBytes { bytes in
      do throws(CoverError) {
        return .success(try body(bytes))
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }
}

extension CoverError {
  /// A libvips failure while reading the input, told as a problem with the
  /// file named `name`; other errors unchanged.
  func reading(_ name: String) -> CoverError {
    if case .libvips(_, let message) = self { return .unreadable(path: name, detail: message) }
    return self
  }
}
