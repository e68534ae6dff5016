import ArgumentParser
import RecordKeeper

extension RK {
  struct Cover: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "cover",
      abstract: "Set or remove an album's cover.",
      discussion: """
        From any photo (JPEG, PNG, WebP, HEIC, GIF, TIFF) rk makes cover.webp, 400x400, and \
        cover-thumb.webp, 100x100: scaled so the shorter side is 400, the centre square kept, \
        turned upright by the photo's orientation tag, and stripped of all metadata (GPS \
        position, camera serial). Both are committed as one change.
        """,
      subcommands: [SetCover.self, RemoveCover.self])
  }

  struct SetCover: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "set", abstract: "Make an album's cover from a photo.")

    @OptionGroup var collection: CollectionOptions
    @OptionGroup var target: AlbumArgument

    @Argument(help: ArgumentHelp("The photo.", valueName: "image"), completion: .file())
    var image: String

    func run() async throws {
      let store = try collection.store()
      let images: CoverImages
      do throws(CoverError) { images = try CoverTool.make(fromFile: image) } catch { throw StoreError.cover(error) }
      report(try store.setCover(target.album, images: images), unchanged: "No change: the album already has this cover.")
    }
  }

  struct RemoveCover: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rm", abstract: "Remove an album's cover.")

    @OptionGroup var collection: CollectionOptions
    @OptionGroup var target: AlbumArgument

    func run() async throws {
      report(try collection.store().removeCover(target.album), unchanged: "No change: the album has no cover.")
    }
  }
}
