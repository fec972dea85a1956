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
                       "my-pack/tests/storm.story.jsonl": "",
                       // An editor's copies are no slips: renamed, they would replace the test.
                       "my-pack/tests/first-steps.lua~": test, "my-pack/tests/first-steps.lua.bak": test,
                       "my-pack/tests/first-steps.luac": test])
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
        // validate, which said nothing of it, warns: the pack plays, its tests cannot run.
        let checked = try unprivileged(["validate", "my-pack"], in: scratch.url, data: data)
        #expect(checked.status == 0)
        #expect(checked.stderr == "my-pack/tests:1:1: warning: the folder cannot be read (Permission denied); "
            + "'echolot test' cannot run the pack's tests\n", "\(checked.stderr)")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: tests.path)
        try FileManager.default.removeItem(at: tests)
        try FileManager.default.createSymbolicLink(atPath: tests.path, withDestinationPath: "nowhere")
        let dangling = try tested()
        #expect(dangling.status == 1)
        #expect(dangling.stdout == "FAILED: my-pack/tests: reading the tests\n0 passed, 1 failed\n", "\(dangling.stdout)")
        #expect(dangling.stderr == "my-pack/tests:1:1: error: \"tests\" must be a folder\n", "\(dangling.stderr)")
        let validated = try echolot(["validate", "my-pack"], in: scratch.url, data: data)
        #expect(validated.status == 0)
        #expect(validated.stderr == "my-pack/tests:1:1: warning: \"tests\" must be a folder; 'echolot test' cannot run the pack's tests\n",
                "\(validated.stderr)")
        // A test named is not looked for in a tests/ that cannot be read: that is the cause told.
        let named = try echolot(["test", "my-pack", "first-steps.lua"], in: scratch.url, data: data)
        #expect(named.status == 1)
        #expect(named.stderr == "my-pack/tests:1:1: error: \"tests\" must be a folder\n", "\(named.stderr)")
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

    /// Tests named after the pack run alone, however their path is written; a pack's test
    /// file given as the pack runs alone in the pack found above it.
    @Test func namedTestsRunAlone() throws {
        let scratch = Scratch()
        let data = try Self.newPack(scratch)
        let test = try String(contentsOf: scratch.at("my-pack/tests/first-steps.lua"), encoding: .utf8)
        // A second file that fails: run, it would fail the run.
        scratch.write(["my-pack/tests/second.lua": test.replacingOccurrences(of: #"outcome = "won""#, with: #"outcome = "lost""#)])
        let first = """
            ok: my-pack/tests/first-steps.lua: the chime is found in time
            ok: my-pack/tests/first-steps.lua: waiting too long loses
            2 passed, 0 failed

            """
        for arguments in [["my-pack", "tests/first-steps.lua"], ["my-pack", "my-pack/tests/first-steps.lua"],
                          ["my-pack", "first-steps.lua"], ["my-pack/tests/first-steps.lua"]] {
            let result = try echolot(["test"] + arguments, in: scratch.url, data: data)
            #expect(result.status == 0, "\(arguments)")
            #expect(result.stdout == first, "\(arguments): \(result.stdout)")
            #expect(result.stderr == "", "\(arguments): \(result.stderr)")
        }
        // Named twice, by two of its names, a test runs once.
        let twice = try echolot(["test", "my-pack", "first-steps.lua", "tests/first-steps.lua"], in: scratch.url, data: data)
        #expect(twice.stdout == first, "\(twice.stdout)")
        let second = try echolot(["test", "my-pack", "tests/second.lua"], in: scratch.url, data: data)
        #expect(second.status == 1)
        #expect(second.stdout.hasSuffix("1 passed, 1 failed\n"), "\(second.stdout)")
        // In the pack's folder, the pack is the current folder's, and a test is named as there.
        let pack = scratch.at("my-pack")
        let all = try echolot(["test"], in: pack, data: data)
        #expect(all.status == 1)
        #expect(all.stdout.hasSuffix("3 passed, 1 failed\n"), "\(all.stdout)")
        for arguments in [["tests/first-steps.lua"], ["first-steps.lua"], [".", "tests/first-steps.lua"]] {
            let result = try echolot(["test"] + arguments, in: pack, data: data)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(result.stdout == first.replacingOccurrences(of: "my-pack/", with: ""), "\(arguments): \(result.stdout)")
        }
        let below = try echolot(["test", "first-steps.lua"], in: scratch.at("my-pack/tests"), data: data)
        #expect(below.stdout == first.replacingOccurrences(of: "my-pack/", with: "../"), "\(below.stdout)")
    }

    /// A test named that the pack does not have is told with the one likely meant, and
    /// nothing runs; a file of the pack outside tests/ says how to test the pack; no pack
    /// given outside a pack's folder is a usage error that says to give one.
    @Test func aTestThatIsNotThereIsTold() throws {
        let scratch = Scratch()
        let data = try Self.newPack(scratch)
        let misspelt = try echolot(["test", "my-pack", "tests/frist-steps.lua", "nope.lua"], in: scratch.url, data: data)
        #expect(misspelt.status == 1)
        #expect(misspelt.stdout == "")
        #expect(misspelt.stderr == """
            tests/frist-steps.lua:1:1: error: no test 'tests/frist-steps.lua' in pack 'my-pack' (did you mean 'tests/first-steps.lua'?)
            nope.lua:1:1: error: no test 'tests/nope.lua' in pack 'my-pack'; its tests: tests/first-steps.lua

            """, "\(misspelt.stderr)")
        scratch.write(["my-pack/tests/more/again.lua": "return {}"])
        let nested = try echolot(["test", "my-pack/tests/more/again.lua"], in: scratch.url, data: data)
        #expect(nested.status == 1)
        #expect(nested.stderr == "my-pack/tests/more/again.lua:1:1: error: not a test of pack 'my-pack': tests are tests/*.lua and tests/*.story.json\n",
                "\(nested.stderr)")
        let level = try echolot(["test", "my-pack/levels/first-steps.json"], in: scratch.url, data: data)
        #expect(level.status == 1)
        #expect(level.stderr == "my-pack/levels/first-steps.json:1:1: error: not a pack folder, nor a test file "
            + "(a test is a tests/*.lua or tests/*.story.json file); to run the tests of its pack: echolot test my-pack\n", "\(level.stderr)")
        let none = try echolot(["test"], in: scratch.url, data: data)
        #expect(none.status == 2)
        #expect(none.stderr.hasPrefix("Error: give the pack to test ('echolot test my-pack'): the current folder has no pack.json\n"), "\(none.stderr)")
    }
}
