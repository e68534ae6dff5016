import Hummingbird
import RecordKeeper

#if canImport(Glibc)
  import Glibc
#endif

/// An error the API answers with: `{"error": "...", "field": "..."|null}`
/// and a 4xx status (5xx when the server itself failed).
///
/// Library errors become API errors here only, at the web boundary; their
/// messages are the command line's, word for word.
public struct APIError: HTTPResponseError, Equatable, Sendable {
  public var status: HTTPResponse.Status
  public var message: String
  /// The album field (front-matter key) or request part the error is about.
  public var field: String?
  /// A 409 of a save: each field changed in the form and in the file, with
  /// both values (`{"field", "ours", "theirs"}`; ours is the form's).
  public var conflicts: [FieldConflict] = []

  public init(_ status: HTTPResponse.Status, _ message: String, field: String? = nil) {
    self.status = status
    self.message = message
    self.field = field
  }

  public func response(from request: Request, context: some RequestContext) throws -> Response {
    var pairs: [(String, JSONValue)] = [("error", .string(message)), ("field", .optional(field))]
    if !conflicts.isEmpty {
      pairs.append(
        (
          "conflicts",
          .array(conflicts.map { .object([("field", .string($0.field)), ("ours", .optional($0.ours)), ("theirs", .optional($0.theirs))]) })
        ))
    }
    return JSONResponse.make(.object(pairs), status: status)
  }

  static func notFound(_ id: String) -> APIError {
    APIError(.notFound, "there is no album \"\(id)\" in the collection: it may have been removed; reload the list", field: "id")
  }

  /// An album whose file is there but cannot be read: its file, line and why.
  static func unreadable(_ issue: AlbumIssue) -> APIError {
    let line = issue.line > 0 ? ":\(issue.line)" : ""
    return APIError(
      .unprocessableContent,
      "the album can't be read: \(issue.id)/\(AlbumFile.name)\(line): \(issue.message); fix the file (rk check lists every problem)",
      field: "file")
  }
}

extension APIError {
  /// The API error for a refused or failed change.
  init(_ error: StoreError) {
    switch error {
    case _ where error.isDiskFull:
      // 507: the server could not store what was sent; the message names the disk and says nothing was lost.
      self.init(HTTPResponse.Status(code: 507, reasonPhrase: "Insufficient Storage"), error.description)
    case .invalid(_, let problems):
      self.init(.unprocessableContent, error.description, field: problems.first?.field.key)
    case .edit(_, let edit):
      self.init(.unprocessableContent, error.description, field: edit.field)
    case .unreadable:
      // A file half-written or broken by hand: the client can do nothing but have it fixed, and is told which.
      self.init(.unprocessableContent, error.description + "; fix the file (rk check lists every problem)", field: "file")
    case .outsideCollection, .symbolicLink:
      self.init(.badRequest, error.description, field: "id")
    case .collection(.noSuchAlbum), .collection(.ambiguous), .noMatches:
      self.init(.notFound, error.description, field: "id")
    case .cover(let cover):
      self.init(cover)
    case .saveConflicts(_, let conflicts):
      self.init(.conflict, error.description, field: conflicts.first?.field)
      self.conflicts = conflicts
    case .unknownVersion:
      self.init(.preconditionFailed, error.description, field: "If-Match")
    case .ignoredFiles, .nestedRepositories, .changedSinceOpened, .uncommittedChanges, .changedSinceUndoable, .unfinishedMerge,
      .savedMeanwhile:
      self.init(.conflict, error.description)
    case .playRefused(_, .noSuchSide):
      self.init(.unprocessableContent, error.description, field: "sides")
    case .playRefused:
      self.init(.unprocessableContent, error.description, field: "at")
    case .file(let file) where file.reason == .system(ENOENT):
      self.init(.notFound, error.description)
    case .several(let errors):
      let first = errors.first.map(APIError.init)
      self.init(first?.status ?? .unprocessableContent, error.description, field: first?.field)
    default:
      self.init(.internalServerError, error.description)
    }
  }

  /// The API error for an image that could not be used.
  init(_ error: CoverError) {
    switch error {
    case .fileTooLarge:
      self.init(.contentTooLarge, error.description, field: "image")
    case .notAnImage, .unsupportedFormat, .unreadable, .tooLarge, .extremeShape, .notAFile, .notFound:
      self.init(.unsupportedMediaType, error.description, field: "image")
    case .libvips, .helper, .file:
      self.init(.internalServerError, error.description, field: "image")
    }
  }
}

extension AlbumEditError {
  /// The front-matter key the error is about.
  var field: String {
    switch self {
    case .blankTrack, .noSuchTrack, .noSuchPosition, .blankSide, .positionAndSide, .negativeDuration: "tracks"
    case .tooLong(let field, _), .multipleLines(let field): field.key
    case .invalid(let problems): problems.first?.field.key ?? "album"
    }
  }
}
