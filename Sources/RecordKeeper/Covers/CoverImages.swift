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
