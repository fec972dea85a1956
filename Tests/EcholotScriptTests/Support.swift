import EcholotCore
import EcholotModel
import EcholotTestSupport
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
        let folder = try scratchFolder("script-tests")
        var all = files
        if all["pack.json"] == nil {
            all["pack.json"] = #"{"id": "\#(id)", "name": "Test", "version": "1.0.0", "api": 1}"#
        }
        // Every test level may use the sound `s.wav`: the tutorial's bell.
        try writePackFiles(all, in: folder, sound: "s.wav")
        return folder
    }

    /// A level file with the given entities, goals and scoring (JSON fragments).
    static func levelJSON(id: String, entities: String, goals: String = "[]", scoring: String? = nil,
                          seed: Int = 1) -> String {
        let scoringField = scoring.map { #", "scoring": \#($0)"# } ?? ""
        return #"{"id": "\#(id)", "name": "\#(id)", "seed": \#(seed), "entities": \#(entities), "goals": \#(goals)\#(scoringField)}"#
    }

    /// Loads a pack folder and its rules.
    static func rules(at folder: URL, limits: ScriptLimits = ScriptLimits()) throws -> PackRules {
        let pack = try PackLoader.load(at: folder)
        return try PackRules.load(pack, standardRules: standardRules, limits: limits)
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

extension Support {
    /// A pack `test` with `scripts` (paths below `scripts/`) and one level, loaded with its
    /// rules: the rules, the level's definition, and a fresh store playing it.
    static func world(scripts: [String: String] = [:], level: String, levelID: String = "one",
                      extraFiles: [String: String] = [:], limits: ScriptLimits = ScriptLimits(memory: 16 << 20))
        throws -> (rules: PackRules, level: LevelDefinition, store: Store<GameState>) {
        var files = extraFiles
        for (name, text) in scripts { files["scripts/" + name] = text }
        files["levels/\(levelID).json"] = level
        let rules = try Support.rules(at: try writePack(files: files), limits: limits)
        let definition = try #require(rules.pack.level(id: levelID))
        return (rules, definition, try rules.store(for: definition))
    }

    /// A level with one entity per (id, azimuth) pair and the given goals, behaviours
    /// (applied to every entity) and scoring, as JSON.
    static func level(entities: [(String, Double)], goals: String = "[]", behaviours: String = "[]",
                      scoring: String? = nil, extra: String = "", seed: Int = 1) -> String {
        let list = entities.map { id, azimuth in
            #"{"id": "\#(id)", "tags": ["t"], "position": {"azimuth": \#(azimuth)}, "sound": {"file": "s.wav"}, "behaviours": \#(behaviours)}"#
        }.joined(separator: ", ")
        let scoringField = scoring.map { #", "scoring": \#($0)"# } ?? ""
        return #"{"id": "one", "name": "One", "seed": \#(seed), "entities": [\#(list)], "goals": \#(goals)\#(scoringField)\#(extra)}"#
    }

    /// Evaluates Lua source in the data sandbox of a fresh engine.
    static func evaluate(_ code: String) throws -> Value {
        let engine = try ScriptEngine()
        return try engine.evaluateData(source: ScriptSource(pack: "test", file: "eval.lua", displayPath: "eval.lua"),
                                       text: Array(code.utf8))
    }

    /// The first rejection's error message of a dispatch ("" when none).
    static func rejection(_ transition: Transition<GameState>) -> String {
        transition.rejections.first.map { "\($0.error)" } ?? ""
    }

    /// Dispatches `count` ticks of 1/60 s.
    static func tick(_ store: Store<GameState>, _ count: Int = 1) {
        for _ in 0..<count { store.dispatch(.tick(1.0 / 60)) }
    }
}

extension Store where State == GameState {
    /// The level being played.
    var level: Level { state[Game.level] }

    /// The entity with `id`.
    func entity(_ id: String) -> Entity? { level[LevelKeys.entities][id] }

    /// The goal with `id`.
    func goal(_ id: String) -> Goal? { level[LevelKeys.goals][id] }
}
