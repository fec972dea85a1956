import EcholotCore
import EcholotModel
import Testing
@testable import EcholotScript

/// What the mirror shares between calls, instances and sessions must never be seen across
/// them: shared parameter tables, the one mirror an engine keeps, the names the sandbox
/// gives its functions.
@Suite struct MirrorSharingTests {
    /// Instances with the same parameters share one table, keyed by the values written
    /// out; `echolot.null` has no written form and gets a table of its own.
    @Test func aNullParameterIsItsOwnTable() throws {
        let world = try Support.world(scripts: [
            "n.lua": """
                echolot.behaviour("n", { params = { x = { type = "any", optional = true } }, on = {
                  ["pack.setnull"] = function(e, a, ctx) e.behaviours[1].x = echolot.null end,
                  ["pack.read"] = function(e, a, ctx) e.seen = tostring(ctx.params.x == echolot.null) end,
                } })
                """,
        ], level: Support.level(entities: [("e", 0), ("f", 1)], behaviours: #"[{"type": "n"}]"#))
        world.store.dispatch(.start)
        #expect(Support.rejection(world.store.dispatch(Action("pack.setnull"))) == "")
        #expect(Support.rejection(world.store.dispatch(Action("pack.read"))) == "")
        #expect(world.store.entity("e")?["seen"] == "true")
    }

    /// Two stores on one engine take turns with its mirror: after one's call fails, the
    /// other rebuilds rather than read what the failed call left.
    @Test func aSessionAfterAnothersFailureReadsItsOwnState() throws {
        let world = try Support.world(scripts: [
            "r.lua": """
                echolot.reducer({ name = "r", on = {
                  ["pack.mark"] = function(level) level.mark = "A" end,
                  ["pack.fail"] = function(level) error("refused") end,
                  ["pack.read"] = function(level) level.seen = tostring(level.mark) end,
                } })
                """,
        ], level: Support.level(entities: [("e", 0)]))
        let engine = try world.rules.engine.reloaded()
        let state = GameState.incarnation(of: world.level.level, packID: "test")
        let a = Store(state: state, reducers: LevelReducers.all + (try engine.reducers(for: world.level.level, pack: "test")))
        let b = Store(state: state, reducers: LevelReducers.all + (try engine.reducers(for: world.level.level, pack: "test")))
        #expect(Support.rejection(a.dispatch(Action("pack.mark"))) == "")
        #expect(Support.rejection(b.dispatch(Action("pack.fail"))).contains("refused"))
        #expect(Support.rejection(a.dispatch(Action("pack.read"))) == "")
        #expect(a.level["seen"] == "A")
    }

    /// Every data file (a pack test) gets an environment of its own: what one sets goes
    /// with it, and a run of many does not fill the memory cap.
    @Test func aDataFilesEnvironmentGoesWithIt() throws {
        let engine = try ScriptEngine()
        let source = ScriptSource(pack: "test", file: "eval.lua", displayPath: "eval.lua")
        for i in 0..<200 {
            _ = try engine.evaluateData(source: source, text: Array("big = string.rep('x', 1000000) .. \(i)\nreturn 1".utf8))
        }
    }
}
