import EcholotTestSupport
import Foundation
import Testing

/// A message that quotes a command-line argument echoes it escaped and cut, with a note
/// of how much was cut: a pasted 100,000-character id filled the terminal, and an escape
/// sequence in one drove it.
@Suite struct ArgumentEchoTests {
    /// 100,000 characters with an escape sequence that would clear the screen at the start.
    static let hostile = "\u{1B}[2J" + String(repeating: "x", count: 99_996)

    /// Runs `arguments` and checks that the one message is short, escaped, says how much
    /// of the argument was cut, and ends with `status`; returns stderr.
    @discardableResult
    func refused(_ arguments: [String], status: Int32, saying needle: String) throws -> String {
        let result = try runEcholot(arguments, environment: ["ECHOLOT_PROFILE": nil])
        #expect(result.status == status, "\(arguments.map { $0.prefix(20) }): \(result.stderr.prefix(500))")
        #expect(result.stderr.count < 1_000, "\(result.stderr.count) characters: \(result.stderr.prefix(500))")
        #expect(!result.stderr.contains("\u{1B}"), "\(result.stderr.prefix(500))")
        #expect(result.stderr.contains(#"\u001B[2J"# + String(repeating: "x", count: 196) + "… (99800 more characters)"),
                "\(result.stderr.prefix(500))")
        #expect(result.stderr.contains(needle), "\(result.stderr.prefix(500))")
        return result.stderr
    }

    /// (A level id is quoted as a name, cut at 60 characters: `replay` takes it from a log.)
    @Test func aPackPathAndAnOptionValueAreEchoedCut() throws {
        try refused(["validate", Self.hostile], status: 1, saying: ":1:1: error: no such file or directory")
        try refused(["run", Self.hostile, "--level", "first-sound"], status: 1, saying: ":1:1: error: no such file or directory")
        try refused(["stats", "--window", Self.hostile], status: 2, saying: "--window must be week, 2weeks or month, not '")
        // The argument parser's own message quotes the value whole; it is echoed the same way.
        try refused(["play", "--step", Self.hostile], status: 2, saying: "is invalid for '--step <step>'")
    }

    /// A short argument is echoed whole, its control characters written out.
    @Test func aShortArgumentIsEchoedWholeAndEscaped() throws {
        let result = try runEcholot(["play", "--visuals", "a\u{1B}]0;title\u{07}b"])
        #expect(result.status == 2)
        #expect(result.stderr.contains(#"--visuals must be shown, faded or hidden, not 'a\u001B]0;title\u0007b'"#), "\(result.stderr)")
    }

    /// A pack folder whose name is Latin-1 (an old Windows zip unpacked) is told as a name
    /// Echolot cannot open, with its bytes shown, not as missing while `ls` lists it.
    @Test func anArgumentThatIsNotUTF8IsToldAsSuch() throws {
        // Only a shell hands a program bytes that are no UTF-8: Swift's own arguments are
        // Strings. (No folder is made: the name is refused before any is looked for, and
        // FileManager could not remove one so named.)
        let script = #"exec "$0" validate "$(printf 'dl\351')""#
        let result = try runProcess(URL(fileURLWithPath: "/bin/sh"), ["-c", script, echolotExecutable.path])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty, "\(result.stdout)")
        #expect(result.stderr == "error: argument 'dl\\xE9' is not valid UTF-8, and Echolot opens files and folders by UTF-8 names "
            + "only; rename the file or folder it names (or pass a link named in UTF-8)\n", "\(result.stderr)")
    }
}
