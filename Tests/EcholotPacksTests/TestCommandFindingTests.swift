import EcholotTestSupport
import Foundation
import Testing

/// Which files `echolot test` finds: tests written where it does not look were skipped
/// without a word, and the run passed with them unrun.
@Suite struct TestCommandFindingTests {
    /// A new pack in `scratch`, as `echolot new pack my-pack` writes it.
    static func newPack(_ scratch: Scratch) throws -> URL {
        let data = scratch.at("data")
        _ = try echolot(["new", "pack", "my-pack"], in: scratch.url, data: data)
        return data
    }

    /// A test in a subfolder of tests/ and one whose name ends in a slip of `.lua` are
    /// each told, after the count; a subfolder of input logs, notes and logs of any name are not.
    @Test func testsWhereTheRunDoesNotLookAreTold() throws {
        let scratch = Scratch()
        let data = try Self.newPack(scratch)
        let test = try String(contentsOf: scratch.at("my-pack/tests/first-steps.lua"), encoding: .utf8)
        scratch.write(["my-pack/tests/more/again.lua": test, "my-pack/tests/tower.lau": test,
                       "my-pack/tests/Tower.LUA": test, "my-pack/tests/storm.stroy.json": "{}",
                       "my-pack/tests/logs/win.jsonl": "", "my-pack/tests/notes.md": "", "my-pack/tests/moves.json": "",
                       "my-pack/tests/storm.story.jsonl": ""])
        let warnings = """
            my-pack/tests/Tower.LUA:1:1: warning: not run: a test's name ends in .lua, not .LUA; rename it
            my-pack/tests/more/again.lua:1:1: warning: not run: tests are tests/*.lua and tests/*.story.json; move it up
            my-pack/tests/storm.stroy.json:1:1: warning: not run: a test's name ends in .story.json, not .stroy.json; rename it
            my-pack/tests/tower.lau:1:1: warning: not run: a test's name ends in .lua, not .lau; rename it

            """
        let result = try echolot(["test", "my-pack"], in: scratch.url, data: data)
        #expect(result.status == 0)
        #expect(result.stdout.hasSuffix("2 passed, 0 failed\n"), "\(result.stdout)")
        #expect(result.stderr == warnings, "\(result.stderr)")
        // The pack's check tells them too: it is where an author looks before sharing.
        let validated = try echolot(["validate", "my-pack"], in: scratch.url, data: data)
        #expect(validated.status == 0)
        #expect(validated.stderr == warnings, "\(validated.stderr)")
    }

    /// A `test/` folder (or `Tests/`) holding the tests is named, before the note that
    /// there was nothing to run; a folder so named without tests in it is not.
    @Test func aFolderNamedLikeTestsIsTold() throws {
        let scratch = Scratch()
        let data = try Self.newPack(scratch)
        try FileManager.default.moveItem(at: scratch.at("my-pack/tests"), to: scratch.at("my-pack/test"))
        scratch.write(["my-pack/texts/readme.md": ""])
        let result = try echolot(["test", "my-pack"], in: scratch.url, data: data)
        #expect(result.status == 0)
        #expect(result.stdout == "0 passed, 0 failed\n", "\(result.stdout)")
        #expect(result.stderr == """
            my-pack/test:1:1: warning: tests are read from tests/, not test/; rename the folder
            my-pack/tests: note: no tests to run; a test is a tests/*.lua or tests/*.story.json file (docs/modding.md, "Pack tests")

            """, "\(result.stderr)")
        // With a tests/ folder beside it, its tests are to be moved, not the folder renamed.
        scratch.write(["my-pack/tests/notes.md": ""])
        let beside = try echolot(["test", "my-pack"], in: scratch.url, data: data)
        #expect(beside.stderr.hasPrefix("my-pack/test:1:1: warning: tests are read from tests/, not test/; move its tests into tests/\n"),
                "\(beside.stderr)")
    }
}
