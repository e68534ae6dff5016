import CVipsShim
import CVipsTestShim
import RecordKeeper
import RecordKeeperCovers

/// What the tests' image makers do to an image that rk itself never does.
extension OwnedImage {
  /// The image converted with colour profiles and the output profile
  /// embedded. `input` is used when none is embedded; both are file names
  /// or libvips built-in names ("srgb", "p3").
  func converted(toProfile output: String, from input: String) throws(CoverError) -> OwnedImage {
    try withImage { (image) throws(CoverError) in
      try LibVips.make("vips_icc_transform") { rk_vips_icc_transform(image, $0, output, input) }
    }
  }

  /// The image encoded in the format `suffix` names, options included
  /// (".jpg[Q=95]", ".png[bitdepth=1]"), keeping its metadata.
  func encoded(as suffix: String) throws(CoverError) -> [UInt8] {
    var buffer: UnsafeMutableRawPointer?
    var count = 0
    try withImage { (image) throws(CoverError) in
      try LibVips.check(rk_vips_save_to_buffer(image, suffix, &buffer, &count), "vips_image_write_to_buffer")
    }
    return LibVips.takeBuffer(buffer, count: count)
  }
}
