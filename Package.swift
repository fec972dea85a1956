// swift-tools-version: 6.1
import PackageDescription

/// Echolot: a Swift engine for acoustic-localization games.
///
/// Modules depend in one direction only:
/// Core ← Model ← Script/Audio/Store ← Terminal ← `echolot`.
let package = Package(
    name: "Echolot",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "echolot", targets: ["echolot"]),
        .library(name: "EcholotCore", targets: ["EcholotCore"]),
        .library(name: "EcholotModel", targets: ["EcholotModel"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-collections.git", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
    ],
    targets: [
        .target(
            name: "EcholotCore",
            dependencies: [.product(name: "Collections", package: "swift-collections")]
        ),
        .target(name: "EcholotModel", dependencies: ["EcholotCore"]),
        // Script layer (issue 3): CLua + EcholotScript targets go here.
        .systemLibrary(
            name: "CLua",
            pkgConfig: "lua5.4",
            providers: [.apt(["liblua5.4-dev"]), .brew(["lua"])]
        ),
        .target(
            name: "EcholotScript",
            dependencies: ["EcholotModel", "CLua"],
            resources: [
                .embedInCode("Engine/sandbox.lua"),
                .embedInCode("Engine/values.lua"),
                .embedInCode("Engine/mirror.lua"),
                .embedInCode("Engine/api.lua"),
                .embedInCode("Engine/driver.lua"),
            ]
        ),
        // Audio layer (issue 4): COpenAL + EcholotAudio targets go here.
        .systemLibrary(
            name: "COpenAL",
            pkgConfig: "openal",
            providers: [.apt(["libopenal-dev"]), .brew(["openal-soft"])]
        ),
        .systemLibrary(
            name: "CSndFile",
            pkgConfig: "sndfile",
            providers: [.apt(["libsndfile1-dev"]), .brew(["libsndfile"])]
        ),
        .target(name: "EcholotAudio", dependencies: ["EcholotModel", "COpenAL", "CSndFile"]),
        .executableTarget(
            name: "echolot",
            dependencies: [
                "EcholotModel",
                "EcholotAudio",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .target(name: "CHeapStats"),
        .executableTarget(
            name: "EcholotBench",
            dependencies: ["EcholotModel", "CHeapStats", "EcholotAudio", "COpenAL"]
        ),
        .testTarget(
            name: "EcholotCoreTests",
            dependencies: [
                "EcholotCore",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "EcholotModelTests",
            dependencies: [
                "EcholotModel",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(name: "EcholotCLITests", dependencies: ["EcholotModel"]),
        // Script tests (issue 3) go here.
        .testTarget(name: "EcholotScriptTests", dependencies: ["EcholotScript"]),
        // Audio tests (issue 4) go here.
        .testTarget(name: "EcholotAudioTests", dependencies: ["EcholotAudio", "EcholotModel", "COpenAL", "CSndFile"]),
    ]
)
