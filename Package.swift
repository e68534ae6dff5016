// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "RecordKeeper",
  platforms: [.macOS(.v14)],
  products: [
    .executable(name: "rk", targets: ["rk"]),
    .executable(name: "rk-cover", targets: ["rk-cover"]),
    .library(name: "RecordKeeper", targets: ["RecordKeeper"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    // Discogs CSV in and out (PRODUCT.md §7): reading and quoting are the library's.
    .package(url: "https://github.com/yaslab/CSV.swift", from: "2.5.2"),
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
      dependencies: ["RecordKeeperCovers"]
    ),
    .executableTarget(
      name: "rk",
      dependencies: [
        "RecordKeeper",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .target(
      name: "TestSupport",
      dependencies: ["RecordKeeper"],
      path: "Tests/TestSupport"
    ),
    .testTarget(
      name: "RecordKeeperTests",
      dependencies: ["RecordKeeper", "TestSupport"],
      resources: [.copy("Fixtures")]
    ),
    .testTarget(
      name: "RecordKeeperCoversTests",
      dependencies: ["RecordKeeperCovers", "RecordKeeper"]
    ),
    .testTarget(
      name: "rkTests",
      dependencies: ["RecordKeeper", "RecordKeeperCovers", "TestSupport", "rk", "rk-cover"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
