import EcholotTestSupport
import Foundation
import Testing

/// Scripts written where loading does not look: their rules were simply missing, and
/// `validate` said "unknown goal type" at every level that used one, never why.
@Suite struct ScriptFolderSlipTests {
    /// A script whose name ends in a slip of `.lua`, at any depth, is named with the fix;
    /// an editor's copy or a compiled chunk is not.
    @Test func aScriptWhoseNameEndsInASlipIsTold() throws {
        let scratch = Scratch()
        let data = try TestCommandFindingTests.newPack(scratch)
        try FileManager.default.moveItem(at: scratch.at("my-pack/scripts/goals/quickFind.lua"),
                                         to: scratch.at("my-pack/scripts/goals/quickFind.LUA"))
        scratch.write(["my-pack/scripts/lib/helpers.lau": "", "my-pack/scripts/notes.md": "",
                       "my-pack/scripts/goals/quickFind.lua~": "", "my-pack/scripts/old.luac": ""])
        let validated = try echolot(["validate", "my-pack"], in: scratch.url, data: data)
        let warnings = validated.stderr.split(separator: "\n").filter { $0.contains("warning: not loaded") }
        #expect(warnings == [
            "my-pack/scripts/goals/quickFind.LUA:1:1: warning: not loaded: a script's name ends in .lua, not .LUA; rename it",
            "my-pack/scripts/lib/helpers.lau:1:1: warning: not loaded: a script's name ends in .lua, not .lau; rename it",
        ], "\(validated.stderr)")
        #expect(validated.stderr.contains("unknown goal type 'quickFind'"), "the symptom is still told: \(validated.stderr)")
    }

    /// A folder named like `scripts` holding Lua files is named: renamed when there is no
    /// scripts/, its scripts moved when there is one; one without Lua files is not.
    @Test func aFolderNamedLikeScriptsIsTold() throws {
        let scratch = Scratch()
        let data = try TestCommandFindingTests.newPack(scratch)
        try FileManager.default.moveItem(at: scratch.at("my-pack/scripts"), to: scratch.at("my-pack/Scripts"))
        scratch.write(["my-pack/script/readme.md": ""])
        let validated = try echolot(["validate", "my-pack"], in: scratch.url, data: data)
        #expect(validated.stderr.contains("my-pack/Scripts:1:1: warning: scripts are read from scripts/, not Scripts/; rename the folder\n"),
                "\(validated.stderr)")
        #expect(!validated.stderr.contains("my-pack/script:"), "\(validated.stderr)")
        scratch.write(["my-pack/scripts/other.lua": "-- nothing yet\n"])
        let beside = try echolot(["validate", "my-pack"], in: scratch.url, data: data)
        #expect(beside.stderr.contains("my-pack/Scripts:1:1: warning: scripts are read from scripts/, not Scripts/; move its scripts into scripts/\n"),
                "\(beside.stderr)")
    }
}
