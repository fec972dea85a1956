import EcholotModel
import EcholotTerminal
import EcholotTestSupport
import Foundation
import Testing

/// PgDn and PgUp on the full screen's pages: a text longer than the window is read a
/// screenful at a time, and no line is passed over, however small the window.
@Suite(.serialized) struct PageScrollTests {
    /// A page of `count` numbered lines (`L01.` …), each one line on any screen here.
    private func numberedPage(_ count: Int) -> Page {
        Page(title: "Long", body: (1 ... count).map { String(format: "L%02d.", $0) }, choices: [Choice("Start"), Choice("Back")])
    }

    /// Every line of the text is drawn, paging down and then back up, at sizes whose
    /// screenful is shorter and longer than any fixed step.
    @Test(arguments: [(80, 16), (60, 12), (40, 9), (80, 40)])
    func pagingShowsEveryLine(columns: Int, rows: Int) {
        let transcript = Transcript()
        let display = ScreenDisplay(output: transcript.output, size: { (columns, rows) })
        let page = numberedPage(60)
        display.show(page)
        // Redrawn whole after each key: the canvas writes only lines that changed.
        func paged(_ pages: Int) -> String {
            transcript.text = ""
            display.resized()
            var seen = Escape.strip(transcript.text)
            for _ in 0 ..< 60 {
                display.scroll(page, pages: pages)
                display.resized()
                seen += Escape.strip(transcript.text)
                transcript.text = ""
            }
            return seen
        }
        let down = paged(1)
        #expect(page.body.filter { !down.contains($0) } == [], "never shown paging down at \(columns)×\(rows)")
        #expect(down.contains("↑ PgUp"), "the last page says it is the last")
        let up = paged(-1)
        #expect(page.body.filter { !up.contains($0) } == [], "never shown paging up at \(columns)×\(rows)")
    }

    /// The reviewer's case: Two Voices' briefing in 80×16; PgDn reaches every goal.
    @Test(arguments: [(80, 16), (60, 16)])
    func theBriefingsGoalsAreAllReachedWithPageDown(columns: UInt16, rows: UInt16) throws {
        let game = try PseudoTerminal(["play", tutorialPath, "--no-audio", "--level", "two-voices"], columns: columns, rows: rows)
        try game.expect("Briefing: Two Voices")
        try game.expect("↓ more: PgDn")
        for _ in 0 ..< 6 { game.press("\u{1B}[6~", times: 1) }
        game.wait(0.3)
        let lines = ["Find the Bell and select it.", "Never select the Bee", "You may miss at most 3 times", "Scoring:"]
        #expect(lines.filter { !game.text.contains($0) } == [], "never shown at \(columns)×\(rows)")
        game.send("q")
        #expect(try game.waitForExit() == 0)
    }
}
