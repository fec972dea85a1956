import EcholotTestSupport
import EcholotCore
import Foundation
import Testing

@testable import EcholotModel
@testable import EcholotScript

/// The pack API as the rules layer uses it: the scaffolded goal script runs in real Lua,
/// and a resolved pack's `loadOrder` gives the script engine every pack's scripts.
@Suite("Packs: scripts of new and extending packs run in the rules layer")
struct RulesTests {
    static let standardRules = repositoryRoot.appendingPathComponent("scripts")

    /// A script engine with the standard rules and every layer of `pack`, in load order.
    func engine(for pack: Pack) throws -> ScriptEngine {
        let engine = try ScriptEngine()
        try engine.loadStandardRules(from: RulesTests.standardRules)
        for layer in pack.loadOrder { try engine.loadPack(layer) }
        return engine
    }

    /// Plays `level` of `pack` through `log` (JSON Lines) with the engine's rules.
    func play(_ pack: Pack, level: String, engine: ScriptEngine, log: String) throws -> RunResult {
        let definition = try #require(pack.levels[level])
        let state = GameState.incarnation(of: definition.level, packID: pack.id, packVersion: pack.manifest.version)
        let store = Store(state: state, reducers: LevelReducers.all + (try engine.reducers(for: definition.level, pack: pack.id)))
        let input = try InputLog.parse(Array(log.utf8), displayPath: "log.jsonl")
        return LevelRunner(maxSeconds: 60).run(store, log: input)
    }

    @Test func theScaffoldedGoalValidatesAndWinsAndLoses() throws {
        let scratch = Scratch()
        let created = try PackScaffold.create(at: scratch.at("fresh"))
        let pack = try PackLoader.load(at: created.folder)
        let engine = try engine(for: pack)
        #expect(engine.rule(.goal, named: "quickFind", for: pack.id)?.pack == "fresh")
        #expect(engine.validate(try #require(pack.levels["first-steps"]), pack: pack.id) == [])
        let won = try play(pack, level: "first-steps", engine: engine, log: """
            {"t": 0.5, "action": "turnTo", "azimuth": 90}
            {"t": 1.0, "action": "select"}
            """)
        #expect(won.outcome == .won, "\(won.errors)")
        #expect(won.misses == 0)
        let lost = try play(pack, level: "first-steps", engine: engine, log: #"{"t": 25, "action": "end"}"#)
        #expect(lost.outcome == .lost, "\(lost.errors)")
    }

    @Test func anExtendingPacksLevelsSeeTheBasesRules() throws {
        let scratch = Scratch()
        try FileManager.default.createDirectory(at: scratch.at("lib"), withIntermediateDirectories: true)
        _ = try PackScaffold.create(at: scratch.at("lib/fresh"))
        scratch.write([
            "pack.json": Packs.manifest(id: "fresher", extra: """
                "extends": "fresh", "parameters": { "first-steps": { "quickFind": { "seconds": 2 } } }
                """),
        ], in: "lib/fresher")
        let library = PackLibrary(folders: [PackLibrary.Folder(url: scratch.at("lib"), origin: .other)])
        let pack = try #require(try library.load(id: "fresher")?.get())
        #expect(pack.loadOrder.map(\.id) == ["fresh", "fresher"])
        let engine = try engine(for: pack)
        #expect(engine.validate(try #require(pack.levels["first-steps"]), pack: pack.id) == [])
        // Two seconds are now too few for a find at three.
        let late = try play(pack, level: "first-steps", engine: engine, log: """
            {"t": 0.5, "action": "turnTo", "azimuth": 90}
            {"t": 3.0, "action": "select"}
            """)
        #expect(late.outcome == .lost, "\(late.errors)")
    }

    /// A pack that depends on another uses its rules: the dependency's behaviour runs in
    /// the pack's level, and a pack that does not name the dependency does not see it.
    @Test func aPacksLevelsSeeTheRulesOfItsDependencies() throws {
        let scratch = Scratch()
        let zigzag = """
            echolot.behaviour("zigzag", {
              params = { step = { type = "number", default = 30 } },
              on = { tick = function(entity, action, ctx) entity.azimuth = (entity.azimuth + ctx.params.step) % 360 end },
            })
            """
        let wandering = Packs.level(id: "one").replacingOccurrences(
            of: #""sound": { "file": "a.wav" } }"#,
            with: #""sound": { "file": "a.wav" }, "behaviours": [{ "type": "zigzag", "step": 90 }] }"#)
        scratch.write(["pack.json": Packs.manifest(id: "bats"), "scripts/zigzag.lua": zigzag], in: "lib/bats")
        for (id, extra) in [("cave", #""dependencies": { "bats": "^1.0.0" }"#), ("lone", "")] {
            var files = Packs.files(id: id, extra: extra)
            files["levels/one.json"] = wandering
            scratch.write(files, in: "lib/\(id)")
        }
        let library = PackLibrary(folders: [PackLibrary.Folder(url: scratch.at("lib"), origin: .other)])
        let cave = try #require(try library.load(id: "cave")?.get())
        let caveEngine = try engine(for: cave)
        #expect(caveEngine.visiblePacks(for: "cave") == ["cave", "bats", ScriptEngine.standardPack])
        #expect(caveEngine.validate(try #require(cave.levels["one"]), pack: cave.id) == [])
        // The bell starts at 60°; a tick of the dependency's zigzag puts it at 150°, where
        // the listener turned: a select finds it.
        let won = try play(cave, level: "one", engine: caveEngine, log: """
            {"t": 0, "action": "turnTo", "azimuth": 150}
            {"t": 0.02, "action": "select"}
            """)
        #expect(won.outcome == .won, "\(won.errors)")

        let lone = try #require(try library.load(id: "lone")?.get())
        let loneEngine = try engine(for: lone)
        try loneEngine.loadPack(id: "bats", root: scratch.at("lib/bats"))  // loaded, not depended on
        let problems = loneEngine.validate(try #require(lone.levels["one"]), pack: lone.id)
        #expect(problems.map(\.message) == ["unknown behaviour type 'zigzag': no script registers it"], "\(problems)")
    }

    /// An unnamed `echolot.reducer` belongs to its pack: an extending pack's own unnamed
    /// reducer runs beside the base's rather than replacing it.
    @Test func unnamedReducersOfAPackAndItsBaseBothRun() throws {
        let scratch = Scratch()
        let reducer = { (action: String) in
            """
            echolot.reducer({ on = { ["selection.missed"] = function(level, action, ctx) ctx.emit("\(action)") end } })
            """
        }
        var base = Packs.files(id: "strict")
        base["scripts/strict.lua"] = reducer("level.lost")
        scratch.write(base, in: "lib/strict")
        scratch.write(["pack.json": Packs.manifest(id: "stricter", extra: #""extends": "strict""#),
                       "scripts/count.lua": reducer("pack.missed")], in: "lib/stricter")
        let library = PackLibrary(folders: [PackLibrary.Folder(url: scratch.at("lib"), origin: .other)])
        let pack = try #require(try library.load(id: "stricter")?.get())
        let engine = try engine(for: pack)
        #expect(engine.rules(of: "strict").map(\.name) == ["strict/reducer1"])
        #expect(engine.rules(of: "stricter").map(\.name) == ["stricter/reducer1"])
        let missed = try play(pack, level: "one", engine: engine, log: #"{"t": 1, "action": "select"}"#)
        #expect(missed.outcome == .lost, "the base's reducer still runs: \(missed.errors)")
    }
}
