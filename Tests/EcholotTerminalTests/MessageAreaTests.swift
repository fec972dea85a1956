import EcholotModel
import EcholotTerminal
import EcholotTestSupport
import Foundation
import Testing

/// The full screen's message rows under the counters on a short window: whole messages,
/// and a message or status shown in part says so, rather than its last words reading as
/// all of it.
@Suite(.serialized) struct MessageAreaTests {
    /// The First Sound drawn at `columns`×`rows`, and the rows of its message area (those
    /// between the counters' blank line and the key help), after `act`.
    private func messageRows(columns: Int, rows: Int, _ act: (ScreenDisplay, LevelFrame) -> Void) -> [String] {
        let transcript = Transcript()
        let display = ScreenDisplay(output: transcript.output, size: { (columns, rows) })
        let level = tutorialLevel("first-sound").level
        let context = LevelContext(packName: "Tutorial", names: Names(pack: tutorial), goalPaths: [:], visuals: .shown, steering: "arrow keys")
        display.levelBegan(context, level: level)
        act(display, LevelFrame(level: level, paused: false, wallTime: 0))
        transcript.text = ""
        display.resized()
        let drawn = drawnRows(transcript.text)
        let counters = drawn.firstIndex { $0.hasPrefix(" Found 0") } ?? drawn.count
        let help = drawn.firstIndex { $0.hasPrefix(" ←/→ turn") } ?? drawn.count
        return Array(drawn[min(counters + 2, help) ..< help])
    }

    private let keys = Words.english.levelKeys(tracker: false, settings: SteeringSettings())

    /// The reviewer's 40×17, one message row: `?` shows the start of its last line, marked,
    /// not `level.` alone.
    @Test func aMessageLongerThanTheRowsLeftShowsItsStartMarked() {
        let shown = messageRows(columns: 40, rows: 17) { display, _ in
            for line in keys { display.levelSaid(line, style: .normal) }
        }
        #expect(shown == [" p pauses and goes on; q leaves the …"])
    }

    /// With two rows, the newest message whole; with three, the row left over stays blank
    /// rather than showing the end of the line before (`these keys.`), which takes three.
    @Test func olderMessagesGiveWayWhole() {
        let two = messageRows(columns: 40, rows: 18) { display, _ in
            for line in keys { display.levelSaid(line, style: .normal) }
        }
        #expect(two == [" p pauses and goes on; q leaves the", " level."])
        let three = messageRows(columns: 40, rows: 19) { display, _ in
            for line in keys { display.levelSaid(line, style: .normal) }
        }
        #expect(three == [" p pauses and goes on; q leaves the", " level.", ""])
    }

    /// `i` in one row keeps the heading and what is in view, and marks the goal and
    /// counters left out.
    @Test func aStatusCutShortSaysSo() {
        let shown = messageRows(columns: 40, rows: 17) { display, frame in display.levelStatus(frame) }
        #expect(shown == [" Facing 0° north. Nothing in view. …"])
        let whole = messageRows(columns: 60, rows: 30) { display, frame in display.levelStatus(frame) }
        #expect(!whole.contains { $0.contains("…") }, "\(whole)")
        #expect(whole.contains { $0.hasPrefix(" Found 0, misses 0, time ") }, "\(whole)")
    }

    /// A word longer than the row is cut to make room for the mark.
    @Test func theMarkFitsInTheRow() {
        let shown = messageRows(columns: 40, rows: 17) { display, _ in
            display.levelSaid(String(repeating: "x", count: 100), style: .normal)
        }
        #expect(shown == [" " + String(repeating: "x", count: 37) + " …"])
    }

    /// In a real terminal at the smallest size the level accepts: `?` shows its last line's
    /// start with the mark.
    @Test func theKeysInASmallTerminalAreMarkedAsCut() throws {
        let game = try PseudoTerminal(["play", tutorialPath, "--no-audio", "--level", "first-sound"], columns: 40, rows: 17)
        try game.expect("Briefing: The First Sound")
        game.send("\r")
        try game.expect("Heading 0° N")
        game.send("?")
        try game.expect("p pauses and goes on; q leaves the …")
        game.send("\u{03}")
        #expect(try game.waitForExit() == 130)
    }
}
