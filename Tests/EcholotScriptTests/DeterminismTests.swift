import EcholotCore
import EcholotModel
import Testing
@testable import EcholotScript

/// Same pack + same input log ⇒ same state, bit for bit, with Lua in the loop.
@Suite struct DeterminismTests {
    static let level = """
        {"id": "one", "name": "One", "seed": 42,
         "entities": [
           {"id": "a", "tags": ["x"], "position": {"azimuth": 10}, "sound": {"file": "s.wav"}, "behaviours": [{"type": "drift", "speed": 40, "change": 300}]},
           {"id": "b", "tags": ["x"], "position": {"azimuth": 200}, "sound": {"file": "s.wav"}, "behaviours": [{"type": "orbit", "speed": 7}, {"type": "pulse"}]},
           {"id": "c", "position": {"azimuth": 300, "distance": 3}, "sound": {"file": "s.wav"}, "behaviours": [{"type": "approach"}, {"type": "blink"}]}],
         "goals": [{"type": "findAll", "tag": "x"}, {"type": "timeLimit", "seconds": 30}],
         "scoring": {"type": "standard"}}
        """

    static let log: [(Double, Action)] = [
        (1, .turnTo(200)), (1.5, .select), (2, .turnBy(-30)), (3, .select), (4, .turnTo(10)), (4.2, .select),
        (6, .turnTo(100)), (7, .select), (9, Action(ActionName.end)),
    ]

    func run(_ rules: PackRules) throws -> RunResult {
        try Support.play(rules, level: "one", DeterminismTests.log).0
    }

    @Test func sameInputSameHash() throws {
        let first = try Support.world(level: DeterminismTests.level).rules
        let second = try Support.world(level: DeterminismTests.level).rules
        let a = try run(first), b = try run(second), c = try run(first)
        #expect(a.errors == [])
        #expect(a.stateHash == b.stateHash)
        #expect(a.stateHash == c.stateHash)
        #expect(a == b)
    }

    @Test func luaDrawsTheStateGeneratorsNumbers() throws {
        let script = """
            echolot.reducer({ name = "draw", on = { ["pack.draw"] = function(level, action, ctx)
              local draws = echolot.list()
              for i = 1, 5 do draws[i] = ctx.random() end
              draws[6] = ctx.random(6)
              draws[7] = ctx.random(10, 12)
              level.draws = draws
            end } })
            """
        let world = try Support.world(scripts: ["draw.lua": script], level: Support.level(entities: [("e", 0)], seed: 9))
        world.store.dispatch(Action("pack.draw"))
        var random = SeededRandom(seed: 9)
        var expected: [Value] = (0..<5).map { _ in .number(random.nextUnit()) }
        expected.append(.int(1 + Int(random.nextUnit() * 6)))
        expected.append(.int(10 + Int(random.nextUnit() * 3)))
        #expect(world.store.level["draws"] == .list(expected))
        #expect(world.store.state.random == random, "the state's generator moved on by as many draws")
    }
}
