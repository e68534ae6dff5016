// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "RecordKeeper",
  platforms: [.macOS(.v14)],
  products: [
    .executable(name: "rk", targets: ["rk"]),
    .library(name: "RecordKeeper", targets: ["RecordKeeper"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
  ],
  targets: [
    .target(
      name: "RecordKeeper",
      dependencies: [.product(name: "Yams", package: "Yams")]
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
      dependencies: ["RecordKeeper", "TestSupport"]
    ),
    .testTarget(
      name: "rkTests",
      dependencies: ["RecordKeeper", "TestSupport", "rk"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
