import Foundation
import Hummingbird
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
    let limit = ServerConfiguration.bodyLimit + ServerConfiguration.uploadLimit
    let bytes: [UInt8]
    do {
      bytes = try await body(request, limit: limit)
    } catch  where error.status == .contentTooLarge {
      throw APIError(
        .contentTooLarge,
        "the cover is larger than the \(ByteCount.text(Int64(ServerConfiguration.uploadLimit))) allowed: send a smaller one", field: "cover"
      )
    }
    let parts = try Multipart.parts(bytes, boundary: boundary)
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

  /// The parts by name; the first of a name counts.
  static func parts(_ body: [UInt8], boundary: String) throws(APIError) -> [String: [UInt8]] {
    let malformed = APIError(.badRequest, "the form could not be read: send multipart/form-data as FormData makes it", field: "body")
    let delimiter = Array(("\r\n--" + boundary).utf8)
    // The first delimiter may open the body without the line break before it.
    let data = [13, 10] + body
    var parts: [String: [UInt8]] = [:]
    guard var start = find(delimiter, in: data, from: 0) else { throw malformed }
    while true {
      var index = start + delimiter.count
      if data[index...].starts(with: [45, 45]) { break }  // "--": the last one
      guard data[index...].starts(with: [13, 10]) else { throw malformed }
      index += 2
      guard let headerEnd = find([13, 10, 13, 10], in: data, from: index), let next = find(delimiter, in: data, from: headerEnd + 4) else {
        throw malformed
      }
      let headers = String(decoding: data[index..<headerEnd], as: UTF8.self)
      if let name = name(in: headers), parts[name] == nil { parts[name] = Array(data[(headerEnd + 4)..<next]) }
      start = next
    }
    return parts
  }

  /// The `name` of a part's `Content-Disposition: form-data; name="…"`.
  private static func name(in headers: String) -> String? {
    for line in headers.split(separator: "\r\n") where line.lowercased().hasPrefix("content-disposition:") {
      for field in line.split(separator: ";").dropFirst() {
        let pair = field.trimmingCharacters(in: .whitespaces)
        if pair.hasPrefix("name=") { return String(pair.dropFirst(5).trimmingCharacters(in: CharacterSet(charactersIn: "\""))) }
      }
    }
    return nil
  }

  private static func find(_ needle: [UInt8], in data: [UInt8], from start: Int) -> Int? {
    guard let first = needle.first, data.count >= needle.count else { return nil }
    var index = start
    while index <= data.count - needle.count {
      if data[index] == first && data[index..<(index + needle.count)].elementsEqual(needle) { return index }
      index += 1
    }
    return nil
  }
}
