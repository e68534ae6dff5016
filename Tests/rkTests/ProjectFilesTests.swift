import Foundation
import RecordKeeper
import TestSupport
import Testing

/// The committed files a user reads: they must describe the program as it is.
@Suite("Project files")
struct ProjectFilesTests {
  static let commands = [
    "init", "list", "show", "add", "edit", "set", "rm", "tag", "tags", "track", "cover", "artists", "sort", "check", "log", "undo", "mv",
    "fmt", "lists", "serve",
    "lookup", "identify", "scans", "merge-file", "merge-plays", "conflicts", "resolve", "clone", "remote", "sync", "status",
    "favourites", "suggest",
    "play", "plays", "stats", "schema", "hook",
  ]

  @Test func exampleCollectionPassesCheck() throws {
    let result = try runRK(["-C", repositoryRoot().appendingPathComponent("example-collection").path, "check"])
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    let count = try runRK(["-C", repositoryRoot().appendingPathComponent("example-collection").path, "list", "--count"])
    #expect(Int(count.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0 >= 25)
  }

  @Test func exampleAlbumsAreInCanonicalForm() throws {
    let albums = repositoryRoot().appendingPathComponent("example-collection/albums")
    let folders = try FileManager.default.contentsOfDirectory(atPath: albums.path)
    #expect(folders.count >= 30)
    for folder in folders {
      let bytes = Array(try Data(contentsOf: albums.appendingPathComponent(folder + "/album.md")))
      let parsed = try AlbumFile.parse(bytes, id: "albums/" + folder)
      #expect(Array(AlbumFile.render(parsed.album).utf8) == bytes, "\(folder) is not in canonical form")
      #expect(Slug.make(artist: parsed.album.artist, title: parsed.album.title) == folder)
    }
  }

  @Test(arguments: commands)
  func manualDocumentsEveryCommand(command: String) throws {
    let manual = try String(contentsOf: repositoryRoot().appendingPathComponent("man/rk.1"), encoding: .utf8)
    #expect(manual.contains(".SS \"rk \(command)"), "man/rk.1 has no section for rk \(command)")
    let help = try runRK([command, "--help"])
    for option in help.stdout.split(separator: "\n").compactMap({ $0.firstMatch(of: /--[a-z][a-z-]+/).map { String($0.output) } })
    where option != "--help" {
      #expect(manual.contains(option.replacingOccurrences(of: "-", with: "\\-")), "man/rk.1 does not mention \(option) of rk \(command)")
    }
  }

  @Test(arguments: ["bash", "zsh", "fish"])
  func completionScriptsCoverEveryCommand(shell: String) throws {
    let result = try runRK(["--generate-completion-script", shell])
    #expect(result.status == 0)
    for command in Self.commands { #expect(result.stdout.contains(command)) }
    // Subcommands and options of the hand editor's helpers (docs/commands.md, "Editing by hand: schema, checks and a hook").
    for word in ["--staged", "install", "ordered", "drop", "custom"] {
      #expect(result.stdout.contains(word), "\(shell) completion lacks \(word)")
    }
  }

  @Test func preCommitFrameworkHookRunsRkCheckOnTheFilesItChecks() throws {
    let hooks = try String(contentsOf: repositoryRoot().appendingPathComponent(".pre-commit-hooks.yaml"), encoding: .utf8)
    #expect(hooks.contains("- id: rk-check"))
    #expect(hooks.contains("entry: rk check\n"))
    #expect(hooks.contains("language: system"))
    let pattern = try #require(hooks.firstMatch(of: /files: (.+)\n/).map { String($0.output.1) })
    let files = try Regex(pattern)
    for path in ["albums/miles-davis-kind-of-blue/album.md", "album.md", "plays/2026.md", ".recordkeeper/lists/jazz.yaml"] {
      #expect(path.firstMatch(of: files) != nil, "\(path) is not checked")
    }
    for path in ["albums/miles-davis-kind-of-blue/cover.webp", "README.md", ".recordkeeper/config.yaml", "notes/plays/x.txt"] {
      #expect(path.firstMatch(of: files) == nil, "\(path) is checked")
    }
  }

  @Test func customCompletionOffersAlbumsFromTheCollection() throws {
    let collection = try TemporaryCollection(albums: [
      "albums/radiohead-ok-computer": albumText(title: "OK Computer", artist: "Radiohead"),
      "albums/radiohead-kid-a": albumText(title: "Kid A", artist: "Radiohead"),
      "albums/portishead-dummy": albumText(title: "Dummy", artist: "Portishead"),
    ])
    let result = try runRK(
      ["---completion", "show", "--", "album", "2", "3", "rk", "show", "radio"], environment: ["RK_COLLECTION": collection.path])
    #expect(result.stdout.contains("radiohead-kid-a"))
    #expect(result.stdout.contains("radiohead-ok-computer"))
    #expect(!result.stdout.contains("portishead"))
  }

  @Test func versionIsPrinted() throws {
    let result = try runRK(["--version"])
    #expect(result.status == 0)
    #expect(result.stdout.first?.isNumber == true)
  }
}
