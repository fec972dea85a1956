import EcholotCore
import EcholotModel
import Foundation
import Testing
@testable import EcholotScript

@Suite struct PackTestRunnerTests {
    /// The results of the tests in `file` (under `tests/`), run against one level `one`
    /// with a bell straight ahead.
    func results(of file: String, _ text: String) throws -> [PackTestResult] {
        let folder = try Support.writePack(files: [
            "levels/one.json": Support.levelJSON(id: "one", entities: #"[{"id": "bell", "position": {"azimuth": 0}}]"#),
            "tests/\(file)": text,
        ])
        return PackTests.run(try PackLoader.load(at: folder), standardRules: Support.standardRules)
    }

    @Test func tutorialTestsPass() throws {
        let pack = try PackLoader.load(at: Support.tutorial)
        let results = PackTests.run(pack, standardRules: Support.standardRules)
        #expect(results.count >= 11)
        for result in results where !result.passed {
            Issue.record("\(result.name): \(result.problems.joined(separator: "; "))")
        }
    }

    /// A test file that returns something no test can hold is told where the text writes
    /// the value, and of several such values the first in `pairs` order, as the state's own
    /// check tells them: Lua's order of string keys, which the conversion followed, changes
    /// from run to run.
    @Test func aTestFileReturningWhatCannotBeReadIsToldWhere() throws {
        let odd = try results(of: "odd.lua", """
            return { { level = "one", input = {}, expect = { outcome = "won" },
                       note = function() end, other = print, more = coroutine.create(print) } }
            """)
        let problems = odd.flatMap(\.problems)
        #expect(problems.count == 1)
        #expect(problems.first?.hasSuffix("/tests/odd.lua:2:57: error: what the file returns cannot be read: at [1].more, "
            + "a thread value cannot be stored in the state (pack 'test')") == true, "\(problems)")
        // Nothing at all is a value: the tests' own reader says what a test is, and that
        // the file returned nothing.
        let nothing = try results(of: "nothing.lua", "local x = 1").flatMap(\.problems)
        #expect(nothing.first?.hasSuffix("/tests/nothing.lua:1:1: error: a test is a table with level, input and expect, "
            + "found nil (the file returns nothing: write `return { … }`)") == true, "\(nothing)")
        // An empty table holds no test, as a list or as one: told so once, not as a test
        // missing its level and its expect.
        let empty = try results(of: "empty.lua", "return {}").flatMap(\.problems)
        #expect(empty.count == 1, "\(empty)")
        #expect(empty.first?.hasSuffix("/tests/empty.lua:1:1: error: the file returns an empty table: return a test, "
            + "{ level = …, input = …, expect = … }, or a list of them") == true, "\(empty)")
    }

    @Test func aMismatchIsReported() throws {
        let folder = try Support.writePack(files: [
            "levels/one.json": Support.levelJSON(id: "one", entities: #"[{"id": "bell", "position": {"azimuth": 0}}]"#,
                                                 goals: #"[{"type": "find", "entity": "bell"}]"#,
                                                 scoring: #"{"type": "standard"}"#),
            "tests/wrong.lua": """
                return { level = "one", input = { { t = 1, action = "select" } },
                         expect = { outcome = "lost", score = 7, misses = 2, achievements = { "flawless" } } }
                """,
        ])
        let pack = try PackLoader.load(at: folder)
        let results = PackTests.run(pack, standardRules: Support.standardRules)
        let result = try #require(results.first)
        #expect(!result.passed)
        // Each at its field in `expect`, where an editor jumps to.
        #expect(result.problems.contains { $0.hasSuffix("tests/wrong.lua:2:21: error: expected outcome lost, got won") }, "\(result.problems)")
        #expect(result.problems.contains { $0.hasSuffix("tests/wrong.lua:2:39: error: expected score 7, got 1491") })
        #expect(result.problems.contains { $0.hasSuffix("tests/wrong.lua:2:50: error: expected 2 misses, got 0") })
        #expect(result.problems.contains { $0.contains("tests/wrong.lua:2:62: error: expected achievements [flawless]") })
    }

    /// Each test starts from the scripts as loaded, as running it alone would: a goal
    /// that counts levels (and its own checks) in a file's local is met in every test, not
    /// only the first — validation and the test file run in another Lua state.
    @Test func testsDoNotSeeWhatEarlierTestsLeftInTheScripts() throws {
        let folder = try Support.writePack(files: [
            "levels/one.json": Support.levelJSON(id: "one", entities: #"[{"id": "bell", "position": {"azimuth": 0}}]"#,
                                                 goals: #"[{"type": "firstOnly"}]"#),
            "scripts/first.lua": """
                local levels = 0
                echolot.goal("firstOnly", { check = function() levels = levels + 1 end, on = {
                  ["level.started"] = function(goal) levels = levels + 1 end,
                  tick = function(goal) goal.state = levels == 1 and "met" or "failed" end,
                } })
                """,
            "tests/twice.lua": """
                return {
                  { name = "first", level = "one", input = {}, maxSeconds = 1, expect = { outcome = "won" } },
                  { name = "second", level = "one", input = {}, maxSeconds = 1, expect = { outcome = "won" } },
                }
                """,
        ])
        let results = PackTests.run(try PackLoader.load(at: folder), standardRules: Support.standardRules)
        #expect(results.count == 2)
        for result in results where !result.passed {
            Issue.record("\(result.name): \(result.problems.joined(separator: "; "))")
        }
    }

    @Test func aBrokenTestFileNamesItsProblem() throws {
        let folder = try Support.writePack(files: [
            "levels/one.json": Support.levelJSON(id: "one", entities: #"[{"id": "bell", "position": {"azimuth": 0}}]"#),
            "tests/typo.lua": #"return { level = "one", input = {}, expect = { outcom = "won" } }"#,
            "tests/empty.lua": #"return { level = "one", input = {}, expect = {} }"#,
            "tests/syntax.lua": "return { level = ",
            "tests/nolevel.lua": #"return { level = "two", input = {}, expect = { outcome = "won" } }"#,
            "tests/win.lua": #"return { level = "one", input = {}, expect = { outcome = "win" } }"#,
        ])
        let pack = try PackLoader.load(at: folder)
        let results = PackTests.run(pack, standardRules: Support.standardRules)
        #expect(results.count == 5)
        let problems = results.flatMap(\.problems).joined(separator: "\n")
        #expect(problems.contains("unknown expectation 'outcom'"))
        #expect(problems.contains("empty.lua:1:37: error: 'expect' checks nothing: give at least one of outcome, score,"), "\(problems)")
        #expect(problems.contains("syntax.lua:1:17: error: unexpected symbol near <eof>"), "\(problems)")
        #expect(problems.contains("nolevel.lua:1:10: error: pack 'test' has no level 'two'"), "at its field: \(problems)")
        #expect(problems.contains("; its levels are: one"), "\(problems)")
        #expect(problems.contains(#"win.lua:1:48: error: expect.outcome must be "won", "lost" or "running" (did you mean 'won'?)"#), "\(problems)")
    }

    /// A test named with 10,000 characters, or given a field of 10,000, was named whole
    /// in its problem: both are cut.
    @Test func aLongTestNameOrFieldIsCut() throws {
        let long = String(repeating: "n", count: 10_000)
        let results = try results(of: "long.lua", """
            return {
              { name = "\(long)", level = "one", input = {}, expect = { outcom = "won" } },
              { name = "short", level = "one", ["\(long)"] = 1, input = {}, expect = { outcome = "won" } },
            }
            """)
        let cut = "'\(String(repeating: "n", count: 60))…'"
        #expect(results.map { $0.problems.count } == [1, 1])
        #expect(results.first?.problems.first?.hasSuffix("error: test \(cut): unknown expectation 'outcom' "
            + "(did you mean 'outcome'?)") == true, "\(results.first?.problems ?? [])")
        #expect(results.last?.problems.first?.hasSuffix("error: test 'short': unknown field \(cut) "
            + "(a test has: level, input, expect, name, maxSeconds, earnedBefore, progressBefore)") == true, "\(results.last?.problems ?? [])")
    }

    /// A broken input log is told as the log's own problem, at its line, once; a test
    /// without a level says what is missing.
    @Test func aBrokenInputLogIsToldAtItsOwnLine() throws {
        let folder = try Support.writePack(files: [
            "levels/one.json": Support.levelJSON(id: "one", entities: #"[{"id": "bell", "position": {"azimuth": 0}}]"#),
            "tests/late.lua": #"return { { name = "late", level = "one", input = "late.jsonl", expect = {misses=0} }, { input = {}, expect = {} } }"#,
            "tests/late.jsonl": #"{"t": 1, "action": "ende"}"# + "\n",
        ])
        let results = PackTests.run(try PackLoader.load(at: folder), standardRules: Support.standardRules)
        #expect(results.count == 2)
        let late = try #require(results.first)
        // The test file's line names the log; the log's own problem follows, unwrapped.
        #expect(late.problems.count == 2)
        #expect(late.problems.first?.contains("/tests/late.lua:1:"
            + "\(#"return { { name = "late", level = "one", "#.count + 1): error: test 'late': the input log 'late.jsonl' does not read") == true,
                "\(late.problems)")
        #expect(late.problems.last?.contains("/tests/late.jsonl:1:20: error: unknown action 'ende' (did you mean 'end'?)") == true,
                "\(late.problems)")
        #expect(late.problems.last?.contains("late.lua") == false, "not wrapped in the test file's own line")
        #expect(results.last?.problems.first?.contains("test 2: missing 'level', the id of the level to play") == true,
                "\(results.last?.problems ?? [])")
    }

    /// An input log that is not there is the test file's problem: one line, at the test's
    /// `input`; a test without `expect` is placed at its name, not at the file's first line.
    @Test func aMissingInputLogIsOneLineAtTheTestsInput() throws {
        let results = try results(of: "gone.lua", """
            return {
              { name = "gone", level = "one",
                input = "gone.jsonl", expect = { outcome = "won" } },
              { name = "open", level = "one", input = {} },
            }
            """)
        let gone = try #require(results.first { $0.name == "gone" })
        #expect(gone.problems.count == 1, "\(gone.problems)")
        #expect(gone.problems.first?.hasSuffix("/tests/gone.lua:3:5: error: test 'gone': the input log 'gone.jsonl' cannot be read: no such file") == true,
                "\(gone.problems)")
        let open = try #require(results.first { $0.name == "open" })
        #expect(open.problems.first?.contains("/tests/gone.lua:4:12: error: test 'open':") == true, "\(open.problems)")
    }

    /// An `input` that names a file outside the pack, or is neither a list nor a file name,
    /// is placed at the test's `input` too, as a missing log is.
    @Test func aWrongInputIsPlacedAtTheTestsInput() throws {
        let results = try results(of: "wrong.lua", """
            return {
              { name = "outside", level = "one",
                input = "../../elsewhere.jsonl", expect = { outcome = "won" } },
              { name = "number", level = "one",
                  input = 3, expect = { outcome = "won" } },
            }
            """)
        let outside = try #require(results.first { $0.name == "outside" })
        #expect(outside.problems.first?.hasSuffix(
            "/tests/wrong.lua:3:5: error: test 'outside': input file '../../elsewhere.jsonl' must be inside the pack") == true,
            "\(outside.problems)")
        let number = try #require(results.first { $0.name == "number" })
        #expect(number.problems.first?.hasSuffix(
            "/tests/wrong.lua:5:7: error: test 'number': 'input' must be a list of events or the name of a .jsonl file, found number") == true,
            "\(number.problems)")
    }

    /// A test written wrong fails under its own name; the file's other tests still run.
    @Test func aWrongTestDoesNotStopTheOthersInItsFile() throws {
        let folder = try Support.writePack(files: [
            "levels/one.json": Support.levelJSON(id: "one", entities: #"[{"id": "bell", "position": {"azimuth": 0}}]"#,
                                                 goals: #"[{"type": "find", "entity": "bell"}]"#),
            "tests/two.lua": """
                return {
                  { name = "typo", level = "one", input = {}, expect = { outcom = "won" } },
                  { name = "fine", level = "one", input = { { t = 1, action = "select" } }, expect = { outcome = "won" } },
                }
                """,
        ])
        let pack = try PackLoader.load(at: folder)
        let results = PackTests.run(pack, standardRules: Support.standardRules)
        #expect(results.map(\.name) == ["typo", "fine"])
        #expect(results.map(\.passed) == [false, true])
        #expect(results.first?.problems.first?.contains("test 'typo': unknown expectation 'outcom'") == true)
        // A Lua table keeps no positions; the field is found in the text, in its test.
        let line = "  { name = \"typo\", level = \"one\", input = {}, expect = { outcom = \"won\" } },"
        let column = line.distance(from: line.startIndex, to: line.range(of: "outcom")!.lowerBound) + 1
        #expect(results.first?.problems.first?.contains("two.lua:2:\(column): error:") == true, "\(results.first?.problems ?? [])")
    }

    /// A level the pack does not have is one of the test's problems, told at `level` and
    /// named as its others are, in the same run as a misspelt expectation or input event:
    /// found only when the test played, it waited until they were fixed.
    @Test func anUnknownLevelIsToldWithTheTestsOtherProblems() throws {
        let results = try results(of: "odd.lua", """
            return {
              { name = "typo2", level = "oen", input = {}, expect = { outcom = "won" } },
              { name = "event", level = "two", input = { { t = 1, action = "selet" } }, expect = { outcome = "won" } },
            }
            """)
        #expect(results.map { $0.problems.map { $0.components(separatedBy: "/tests/").last ?? $0 } } == [
            ["odd.lua:2:21: error: test 'typo2': pack 'test' has no level 'oen' (did you mean 'one'?)",
             "odd.lua:2:59: error: test 'typo2': unknown expectation 'outcom' (did you mean 'outcome'?)"],
            ["odd.lua:3:21: error: test 'event': pack 'test' has no level 'two'; its levels are: one",
             "odd.lua:3:55: error: test 'event': input event 1: unknown action 'selet' (did you mean 'select'?)"],
        ])
    }

    /// A field is looked for after its test's name, so the same field of an earlier test is
    /// not taken for it; a word that merely ends in the field's name is not it either.
    @Test func aProblemsFieldIsFoundInItsOwnTest() {
        let text = """
            return {
              { name = "first", sublevel = 1, level = "one", input = {}, expect = {} },
              { name = "second", level = 5, input = {}, expect = {} },
            }
            """
        let data = Array(text.utf8)
        let second = PackTests.position(of: "level", after: "second", in: data)
        #expect(second == SourcePosition(line: 3, column: 22))
        let first = PackTests.position(of: "level", after: nil, in: data)
        #expect(first == SourcePosition(line: 2, column: 35), "not the sublevel before it")
        #expect(PackTests.position(of: "nowhere", after: "first", in: data) == SourcePosition(line: 2, column: 12),
                "a field the test lacks is placed at its name")
        #expect(PackTests.position(of: "sublevel", after: "second", in: data) == SourcePosition(line: 3, column: 12),
                "not at another test's field")
        #expect(PackTests.position(of: "level", after: "third", in: data) == .start, "a name not in the text")
    }

    /// An unnamed test among others is placed by its item in the file's list: its own
    /// fields and events, not another test's, and not the file's start.
    @Test func anUnnamedTestIsFoundByItsPlaceInTheList() {
        let text = """
            local helper = { { level = "x" } }
            return {
              { level = "one", input = { { t = 1, action = "select" } }, expect = { outcome = "won" } },
              { level = "two", expect = { outcom = "lost" },
                input = { { t = 1, action = "turnTo" }, { t = 2, action = "selectEntity", id = "x" } } },
            }
            """
        let data = Array(text.utf8)
        #expect(PackTests.position(of: "level", after: nil, item: (2, of: 2), in: data) == SourcePosition(line: 4, column: 5))
        #expect(PackTests.position(of: "outcom", after: nil, item: (2, of: 2), in: data) == SourcePosition(line: 4, column: 31))
        #expect(PackTests.position(of: "maxSeconds", after: nil, item: (1, of: 2), in: data) == SourcePosition(line: 3, column: 3),
                "a field the test lacks is placed at its table, not in a list of another length")
        let event = PackTestReader.Problem(message: "", field: "id", event: 2)
        #expect(PackTests.position(of: event, after: nil, item: (2, of: 2), in: data) == SourcePosition(line: 5, column: 79))
        #expect(PackTests.position(of: "level", after: nil, item: (3, of: 3), in: data) == .start, "no list of three")
    }

    /// A test of a level that does not check against the rules is not played: its
    /// problems are told, as `echolot run` tells them, instead of an outcome that never comes.
    @Test func aLevelTheRulesRefuseFailsWithItsProblems() throws {
        let folder = try Support.writePack(files: [
            "levels/one.json": Support.levelJSON(id: "one", entities: #"[{"id": "bell", "position": {"azimuth": 0}}]"#,
                                                 goals: #"[{"type": "fnd", "entity": "bell"}]"#),
            "tests/one.lua": #"return { level = "one", input = { { t = 1, action = "select" } }, expect = { outcome = "won" } }"#,
        ])
        let pack = try PackLoader.load(at: folder)
        let result = try #require(PackTests.run(pack, standardRules: Support.standardRules).first)
        #expect(!result.passed)
        #expect(result.result == nil, "the level was not played")
        #expect(result.problems.count == 1)
        #expect(result.problems.first?.contains("levels/one.json:1:") == true)
        #expect(result.problems.first?.contains("'fnd'") == true)
    }

    /// A rule that fails on every tick is told once, with its count, and as the script
    /// error it is (`path:line:1: error: …`), not wrapped in the store's words. A log that
    /// ends as the clock's standstill reaches a second is not told it was cut.
    @Test func aRuleFailingEveryTickIsToldOnceWithItsCount() throws {
        let folder = try Support.writePack(files: [
            "levels/one.json": Support.levelJSON(id: "one", entities: #"[{"id": "bell", "position": {"azimuth": 0}}]"#,
                                                 goals: #"[{"type": "broken"}]"#),
            "scripts/broken.lua": """
                echolot.goal("broken", {
                  on = { tick = function(goal, action, ctx)
                    error("no good")
                  end },
                })
                """,
            "tests/one.lua": #"return { level = "one", input = { { t = 1, action = "end" } }, expect = { outcome = "running" } }"#,
        ])
        let pack = try PackLoader.load(at: folder)
        let result = try #require(PackTests.run(pack, standardRules: Support.standardRules).first)
        #expect(result.problems.count == 1)
        let problem = try #require(result.problems.first)
        #expect(problem.contains("scripts/broken.lua:3:5: error:"), "at its error call: \(problem)")
        #expect(problem.contains("no good"))
        #expect(problem.hasSuffix("(60 times)"))
        #expect(!problem.contains("rejected action"))
    }

    /// A rule that fails on every tick freezes its level's clock: the test stops after a
    /// second of such ticks, not at its cap (a rule out of budget on each of 36,000 ticks
    /// kept `echolot test` busy for minutes), says why where the test's input is, and tells
    /// the expectations that then fail as one line after the error, not as mistakes of their own.
    @Test func aRuleFailingEveryTickStopsTheTestAfterASecond() throws {
        let folder = try Support.writePack(files: [
            "levels/one.json": Support.levelJSON(id: "one", entities: #"[{"id": "bell", "position": {"azimuth": 0}}]"#,
                                                 goals: #"[{"type": "broken"}]"#),
            "scripts/broken.lua": """
                echolot.goal("broken", {
                  on = { tick = function(goal, action, ctx)
                    error("no good")
                  end },
                })
                """,
            "tests/one.lua": """
                return { level = "one",
                  input = { { t = 300, action = "select" } },
                  expect = { outcome = "won", misses = 0, found = { "bell" } } }
                """,
        ])
        let pack = try PackLoader.load(at: folder)
        let result = try #require(PackTests.run(pack, standardRules: Support.standardRules).first)
        #expect(result.result?.stalledAt == 1, "\(result.problems)")
        #expect(result.problems.count == 3, "\(result.problems)")
        #expect(result.problems.first?.hasSuffix("no good (pack 'test', goal 'broken', action 'tick') (60 times)") == true,
                "\(result.problems)")
        #expect(result.problems.dropFirst().first?.hasSuffix("tests/one.lua:2:3: error: stopped at 1.00 s of the input: "
            + "the level's clock had not moved for 60 ticks, each failing on the error above") == true, "\(result.problems)")
        #expect(result.problems.last?.hasSuffix("tests/one.lua:3:14: error: after the error above, 2 expectations did not hold: "
            + "expected outcome won, got running: goal 'broken' still pending; expected found [bell], got []") == true, "\(result.problems)")
    }

    /// A level whose ticks fail only for a while is played on: the clock moves again.
    @Test func aRuleFailingForAWhileDoesNotStopTheTest() throws {
        let folder = try Support.writePack(files: [
            "levels/one.json": Support.levelJSON(id: "one", entities: #"[{"id": "bell", "position": {"azimuth": 0}}]"#,
                                                 goals: #"[{"type": "find", "entity": "bell"}, {"type": "moody"}]"#),
            "scripts/moody.lua": """
                local calls = 0
                echolot.goal("moody", {
                  on = {
                    tick = function(goal, action, ctx)
                      calls = calls + 1
                      if calls <= 59 then error("not yet") end
                      goal.state = "met"
                    end,
                  },
                })
                """,
            "tests/one.lua": #"return { level = "one", input = { { t = 30, action = "select" } }, expect = { outcome = "won" } }"#,
        ])
        let pack = try PackLoader.load(at: folder)
        let result = try #require(PackTests.run(pack, standardRules: Support.standardRules).first)
        #expect(result.result?.stalledAt == nil)
        #expect(result.result?.outcome == .won, "\(result.problems)")
        #expect(result.problems.count == 1, "\(result.problems)")
        #expect(result.problems.first?.hasSuffix("not yet (pack 'test', goal 'moody', action 'tick') (59 times)") == true,
                "\(result.problems)")
    }

    /// An input written inline has no lines of its own to name: a rule failing on one of
    /// its events names the event, counted as the test file's own messages count them.
    @Test func aRuleFailingOnAnInlineInputNamesTheEvent() throws {
        let folder = try Support.writePack(files: [
            "levels/one.json": Support.levelJSON(id: "one", entities: #"[{"id": "bell", "position": {"azimuth": 0}}]"#,
                                                 goals: #"[{"type": "picky"}]"#),
            "scripts/picky.lua": """
                echolot.goal("picky", {
                  on = { ["entity.selected"] = function(goal, action, ctx)
                    error("no selecting")
                  end },
                })
                """,
            "tests/one.lua": """
                return { level = "one", expect = { outcome = "running" },
                         input = { { t = 1, action = "turnTo", azimuth = 10 }, { t = 2, action = "selectEntity", id = "bell" },
                                   { t = 3, action = "end" } } }
                """,
        ])
        let pack = try PackLoader.load(at: folder)
        let result = try #require(PackTests.run(pack, standardRules: Support.standardRules).first)
        #expect(result.problems.count == 1)
        let problem = try #require(result.problems.first)
        #expect(problem.contains("scripts/picky.lua:3:5: error:") && problem.contains("no selecting"), "\(problem)")
        #expect(problem.hasSuffix("(input event 2)"), "\(problem)")
    }

    /// An inline event the level itself refuses is told at that event in the test file,
    /// named as a test written wrong is; one of a `.jsonl` file, at its line there.
    @Test func anInputTheLevelRefusesIsToldAtItsEvent() throws {
        let folder = try Support.writePack(files: [
            "levels/one.json": Support.levelJSON(id: "one", entities: #"[{"id": "bell", "position": {"azimuth": 0}}]"#),
            "tests/one.lua": """
                return {
                  { name = "inline", level = "one", expect = { outcome = "running" },
                    input = { { t = 1, action = "turnTo", azimuth = 10 },
                              { t = 2, action = "selectEntity", id = "nope" } } },
                  { name = "file", level = "one", expect = { outcome = "running" }, input = "bad.jsonl" },
                }
                """,
            "tests/bad.jsonl": #"{"t": 1, "action": "selectEntity", "id": "nope"}"# + "\n",
        ])
        let pack = try PackLoader.load(at: folder)
        let results = PackTests.run(pack, standardRules: Support.standardRules)
        let file = DisplayPath.of(folder.appendingPathComponent("tests/one.lua"))
        #expect(results.map(\.problems) == [
            ["\(file):4:15: error: test 'inline': input event 2: there is no entity 'nope' in level 'one'"],
            ["\(DisplayPath.of(folder.appendingPathComponent("tests/bad.jsonl"))):1:1: error: there is no entity 'nope' in level 'one'"],
        ])
    }

    /// A rule printing on every tick keeps the last 1,000 lines, after a note of how many
    /// came before them.
    @Test func printedLinesAreCappedWithANote() throws {
        let folder = try Support.writePack(files: [
            "levels/one.json": Support.levelJSON(id: "one", entities: #"[{"id": "bell", "position": {"azimuth": 0}}]"#),
            "scripts/chatty.lua": #"echolot.reducer({ on = { tick = function(level, action, ctx) print("tick") end } })"#,
            "tests/one.lua": #"return { level = "one", input = { { t = 30, action = "end" } }, expect = { outcome = "running" } }"#,
        ])
        let pack = try PackLoader.load(at: folder)
        let result = try #require(PackTests.run(pack, standardRules: Support.standardRules).first)
        #expect(result.printed.count == PrintedLines.limit + 1)
        #expect(result.printed.first == "(800 earlier lines not kept)", "\(result.printed.prefix(2))")
        #expect(result.printed.last == "tick")
    }

    /// What the scripts print while they load is shown once, before the tests; what the
    /// test file prints, under its first test: neither is dropped (a modder's `print`
    /// while looking for a bug must come out).
    @Test func printsWhileLoadingAndReadingTheTestFileAreShown() throws {
        let folder = try Support.writePack(files: [
            "levels/one.json": Support.levelJSON(id: "one", entities: #"[{"id": "bell", "position": {"azimuth": 0}}]"#),
            "scripts/a.lua": #"print("loading a")"#,
            "tests/one.lua": """
                print("reading the test")
                return {
                  { name = "first", level = "one", input = {}, expect = { outcome = "running" } },
                  { name = "second", level = "one", input = {}, expect = { outcome = "running" } },
                }
                """,
        ])
        var loading: [String] = []
        let results = PackTests.run(try PackLoader.load(at: folder), standardRules: Support.standardRules,
                                    loadingPrinted: { loading.append($0) })
        #expect(loading == ["loading a"])
        #expect(results.map(\.printed) == [["reading the test"], []], "once, and not the loading again")
    }
}

/// What scripts print is kept under one cap, wherever it waits: in the engine until it is
/// taken, and in a pack test's report.
@Suite struct PrintedLinesTests {
    /// The engine kept the last 1,000 lines a script printed while loading and said nothing
    /// of the rest: `echolot test` showed them as if they were all.
    @Test func theEngineKeepsTheLastLinesWithANote() throws {
        let engine = try Support.engine(["chatty.lua": "for i = 1, 2500 do print(i) end"])
        let output = engine.output
        #expect(output.count == PrintedLines.limit + 1)
        #expect(output.first == "(1500 earlier lines not kept)")
        #expect(output.dropFirst().first == "1501")
        #expect(output.last == "2500")
        #expect(engine.takeOutput() == output)
        #expect(engine.output.isEmpty)
    }

    /// What a test file printed while it was read comes under its first test: the lines the
    /// engine let go of before the test took them are counted in the note too.
    @Test func aTestsNoteCountsWhatTheEngineLetGo() throws {
        let folder = try Support.writePack(files: [
            "levels/one.json": Support.levelJSON(id: "one", entities: #"[{"id": "bell", "position": {"azimuth": 0}}]"#),
            "scripts/chatty.lua": #"echolot.reducer({ on = { tick = function(level, action, ctx) print("tick") end } })"#,
            "tests/one.lua": """
                for i = 1, 1500 do print("reading", i) end
                return { level = "one", input = { { t = 30, action = "end" } }, expect = { outcome = "running" } }
                """,
        ])
        let pack = try PackLoader.load(at: folder)
        let result = try #require(PackTests.run(pack, standardRules: Support.standardRules).first)
        // 1,500 lines read, 1,800 ticks: the last 1,000 ticks are kept.
        #expect(result.printed.count == PrintedLines.limit + 1)
        #expect(result.printed.first == "(2300 earlier lines not kept)", "\(result.printed.prefix(2))")
        #expect(result.printed.last == "tick")
    }

    /// Lines are let go in batches, not one at a time from the front: across the many
    /// batches of a million lines, the last thousand are kept and every other one counted.
    @Test func aMillionLinesKeepTheLastThousandAndCountTheRest() {
        var lines = PrintedLines()
        for i in 1...1_000_000 { lines.append(String(i)) }
        let kept = lines.lines
        #expect(kept.count == PrintedLines.limit + 1)
        #expect(kept.first == "(999000 earlier lines not kept)")
        #expect(kept.last == "1000000")
    }
}

/// The results of the pack tests of a pack whose level `one` has a bell to find: `script`
/// is its `scripts/<name>.lua`, and `tests/<name>.lua` a test selecting once with `test`'s
/// fields besides.
private func oneBellResults(_ name: String, script: String, test: String) throws -> [PackTestResult] {
    let folder = try Support.writePack(files: [
        "levels/one.json": Support.levelJSON(id: "one", entities: #"[{"id": "bell", "position": {"azimuth": 0}}]"#,
                                             goals: #"[{"type": "find", "entity": "bell"}]"#),
        "scripts/\(name).lua": script,
        "tests/\(name).lua": "return { level = \"one\", input = { { t = 1, action = \"select\" } },\n" + test + " }",
    ])
    return PackTests.run(try PackLoader.load(at: folder), standardRules: Support.standardRules)
}

/// A pack test's `earnedBefore` starts its level with achievements, as a player's profile
/// does: a rule that reads them can be tested for a player who has them.
@Suite struct PackTestEarnedBeforeTests {
    /// The results of `test` (the body of a `tests/veteran.lua` table), in a pack whose
    /// `veteran` achievement is earned as a level starts for a player who has `firstWin`.
    func results(_ test: String) throws -> [PackTestResult] {
        try oneBellResults("veteran", script: """
            echolot.achievement("veteran", { on = { ["level.started"] = function(progress, action, ctx)
              local earned = ctx.game.achievements
              if earned and earned.firstWin then progress.earned = true end
            end } })
            """, test: test)
    }

    @Test func theLevelStartsWithTheAchievementsNamed() throws {
        let earned = try #require(try results(#"earnedBefore = { "firstWin" }, expect = { outcome = "won", achievements = { "veteran", "flawless", "quickEar" } }"#).first)
        #expect(earned.passed, "\(earned.problems)")
        // Earned before, firstWin is not earned again, and is not among those of the run.
        #expect(earned.result?.earnedBefore == ["firstWin"])
        #expect(earned.result?.achievements == ["flawless", "quickEar", "veteran"])
        // Expected as earned in the run, one the level started with is told as such.
        let expectedAgain = try #require(try results(#"earnedBefore = { "firstWin" }, expect = { achievements = { "firstWin", "veteran", "flawless", "quickEar" } }"#).first)
        #expect(expectedAgain.problems.first?.hasSuffix("expected achievements [firstWin, flawless, quickEar, veteran], got "
            + "[flawless, quickEar, veteran] (firstWin was earned before the level, by earnedBefore; achievements lists only "
            + "those earned in the run)") == true, "\(expectedAgain.problems)")
        // Without it, the level starts with none.
        let fresh = try #require(try results(#"expect = { outcome = "won", achievements = { "firstWin", "flawless", "quickEar" } }"#).first)
        #expect(fresh.passed, "\(fresh.problems)")
    }

    /// A misspelt achievement would start the level without it, and the test would check
    /// nothing: it is told at the field, with the one meant, and the level is not played.
    /// One no script of the pack registers but no slip of one is taken.
    @Test func anAchievementNoScriptRegistersIsToldWithTheOneMeant() throws {
        let misspelt = try #require(try results(#"earnedBefore = { "frstWin" }, expect = { outcome = "won" }"#).first)
        #expect(!misspelt.passed)
        #expect(misspelt.result == nil, "the level was not played")
        #expect(misspelt.problems.count == 1)
        #expect(misspelt.problems.first?.hasSuffix("tests/veteran.lua:2:1: error: 'earnedBefore': no script registers an "
            + "achievement 'frstWin' (did you mean 'firstWin'?)") == true, "\(misspelt.problems)")
        // One of another pack (achievements are global) is far from any of this pack's: taken.
        let other = try #require(try results(#"earnedBefore = { "otherPack.champion" }, expect = { outcome = "won" }"#).first)
        #expect(other.passed, "\(other.problems)")
        #expect(other.result?.earnedBefore == ["otherPack.champion"])
        let text = try #require(try results(#"earnedBefore = "firstWin", expect = { outcome = "won" }"#).first)
        #expect(text.problems.first?.hasSuffix("tests/veteran.lua:2:1: error: 'earnedBefore' must be a list of achievement ids, "
            + "found string") == true, "\(text.problems)")
    }
}

