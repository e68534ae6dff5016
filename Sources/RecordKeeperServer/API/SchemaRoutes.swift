import Hummingbird
import RecordKeeper

/// `GET /api/schema`: the library's ``FieldCatalogue`` (names, labels,
/// kinds, limits, allowed values and messages), from which the app builds
/// its forms instead of keeping a copy of the rules (PRODUCT.md §5).
struct SchemaRoutes<Context: RequestContext>: Sendable {
  func register(on api: RouterGroup<Context>) {
    api.get("schema") { _, _ in JSONResponse.make(FieldCatalogue.json) }
  }
}
