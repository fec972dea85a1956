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

    /// PgDn where there is nothing to scroll says so, as any key a page has no use for
    /// does: in the line mode, on a full-screen page that fits, and past a long text's end.
    @Test(arguments: [["--plain"], []])
    func pageDownWithNothingToScrollSaysSo(mode: [String]) throws {
        let game = try PseudoTerminal(["play", tutorialPath, "--no-audio"] + mode)
        try game.expect("Tutorial — choose a scenario")
        game.wait(0.3)
        game.send("\u{1B}[6~")
        try game.expect("Page down does nothing here; Enter chooses, ? says the page again.")
        game.send("\u{1B}[5~")
        try game.expect("Page up does nothing here; Enter chooses, ? says the page again.")
        game.send("q")
        #expect(try game.waitForExit() == 0)
    }

    /// At the end of a long text PgDn says it is the end, and at its top PgUp says so.
    @Test func pagingPastEitherEndOfATextSaysSo() {
        let transcript = Transcript()
        let display = ScreenDisplay(output: transcript.output, size: { (80, 16) })
        let page = numberedPage(20)
        display.show(page)
        #expect(display.scroll(page, pages: -1) == .atTop)
        var moves = 0
        while display.scroll(page, pages: 1) == .moved { moves += 1 }
        #expect(moves > 0 && display.scroll(page, pages: 1) == .atEnd)
        let short = Page(title: "Short", body: ["One line."], choices: [Choice("Start")])
        display.show(short)
        #expect(display.scroll(short, pages: 1) == .nothingToScroll)
    }

    /// The reviewer's small window, 30×10, on the first page, a briefing, after a notice:
    /// the pointer to the line mode takes one row, the notice is the text's first lines
    /// rather than rows taken from every screenful, no blank line spaces the page out, and
    /// each PgDn brings at least three new lines of text, where it brought one.
    @Test func aSmallWindowGivesTheTextItsRows() {
        let transcript = Transcript()
        let display = ScreenDisplay(output: transcript.output, size: { (30, 10) })
        display.notice("audio: no sound device found: playing silently", style: .warning)
        let page = BriefingPage.make(definition: tutorialLevel("first-sound"), names: Names(pack: tutorial), visuals: .shown,
                                     tracker: false)
        display.show(page)
        let first = drawnRows(transcript.text)
        #expect(first.prefix(4) == [" Briefing: The First Sound", " Screen reader? Use --plain.", " audio: no sound device",
                                    " found: playing silently"], "\(first)")
        #expect(!first.prefix(6).contains(""), "\(first)")
        var seen: Set<String> = []
        for _ in 0 ..< 30 {
            guard display.scroll(page, pages: 1) == .moved else { break }
            transcript.text = ""
            display.resized()
            let rows = drawnRows(transcript.text)
            let text = rows.dropFirst(2).prefix { !$0.contains("PgDn") && !$0.contains("PgUp") }
            #expect(text.count >= 3, "\(rows)")
            #expect(!rows.contains { $0.contains("audio:") }, "the notice went by with the text's first lines: \(rows)")
            seen.formUnion(text)
        }
        #expect(seen.contains { $0.contains("A lost level scores 0.") }, "PgDn reaches the text's end: \(seen)")
    }

    /// A notice that takes rows from the text at its end (PgDn past it, ↑ on the first
    /// entry) leaves the end in sight and marked as the end: PgDn again is still at the end,
    /// where it scrolled back and forth, the last lines hidden every other press.
    @Test func aNoticeAtTheEndKeepsTheEndInSight() {
        let transcript = Transcript()
        let display = ScreenDisplay(output: transcript.output, size: { (40, 12) })
        let page = numberedPage(30)
        display.show(page)
        while display.scroll(page, pages: 1) == .moved {}
        func drawn() -> [String] {
            transcript.text = ""
            display.resized()
            return drawnRows(transcript.text)
        }
        for notice in ["Already at the end of the text; the choices are below it.", "That is the first entry."] {
            #expect(display.scroll(page, pages: 1) == .atEnd)
            display.notice(notice, style: .normal)
            let rows = drawn()
            #expect(rows.contains(" L30."), "the last line in sight: \(rows)")
            #expect(rows.contains(Words.english.scrollMark(above: true, below: false)), "\(rows)")
            #expect(!rows.contains { $0.contains("PgDn") }, "\(rows)")
            #expect(display.scroll(page, pages: 1) == .atEnd, "after “\(notice)”")
        }
        // Back up, nothing passed over: the line above the first in sight comes into sight.
        let top = drawn().first { $0.hasPrefix(" L") && $0.hasSuffix(".") } ?? ""
        #expect(display.scroll(page, pages: -1) == .moved)
        let above = String(format: " L%02d.", (Int(top.dropFirst(2).prefix(2)) ?? 0) - 1)
        #expect(drawn().contains(above), "\(above)")
    }

    /// In a real terminal, the reviewer's 40×12: PgDn past the end of Two Voices' briefing
    /// says so, and the text stays marked as at its end, PgDn again or not.
    @Test func theBriefingsEndStaysMarkedAfterItsNotice() throws {
        let game = try PseudoTerminal(["play", tutorialPath, "--no-audio", "--level", "two-voices"], columns: 40, rows: 12)
        try game.expect("Briefing: Two Voices")
        for _ in 0 ..< 8 { game.press("\u{1B}[6~", times: 1) }
        try game.expect("Already at the end of the text;")
        // Further apart than a held key's repeats (0.7 s): each press is told again.
        for _ in 0 ..< 3 {
            game.send("\u{1B}[6~")
            game.wait(0.9)
        }
        let text = game.text
        let since = text[(text.range(of: "Already at the end of the text;")?.upperBound ?? text.startIndex)...]
        #expect(!since.contains("more: PgDn"), "\(since)")
        game.send("q")
        #expect(try game.waitForExit() == 0)
    }

    /// In a real terminal: PgDn past the end of Two Voices' briefing in 80×16 says so.
    @Test func pageDownPastTheBriefingsEndSaysSo() throws {
        let game = try PseudoTerminal(["play", tutorialPath, "--no-audio", "--level", "two-voices"], columns: 80, rows: 16)
        try game.expect("Briefing: Two Voices")
        for _ in 0 ..< 8 { game.press("\u{1B}[6~", times: 1) }
        try game.expect("Already at the end of the text; the choices are below it.")
        game.send("q")
        #expect(try game.waitForExit() == 0)
    }
}
