import EcholotCore
import EcholotModel
import Foundation
import Testing
@testable import EcholotScript

/// Test files that ask for what cannot be checked — a cap of hours, a NaN time, a negative
/// count — or give an input event `echolot run` would refuse: each fails alone, at its field.
@Suite struct PackTestLimitsTests {
    /// The problem of the one test in `tests/t.lua` (written as `lua`), after checking that
    /// it did not run.
    private func problem(_ lua: String) throws -> String {
        let folder = try Support.writePack(files: [
            "levels/one.json": Support.levelJSON(id: "one", entities: #"[{"id": "bell", "position": {"azimuth": 0}}]"#,
                                                 goals: #"[{"type": "find", "entity": "bell"}]"#),
            "tests/t.lua": lua,
        ])
        let results = PackTests.run(try PackLoader.load(at: folder), standardRules: Support.standardRules)
        let result = try #require(results.first)
        #expect(results.count == 1)
        #expect(result.result == nil, "the test must not run")
        #expect(result.problems.count == 1, "\(result.problems)")
        // The pack is in a scratch folder: the message from the file's name on.
        let text = result.problems.first ?? ""
        return text.range(of: "/tests/").map { String(text[$0.upperBound...]) } ?? text
    }

    @Test func maxSecondsIsHeldToWhatRunAllows() throws {
        #expect(try problem(#"return { level = "one", input = {}, expect = {misses=0},"# + "\n  maxSeconds = 1e9 }")
            == "t.lua:2:3: error: 'maxSeconds' must be a number of seconds greater than 0 and at most 86400 "
            + "(as for 'echolot run --max-seconds'), found 1000000000.0")
        for bad in ["0", "-5", "0/0", "1/0", #""long""#] {
            let text = try problem(#"return { level = "one", input = {}, expect = {misses=0}, maxSeconds = \#(bad) }"#)
            #expect(text.contains(":1:58: error: 'maxSeconds' must be a number of seconds"), "\(bad): \(text)")
        }
    }

    @Test func anExpectedTimeMustBeAFiniteNumber() throws {
        for bad in ["0/0", "1/0", "-1"] {
            let text = try problem(#"return { level = "one", input = {}, expect = { time = \#(bad) } }"#)
            #expect(text.contains(":1:48: error: expect.time must be a number of seconds ≥ 0"), "\(bad): \(text)")
        }
    }

    @Test func expectedMissesCannotBeNegative() throws {
        #expect(try problem(#"return { level = "one", input = {}, expect = { misses = -1 } }"#)
            == "t.lua:1:48: error: expect.misses must be a whole number ≥ 0, found -1")
    }

    /// The events are checked as an input log's lines are, with the same words.
    @Test func inputEventsAreCheckedAsAnInputLogIs() throws {
        let head = #"return { level = "one", expect = {misses=0}, input = {"#
        #expect(try problem(head + "\n  {t = 1, action = \"select\", bogus = 1} } }")
            == "t.lua:2:30: error: input event 1: 'select' takes no field 'bogus'")
        #expect(try problem(head + #" {t = 1, action = "turnTo", azimuth = "left"} } }"#)
            .hasSuffix("error: input event 1: 'azimuth' must be a number, found a string"))
        #expect(try problem(head + #" {t = 1, action = "clock", hour = 24, minute = 0} } }"#)
            .hasSuffix("error: input event 1: 'hour' must be a whole number from 0 to 23"))
        #expect(try problem(head + #" {t = 1, action = "fly"} } }"#).contains("error: input event 1: unknown action 'fly'"))
        #expect(try problem(head + #" {t = 1, action = "selcet"} } }"#).hasSuffix("error: input event 1: unknown action 'selcet' (did you mean 'select'?)"))
        // A missing field is placed at its event; a field an earlier event has too, at the
        // later event's own.
        #expect(try problem(head + #" {action = "select"} } }"#)
            == "t.lua:1:56: error: input event 1: missing field 't' (seconds since the start)")
        #expect(try problem(head + #" {t = 2, action = "select"}, {t = 1, action = "select"} } }"#)
            == "t.lua:1:85: error: input event 2: 't' goes back in time (1.0 after 2.0); events must be in time order")
        // NaN and the infinities are numbers to Lua, but not to an input log: named as what they are.
        #expect(try problem(head + #" {t = 1, action = "select"}, "select" } }"#)
            == "t.lua:1:84: error: input event 2 must be a table {t = seconds, action = NAME, …}, found string")
        #expect(try problem(head + #" {t = 0/0, action = "select"} } }"#)
            .hasSuffix("error: input event 1: 't' must be a number of seconds ≥ 0, found NaN (not a number)"))
        #expect(try problem(head + #" {t = 1, action = "turnTo", azimuth = -1/0} } }"#)
            .hasSuffix("error: input event 1: 'azimuth' must be a number, found an infinite number"))
    }

    /// In a file of named tests, a bad event is placed at that event of that test: its
    /// field, or the event itself for a field it lacks; not at the test's name or `input`.
    @Test func aNamedTestsBadEventIsPlacedAtTheEvent() throws {
        let lua = """
            return {
              { name = "first", level = "one", expect = { outcome = "running" },
                input = { { t = 1, action = "selectEntity", id = "bell" } } },
              { name = "second", level = "one", expect = {misses=0},
                input = {
                  { t = 1, action = "selectEntity", id = "bell" },
                  { t = 2, action = "selectEntity", ide = "bell" },
                  LAST
                } },
            }
            """
        func second(_ last: String, _ replacing: String = "ide", by: String = "ide") throws -> String {
            let folder = try Support.writePack(files: [
                "levels/one.json": Support.levelJSON(id: "one", entities: #"[{"id": "bell", "position": {"azimuth": 0}}]"#),
                "tests/t.lua": lua.replacingOccurrences(of: "LAST", with: last).replacingOccurrences(of: replacing, with: by),
            ])
            let results = PackTests.run(try PackLoader.load(at: folder), standardRules: Support.standardRules)
            #expect(results.map(\.passed) == [true, false], "\(results.map(\.problems))")
            let text = try #require(results.last?.problems.first)
            return text.range(of: "/tests/").map { String(text[$0.upperBound...]) } ?? text
        }
        #expect(try second("") == "t.lua:7:41: error: test 'second': input event 2: 'selectEntity' takes no field 'ide' (did you mean 'id'?)")
        #expect(try second("", #"ide = "bell""#, by: "id = 2")
            == "t.lua:7:41: error: test 'second': input event 2: 'id' must be a string, found a number")
        #expect(try second(#"{ action = "select" },"#, "ide", by: "id")
            == "t.lua:8:7: error: test 'second': input event 3: missing field 't' (seconds since the start)")
    }
}
