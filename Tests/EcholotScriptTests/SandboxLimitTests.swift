import EcholotCore
import EcholotModel
import Testing
@testable import EcholotScript

/// Work a script makes the engine do outside Lua's own count: copying values into Swift,
/// scanning strings in C, printing. Each is bounded or charged, so that a limit stops it.
@Suite struct SandboxLimitTests {
    /// A pack with one level-focused reducer, started, under a 16 MiB cap.
    func world(_ handlers: String, limits: ScriptLimits = ScriptLimits(memory: 16 << 20)) throws -> Store<GameState> {
        let script = """
            local big = string.rep("x", 1 << 20)
            echolot.reducer({ name = "r", focus = "level", on = {
            \(handlers)
            } })
            """
        let world = try Support.world(scripts: ["r.lua": script], level: Support.level(entities: [("bell", 0)]),
                                      limits: limits)
        world.store.dispatch(.start)
        return world.store
    }

    /// Expects `action` refused by the memory limit with the state left as it was.
    func expectMemoryLimit(_ store: Store<GameState>, _ action: String) throws {
        let before = store.state
        let transition = store.dispatch(Action(action))
        let error = try #require(transition.rejections.first?.error as? ScriptError)
        #expect(error.kind == .memoryLimit, "\(error)")
        #expect(error.message.contains("memory limit exceeded"), "\(error)")
        #expect(store.state == before)
    }

    /// Lua keeps a string once however often it is referenced, but Swift copies it for
    /// every field and payload it is stored in: one call may hand Swift no more than the
    /// memory cap. Writes and emits that fit still pass, a long string among them.
    @Test func valuesHandedToTheEngineAreBoundedByTheMemoryCap() throws {
        let store = try world("""
              ["pack.emits"] = function(level, action, ctx) for i = 1, 100 do ctx.emit("pack.sink", { s = big }) end end,
              ["pack.writes"] = function(level) for i = 1, 100 do level["k" .. i] = big end end,
              ["pack.keys"] = function(level) level.m = {} for i = 1, 100 do level.m[big .. i] = 1 end end,
              ["pack.mixed"] = function(level, action, ctx) for i = 1, 10 do level["k" .. i] = big ctx.emit("pack.sink", { s = big }) end end,
              ["pack.fits"] = function(level, action, ctx) for i = 1, 4 do level["k" .. i] = big ctx.emit("pack.sink", { s = big }) end end,
              ["pack.sink"] = function(level, action) level.got = (level.got or 0) + #action.s end,
            """)
        for action in ["pack.emits", "pack.writes", "pack.keys", "pack.mixed"] {
            try expectMemoryLimit(store, action)
        }
        let transition = store.dispatch(Action("pack.fits"))
        #expect(transition.rejections.isEmpty, "\(transition.rejections)")
        #expect(store.level["k4"].stringValue?.utf8.count == 1 << 20)
        #expect(store.level["got"] == .int(4 << 20))
    }
}
