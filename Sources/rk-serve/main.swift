// `rk serve` runs this program (see Sources/rk/Commands/Serve.swift), so
// that Hummingbird and SwiftNIO never slow down the start of `rk` itself.
import Foundation
import RecordKeeper
import RecordKeeperServer

/// Usage: rk-serve COLLECTION-ROOT HOST PORT
let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 3, let root = arguments.first, let port = Int(arguments[arguments.startIndex + 2]), (0...65535).contains(port)
else {
  FileHandle.standardError.write(Data("usage: rk-serve COLLECTION-ROOT HOST PORT (run it as rk serve)\n".utf8))
  exit(64)
}
let host = arguments[arguments.startIndex + 1]

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("rk serve: \(message)\n".utf8))
  exit(1)
}

let configuration = ServerConfiguration(host: host, port: port)
let service: CollectionService
do {
  service = try CollectionService(location: CollectionLocation(root: root), watching: true)
  await service.startWatching()
  // The remote's news, fetched now and every five minutes (docs/app.md, "Sharing in the app").
  await service.sync.startFetching(every: .seconds(300))
} catch {
  fail(error.description)
}
if AppFiles.folder == nil {
  fail("the app's files are missing (RecordKeeper_RecordKeeperServer.resources beside rk-serve): install rk again with make install")
}
let count = service.snapshot.albums.count
let app = buildApplication(service: service, configuration: configuration) { actualPort in
  let urls = configuration.urls(port: actualPort)
  var text = "Record Keeper is serving \(count) album\(count == 1 ? "" : "s") at \(urls[0])\n"
  for url in urls.dropFirst() { text += "  and at \(url)\n" }
  if configuration.token != nil {
    text += "Anyone on your network who has this address, token included, can change the collection; keep it to yourself.\n"
  }
  text += "Press Ctrl-C to stop.\n"
  FileHandle.standardOutput.write(Data(text.utf8))
}
do {
  try await app.runService()
} catch {
  fail(configuration.listenFailure(error) ?? "\(error)")
}
await service.close()
