import Hummingbird
import RecordKeeper

/// `GET /api/preferences` and `PUT /api/preferences {"accent": NAME}`: this
/// clone's accent colour (docs/app.md, "The app on a phone"), with the choices the app offers,
/// from the library's palette. The sort mode keeps its own `/api/sort`.
///
/// `{"accent": "blue", "accents": [{"name", "label", "colour", "text"}]}`.
struct PreferencesRoutes<Context: RequestContext>: Sendable {
  let service: CollectionService

  func register(on api: RouterGroup<Context>) {
    api.get("preferences") { _, _ in Self.object(service.snapshot.preferences) }
    api.put("preferences") { request, _ in try await choose(request) }
  }

  private func choose(_ request: Request) async throws(APIError) -> Response {
    let text = try JSONBody.string(try await Upload.body(request, limit: ServerConfiguration.bodyLimit), key: "accent")
    let accent: AccentColour
    do throws(PreferencesError) { accent = try AccentColour(name: text) } catch {
      throw APIError(.badRequest, error.description, field: "accent")
    }
    do {
      return Self.object(try await service.chooseAccent(accent))
    } catch {
      throw APIError(.internalServerError, error.description, field: "accent")
    }
  }

  private static func object(_ preferences: Preferences) -> Response {
    JSONResponse.make(
      .object([
        ("accent", .string(preferences.accent.name)),
        (
          "accents",
          .array(
            AccentColour.choices.map { choice in
              .object([
                ("name", .string(choice.name)), ("label", .string(choice.label)), ("colour", .string(choice.colour)),
                ("text", .string(choice.text)),
              ])
            })
        ),
      ]))
  }
}