/// A pack test's `progressBefore` starts its level with progress records of achievements not
/// earned, as a player's profile does (FAA#31): an achievement counting wins across levels
/// can be tested at its last step.
@Suite struct PackTestProgressBeforeTests {
    /// The results of `test` (the body of a `tests/wins.lua` table), in a pack whose
    /// `myPack.threeWins` counts the levels won and is earned at the third.
    func results(_ test: String) throws -> [PackTestResult] {
        try oneBellResults("wins", script: """
            echolot.achievement("myPack.threeWins", { on = { ["level.won"] = function(progress, action, ctx)
              progress.wins = (progress.wins or 0) + 1
              if progress.wins >= 3 then progress.earned = true end
            end } })
            """, test: test)
    }

    @Test func theLevelStartsWithTheProgressGiven() throws {
        let third = try #require(try results(#"progressBefore = { ["myPack.threeWins"] = { wins = 2 } }, expect = { achievements = { "myPack.threeWins", "firstWin", "flawless", "quickEar" } }"#).first)
        #expect(third.passed, "\(third.problems)")
        // Without it, the first win counts one.
        let first = try #require(try results(#"expect = { achievements = { "firstWin", "flawless", "quickEar" } }"#).first)
        #expect(first.passed, "\(first.problems)")
        #expect(first.result?.unearnedProgress["myPack.threeWins"]?["wins"] == .int(1))
    }

