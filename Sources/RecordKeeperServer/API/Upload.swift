import Dispatch
#if canImport(Glibc)
  import Glibc
#endif
import Hummingbird
import NIOCore
import RecordKeeper

/// Reading request bodies within their limits, and decoding images.
enum Upload {
  /// The body's bytes; 413 when it is larger than `limit`, told from
  /// `Content-Length` before anything is read when the client sends one.
  static func body(_ request: Request, limit: Int) async throws(APIError) -> [UInt8] {
    let tooLarge = APIError(.contentTooLarge, "the request is larger than the \(ByteCount.text(Int64(limit))) allowed", field: "body")
    if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > limit { throw tooLarge }
    do {
      let buffer = try await request.body.collect(upTo: limit)
      return Array(buffer.readableBytesView)
    } catch is NIOTooManyBytesError {
      throw tooLarge
    } catch {
      throw APIError(.badRequest, "the request body could not be read: \(error)", field: "body")
    }
  }

  /// An uploaded image: `Content-Type: image/…`, at most
  /// ``ServerConfiguration/uploadLimit`` bytes.
  static func image(_ request: Request) async throws(APIError) -> [UInt8] {
    let type = request.headers[.contentType]?.lowercased() ?? ""
    guard type.hasPrefix("image/") else {
      throw APIError(
        .unsupportedMediaType, "send the photo itself as the body, with Content-Type image/jpeg, image/png, image/webp or image/heic",
        field: "image")
    }
    let limit = ServerConfiguration.uploadLimit
    do {
      return try await body(request, limit: limit)
    } catch where error.status == .contentTooLarge {
      throw APIError(.contentTooLarge, "the photo is larger than the \(ByteCount.text(Int64(limit))) allowed: send a smaller one", field: "image")
    }
  }

  /// Runs libvips work on a thread of Dispatch's, not on Swift's small
  /// cooperative pool, which other requests need meanwhile.
  static func decode<Value: Sendable>(_ work: @escaping @Sendable () throws(CoverError) -> Value) async throws(APIError) -> Value {
    let result: Result<Value, CoverError> = await withCheckedContinuation { continuation in
      DispatchQueue.global(qos: .userInitiated).async {
        continuation.resume(returning: Result { () throws(CoverError) in try work() })
      }
    }
    do {
      return try result.get()
    } catch {
      throw APIError(error)
    }
  }
}

/// Answers with an image file of the collection (a cover, a photo).
enum ImageFile {
  /// The most bytes an image the server sends may have.
  static let limit = 32 << 20

  /// The WebP at `path`, when it is a regular file (never through a link);
  /// 304 when the browser's copy is current, 404 with `missing` when absent.
  static func response(path: String, request: Request, missing: String) throws(APIError) -> Response {
    var info = stat()
    guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { throw APIError(.notFound, missing, field: nil) }
    let tag = "\"\(info.st_size)-\(info.st_mtim.tv_sec)-\(info.st_mtim.tv_nsec)-\(info.st_ino)\""
    var headers: HTTPFields = [.contentType: "image/webp", .cacheControl: "no-cache", .eTag: tag]
    if request.headers[.ifNoneMatch] == tag { return Response(status: .notModified, headers: headers) }
    let bytes: [UInt8]
    do { bytes = try FileSystem.read(path, limit: limit) } catch { throw APIError(.notFound, missing, field: nil) }
    headers[.contentLength] = String(bytes.count)
    return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
  }
}
