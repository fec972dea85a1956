import EcholotAudio
import EcholotCore
import EcholotModel
import EcholotScript
import Foundation

/// Time to the first tick of one level of a large pack (50 levels of 100 sounds each, every
/// sound a file of its own), as `echolot run` and `render` get there: load the pack, check
/// the sounds, load and check the rules, make the store, tick once. Three ways, alternating:
/// decoding every sound of the pack (what a start did before: the baseline), decoding the
/// level's sounds alone (what it does now), and no sound check at all (the floor).
func runStartBenchmarks() {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("echolot-startbench-\(getpid())")
    defer { try? FileManager.default.removeItem(at: folder) }
    var best: [StartBench.Way: Double] = [:], all: [StartBench.Way: [Double]] = [:]
    do {
        try StartBench.writePack(at: folder)
        for round in 0 ..< StartBench.repeats {
            for way in StartBench.Way.allCases {
                // A file decoded before is not decoded again until it changes: each run
                // meets files changed since the last, as a first start does.
                try StartBench.touchSounds(in: folder, round: round * StartBench.Way.allCases.count + way.rawValue)
                let seconds = try StartBench.start(folder, way: way)
                all[way, default: []].append(seconds)
                best[way] = min(best[way] ?? .infinity, seconds)
            }
        }
    } catch {
        print("start benchmark failed: \(error)")
        return
    }
    let baseline = best[.everySound] ?? .nan
    let rows = StartBench.Way.allCases.map { way in
        let times = all[way] ?? []
        return [way.label, fixed((best[way] ?? .nan) * 1000, 0) + " ms", fixed(percentile(times, 50) * 1000, 0) + " ms",
                fixed((best[way] ?? .nan) / baseline, 3) + "×"]
    }
    printTable(
        "Start: first tick of a level of a pack of \(StartBench.levels) levels × \(StartBench.soundsPerLevel) sounds "
            + "(best of \(StartBench.repeats))",
        ["sounds checked", "best", "median", "of every sound decoded"], rows)
    print("""

        Each run loads the pack, checks its sounds, loads and checks the rules, makes the \
        store and ticks once, as 'echolot run' does before its first tick; each sound is a \
        \(StartBench.soundSeconds) s mono 16-bit WAV of its own.
        """)
}

/// The pieces of the start benchmark.
enum StartBench {
    static let levels = 50
    static let soundsPerLevel = 100
    static let soundSeconds = 0.5
    /// Each way runs this often; the fastest run counts (the machine is shared).
    static let repeats = 5

    /// What a start checks of the pack's sounds.
    enum Way: Int, CaseIterable {
        case everySound, levelSounds, none

        /// The row's name.
        var label: String {
            switch self {
            case .everySound: "every sound of the pack decoded (before)"
            case .levelSounds: "the level's sounds decoded (now)"
            case .none: "none (the floor)"
            }
        }
    }

    /// The level started: one in the middle of the pack's order.
    static let level = "level-25"

    /// Writes the pack: pack.json, the levels (100 entities each, every one with a sound of
    /// its own) and their sounds.
    static func writePack(at folder: URL) throws {
        let sounds = folder.appendingPathComponent("sounds", isDirectory: true)
        try FileManager.default.createDirectory(at: sounds, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("levels"), withIntermediateDirectories: true)
        let ids = (0 ..< levels).map { "level-\($0 < 10 ? "0" : "")\($0)" }
        let manifest: [String: Any] = [
            "id": "startbench", "name": "Start bench", "version": "1.0.0", "api": 1, "author": "bench",
            "scenarios": [["id": "all", "name": "All", "levels": ids]],
        ]
        try JSONSerialization.data(withJSONObject: manifest).write(to: folder.appendingPathComponent("pack.json"))
        let wav = tone()
        for (index, id) in ids.enumerated() {
            let entities: [[String: Any]] = (0 ..< soundsPerLevel).map { entity in
                let file = "l\(index)-s\(entity).wav"
                return ["id": "e\(entity)", "position": ["azimuth": Double(entity * 37 % 360)], "sound": ["file": file]]
            }
            let level: [String: Any] = ["id": id, "name": id, "entities": entities, "goals": [["type": "find", "entity": "e0"]]]
            try JSONSerialization.data(withJSONObject: level).write(to: folder.appendingPathComponent("levels/\(id).json"))
            for entity in 0 ..< soundsPerLevel { try wav.write(to: sounds.appendingPathComponent("l\(index)-s\(entity).wav")) }
        }
    }

    /// A mono 16-bit sound of ``soundSeconds``, as `echolot new pack` writes its chime.
    static func tone() -> Data { Data(ToneWAV.chime(seconds: soundSeconds)) }

    /// Gives every sound a time of change of its own for `round`.
    static func touchSounds(in folder: URL, round: Int) throws {
        let sounds = folder.appendingPathComponent("sounds")
        let changed = Date(timeIntervalSince1970: 1_000_000 + Double(round))
        for name in try FileManager.default.contentsOfDirectory(atPath: sounds.path) {
            try FileManager.default.setAttributes([.modificationDate: changed], ofItemAtPath: sounds.appendingPathComponent(name).path)
        }
    }

    /// Seconds from nothing loaded to the first tick of ``level`` done, checking the sounds `way`.
    static func start(_ folder: URL, way: Way) throws -> Double {
        let started = DispatchTime.now().uptimeNanoseconds
        let pack = try PackLibrary.standard().load(at: folder).get()
        let problems: [Diagnostic] = switch way {
        case .everySound: AudioValidation.diagnostics(for: pack)
        case .levelSounds: AudioValidation.sounds(ofLevel: level, in: pack).refusing
        case .none: []
        }
        guard problems.isEmpty else { throw BenchFailure("the bench pack's sounds: \(problems[0])") }
        guard let definition = pack.level(id: level) else { throw BenchFailure("no level \(level)") }
        let rules = try PackRules.checked(pack).get()
        let store = try rules.store(for: definition)
        _ = store.send(.tick(1.0 / 60))
        return Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
    }
}

/// A benchmark that could not run, and why.
struct BenchFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
