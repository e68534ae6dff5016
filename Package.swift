// swift-tools-version: 6.0
import PackageDescription

// The shipped programs carry the Swift runtime and Foundation inside them:
// loaded as shared libraries they made `rk --version` take 25 MB, not 19,
// and twice the time. Only in release builds: the tests link the executables' code
// with the libraries they load themselves, which must not be there twice.
// The modules were compiled against the shared Foundation, whose own
// libraries the linker is not told of: they are named here.
func staticSwiftRuntime(networking: Bool = false) -> [LinkerSetting] {
  let foundation = [
    "-lFoundation", "-lFoundationEssentials", "-lFoundationInternationalization", "-lCoreFoundation", "-l_FoundationICU",
    "-l_FoundationCShims", "-l_FoundationCollections", "-lswiftSynchronization",
  ]
  // URLSession (look-ups) on the system's libcurl: only in the programs that look up.
  let network = networking ? ["-lFoundationNetworking", "-l_CFURLSessionInterface", "-lcurl"] : []
  return [
    .unsafeFlags(
      ["-static-stdlib", "-Xlinker", "--start-group"] + foundation + network + ["-Xlinker", "--end-group"],
      .when(platforms: [.linux], configuration: .release))
  ]
}

let package = Package(
  name: "RecordKeeper",
  // Built and tested on Linux (Debian, see docs/building.md, "Platforms"), which needs no
  // entry here; macOS 14 is the least Hummingbird's server needs, declared so
  // that SwiftPM resolves the package there, but not built or tested.
  platforms: [.macOS(.v14)],
  products: [
    .executable(name: "rk", targets: ["rk"]),
    .executable(name: "rk-cover", targets: ["rk-cover"]),
    .executable(name: "rk-serve", targets: ["rk-serve"]),
    .executable(name: "rk-lookup", targets: ["rk-lookup"]),
    .library(name: "RecordKeeper", targets: ["RecordKeeper"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    // Discogs CSV in and out (docs/commands.md, "Discogs", "Exporting"): reading and quoting are the library's.
    .package(url: "https://github.com/yaslab/CSV.swift", from: "2.5.2"),
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    // The API tests' own client (Tests/HTTPTestSupport): NIO's testing channel
    // and the logger type, which Hummingbird already brings in.
    .package(url: "https://github.com/apple/swift-nio", from: "2.101.0"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    // gzip for the app's JSON, scripts and styles (the offline copy travels compressed).
    .package(url: "https://github.com/adam-fowler/compress-nio", from: "1.5.0"),
    // The Add and Save forms (`multipart/form-data`), read as they arrive.
    .package(url: "https://github.com/vapor/multipart-kit", from: "4.7.1"),
  ],
  targets: [
    .systemLibrary(
      name: "CLibGit2",
      pkgConfig: "libgit2",
      providers: [.apt(["libgit2-dev"])]
    ),
    .systemLibrary(
      name: "CLibVips",
      pkgConfig: "vips",
      providers: [.apt(["libvips-dev"])]
    ),
    // Barcodes in photos (`POST /api/barcode`, for browsers without
    // BarcodeDetector): Debian's ZBar.
    .systemLibrary(
      name: "CZBar",
      pkgConfig: "zbar",
      providers: [.apt(["libzbar-dev"])]
    ),
    .target(
      name: "CVipsShim",
      dependencies: ["CLibVips"]
    ),
    .target(
      name: "RecordKeeper",
      dependencies: ["CLibGit2", .product(name: "Yams", package: "Yams"), .product(name: "CSV", package: "CSV.swift")]
    ),
    // libvips loads about ninety shared libraries; kept out of `rk` itself so
    // that every other command starts in a few milliseconds. `rk` runs the
    // small `rk-cover` helper when it needs an image made or read.
    .target(
      name: "RecordKeeperCovers",
      dependencies: ["RecordKeeper", "CVipsShim"]
    ),
    .executableTarget(
      name: "rk-cover",
      dependencies: ["RecordKeeperCovers"],
      linkerSettings: staticSwiftRuntime()
    ),
    // The web app and its JSON API (`rk serve`). Hummingbird and SwiftNIO are
    // linked into `rk-serve` only, so `rk` itself keeps starting instantly.
    .target(
      name: "RecordKeeperServer",
      dependencies: [
        "RecordKeeper",
        "RecordKeeperCovers",
        // Lookups in the app (`/api/lookup`): the server asks MusicBrainz
        // in process, not through rk-lookup.
        "RecordKeeperLookup",
        "CZBar",
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdCore", package: "hummingbird"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        .product(name: "CompressNIO", package: "compress-nio"),
        .product(name: "MultipartKit", package: "multipart-kit"),
      ],
      resources: [.copy("App")]
    ),
    .executableTarget(
      name: "rk-serve",
      dependencies: ["RecordKeeperServer", "RecordKeeper", "RecordKeeperCovers"],
      linkerSettings: staticSwiftRuntime(networking: true)
    ),
    // MusicBrainz and the Cover Art Archive over HTTP (docs/commands.md, "MusicBrainz and the Cover Art Archive"), with
    // FoundationNetworking's URLSession on the system's libcurl: no TLS
    // library to compile (BoringSSL was 440 of 499 steps of a fresh build).
    // Linked into the small `rk-lookup` helper, which `rk` runs like
    // `rk-cover`, so that every other command keeps starting instantly.
    .target(
      name: "RecordKeeperLookup",
      dependencies: ["RecordKeeper"]
    ),
    .executableTarget(
      name: "rk-lookup",
      dependencies: ["RecordKeeperLookup", "RecordKeeper"],
      linkerSettings: staticSwiftRuntime(networking: true)
    ),
    .executableTarget(
      name: "rk",
      dependencies: [
        "RecordKeeper",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      linkerSettings: staticSwiftRuntime()
    ),
    .target(
      name: "TestSupport",
      dependencies: ["RecordKeeper"],
      path: "Tests/TestSupport"
    ),
    // The API tests' HTTP client, in process or over loopback, without a TLS
    // library (Hummingbird's own test client brought in BoringSSL).
    .target(
      name: "HTTPTestSupport",
      dependencies: [
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdCore", package: "hummingbird"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOEmbedded", package: "swift-nio"),
        .product(name: "Logging", package: "swift-log"),
      ],
      path: "Tests/HTTPTestSupport"
    ),
    // Images made and inspected with libvips, for tests only.
    .target(
      name: "CVipsTestShim",
      dependencies: ["CLibVips"],
      path: "Tests/CVipsTestShim"
    ),
    .target(
      name: "CoverTestSupport",
      dependencies: ["RecordKeeperCovers", "RecordKeeper", "CVipsShim", "CVipsTestShim"],
      path: "Tests/CoverTestSupport"
    ),
    .testTarget(
      name: "RecordKeeperTests",
      dependencies: ["RecordKeeper", "TestSupport"],
      resources: [.copy("Fixtures")]
    ),
    .testTarget(
      name: "RecordKeeperCoversTests",
      dependencies: ["RecordKeeperCovers", "RecordKeeper", "CoverTestSupport"]
    ),
    .testTarget(
      name: "RecordKeeperServerTests",
      dependencies: [
        "RecordKeeperServer",
        "RecordKeeper",
        "RecordKeeperCovers",
        "TestSupport",
        "CoverTestSupport",
        "rk",
        "HTTPTestSupport",
        .product(name: "HTTPTypes", package: "swift-http-types"),
        .product(name: "CompressNIO", package: "compress-nio"),
      ]
    ),
    .testTarget(
      name: "RecordKeeperLookupTests",
      dependencies: [
        "RecordKeeperLookup",
        "RecordKeeper",
        "RecordKeeperCovers",
        // The app's lookup API, tested against the same fixture servers.
        "RecordKeeperServer",
        "TestSupport",
        "CoverTestSupport",
        "rk",
        "rk-lookup",
        "rk-cover",
        .product(name: "Hummingbird", package: "hummingbird"),
        "HTTPTestSupport",
        .product(name: "HTTPTypes", package: "swift-http-types"),
      ]
    ),
    .testTarget(
      name: "rkTests",
      dependencies: [
        "RecordKeeper", "RecordKeeperCovers", "TestSupport", "CoverTestSupport", "rk", "rk-cover", "rk-serve",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
