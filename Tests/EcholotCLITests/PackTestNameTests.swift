import EcholotTestSupport
import Foundation
import Testing

/// `echolot test` names each test on a line of its own: a test's name is a stranger's text,
/// written out and cut there as every message names such text.
@Suite struct PackTestNameTests {
    /// A new pack (`echolot new pack`, whose level is won by turning to its chime and
    /// selecting it) whose tests are `tests` in place of its own.
    func pack(tests: String) throws -> URL {
        let folder = try temporaryFolder()
        let made = try runEcholot(["new", "pack", "names"], in: folder)
        #expect(made.status == 0, "\(made.stderr)")
        let pack = folder.appendingPathComponent("names")
        try tests.write(to: pack.appendingPathComponent("tests/first-steps.lua"), atomically: true, encoding: .utf8)
        return pack
    }

    /// One test of the level, named `name` (Lua text), that passes or fails.
    static func test(named name: String, passes: Bool) -> String {
        #"{ name = \#(name), level = "first-steps", input = { { t = 0.5, action = "turnTo", azimuth = 90 }, { t = 1, action = "select" } }, "#
            + #"expect = { outcome = "\#(passes ? "won" : "lost")" } }"#
    }

    /// A line break in a name made a second line, free to report a test that never ran as
    /// passed; an escape sequence in one commanded the terminal.
    @Test func aNameCannotForgeALineOrCommandTheTerminal() throws {
        let folder = try pack(tests: "return {\n"
            + Self.test(named: #""fails\nok: tests/forged.lua: all is well""#, passes: false) + ",\n"
            + Self.test(named: #""clears\27[2J the screen""#, passes: true) + ",\n"
            + Self.test(named: #""the player's own bell""#, passes: true) + ",\n}\n")
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let result = try runEcholot(["test", "."], in: folder)
        #expect(result.status == 1)
        #expect(result.stdout.split(separator: "\n", omittingEmptySubsequences: false) == [
            #"FAILED: tests/first-steps.lua: 'fails\nok: tests/forged.lua: all is well'"#,
            #"ok: tests/first-steps.lua: 'clears\u001B[2J the screen'"#,
            "ok: tests/first-steps.lua: the player's own bell",
            "2 passed, 1 failed",
            "",
        ], "\(result.stdout)")
        #expect(!result.stdout.contains("\u{1B}"))
        #expect(!result.stderr.contains("\nok: "), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    }

    /// A 20,000-character name filled the report (and a screen reader's minutes) with it,
    /// once on stdout and again before each of its problems on stderr.
    @Test func aLongNameIsCut() throws {
        let long = String(repeating: "x", count: 20_000)
        let folder = try pack(tests: "return {\n" + Self.test(named: "\"\(long)\"", passes: false) + ",\n}\n")
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let result = try runEcholot(["test", "."], in: folder)
        #expect(result.status == 1)
        let cut = "'" + String(repeating: "x", count: 60) + "…'"
        #expect(result.stdout == "FAILED: tests/first-steps.lua: \(cut)\n0 passed, 1 failed\n")
        #expect(result.stderr.count < 400, "\(result.stderr.prefix(400))")
        #expect(result.stderr.hasPrefix("tests/first-steps.lua:2:"), "\(result.stderr.prefix(400))")
    }

    /// A story test is named by its file, and a file's name may hold a line break too: it
    /// is written out, not a second line that reports a test as passed.
    @Test func aStoryTestsFileNameCannotForgeALine() throws {
        let pack = try shippedPackCopy("night-walk")
        try "{}".write(to: pack.appendingPathComponent("tests/x\nok: all good.story.json"), atomically: true, encoding: .utf8)
        let result = try runEcholot(["test", "."], in: pack)
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains(#"FAILED: tests/x\nok: all good.story.json"#), "\(result.stdout)")
        #expect(!lines.contains { $0.hasPrefix("ok: all good") }, "\(result.stdout)")
    }
}
