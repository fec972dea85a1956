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

    /// A tests/ that cannot be read is an error at it, counted as a failure: it was taken
    /// for a folder with no tests, and the run passed with every test skipped.
    @Test func aTestsFolderThatCannotBeReadFails() throws {
        let scratch = Scratch()
        let data = try Self.newPack(scratch)
        let tests = scratch.at("my-pack/tests")
        /// What `test` says of the pack as it stands.
        func tested(privileged: Bool = true) throws -> ProcessOutput {
            privileged ? try echolot(["test", "my-pack"], in: scratch.url, data: data)
                : try unprivileged(["test", "my-pack"], in: scratch.url, data: data)
        }
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: tests.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: tests.path) }
        let locked = try tested(privileged: false)
        #expect(locked.status == 1)
        #expect(locked.stdout == "FAILED: my-pack/tests: reading the tests\n0 passed, 1 failed\n", "\(locked.stdout)")
        #expect(locked.stderr == "my-pack/tests:1:1: error: the folder cannot be read (Permission denied)\n", "\(locked.stderr)")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: tests.path)
        try FileManager.default.removeItem(at: tests)
        try FileManager.default.createSymbolicLink(atPath: tests.path, withDestinationPath: "nowhere")
        let dangling = try tested()
        #expect(dangling.status == 1)
        #expect(dangling.stdout == "FAILED: my-pack/tests: reading the tests\n0 passed, 1 failed\n", "\(dangling.stdout)")
        #expect(dangling.stderr == "my-pack/tests:1:1: error: \"tests\" must be a folder\n", "\(dangling.stderr)")
        try FileManager.default.removeItem(at: tests)
        #expect(mkfifo(tests.path, 0o644) == 0)
        let fifo = try tested()
        #expect(fifo.status == 1)
        #expect(fifo.stderr == "my-pack/tests:1:1: error: \"tests\" must be a folder\n", "\(fifo.stderr)")
    }

    /// A test that is a link to a file outside the pack is refused as the pack's other files
    /// are (and as `pack` refuses it), not read and run.
    @Test func aTestLinkedFromOutsideThePackIsRefused() throws {
        let scratch = Scratch()
        let data = try Self.newPack(scratch)
        try FileManager.default.copyItem(at: scratch.at("my-pack/tests/first-steps.lua"), to: scratch.at("outside.lua"))
        try FileManager.default.createSymbolicLink(atPath: scratch.at("my-pack/tests/zz.lua").path, withDestinationPath: "../../outside.lua")
        let result = try echolot(["test", "my-pack"], in: scratch.url, data: data)
        #expect(result.status == 1)
        #expect(result.stdout.hasSuffix("FAILED: my-pack/tests/zz.lua\n2 passed, 1 failed\n"), "\(result.stdout)")
        #expect(result.stderr == "my-pack/tests/zz.lua:1:1: error: a symbolic link to a file outside the pack is not allowed\n",
                "\(result.stderr)")
    }
}
