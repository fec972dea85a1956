import EcholotTestSupport
import Foundation
import Testing

/// Hostile packs and input logs, generated from fixed seeds, through the real `echolot`
/// as a player runs it: every command ends with status 0, or 1 and stderr holding only
/// problems in the one form, one line each — never a trap, a trace or a hang.
@Suite struct GeneratedCommandTests {
    /// What is wrong with how `result` ended: a status other than 0 or 1, a line on stderr
    /// out of the form (a Swift trace among them), or silence about a failure.
    static func problems(of result: ProcessOutput) -> [String] {
        var found: [String] = []
        if ![0, 1].contains(result.status) { found.append("status \(result.status)") }
        var lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() } else if !lines.isEmpty { found.append("stderr does not end its last line") }
        if result.status == 1, lines.isEmpty { found.append("status 1 with nothing on stderr") }
        found += DiagnosticForm.problems(in: lines)
        return found
    }

    /// The tutorial with one level file, its manifest or its strings changed, validated.
    @Test func validateTellsEveryMutatedTutorialInTheOneForm() throws {
        let pack = try shippedPackCopy("tutorial", id: "tutorial-copy")
        let files = ["levels/first-sound.json", "levels/around-you.json", "pack.json", "strings/en.json"]
        for seed in UInt64(0)..<12 {
            var mutator = HostileMutator(seed: seed)
            let url = pack.appendingPathComponent(mutator.pick(files))
            let original = try [UInt8](Data(contentsOf: url))
            try Data(seed % 2 == 0 ? mutator.mutateBytes(original) : mutator.mutateJSON(original)).write(to: url)
            defer { try? Data(original).write(to: url) }
            let result = try echolot(["validate", pack.path])
            #expect(Self.problems(of: result).isEmpty, "seed \(seed): \(Self.problems(of: result))")
        }
    }

    /// The extremes named once, not left to chance: 100,000 brackets, a number past any
    /// double, a string of a megabyte, NUL and invalid UTF-8, a byte-order mark and CRLF.
    static let extremes: [[UInt8]] = [
        Array(String(repeating: "[", count: 100_000).utf8),
        Array(#"{"id": "first-sound", "name": "x", "seed": 1e309, "entities": []}"#.utf8),
        Array((#"{"id": "first-sound", "name": ""# + String(repeating: "n", count: 1 << 20) + #"", "entities": 7}"#).utf8),
        Array("{\"id\": \"first-sound\", \"name\": \"a\u{0}b\", \"entities\": []}".utf8),
        Array(#"{"id": "first-sound", "name": ""#.utf8) + [0xC0, 0xAF, 0xFF] + Array(#"", "entities": []}"#.utf8),
        [0xEF, 0xBB, 0xBF] + Array("{\r\n\"id\": \"first-sound\",\r\n\"name\": \"x\",\r\n\"entities\": 0,\r\n\"seed\": -0\r\n}\r\n".utf8),
    ]

    @Test(arguments: extremes.indices)
    func validateTellsAnExtremeLevelInTheOneForm(index: Int) throws {
        let pack = try shippedPackCopy("tutorial", id: "tutorial-copy")
        try Data(Self.extremes[index]).write(to: pack.appendingPathComponent("levels/first-sound.json"))
        let result = try echolot(["validate", pack.path])
        #expect(result.status == 1)
        #expect(Self.problems(of: result).isEmpty, "\(Self.problems(of: result))")
    }

    /// The tutorial's recorded log, changed, played by `run`: a log that reads plays, and
    /// one that does not is told line by line.
    @Test func runTellsEveryMutatedLogInTheOneForm() throws {
        let folder = try scratchFolder("generated")
        let original = try [UInt8](Data(contentsOf: repositoryRoot.appendingPathComponent("levels/tutorial/tests/logs/full-circle.jsonl")))
        for seed in UInt64(0)..<12 {
            var mutator = HostileMutator(seed: seed)
            let log = folder.appendingPathComponent("\(seed).jsonl")
            // Half changed as JSON one line at a time, so the log reads and its hostile
            // values reach the level.
            var lines = original.split(separator: 0x0A).map(Array.init)
            if seed % 2 == 0 {
                let i = mutator.below(lines.count)
                lines[i] = mutator.mutateJSON(lines[i])
            } else {
                lines = [mutator.mutateBytes(original)]
            }
            try Data(lines.joined(separator: [UInt8(0x0A)])).write(to: log)
            let result = try echolot(["run", "levels/tutorial", "--level", mutator.pick(["first-sound", "around-you"]),
                                      "--input", log.path, "--max-seconds", "30", "--json"])
            #expect(Self.problems(of: result).isEmpty, "seed \(seed): \(Self.problems(of: result))")
            if result.status == 0 { #expect(result.stdout.contains(#""stateHash""#), "seed \(seed)") }
        }
    }
}
