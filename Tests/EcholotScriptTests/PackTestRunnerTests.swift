import EcholotCore
import EcholotModel
import Foundation
import Testing
@testable import EcholotScript

@Suite struct PackTestRunnerTests {
    @Test func tutorialTestsPass() throws {
        let pack = try PackLoader.load(at: Support.tutorial)
        let results = PackTests.run(pack, standardRules: Support.standardRules)
        #expect(results.count >= 11)
        for result in results where !result.passed {
            Issue.record("\(result.name): \(result.problems.joined(separator: "; "))")
        }
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
        #expect(result.problems.contains("expected outcome lost, got won"))
        #expect(result.problems.contains("expected score 7, got 1491"))
        #expect(result.problems.contains("expected 2 misses, got 0"))
        #expect(result.problems.contains { $0.hasPrefix("expected achievements [flawless]") })
    }

    @Test func aBrokenTestFileNamesItsProblem() throws {
        let folder = try Support.writePack(files: [
            "levels/one.json": Support.levelJSON(id: "one", entities: #"[{"id": "bell", "position": {"azimuth": 0}}]"#),
            "tests/typo.lua": #"return { level = "one", input = {}, expect = { outcom = "won" } }"#,
            "tests/syntax.lua": "return { level = ",
            "tests/nolevel.lua": #"return { level = "two", input = {}, expect = {} }"#,
        ])
        let pack = try PackLoader.load(at: folder)
        let results = PackTests.run(pack, standardRules: Support.standardRules)
        #expect(results.count == 3)
        let problems = results.flatMap(\.problems).joined(separator: "\n")
        #expect(problems.contains("unknown expectation 'outcom'"))
        #expect(problems.contains("syntax.lua:1:1: error:"))
        #expect(problems.contains("no level 'two'"))
    }
}
