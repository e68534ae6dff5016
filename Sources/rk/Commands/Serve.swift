import ArgumentParser
import Foundation
import RecordKeeper

extension RK {
  struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "serve",
      abstract: "Serve the Record Keeper app and its JSON API over HTTP.",
      discussion: """
        Open the printed address in a browser, on this machine or (with --host) on a phone. \
        Only this machine can connect unless --host names another address; then every \
        request needs the access token in the printed address, which the browser keeps as a \
        cookie. Changes on disk (hand edits, git pull, other rk commands) appear in the open \
        app within a second. Stop with Ctrl-C.
        """)

    @OptionGroup var collection: CollectionOptions

    @Option(parsing: .unconditional, help: ArgumentHelp("The port to listen on (0: any free port).", valueName: "port"))
    var port: Int = 8080

    @Option(
      parsing: .unconditional,
      help: ArgumentHelp("The address to listen on: 0.0.0.0 for every network (a token is then required).", valueName: "address"))
    var host: String = "127.0.0.1"

    func validate() throws {
      guard (0...65535).contains(port) else { throw ValidationError("--port must be from 0 to 65535.") }
      guard !host.isEmpty, !host.hasPrefix("-") else { throw ValidationError("--host needs an address, such as 127.0.0.1 or 0.0.0.0.") }
    }

    func run() async throws {
      let location = try collection.location()
      // The server is a program of its own, so that its web framework never
      // slows down the start of every other rk command.
      guard let server = CoverTool.helper(named: "rk-serve", environment: "RK_SERVE") else {
        throw VisibleError(message: "the rk-serve program is missing: install rk with `make install`, or set RK_SERVE to its path")
      }
      throw Subprocess.replaceProcess(with: server, [location.root, host, String(port)])
    }
  }
}
