import ArgumentParser
import Foundation
import RecordKeeper

extension RK {
  struct Clone: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "clone",
      abstract: "Copy a shared collection into a new folder.",
      discussion: """
        URL is a folder path, file:///path, ssh://[user@]host[:port]/path, [user@]host:path or \
        https://host/path. DIR (default: the URL's last part without .git) must not exist or be empty. \
        The remote is named origin, so rk sync in DIR syncs with it.

        ssh authenticates with ssh-agent ($SSH_AUTH_SOCK), then ~/.ssh/id_ed25519, then ~/.ssh/id_rsa, \
        and only with hosts listed in ~/.ssh/known_hosts. https uses the token in $RK_GIT_TOKEN, else \
        git's credential helper. A progress bar is drawn on standard error when it is a terminal.
        """)

    @Argument(help: ArgumentHelp("Where the collection is shared from.", valueName: "url"))
    var url: String

    @Argument(help: ArgumentHelp("The new folder.", valueName: "dir"), completion: .directory)
    var directory: String?

    func run() async throws {
      let folder = directory ?? CollectionStore.cloneFolder(for: url)
      let bar = TransferProgressBar.onTerminal()
      defer { bar?.finish() }
      let driver = Bundle.main.executablePath.map(MergeDriver.command(forExecutable:))
      let store = try CollectionStore.clone(from: url, into: folder, mergeDriver: driver, progress: bar.map { bar in { bar.update($0) } })
      bar?.finish()
      let albums = (try? RecordCollection.load(store.location, validating: false).albums.count) ?? 0
      print("Cloned \(Visible.text(url)) into \(Visible.text(folder)): \(albums) album\(albums == 1 ? "" : "s").")
    }
  }
}
