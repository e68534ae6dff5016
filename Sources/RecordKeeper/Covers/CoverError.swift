#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why a cover image could not be made or read. Nothing is written when one
/// of these is thrown.
public enum CoverError: Error, Equatable, Sendable, CustomStringConvertible {
  /// There is no file at the path.
  case notFound(path: String)
  /// The file is empty, text, or another kind of file libvips does not
  /// recognise as an image.
  case notAnImage(path: String)
  /// An image in a format rk does not take covers from (SVG, PDF, JPEG 2000…);
  /// `format` is libvips' name for it.
  case unsupportedFormat(path: String, format: String)
  /// The file starts like an image but cannot be decoded: it is truncated or
  /// damaged. `detail` is what libvips said.
  case unreadable(path: String, detail: String)
  /// The image is larger than `limit` pixels in all. It was refused from its
  /// header, before any decoding, so a decompression bomb costs nothing.
  case tooLarge(path: String, width: Int, height: Int, limit: Int)
  /// The image is so long and thin that scaling its shorter side to 400
  /// pixels would make an enormous strip; it is refused before decoding.
  case extremeShape(path: String, width: Int, height: Int)
  /// libvips failed at something other than reading the input, such as
  /// starting up or encoding WebP.
  case libvips(function: String, message: String)
  /// The path is not a regular file (a folder, a FIFO, a device such as
  /// `/dev/zero`); nothing was read from it.
  case notAFile(path: String, FileKind)
  /// The file is larger than ``CoverFiles/sourceSizeLimit``; nothing was
  /// read from it.
  case fileTooLarge(path: String, size: Int64, limit: Int64)
  /// The file could not be read for another reason.
  case file(FileSystemError)
  /// The `rk-cover` helper failed with this message, or could not be run.
  case helper(String)

  /// The cover error for a file that could not be read.
  public init(reading error: FileSystemError) {
    switch error.reason {
    case .system(ENOENT): self = .notFound(path: error.path)
    case .notARegularFile(let kind): self = .notAFile(path: error.path, kind)
    case .tooLarge(let size, let limit): self = .fileTooLarge(path: error.path, size: size, limit: limit)
    default: self = .file(error)
    }
  }

  public var description: String {
    switch self {
    case .notFound(let path):
      "\(path) does not exist: check the path of the image"
    case .notAnImage(let path):
      "\(path) is not an image: choose a JPEG, PNG, WebP, HEIC, GIF or TIFF photo"
    case .unsupportedFormat(let path, let format):
      "\(path) is in \(format.uppercased()) format, which rk does not take covers from: convert it to JPEG or PNG first"
    case .unreadable(let path, let detail):
      "\(path) cannot be read as an image (\(detail)): it is truncated or damaged; copy or export it again"
    case .tooLarge(let path, let width, let height, let limit):
      "\(path) is \(width)x\(height) pixels, more than the \(limit / 1_000_000) megapixels rk reads: scale it down first"
    case .extremeShape(let path, let width, let height):
      "\(path) is \(width)x\(height) pixels, too long and thin for a square cover: crop it first"
    case .libvips(let function, let message):
      "libvips failed in \(function): \(message)"
    case .notAFile(let path, let kind):
      "\(path) is \(kind.article), not an image file: choose a JPEG, PNG, WebP, HEIC, GIF or TIFF photo"
    case .fileTooLarge(let path, let size, let limit):
      "\(path) is \(ByteCount.text(size)), more than the \(ByteCount.text(limit)) rk reads for a photo: scale it down or save it as JPEG first"
    case .file(let error): error.description
    case .helper(let message): message
    }
  }
}
