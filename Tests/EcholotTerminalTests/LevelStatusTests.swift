import EcholotModel
import EcholotTerminal
import EcholotTestSupport
import Foundation
import Testing

/// The `i` key tells the same on the full screen as in the line mode: the heading and
/// what is in view, each goal, the counters.
@Suite(.serialized) struct LevelStatusTests {
    /// Both displays give the same lines for the same moment of a level.
    @Test func theFullScreenStatusSaysWhatThePlainOneSays() {
        var level = tutorialLevel("two-voices").level
        level[LevelKeys.view][ViewKeys.center] = 300
        let context = LevelContext(packName: "Tutorial", names: Names(pack: tutorial), goalPaths: tutorialLevel("two-voices").goalPaths,
                                   visuals: .shown, steering: "arrow keys")
        let frame = LevelFrame(level: level, paused: false, wallTime: 0)
        let plain = Transcript()
        let lines = LineDisplay(output: plain.output)
        lines.levelBegan(context, level: level)
        plain.text = ""
        lines.levelStatus(frame)
        let said = plain.text.split(separator: "\n").map(String.init)
        #expect(said.count == 5, "the heading, three goals, the counters: \(said)")
        let screen = Transcript()
        let display = ScreenDisplay(output: screen.output, size: { (80, 30) })
        display.levelBegan(context, level: level)
        screen.text = ""
        display.levelStatus(frame)
        let shown = Escape.strip(screen.text)
        #expect(said.filter { !shown.contains($0) } == [], "\(shown)")
    }

    /// In a real terminal: `i` in the full screen lists every goal of Two Voices and the
    /// counters, besides the heading.
    @Test func iOnTheFullScreenListsTheGoalsAndCounters() throws {
        let game = try PseudoTerminal(["play", tutorialPath, "--no-audio", "--level", "two-voices"])
        try game.expect("Briefing: Two Voices")
        game.send("s")
        try game.expect("Heading 0° N")
        game.send("i")
        try game.expect("Facing 0° north.")
        try game.expect("Goal, to do: Find the Bell.")
        try game.expect("Goal, holding: ")
        try game.expect("Found 0, misses 0, time ")
        game.send("\u{03}")
        #expect(try game.waitForExit() == 130)
    }
}
