import Testing

@testable import EcholotModel

/// Text a stranger wrote (a key, an id, an action name, a file name) never splits a
/// message into two lines nor reorders it: each problem is one `path:line:col: error:` line.
@Suite struct OneLineMessageTests {
    /// A key holding a line separator and an override is written out, in the path the
    /// message begins with and in the quoted key alike.
    @Test func aKeyWithALineSeparatorOrAnOverrideStaysOnItsLine() {
        let pack = TempPack(["levels/one.json": """
            {"id": "one", "name": "One", "entities": [], "a\u{2028}b\u{202E}c": 1}
            """])
        #expect(pack.problems == [
            #"p/levels/one.json:1:46: error: ["a\u2028b\u202Ec"]: unknown field "a\u2028b\u202Ec"; fields of your own go under "attributes""#,
        ])
    }

    /// A character the parser did not expect is named by its code when it cannot be shown.
    @Test func anUnshowableCharacterOutsideAStringIsNamedByItsCode() {
        let errors = JSONParser.parse("[1\u{2028}]").errors.map(\.message)
        #expect(errors == ["expected ',' or ']', found U+2028"])
    }

    /// An input log's action name with a JSON `\n` in it once printed a second line that
    /// read as a diagnostic of its own.
    @Test func anActionNameWithALineBreakIsToldOnOneLine() {
        let text = #"{"t": 1, "action": "select\nlog.jsonl:9:9: error: forged"}"#
        do {
            _ = try InputLog.parse(Array(text.utf8), displayPath: "log.jsonl")
            Issue.record("a bad action was read")
        } catch {
            #expect(error.diagnostics.map(\.description) == [
                #"log.jsonl:1:20: error: unknown action 'select\nlog.jsonl:9:9: error: forged'; "#
                    + "an input may be clock, end, moveTo, select, selectEntity, start, tiltTo, turnBy, turnTo",
            ])
        }
    }

    /// A file name is the stranger's text too (a pack's level file, a zip's entry).
    @Test func aDiagnosticOfAFileWithALineBreakInItsNameIsOneLine() {
        let diagnostic = Diagnostic(path: "p/levels/a\nb.json", line: 1, column: 1, message: "c\r\u{1B}[2Jd\u{85}")
        #expect(diagnostic.description == #"p/levels/a\nb.json:1:1: error: c\r\u001B[2Jd\u0085"#)
    }
}
