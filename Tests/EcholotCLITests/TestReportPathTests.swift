import EcholotTestSupport
import Foundation
import Testing

/// `echolot test` names its level tests (`tests/*.lua`) and story transcript tests
/// (`tests/*.story.json`) one way: by the path the pack was named by, relative to the
/// current folder when that path is absolute and inside it. Story tests of a pack named by
/// its id were shown by their absolute path, and level tests of a pack named `../x` too.
@Suite struct TestReportPathTests {
    /// The `ok:`/`FAILED:` lines of `output`, after checking there are tests of both kinds.
    private func verdicts(_ output: ProcessOutput) -> [Substring] {
        let lines = output.stdout.split(separator: "\n").filter { $0.hasPrefix("ok: ") || $0.hasPrefix("FAILED: ") }
        #expect(lines.contains { $0.contains(".lua") } && lines.contains { $0.hasSuffix(".story.json") }, "\(output.stdout)")
        return lines
    }

    @Test func aShippedPackNamedByItsIDShowsEveryTestBelowTheCurrentFolder() throws {
        let result = try echolot(["test", "night-walk"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let lines = verdicts(result)
        #expect(lines.allSatisfy { $0.hasPrefix("ok: levels/night-walk/tests/") }, "\(result.stdout)")
    }

    @Test func aPackNamedByARelativePathShowsEveryTestByThatPath() throws {
        let pack = try shippedPackCopy("night-walk")
        let work = pack.deletingLastPathComponent().appendingPathComponent("work")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: false)
        let result = try echolot(["test", "../night-walk"], in: work)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let lines = verdicts(result)
        #expect(lines.allSatisfy { $0.hasPrefix("ok: ../night-walk/tests/") }, "\(result.stdout)")
    }

    /// A test file whose name is not UTF-8 (a pack zipped on an old system) is told as such,
    /// as a script or level of that name is: it was "cannot read the test file: no such
    /// file" of a file `ls` lists.
    @Test func aTestFileNamedInBytesThatAreNotUTF8IsToldAsSuch() throws {
        let pack = try shippedPackCopy("tutorial")
        try createFile(rawName: Array("caf".utf8) + [0xE9] + Array(".lua".utf8), in: pack.appendingPathComponent("tests"))
        let result = try echolot(["test", pack.path])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect((result.stdout + result.stderr).contains("/tests/caf\u{FFFD}.lua:1:1: error: the file's name is not valid UTF-8; rename it"),
                "\(result.stdout)\(result.stderr)")
        #expect(!(result.stdout + result.stderr).contains("no such file"), "\(result.stdout)\(result.stderr)")
    }
}
