import EcholotTestSupport
import Foundation
import Testing

/// `expect.goals` and `expect.entities`: a pack test checks how the level's goals and
/// entities end, not only the outcome and counters — what modders asked for to test a
/// goal type or a behaviour of their own.
@Suite struct TestCommandStateTests {
    /// A new pack and a test file of `tests` beside its own tests.
    func run(_ tests: String) throws -> (status: Int32, stdout: String, stderr: String) {
        let scratch = Scratch()
        let data = scratch.at("data")
        _ = try echolot(["new", "pack", "my-pack"], in: scratch.url, data: data)
        scratch.write(["my-pack/tests/state.lua": tests])
        let result = try echolot(["test", "my-pack", "tests/state.lua"], in: scratch.url, data: data)
        return (result.status, result.stdout, result.stderr)
    }

    /// What holds passes: a goal's state, a field the state holds, a number to the
    /// thousandth, a sound's field the level leaves at its default.
    @Test func goalsAndEntitiesThatHoldPass() throws {
        let result = try run("""
            return { level = "first-steps",
              input = { { t = 0.5, action = "turnTo", azimuth = 90 }, { t = 1, action = "select" } },
              expect = { goals = { quickFind = "met" },
                         entities = { chime = { found = true, azimuth = 90.0004, sound = { volume = 1, file = "chime.wav" } } } } }
            """)
        #expect(result.stdout == "ok: my-pack/tests/state.lua\n1 passed, 0 failed\n", "\(result.stdout)\(result.stderr)")
        #expect(result.status == 0)
    }

    /// What does not hold is told at its expectation, field by field, with the goal or
    /// entity meant for a misspelt one and the table a sound's field goes in.
    @Test func whatDoesNotHoldIsToldFieldByField() throws {
        let result = try run("""
            return { level = "first-steps", input = { { t = 25, action = "end" } },
              expect = { goals = { quickFind = "met", quikFind = "failed" },
                         entities = { chime = { found = true, volume = 2, azimuth = 90.01 }, chmie = { found = true } } } }
            """)
        #expect(result.status == 1)
        #expect(result.stderr == """
            my-pack/tests/state.lua:2:14: error: expected goal 'quickFind' met, got failed
            my-pack/tests/state.lua:2:14: error: expected goal 'quikFind' failed, but the level has no goal 'quikFind' (did you mean 'quickFind'?)
            my-pack/tests/state.lua:3:14: error: expected entity 'chime' azimuth 90.01, got 90
            my-pack/tests/state.lua:3:14: error: expected entity 'chime' found true, got false
            my-pack/tests/state.lua:3:14: error: expected entity 'chime' volume 2, got nothing: it has no field 'volume'; 'sound.volume' is written inside sound = { … }
            my-pack/tests/state.lua:3:14: error: expected entity 'chmie', but the level has no entity 'chmie' (did you mean 'chime'?)

            """, "\(result.stderr)")
    }

    /// An expectation that could never hold is refused as the test is read.
    @Test func expectationsOfTheWrongFormAreRefused() throws {
        let result = try run("""
            return { level = "first-steps", input = {},
              expect = { goals = { quickFind = "done" }, entities = { chime = {} } } }
            """)
        #expect(result.status == 1)
        #expect(result.stderr == """
            my-pack/tests/state.lua:2:14: error: expect.goals.quickFind must be "met", "failed" or "pending"
            my-pack/tests/state.lua:2:46: error: expect.entities.chime must be a table of the fields to check ({ found = true })

            """, "\(result.stderr)")
    }
}
