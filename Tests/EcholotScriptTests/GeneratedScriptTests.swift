import EcholotCore
import EcholotModel
import EcholotTestSupport
import Foundation
import Testing
@testable import EcholotScript

/// Broken and hostile variants of a goal script, generated from fixed seeds, through the
/// real Lua: each loads, or is refused with one problem in the one form; one that loads is
/// checked and played, and every error of its rules is one line of the form.
@Suite struct GeneratedScriptTests {
    /// The standard `find` goal, registered under a name of the pack's own.
    static let seed: [UInt8] = {
        let text = (try? String(contentsOf: Support.standardRules.appendingPathComponent("goals/find.lua"), encoding: .utf8)) ?? ""
        return Array(text.replacingOccurrences(of: "echolot.goal(\"find\"", with: "echolot.goal(\"seek\"").utf8)
    }()

    /// What is put into a script: a slip of syntax at a random place, literals no number
    /// or memory holds, and parentheses, tables and calls nested far past Lua's limits.
    static let insertions: [[UInt8]] = [
        "end", "function", "(", ")", "{", "}", "=", "..", "--[[", "]]", "'", "\"", "[[", "local", "return", "goto x",
        "::x::", "#", "~", "<const>", "<close>", "1e309", "-0x7fffffffffffffff - 1", "0x" + String(repeating: "f", count: 100),
        String(repeating: "9", count: 1_000), "[[" + String(repeating: "x", count: 100_000) + "]]",
        String(repeating: "(", count: 100_000) + "1" + String(repeating: ")", count: 100_000),
        "local t = " + String(repeating: "{", count: 100_000) + String(repeating: "}", count: 100_000),
        "local t = " + String(repeating: "{", count: 150) + String(repeating: "}", count: 150),
        "goal.deep = " + String(repeating: "{", count: 120) + String(repeating: "}", count: 120),
        String(repeating: "f(", count: 300) + String(repeating: ")", count: 300),
        "error(\"a\\nb\\u{202E}c\")", "error(string.rep('e', 100000))", "while true do end", "string.rep('x', 1e10)",
        "goal.state = 0/0", "goal.state = {}", "goal.x = function() end", "ctx.level.entities = nil",
        "echolot.goal('seek', {})", "echolot.goal(string.rep('g', 1e5), { on = {} })", "\0", "\u{FF}",
    ].map { Array($0.utf8) }

    /// A variant of the goal script: Lua slips put in, or the bytes mutated as any file is.
    static func variant(_ mutator: inout HostileMutator) -> [UInt8] {
        guard mutator.below(3) > 0 else { return mutator.mutateBytes(seed) }
        var bytes = seed
        for _ in 0...mutator.below(2) {
            bytes.insert(contentsOf: [0x20] + mutator.pick(insertions) + [0x20], at: mutator.below(bytes.count + 1))
        }
        return bytes
    }

    @Test func mutatedScriptsLoadOrAreToldInTheOneForm() throws {
        let source = ScriptSource(pack: "test", file: "scripts/seek.lua", displayPath: "scripts/seek.lua")
        var refused = 0
        for seed in UInt64(0)..<300 {
            var mutator = HostileMutator(seed: seed)
            let bytes = Self.variant(&mutator)
            do throws(ScriptError) {
                try ScriptEngine().loadScript(pack: "test", source: source, text: bytes)
            } catch {
                refused += 1
                let problems = DiagnosticForm.problems(in: [error.description])
                #expect(problems.isEmpty, "seed \(seed): \(problems)")
                #expect(error.description.hasPrefix("scripts/seek.lua:"), "seed \(seed): \(error.description)")
            }
        }
        // Both ways are taken: the variants are neither all harmless nor all broken.
        #expect((50...250).contains(refused), "\(refused) of 300 refused")
    }

    /// A variant that loads is checked against a level that uses it and played: a rule's
    /// failure on every tick is told once, in the one form, and the run ends.
    @Test func mutatedScriptsThatLoadAreCheckedAndPlayedWithoutATrap() throws {
        var played = 0
        for seed in UInt64(1_000)..<1_200 where played < 25 {
            var mutator = HostileMutator(seed: seed)
            let bytes = Self.variant(&mutator)
            guard (try? ScriptEngine().loadScript(pack: "test", source: ScriptSource(pack: "test", file: "s.lua", displayPath: "s.lua"),
                                                  text: bytes)) != nil else { continue }
            played += 1
            let folder = try Support.writePack(files: [
                "levels/one.json": Support.level(entities: [("bell", 0), ("bee", 90)], goals: #"[{"type": "seek", "entity": "bell"}]"#),
                "scripts/seek.lua": String(decoding: bytes, as: UTF8.self),
            ])
            let pack = try PackLoader.load(at: folder)
            switch PackRules.checked(pack, standardRules: Support.standardRules) {
            case let .failure(error):
                let problems = DiagnosticForm.problems(in: error.diagnostics.map(\.description))
                #expect(problems.isEmpty, "seed \(seed): \(problems)")
            case let .success(rules):
                let (result, _) = try Support.play(rules, level: "one", [(0.5, .face(90)), (1, .select), (1.5, .face(0)), (2, .select)],
                                                   maxSeconds: 3)
                let problems = DiagnosticForm.problems(in: result.errors)
                #expect(problems.isEmpty, "seed \(seed): \(problems)")
            }
        }
        #expect(played == 25)
    }
}
