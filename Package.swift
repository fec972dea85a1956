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
        .package(url: "https://github.com/weichsel/ZIPFoundation.git", from: "0.9.20"),
    ],
    targets: [
        .target(
            name: "EcholotCore",
            dependencies: [.product(name: "Collections", package: "swift-collections")]
        ),
        // Packs may be .zip archives (issue 8); ZIPFoundation reads and writes them.
        .target(
            name: "EcholotModel",
            dependencies: ["EcholotCore", .product(name: "ZIPFoundation", package: "ZIPFoundation")]
        ),
        // Script layer (issue 3): Lua 5.4 from the system, the bridge's C side (a regular C
        // target, so SwiftPM rebuilds what depends on it when it changes), EcholotScript.
        .systemLibrary(
            name: "CLua",
            pkgConfig: "lua5.4",
            providers: [.apt(["liblua5.4-dev"]), .brew(["lua"])]
        ),
        .target(name: "CLuaBridge", dependencies: ["CLua"]),
        .target(
            name: "EcholotScript",
            dependencies: ["EcholotModel", "CLua", "CLuaBridge"],
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
        .target(name: "EcholotTerminal", dependencies: ["EcholotModel", "EcholotAudio", "EcholotStore"]),
        .executableTarget(
            name: "echolot",
            dependencies: [
                "EcholotModel",
                "EcholotScript",
                "EcholotAudio",
                "EcholotStore",
                "EcholotTerminal",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .target(name: "CHeapStats"),
        .executableTarget(
            name: "EcholotBench",
            dependencies: ["EcholotModel", "CHeapStats", "EcholotAudio", "COpenAL", "EcholotStore", "EcholotTerminal", "EcholotScript"]
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
                "EcholotTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        // What every test target shares: running `echolot`, scratch folders, and hostile
        // variants of pack files for the generated robustness tests.
        .target(name: "EcholotTestSupport", dependencies: ["EcholotModel"], path: "Tests/EcholotTestSupport"),
        .testTarget(name: "EcholotCLITests", dependencies: ["EcholotModel", "echolot", "EcholotTestSupport"]),
        // Script tests (issue 3) go here.
        .testTarget(
            name: "EcholotScriptTests",
            dependencies: ["EcholotScript", "EcholotTestSupport", .product(name: "PropertyBased", package: "swift-property-based")]
        ),
        // Audio tests (issue 4) go here.
        .testTarget(name: "EcholotAudioTests", dependencies: ["EcholotAudio", "EcholotModel", "EcholotScript", "COpenAL", "CSndFile", "EcholotTestSupport"]),
        // Persistence (issue 6): the profile database, its crash-test writer and tests.
        .target(
            name: "EcholotStore",
            dependencies: ["EcholotModel", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .executableTarget(name: "EcholotStoreCrashWriter", dependencies: ["EcholotStore"]),
        .testTarget(
            name: "EcholotStoreTests",
            dependencies: ["EcholotStore", "EcholotModel", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        // Terminal tests (issue 5): pseudo-terminals driving the real `echolot` binary.
        .testTarget(
            name: "EcholotTerminalTests",
            dependencies: ["EcholotTerminal", "EcholotModel", "EcholotScript", "EcholotStore", "echolot", "EcholotTestSupport",
                           .product(name: "GRDB", package: "GRDB.swift")]
        ),
        // Community packs (issue 8): archives, install, extends, dependencies, scaffolding, watching.
        .testTarget(
            name: "EcholotPacksTests",
            dependencies: [
                "EcholotAudio", "EcholotModel", "EcholotScript", "echolot", "EcholotTestSupport",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ]
        ),
        // Story authoring (issue 7): story model, director, runner, transcript tests.
        .testTarget(name: "EcholotStoryTests", dependencies: ["EcholotCore", "EcholotModel", "EcholotScript", "EcholotTestSupport"]),
    ]
)
