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

    /// Sends `key` as a terminal repeats a held key, every 30 ms, for `seconds`, from a
    /// moment after the page opened: a key that comes before the page reads its input is
    /// known only to have come since the page before, and its first repeat may be told too.
    private func hold(_ key: String, for seconds: Double, in game: PseudoTerminal) {
        game.wait(0.3)
        let end = MonotonicClock.now() + seconds
        while MonotonicClock.now() < end {
            game.send(key)
            game.wait(0.03)
        }
    }

    /// The reviewer's 1.5 s of ↓ held on The Basics said the last entry 47 times: it is
    /// said once, each move before it once, and again for a press after the key was let
    /// go, or on coming back to the end however quickly. A number past the end held says
    /// there is no such entry once.
    @Test func aKeyHeldAtTheEndOfAMenuSaysSoOnce() throws {
        let game = try PseudoTerminal(["play", tutorialPath, "--plain", "--no-audio"])
        try game.expect("Selected: The Basics, 4 levels")
        game.send("\r")
        try game.expect("Selected: The First Sound")
        hold(PseudoTerminal.down, for: 1.5, in: game)
        let last = "One After Another, 4 of 4, the last entry"
        try game.expect(last)
        game.wait(0.3)
        #expect(said(last, in: game) == 1, "\(game.text)")
        #expect(said("All Around You, 3 of 4", in: game) == 1, "\(game.text)")
        game.wait(1)
        game.send(PseudoTerminal.down)
        try game.expect(last)
        // Up and down again at once: back at the end is news, not a repeat of the ↓ before.
        game.send(PseudoTerminal.up + PseudoTerminal.down + PseudoTerminal.down)
        try game.expect(last)
        game.wait(1)
        hold("7", for: 1, in: game)
        let noSeven = "There is no entry 7; the menu has 4 entries."
        try game.expect(noSeven)
        game.wait(0.3)
        #expect(said(noSeven, in: game) == 1, "\(game.text)")
        #expect(said(last, in: game) == 3, "\(game.text)")
        game.send("q")
        #expect(try game.waitForExit() == 0)
    }

    /// A locked choice held, by its number or with Enter, says why once.
    @Test func aLockedChoiceHeldSaysWhyOnce() throws {
        let pack = try shippedPackCopy("tutorial")
        try LockedLevelPlayTests().lockTheSecondHalf(of: pack)
        let profile = try temporaryFolder().appendingPathComponent("profile.sqlite")
        let game = try PseudoTerminal(["play", pack.path, "--plain", "--no-audio", "--profile", profile.path])
        try game.expect("Selected: The Basics, 2 levels")
        let why = "More is locked (2 levels, finish “The Basics” first)."
        hold("2", for: 1, in: game)
        try game.expect(why)
        game.wait(1)
        game.send(PseudoTerminal.down)
        try game.expect("2 of 2")
        hold("\r", for: 1, in: game)
        try game.expect(why)
        game.wait(0.3)
        #expect(said(why, in: game) == 2, "\(game.text)")
        game.send("q")
        #expect(try game.waitForExit() == 0)
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
