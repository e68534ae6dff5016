import CVipsShim
import Foundation
import RecordKeeper

/// libvips start-up, the one lock around its use, and the one checking helper
/// for its return codes.
///
/// libvips keeps a single error buffer for the whole process, so two covers
/// made at the same time could read each other's messages. Every use of
/// libvips therefore runs inside ``run(_:)``, one at a time; libvips still uses
/// all cores inside each operation.
package enum LibVips {
  /// Starts libvips the first time any cover work needs it, never at process
  /// start, so `rk --help` and shell completion stay instant.
  private static let startup: Result<Void, CoverError> = {
    guard rk_vips_start() == 0 else { return .failure(failure(in: "vips_init")) }
    return .success(())
  }()

  private static let lock = NSLock()

  /// Runs `body` with libvips started and no other libvips work under way.
  package static func run<Value>(_ body: () throws(CoverError) -> Value) throws(CoverError) -> Value {
    lock.lock()
    defer { lock.unlock() }
    try startup.get()
    return try body()
  }

  /// The error libvips recorded for a failed call of `function`.
  ///
  /// Reads `vips_error_buffer()` and then clears it, so the next failure
  /// reports only its own message. libvips writes one line per layer that
  /// gave up ("VipsJpeg: Premature end of JPEG file"); they are joined with
  /// "; " and repeated lines dropped.
  static func failure(in function: String) -> CoverError {
    let text = vips_error_buffer().map { String(cString: $0) } ?? ""
    vips_error_clear()
    var lines: [String] = []
    for line in text.split(whereSeparator: \.isNewline) {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if !trimmed.isEmpty && !lines.contains(trimmed) { lines.append(trimmed) }
    }
    return .libvips(function: function, message: lines.isEmpty ? "failed without saying why" : lines.joined(separator: "; "))
  }

  /// Throws ``failure(in:)`` when a libvips status code reports failure.
  package static func check(_ status: Int32, _ function: String) throws(CoverError) {
    if status != 0 { throw failure(in: function) }
  }

  /// Takes ownership of an image a libvips constructor returned, or throws
  /// the recorded error when it returned none.
  package static func own(_ image: UnsafeMutablePointer<VipsImage>?, _ function: String) throws(CoverError) -> OwnedImage {
    guard let image else { throw failure(in: function) }
    return OwnedImage(taking: image)
  }

  /// Calls an operation that hands its result back through an out-parameter
  /// and takes ownership of that result.
  package static func make(
    _ function: String,
    _ operation: (UnsafeMutablePointer<UnsafeMutablePointer<VipsImage>?>) -> Int32
  ) throws(CoverError) -> OwnedImage {
    var out: UnsafeMutablePointer<VipsImage>?
    let status = operation(&out)
    guard status == 0, let out else {
      // libvips leaves `out` empty on failure; release it anyway if not.
      if let out { g_object_unref(out) }
      throw failure(in: function)
    }
    return OwnedImage(taking: out)
  }

  /// Copies a buffer libvips allocated into Swift memory and frees it at once.
  package static func takeBuffer(_ buffer: UnsafeMutableRawPointer?, count: Int) -> [UInt8] {
    guard let buffer else { return [] }
    defer { g_free(buffer) }
    return Array(UnsafeRawBufferPointer(start: buffer, count: count))
  }
}

