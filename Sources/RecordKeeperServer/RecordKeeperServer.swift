import Foundation
import Hummingbird
import Logging
import NIOCore

/// The router of `rk serve`: the security guard, the static app at `/` and
/// the JSON API under `/api/`. Tests call it directly with `app.test(.router)`.
/// `lookups` reaches MusicBrainz (tests give fixture servers); `nil`: as
/// `rk lookup` finds it, from the environment and git's configuration.
public func buildRouter(
  service: CollectionService, configuration: ServerConfiguration, lookups: LookupAccess? = nil
) -> Router<BasicRequestContext> {
  let router = Router(context: BasicRequestContext.self)
  router.add(middleware: CompressionMiddleware())
  router.add(middleware: SecurityMiddleware(configuration: configuration))
  if let folder = AppFiles.folder {
    var logger = Logger(label: "rk-serve files")
    logger.logLevel = .warning
    // no-cache: the browser checks for a newer app on every load (the
    // service worker keeps the copy used offline).
    router.add(
      middleware: FileMiddleware(
        folder, cacheControl: .init([(MediaType(type: .any), [.noCache])]), searchForIndexHtml: true, logger: logger))
  }
  APIRoutes(service: service, lookups: lookups).register(on: router)
  return router
}

/// The whole server: ``buildRouter(service:configuration:)`` listening on
/// the configured address.
public func buildApplication(
  service: CollectionService, configuration: ServerConfiguration, onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
) -> some ApplicationProtocol {
  var logger = Logger(label: "rk-serve")
  logger.logLevel = .warning
  return Application(
    router: buildRouter(service: service, configuration: configuration),
    server: .http1(
      configuration: .init(
        additionalChannelHandlers: [
          ConnectionDeadlines(headerTimeout: TimeAmount(configuration.headerTimeout), idleTimeout: TimeAmount(configuration.idleTimeout))
        ], idleTimeout: TimeAmount(configuration.idleTimeout))),
    configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "Record Keeper"),
    onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? configuration.port) },
    logger: logger)
}

/// The app's static files (HTML, CSS, JavaScript, icons), copied into the
/// resource bundle from `Sources/RecordKeeperServer/App`.
public enum AppFiles {
  static let bundleName = "RecordKeeper_RecordKeeperServer.resources"

  /// The folder: `$RK_SERVE_APP` (to work on the app without rebuilding),
  /// else `App/` in the bundle beside the program, where both the build and
  /// `make install` put it; `nil` when it is missing (a broken install).
  ///
  /// Found by hand rather than through `Bundle.module`, which stops the
  /// program when the bundle is missing instead of letting it say so.
  public static var folder: String? {
    if let path = ProcessInfo.processInfo.environment["RK_SERVE_APP"], !path.isEmpty { return path }
    let program = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    let folder = (program as NSString).deletingLastPathComponent + "/" + bundleName + "/App"
    return FileManager.default.fileExists(atPath: folder + "/index.html") ? folder : nil
  }
}
