import EcholotTerminal
import EcholotTestSupport
import Foundation
import Testing

/// A key held or pressed again on a menu, in the line mode through a real terminal: a held
/// key's repeats that change nothing say nothing again, and a press that comes later than
/// a repeat would (``HeldKey``'s 0.7 s) is answered, however quickly the one before came.
@Suite(.serialized) struct MenuHeldKeyTests {
    /// How many times the game has said `line` so far.
    private func said(_ line: String, in game: PseudoTerminal) -> Int {
        game.text.components(separatedBy: line).count - 1
    }

    /// Presses 1.5 s, 0.2 s and 1.5 s apart: the quick one is a held key's repeat and says
    /// nothing, the one after it is answered. A menu waiting for a key dated each key to
    /// the one before, so the quick one was answered and the next one was not.
    @Test func aPressLongAfterAQuickOneIsAnswered() throws {
        let game = try PseudoTerminal(["play", tutorialPath, "--plain", "--no-audio"])
        try game.expect("Selected: The Basics, 4 levels")
        let answer = "x does nothing here; Enter chooses, ? says the page again."
        game.send("x")
        try game.expect(answer)
        game.wait(1.5)
        game.send("x")
        try game.expect(answer)
        game.wait(0.2)
        game.send("x")
        game.wait(1.3)
        #expect(said(answer, in: game) == 2, "the quick press: \(game.text)")
        game.send("x")
        let deadline = MonotonicClock.now() + 10
        while said(answer, in: game) < 3, MonotonicClock.now() < deadline { game.pump(0.05) }
        #expect(said(answer, in: game) == 3, "the press 1.5 s later: \(game.text)")
        game.send("q")
        #expect(try game.waitForExit() == 0)
    }
}