/// The one owner of a `VipsImage` reference: it takes the reference in
/// `init` and releases it in `deinit`.
///
/// An image opened from a lent buffer reads that buffer lazily, so it must
/// not outlive the `withUnsafeBytes` call that lent it; the pipeline in
/// ``CoverMaker`` copies what it keeps into memory first.
package final class OwnedImage {
  private let image: UnsafeMutablePointer<VipsImage>

  init(taking image: UnsafeMutablePointer<VipsImage>) {
    self.image = image
  }

  deinit {
    g_object_unref(image)
  }

  /// Lends the image to `body` (which must not keep it), for the C shims of
  /// other targets: the tests' image makers.
  package func withImage<T, Failure: Error>(_ body: (UnsafeMutablePointer<VipsImage>) throws(Failure) -> T) throws(Failure) -> T {
    try body(image)
  }

  package var width: Int { Int(vips_image_get_width(image)) }
  package var height: Int { Int(vips_image_get_height(image)) }
  var bands: Int { Int(vips_image_get_bands(image)) }
  var hasAlpha: Bool { vips_image_hasalpha(image) != 0 }
  var isUChar: Bool { vips_image_get_format(image) == VIPS_FORMAT_UCHAR }
  var interpretation: VipsInterpretation { vips_image_get_interpretation(image) }
  /// Whether the image carries an embedded ICC colour profile.
  var hasProfile: Bool { vips_image_get_typeof(image, "icc-profile-data") != 0 }

  /// The names of every metadata field the image carries.
  package var fieldNames: [String] {
    guard let fields = vips_image_get_fields(image) else { return [] }
    defer { g_strfreev(fields) }
    var names: [String] = []
    var index = 0
    while let field = fields[index] {
      names.append(String(cString: field))
      index += 1
    }
    return names
  }

  /// A string field, or nil when the image has no such field.
  func string(_ field: String) -> String? {
    guard vips_image_get_typeof(image, field) != 0 else { return nil }
    var value: UnsafePointer<CChar>?
    guard vips_image_get_string(image, field, &value) == 0, let value else {
      vips_error_clear()
      return nil
    }
    return String(cString: value)
  }

  /// Sets an integer field, such as "orientation".
  package func set(_ field: String, to value: Int32) {
    vips_image_set_int(image, field, value)
  }

  /// Adds a copy of `bytes` as a blob field, such as "xmp-data".
  package func set(_ field: String, blob bytes: [UInt8]) {
    bytes.withUnsafeBytes { raw in
      vips_image_set_blob_copy(image, field, raw.baseAddress, raw.count)
    }
  }

  /// The image computed into memory, so later steps neither decode the
  /// input again nor depend on a lent buffer.
  func inMemory() throws(CoverError) -> OwnedImage {
    try LibVips.own(vips_image_copy_memory(image), "vips_image_copy_memory")
  }

  func resized(by scale: Double) throws(CoverError) -> OwnedImage {
    try LibVips.make("vips_resize") { rk_vips_resize(image, $0, scale) }
  }

  func cropped(left: Int, top: Int, width: Int, height: Int) throws(CoverError) -> OwnedImage {
    try LibVips.make("vips_crop") { rk_vips_crop(image, $0, Int32(left), Int32(top), Int32(width), Int32(height)) }
  }

  /// Three bands of 8-bit sRGB, whatever the input was: grey and 16-bit
  /// images are converted, and transparency is flattened onto white.
  func plainSRGB() throws(CoverError) -> OwnedImage {
    var result = self
    if result.interpretation != VIPS_INTERPRETATION_sRGB || !result.isUChar {
      let source = result
      result = try LibVips.make("vips_colourspace") { rk_vips_to_srgb(source.image, $0) }
    }
    if result.hasAlpha {
      let source = result
      result = try LibVips.make("vips_flatten") { rk_vips_flatten_on_white(source.image, $0) }
    }
    if !result.isUChar {
      let source = result
      result = try LibVips.make("vips_cast_uchar") { rk_vips_cast_uchar(source.image, $0) }
    }
    if result.bands != 3 {
      let source = result
      result = try LibVips.make("vips_extract_band") { rk_vips_extract_bands(source.image, $0, 0, 3) }
    }
    return result
  }

  /// The image as a plain lossy WebP file: the image data and nothing else.
  ///
  /// The image must be opaque 8-bit sRGB (see ``plainSRGB()``). libvips
  /// 8.14.1 ignores webpsave's `strip` and adds EXIF (rebuilt even when the
  /// image has none), XMP and ICC chunks, so only the image chunk is kept
  /// (``WebPFile/imageOnly(_:)``); that holds on every libvips version.
  func webp(quality: Int) throws(CoverError) -> [UInt8] {
    var buffer: UnsafeMutableRawPointer?
    var count = 0
    try LibVips.check(rk_vips_webpsave(image, &buffer, &count, Int32(quality)), "vips_webpsave_buffer")
    let file = LibVips.takeBuffer(buffer, count: count)
    guard let plain = WebPFile.imageOnly(file) else {
      throw .libvips(function: "vips_webpsave_buffer", message: "wrote a WebP file without a lossy image chunk")
    }
    return plain
  }

  /// The pixels, band-interleaved row by row, copied out of libvips.
  func bytes() throws(CoverError) -> [UInt8] {
    var count = 0
    let buffer = vips_image_write_to_memory(image, &count)
    guard buffer != nil else { throw LibVips.failure(in: "vips_image_write_to_memory") }
    return LibVips.takeBuffer(buffer, count: count)
  }
}
