@testable import EcholotTerminal
import Testing

/// A pack's text cannot command the terminal: control characters show as spaces and
/// bidirectional overrides are left out, on the full screen and in plain lines alike.
struct TerminalTextTests {
    static let hostile = "tab\there\nnew\u{1B}[31mred\u{07}bell\u{0}\u{9B}2J \u{202E}txt.exe"

    @Test func controlCharactersAndOverridesNeverReachTheTerminal() throws {
        #expect(TerminalText.safe(Self.hostile) == "tab here new [31mred bell  2J txt.exe")
        #expect(TerminalText.safe("Die Lichtung — “ok”") == "Die Lichtung — “ok”")

        var line = StyledLine("Pack: ")
        line.append(Self.hostile, .bold)
        let rendered = line.rendered(width: 200)
        // The only escape sequences left are the line's own style.
        #expect(rendered == "Pack: " + Escape.bold + "tab here new [31mred bell  2J txt.exe" + Escape.reset)

        final class Said: @unchecked Sendable { var text = "" }
        let said = Said()
        let display = LineDisplay { text in said.text += text }
        display.say(Self.hostile)
        #expect(said.text == "tab here new [31mred bell  2J txt.exe\n")
    }
}
