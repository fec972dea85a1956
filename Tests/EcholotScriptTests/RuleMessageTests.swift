import EcholotCore
import EcholotModel
import Foundation
import Testing
@testable import EcholotScript

/// What a modder reads when a rule goes wrong: messages that name the exact value, name
/// and place, run through real Lua and a real pack.
@Suite struct RuleMessageTests {
    /// A pack whose goal `g` (type `probe`) runs `body` on `pack.go`, with `params` declared;
    /// the level's goal entry adds `entry`. Returns the store, started.
    func world(_ body: String, params: String = "{}", entry: String = "") throws -> Store<GameState> {
        let script = """
            echolot.goal("probe", {
              params = \(params),
              on = { ["pack.go"] = function(goal, action, ctx)
            \(body)
              end },
            })
            """
        let level = Support.level(entities: [("bell", 0)], goals: #"[{"type": "probe", "id": "g"\#(entry)}]"#)
        let world = try Support.world(scripts: ["probe.lua": script], level: level)
        world.store.dispatch(.start)
        return world.store
    }

    /// The first rejection's message when `pack.go` is dispatched.
    func go(_ store: Store<GameState>) -> String {
        Support.rejection(store.dispatch(Action("pack.go")))
    }

    /// A value that cannot be stored, deep inside a table, is named by its whole path.
    @Test func aBadValueDeepInAFieldIsNamedByItsPath() throws {
        let stored = try world("goal.extra = { list = { 1, 2, { fn = print } } }")
        #expect(go(stored).contains("field 'extra': list[3].fn: a function value cannot be stored in the state"), "\(go(stored))")
        let emitted = try world(#"ctx.emit("pack.x", { deep = { ["odd key"] = { f = print } } })"#)
        #expect(go(emitted).contains(#"ctx.emit: payload.deep["odd key"].f: a function value cannot be stored in the state"#),
                "\(go(emitted))")
        let top = try world(#"ctx.emit("pack.x", { f = print })"#)
        #expect(go(top).contains("ctx.emit: payload.f: a function value"), "\(go(top))")
    }
}
