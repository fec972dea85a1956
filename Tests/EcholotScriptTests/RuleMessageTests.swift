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
        #expect(go(stored).contains("field 'extra.list[3].fn': a function value cannot be stored in the state"), "\(go(stored))")
        let item = try world("goal.items = { 1 } goal.items[1] = { deep = { print } }")
        #expect(go(item).contains("list item [1].deep[1]: a function value cannot be stored in the state"), "\(go(item))")
        let emitted = try world(#"ctx.emit("pack.x", { deep = { ["odd key"] = { f = print } } })"#)
        #expect(go(emitted).contains(#"ctx.emit: payload.deep["odd key"].f: a function value cannot be stored in the state"#),
                "\(go(emitted))")
        let top = try world(#"ctx.emit("pack.x", { f = print })"#)
        #expect(go(top).contains("ctx.emit: payload.f: a function value"), "\(go(top))")
    }

    /// A misspelt parameter read raises at once with the nearest name; a declared optional
    /// one without a value is nil.
    @Test func readingAnUndeclaredParameterNamesTheNearestOne() throws {
        let params = #"{ approach = { type = "number", default = 1 }, spare = { type = "number", optional = true } }"#
        let misspelt = try world("goal.x = ctx.params.aproach * 2", params: params)
        #expect(go(misspelt).contains("probe.lua:4:1: error: no parameter 'aproach' (did you mean 'approach'?)"), "\(go(misspelt))")
        let optional = try world("goal.x = ctx.params.spare == nil and ctx.params.approach", params: params)
        #expect(go(optional) == "")
        #expect(optional.goal("g")?["x"] == .int(1))
        let none = try world("goal.x = ctx.params.speed")
        #expect(go(none).contains("no parameter 'speed' (it takes no parameters)"), "\(go(none))")
    }

    /// A left-out library still reads as nil (`if os then` works), but using one says
    /// what packs use instead.
    @Test(arguments: [("goal.x = os.time()", "attempt to index a nil value (global 'os'): 'os' is not available to packs: time is ctx.time, randomness ctx.random"),
                      ("require('x')", "attempt to call a nil value (global 'require'): 'require' is not available to packs: every file"),
                      ("goal.x = io.read()", "(global 'io'): 'io' is not available to packs"),
                      ("goal.x = os and 1 or 2", "")])
    func aLeftOutLibrarySaysWhatToUseInstead(body: String, message: String) throws {
        let store = try world(body)
        let got = go(store)
        #expect(message.isEmpty ? got.isEmpty : got.contains(message), "\(got)")
    }

    /// An emitted goal.met or goal.failed must name a goal of the level.
    @Test func emittingAGoalOutcomeChecksTheID() throws {
        let wrong = try world(#"ctx.emit("goal.met", { id = "h" })"#)
        #expect(go(wrong).contains("probe.lua:4:1: error: ctx.emit: goal.met: there is no goal 'h' in this level (goals: g)"),
                "\(go(wrong))")
        let missing = try world(#"ctx.emit("goal.failed")"#)
        #expect(go(missing).contains("ctx.emit: goal.failed needs the id of one of the level's goals"), "\(go(missing))")
        let right = try world(#"ctx.emit("goal.met", { id = "g" })"#)
        #expect(go(right) == "")
    }
}
