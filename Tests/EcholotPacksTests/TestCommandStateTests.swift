import EcholotTestSupport
import Foundation
import Testing

/// `expect.goals` and `expect.entities`: a pack test checks how the level's goals and
/// entities end, not only the outcome and counters — what modders asked for to test a
/// goal type or a behaviour of their own.
@Suite struct TestCommandStateTests {
    /// A new pack (with `level` as its levels/bell.json) and a test file of `tests` beside its own tests.
    func run(level: String? = nil, _ tests: String) throws -> (status: Int32, stdout: String, stderr: String) {
        let scratch = Scratch()
        let data = scratch.at("data")
        _ = try echolot(["new", "pack", "my-pack"], in: scratch.url, data: data)
        scratch.write(["my-pack/tests/state.lua": tests])
        if let level { scratch.write(["my-pack/levels/bell.json": level]) }
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

    /// An entity's fields of the author's own are checked as a level file writes them,
    /// inside `attributes = { … }` (as docs/modding.md shows; it was taken for a field named
    /// `attributes`, which no entity has), or beside the others; both ways at once is refused.
    @Test func attributesAreCheckedAsALevelFileWritesThem() throws {
        let level = """
            { "id": "bell", "name": "Bell", "entities": [ { "id": "bell", "position": { "azimuth": 120 },
              "sound": { "file": "chime.wav" }, "attributes": { "hp": 3 } } ], "goals": [ { "type": "find", "entity": "bell" } ] }
            """
        let passing = try run(level: level, """
            return { level = "bell", input = { { t = 0.1, action = "end" } },
              expect = { entities = { bell = { azimuth = 120, attributes = { hp = 3 } } } } }
            """)
        #expect(passing.stdout == "ok: my-pack/tests/state.lua\n1 passed, 0 failed\n", "\(passing.stdout)\(passing.stderr)")
        let failing = try run(level: level, """
            return {
              { level = "bell", input = { { t = 0.1, action = "end" } }, expect = { entities = { bell = { attributes = { hp = 2 } } } } },
              { level = "bell", input = { { t = 0.1, action = "end" } }, expect = { entities = { bell = { hp = 3, attributes = { hp = 3 } } } } },
            }
            """)
        #expect(failing.status == 1)
        #expect(failing.stderr == """
            my-pack/tests/state.lua:2:73: error: test 1: expected entity 'bell' hp 2, got 3
            my-pack/tests/state.lua:3:73: error: test 2: expect.entities.bell checks 'hp' twice, beside attributes and in it: \
            attributes are fields of the entity's own, as in a level file; check it once

            """, "\(failing.stderr)")
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
