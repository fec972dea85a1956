import EcholotTestSupport
import Foundation
import Testing

/// What `echolot validate` tells of a mistake in the goal script `echolot new pack` writes:
/// where it is, down to the column, and what was likely meant.
@Suite struct ScriptMistakeTests {
    /// `validate` on a new pack whose goal script has `original` replaced by `changed`.
    func validate(replacing original: String, with changed: String) throws -> ProcessOutput {
        try run("validate", replacing: original, with: changed)
    }

    /// `echolot <command> <pack>` on a new pack whose goal script has `original` replaced by `changed`.
    func run(_ command: String, replacing original: String, with changed: String, pack: String = "demo") throws -> ProcessOutput {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try echolot(["new", "pack", pack], in: folder).status == 0)
        let script = folder.appendingPathComponent("\(pack)/scripts/goals/quickFind.lua")
        let text = try String(contentsOf: script, encoding: .utf8)
        #expect(text.contains(original))
        try Data(text.replacingOccurrences(of: original, with: changed).utf8).write(to: script)
        return try echolot([command, pack], in: folder)
    }

    /// A misspelt registration function is told with the one `echolot` has.
    @Test func aMisspeltAPIFunctionNamesTheOneMeant() throws {
        let result = try validate(replacing: "echolot.goal(", with: "echolot.gaol(")
        #expect(result.status == 1)
        #expect(result.stderr == "demo/scripts/goals/quickFind.lua:7:1: error: attempt to call a nil value (field 'gaol') "
            + "(did you mean 'echolot.goal'?) (pack 'demo')\n", "\(result.stderr)")
    }

    /// A misspelt field of the goal's own entry, compared with the clock, is told with the
    /// field meant, at the column where the read starts, though Lua's message names no field.
    @Test func aMisspeltFieldOfTheGoalNamesTheOneMeant() throws {
        let result = try run("test", replacing: "ctx.time > ctx.params.seconds", with: "ctx.time > goal.secnods")
        #expect(result.status == 1)
        #expect(result.stderr.contains("demo/scripts/goals/quickFind.lua:24:49: error: attempt to compare nil with number "
            + "(goal.secnods is nil; did you mean 'goal.seconds'?) (pack 'demo', goal 'quickFind', action 'tick') (60 times)\n"),
                "\(result.stderr)")
    }

    /// The rule error docs/modding.md shows ("Limits and errors") is the line `echolot test`
    /// prints for the mistake it describes: it showed the line and column of an older
    /// message, with neither the read's column nor the field meant.
    @Test func theGuidesRuleErrorIsWhatTestTells() throws {
        let guide = try String(contentsOf: repositoryRoot.appendingPathComponent("docs/modding.md"), encoding: .utf8)
        let shown = guide.split(separator: "\n").filter { $0.hasPrefix("my-pack/scripts/goals/quickFind.lua:") }
        #expect(shown.count == 1, "\(shown)")
        #expect(guide.contains("`ctx.time > goal.secnods` for\n`ctx.time > ctx.params.seconds`"))
        let result = try run("test", replacing: "ctx.time > ctx.params.seconds", with: "ctx.time > goal.secnods", pack: "my-pack")
        #expect(result.status == 1)
        #expect(shown.allSatisfy { result.stderr.split(separator: "\n").contains($0) }, "\(result.stderr)")
    }

    /// A syntax error is placed at the token Lua stopped at: the `goal` after the condition
    /// that lacks its `then`, not the `goal` the line starts with.
    @Test func aSyntaxErrorIsPlacedAtItsToken() throws {
        let result = try validate(replacing: "ctx.params.seconds then goal", with: "ctx.params.seconds goal")
        #expect(result.status == 1)
        #expect(result.stderr == "demo/scripts/goals/quickFind.lua:24:68: error: 'then' expected near 'goal' (pack 'demo')\n",
                "\(result.stderr)")
    }
}