    @Test func aSlipOfARegisteredAchievementIsToldWithTheOneMeant() throws {
        let misspelt = try #require(try results(#"progressBefore = { ["myPack.threeWin"] = { wins = 2 } }, expect = { outcome = "won" }"#).first)
        #expect(misspelt.result == nil, "the level was not played")
        #expect(misspelt.problems.first?.hasSuffix("tests/wins.lua:2:1: error: 'progressBefore': no script registers an "
            + "achievement 'myPack.threeWin' (did you mean 'myPack.threeWins'?)") == true, "\(misspelt.problems)")
        let list = try #require(try results(#"progressBefore = { "myPack.threeWins" }, expect = { outcome = "won" }"#).first)
        #expect(list.result == nil)
        #expect(list.problems.first?.contains("'progressBefore' must be a table of achievement id → progress record") == true,
                "\(list.problems)")
        // Which kind of table: "a table … found table" would contradict itself.
        #expect(list.problems.first?.hasSuffix("found a list (give each record under its achievement id)") == true,
                "\(list.problems)")
        let listed = try #require(try results(#"progressBefore = { ["myPack.threeWins"] = { 2 } }, expect = { outcome = "won" }"#).first)
        #expect(listed.problems.first?.hasSuffix("the record of 'myPack.threeWins' must be a table of its fields, found a list "
            + "(a record names its fields: { wins = 2 })") == true, "\(listed.problems)")
    }
}
