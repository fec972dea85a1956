import EcholotTestSupport
import Foundation
import Testing

/// `echolot test` tells every mistake of a test file in one run, in the file's order: it
/// told one per run (three typos took three runs), and a test's failed expectations in an
/// order of its own.
@Suite struct TestFileProblemsTests {
    @Test func everyProblemOfATestIsToldInFileOrder() throws {
        let scratch = Scratch()
        let data = scratch.at("data")
        _ = try echolot(["new", "pack", "my-pack"], in: scratch.url, data: data)
        scratch.write(["my-pack/tests/typos.lua": """
            return {
              { name = "three typos", levle = "first-steps",
                input = { { t = 0.2, action = "slect" } },
                expect = { outcom = "won", goals = 1, entitys = 2 } },
              { name = "order", level = "first-steps", input = {},
                expect = { outcome = "won", found = {"x"}, misses = 3, achievements = {"a"}, score = 5 } },
            }
            """])
        let result = try echolot(["test", "my-pack"], in: scratch.url, data: data)
        #expect(result.status == 1)
        #expect(result.stderr == """
            my-pack/tests/typos.lua:2:27: error: test 'three typos': unknown field 'levle' (did you mean 'level'?)
            my-pack/tests/typos.lua:3:26: error: test 'three typos': input event 1: unknown action 'slect' (did you mean 'select'?)
            my-pack/tests/typos.lua:4:16: error: test 'three typos': unknown expectation 'outcom' (did you mean 'outcome'?)
            my-pack/tests/typos.lua:4:32: error: test 'three typos': expect.goals must be a table of goal ids, each = "met", "failed" or "pending" ({ find = "met" })
            my-pack/tests/typos.lua:4:43: error: test 'three typos': unknown expectation 'entitys' (did you mean 'entities'?)
            my-pack/tests/typos.lua:6:16: error: test 'order': expected outcome won, got lost: goal 'quickFind' failed
            my-pack/tests/typos.lua:6:33: error: test 'order': expected found [x], got []
            my-pack/tests/typos.lua:6:48: error: test 'order': expected 3 misses, got 0
            my-pack/tests/typos.lua:6:60: error: test 'order': expected achievements [a], got []
            my-pack/tests/typos.lua:6:82: error: test 'order': expected score 5, got 0

            """, "\(result.stderr)")
    }
}

/// A test's input log that is not there says what was likely meant: the path is relative
/// to tests/, which a path from the pack's folder repeats.
@Suite struct MissingInputLogTests {
    @Test func aMissingLogSaysWhatWasMeant() throws {
        let scratch = Scratch()
        let data = scratch.at("data")
        _ = try echolot(["new", "pack", "my-pack"], in: scratch.url, data: data)
        scratch.write(["my-pack/tests/win.jsonl": #"{"t": 0.5, "action": "turnTo", "azimuth": 90}"# + "\n",
                       "my-pack/tests/first-steps.lua": """
                           return {
                             { name = "from the pack", level = "first-steps", input = "tests/win.jsonl", expect = { misses = 0 } },
                             { name = "a slip", level = "first-steps", input = "wn.jsonl", expect = { misses = 0 } },
                           }
                           """])
        let result = try echolot(["test", "my-pack"], in: scratch.url, data: data)
        #expect(result.status == 1)
        #expect(result.stderr == """
            my-pack/tests/first-steps.lua:2:52: error: test 'from the pack': the input log 'tests/win.jsonl' cannot be read: no such file (paths are relative to tests/: write "win.jsonl")
            my-pack/tests/first-steps.lua:3:45: error: test 'a slip': the input log 'wn.jsonl' cannot be read: no such file (did you mean 'win.jsonl'?)

            """, "\(result.stderr)")
    }
}
