import EcholotCore
import EcholotModel
import Foundation
import Testing
@testable import EcholotScript

/// Helpers shared by the script tests: engines with the standard rules, packs written to
/// temporary folders, stores that play levels.
enum Support {
    /// The repository root (for the tutorial pack and the standard rules).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The shipped tutorial pack.
    static var tutorial: URL { root.appendingPathComponent("levels/tutorial") }

    /// The standard rules folder.
    static var standardRules: URL { root.appendingPathComponent("scripts") }

    /// An engine with the standard rules and, optionally, scripts of a pack `test`.
    static func engine(_ scripts: [String: String] = [:], pack: String = "test",
                       limits: ScriptLimits = ScriptLimits()) throws -> ScriptEngine {
        let engine = try ScriptEngine(limits: limits)
        try engine.loadStandardRules(from: standardRules)
        for (file, text) in scripts.sorted(by: { $0.key < $1.key }) {
            try engine.loadScript(pack: pack, source: ScriptSource(pack: pack, file: file, displayPath: file),
                                  text: Array(text.utf8))
        }
        return engine
    }

    /// Writes a pack (`pack.json`, levels, scripts, …) to a fresh temporary folder.
    static func writePack(id: String = "test", files: [String: String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("echolot-script-tests-\(UUID().uuidString)", isDirectory: true)
        var all = files
        if all["pack.json"] == nil {
            all["pack.json"] = #"{"id": "\#(id)", "name": "Test", "version": "1.0.0", "api": 1}"#
        }
        for (path, text) in all {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return folder
    }

    /// A level file with the given entities, goals and scoring (JSON fragments).
    static func levelJSON(id: String, entities: String, goals: String = "[]", scoring: String? = nil,
                          seed: Int = 1) -> String {
        let scoringField = scoring.map { #", "scoring": \#($0)"# } ?? ""
        return #"{"id": "\#(id)", "name": "\#(id)", "seed": \#(seed), "entities": \#(entities), "goals": \#(goals)\#(scoringField)}"#
    }

    /// Loads a pack folder and its rules.
    static func rules(at folder: URL) throws -> PackRules {
        let pack = try PackLoader.load(at: folder)
        return try PackRules.load(pack, standardRules: standardRules)
    }

    /// Plays `level` of `rules` through `log` with the headless runner.
    static func play(_ rules: PackRules, level: String, _ events: [(Double, Action)],
                     maxSeconds: Double = 600) throws -> (RunResult, Store<GameState>) {
        let definition = try #require(rules.pack.level(id: level))
        let store = try rules.store(for: definition)
        let log = InputLog(events.map { InputEvent(t: $0.0, action: $0.1) })
        let result = LevelRunner(maxSeconds: maxSeconds).run(store, log: log)
        return (result, store)
    }
}

extension Action {
    /// `turnTo {azimuth}` for tests.
    static func face(_ azimuth: Double) -> Action { .turnTo(azimuth) }
}
