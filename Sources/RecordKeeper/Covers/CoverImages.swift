/// The two images of seed §3.8 made from any photo.
public struct CoverImages: Sendable, Equatable {
  /// `cover.webp`: 400x400 WebP.
  public var cover: [UInt8]
  /// `cover-thumb.webp`: 100x100 WebP, scaled down from ``cover``.
  public var thumbnail: [UInt8]

  public init(cover: [UInt8], thumbnail: [UInt8]) {
    self.cover = cover
    self.thumbnail = thumbnail
  }
}

extension CoverFiles {
  /// The most bytes `cover.webp` or `cover-thumb.webp` may have: 8 MiB,
  /// far above a 400x400 WebP.
  public static let storedSizeLimit = 8 << 20
  /// The most bytes a photo a cover is made from may have: 128 MiB, above
  /// any camera's JPEG or HEIC and most scanned TIFFs.
  public static let sourceSizeLimit = 128 << 20
}
