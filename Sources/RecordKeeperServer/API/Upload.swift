import Foundation
import Hummingbird
import MultipartKit
import NIOCore
import RecordKeeper

#if canImport(Glibc)
  import Glibc
#endif

/// Reading request bodies within their limits, and decoding images.
enum Upload {
  /// The body's bytes; 413 when it is larger than `limit`, told from
  /// `Content-Length` before anything is read when the client sends one.
  static func body(_ request: Request, limit: Int) async throws(APIError) -> [UInt8] {
    var bytes: [UInt8] = []
    try await read(request, limit: limit) { chunk throws(APIError) in bytes += chunk.readableBytesView }
    return bytes
  }

  /// Hands `each` the body's bytes as they arrive; 413 as for ``body(_:limit:)``.
  static func read(_ request: Request, limit: Int, _ each: (ByteBuffer) throws(APIError) -> Void) async throws(APIError) {
    let tooLarge = APIError(.contentTooLarge, "the request is larger than the \(ByteCount.text(Int64(limit))) allowed", field: "body")
    if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > limit { throw tooLarge }
    var received = 0
    do {
      for try await chunk in request.body {
        received += chunk.readableBytes
        guard received <= limit else { throw tooLarge }
        try each(chunk)
      }
    } catch let error as APIError {
      throw error
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
    } catch  where error.status == .contentTooLarge {
      throw APIError(
        .contentTooLarge, "the photo is larger than the \(ByteCount.text(Int64(limit))) allowed: send a smaller one", field: "image")
    }
  }

  /// The body of Add and Save: the album's JSON, and the cover image when
  /// one is sent. `multipart/form-data` with a part `album` (the JSON) and
  /// an optional part `cover` (the image); any other body is the JSON alone.
  static func albumForm(_ request: Request) async throws(APIError) -> (album: [UInt8], cover: [UInt8]?) {
    let type = request.headers[.contentType] ?? ""
    guard let boundary = Multipart.boundary(type) else {
      return (try await body(request, limit: ServerConfiguration.bodyLimit), nil)
    }
    // The parts are taken from the body as it arrives; the whole form is held to both limits together.
    let form = Multipart.Reader(boundary: boundary)
    do {
      try await read(request, limit: ServerConfiguration.bodyLimit + ServerConfiguration.uploadLimit) { chunk throws(APIError) in
        try form.read(chunk)
      }
    } catch  where error.status == .contentTooLarge {
      throw APIError(
        .contentTooLarge,
        "the cover is larger than the \(ByteCount.text(Int64(ServerConfiguration.uploadLimit))) allowed: send a smaller one", field: "cover"
      )
    }
    let parts = try form.finish()
    guard let album = parts["album"] else {
      throw APIError(
        .badRequest, "send the album as the part \"album\" (JSON) of the form, and the image as the part \"cover\"", field: "album")
    }
    if let cover = parts["cover"], cover.count > ServerConfiguration.uploadLimit {
      throw APIError(
        .contentTooLarge,
        "the cover is larger than the \(ByteCount.text(Int64(ServerConfiguration.uploadLimit))) allowed: send a smaller one", field: "cover"
      )
    }
    return (album, parts["cover"].flatMap { $0.isEmpty ? nil : $0 })
  }

  /// Runs libvips work off Swift's small cooperative pool
  /// (``System/offThePool(_:)``), which other requests need meanwhile.
  static func decode<Value: Sendable>(_ work: @escaping @Sendable () throws(CoverError) -> Value) async throws(APIError) -> Value {
    do {
      return try await System.offThePool(work)
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

/// `multipart/form-data` (RFC 7578), as a browser's `FormData` sends it.
enum Multipart {
  /// The boundary of a `multipart/form-data` content type; `nil` for any other type.
  static func boundary(_ contentType: String) -> String? {
    let fields = contentType.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
    guard fields.first?.lowercased() == "multipart/form-data" else { return nil }
    for field in fields.dropFirst() where field.lowercased().hasPrefix("boundary=") {
      let value = field.dropFirst("boundary=".count).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
      return value.isEmpty ? nil : value
    }
    return nil
  }

  /// The parts of a form by name, the first of a name counting, read by
  /// multipart-kit's parser a piece of the body at a time.
  final class Reader {
    private let parser: MultipartParser
    private var headers = HTTPHeaders()
    private var body = ByteBuffer()
    /// Whether a part has begun and not yet ended.
    private var isOpen = false
    private var completed = 0
    private var parts: [String: [UInt8]] = [:]

    init(boundary: String) {
      parser = MultipartParser(boundary: boundary)
      parser.onHeader = { [unowned self] name, value in
        headers.add(name: name, value: value)
        isOpen = true
      }
      parser.onBody = { [unowned self] chunk in
        body.writeBuffer(&chunk)
        isOpen = true
      }
      parser.onPartComplete = { [unowned self] in
        let part = MultipartPart(headers: headers, body: body)
        if let name = part.name, parts[name] == nil { parts[name] = Array(part.body.readableBytesView) }
        (headers, body, isOpen) = (HTTPHeaders(), ByteBuffer(), false)
        completed += 1
      }
    }

    func read(_ chunk: ByteBuffer) throws(APIError) {
      do { try parser.execute(chunk) } catch { throw Self.malformed }
    }

    /// The parts, once the body has ended; refused when it ended inside a part or held none.
    func finish() throws(APIError) -> [String: [UInt8]] {
      guard completed > 0, !isOpen else { throw Self.malformed }
      return parts
    }

    private static let malformed = APIError(
      .badRequest, "the form could not be read: send multipart/form-data as FormData makes it", field: "body")
  }
}
