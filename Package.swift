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
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
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
        // Terminal front end (issue 5): `echolot play`, input sources, recording.
        .target(name: "EcholotTerminal", dependencies: ["EcholotModel", "EcholotAudio", "COpenAL"]),
        .executableTarget(
            name: "echolot",
            dependencies: [
                "EcholotModel",
                "EcholotAudio",
                "EcholotStore",
                "EcholotTerminal",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .target(name: "CHeapStats"),
        .executableTarget(
            name: "EcholotBench",
            dependencies: ["EcholotModel", "CHeapStats", "EcholotAudio", "COpenAL", "EcholotStore", "EcholotTerminal"]
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
        .testTarget(name: "EcholotCLITests", dependencies: ["EcholotModel", "echolot"]),
        // Script tests (issue 3) go here.
        .testTarget(name: "EcholotScriptTests", dependencies: ["EcholotScript"]),
        // Audio tests (issue 4) go here.
        .testTarget(name: "EcholotAudioTests", dependencies: ["EcholotAudio", "EcholotModel", "COpenAL", "CSndFile"]),
        // Persistence (issue 6): the profile database, its crash-test writer and tests.
        .target(
            name: "EcholotStore",
            dependencies: ["EcholotModel", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .executableTarget(name: "EcholotStoreCrashWriter", dependencies: ["EcholotStore"]),
        .testTarget(name: "EcholotStoreTests", dependencies: ["EcholotStore", "EcholotModel"]),
        // Terminal tests (issue 5): pseudo-terminals driving the real `echolot` binary.
        .testTarget(name: "EcholotTerminalTests", dependencies: ["EcholotTerminal", "EcholotModel", "echolot"]),
    ]
)
