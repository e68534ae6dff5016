import Hummingbird
import RecordKeeper

/// `GET /api/schema`: the library's ``FieldCatalogue`` (names, labels,
/// kinds, limits, allowed values and messages), from which the app builds
/// its forms instead of keeping a copy of the rules (docs/architecture.md, "The app takes its rules from the library").
struct SchemaRoutes<Context: RequestContext>: Sendable {
  func register(on api: RouterGroup<Context>) {
    api.get("schema") { _, _ in JSONResponse.make(FieldCatalogue.json) }
  }
}
