import EcholotTerminal
import Foundation
import Testing

/// Keys a player may press that the game has no use for are answered by name, never met
/// with silence; pasted text is not typed keys; a held space selects once; what a key
/// said on one page is not left on the next. In real pseudo-terminals.
@Suite(.serialized) struct KeyAnswerTests {
    /// The keys the sighted review found silent, as xterm sends them, and how each is named.
    static let silentKeys: [(bytes: String, name: String)] = [
        ("\u{1B}OQ", "F2"), ("\u{1B}[15~", "F5"), ("\u{1B}[24~", "F12"), ("\u{1B}[3~", "Delete"),
        ("\u{1B}[2~", "Insert"), ("\u{1B}[Z", "Shift-Tab"), ("\u{01}", "Ctrl-A"), ("\u{1C}", "Ctrl-\\"),
    ]

    @Test func everyKeyInALevelSaysItDoesNothing() throws {
        let game = try PseudoTerminal.inTheFirstSoundPlain()
        for key in Self.silentKeys {
            game.send(key.bytes)
            try game.expect("\(key.name) does nothing here; ? says the keys.")
        }
        // No line mode screen to draw again: Ctrl-L is answered as an unused key.
        game.send("\u{0C}")
        try game.expect("Ctrl-L does nothing here; ? says the keys.")
        // Ctrl-D typed at the terminal leaves the level, as q does.
        game.send("\u{04}")
        try game.expect("== Left: The First Sound ==")
        #expect(try game.quitFromAPage() == 0)
    }

    @Test func everyKeyOnAPageSaysItDoesNothing() throws {
        let game = try PseudoTerminal(["play", tutorialPath, "--plain", "--no-audio"])
        try game.expect("Tutorial — choose a scenario")
        for key in Self.silentKeys where key.name != "Shift-Tab" {
            game.send(key.bytes)
            try game.expect("\(key.name) does nothing here; Enter chooses, ? says the page again.")
        }
        game.send("\u{04}")
        #expect(try game.waitForExit() == 0, "Ctrl-D quits from a page, as q does")
    }

    /// The review's case: Space on the list of packs, then Enter on a pack. The new page,
    /// drawn whole again after a resize, does not say the old page's notice.
    @Test func aNoticeStaysWithItsPage() throws {
        let game = try PseudoTerminal(["play", "--no-audio"])
        try game.expect("Tutorial — choose a scenario")
        game.send("\u{1B}")
        try game.expect("Echolot — choose a pack")
        game.send(" ")
        try game.expect("Space does nothing here;")
        game.send("\r")
        try game.expect("Tutorial — choose a scenario")
        game.wait(0.3)
        game.resize(columns: 78, rows: 24)
        game.wait(0.5)
        let lastScreen = String(decoding: game.output, as: UTF8.self).components(separatedBy: "\u{1B}[2J").last ?? ""
        #expect(lastScreen.contains("The Basics"), "the page is drawn again: \(lastScreen)")
        #expect(!lastScreen.contains("Space does nothing"), "\(lastScreen)")
        game.send("q")
        #expect(try game.waitForExit() == 0)
    }

    /// Pasted on the end page, `hello r world` neither chooses Retry nor types spaces into
    /// the level: it is answered once, and the terminal's paste mode is undone on leaving.
    @Test func pastedTextIsIgnoredOnTheFullScreen() throws {
        let game = try PseudoTerminal.inTheFirstSound()
        #expect(String(decoding: game.output, as: UTF8.self).contains("\u{1B}[?2004h"), "bracketed paste on")
        game.send("q")
        try game.expect("Left: The First Sound")
        game.wait(PseudoTerminal.endPageSettle)
        game.send("\u{1B}[200~hello r world \u{1B}[20")
        game.wait(0.2)
        game.send("1~ ")
        try game.expect("Pasted text is ignored.")
        try game.expect("Space does nothing here;")
        game.wait(0.3)
        let after = game.text.components(separatedBy: "Pasted text is ignored.").last ?? ""
        #expect(!after.contains("Heading 0° N"), "the paste chose Retry: \(after)")
        #expect(game.text.components(separatedBy: "Pasted text is ignored.").count == 2, "\(game.text)")
        #expect(try game.quitFromAPage() == 0)
        #expect(String(decoding: game.output, as: UTF8.self).contains("\u{1B}[?2004l"), "bracketed paste off")
    }

    /// The line mode leaves the terminal's paste mode alone.
    @Test func theLineModeLeavesPasteAlone() throws {
        let game = try PseudoTerminal(["play", tutorialPath, "--plain", "--no-audio"])
        try game.expect("Tutorial — choose a scenario")
        game.send("q")
        #expect(try game.waitForExit() == 0)
        #expect(!String(decoding: game.output, as: UTF8.self).contains("2004"))
    }

    /// A space held down (repeats every 30 ms for half a second) is one selection, one
    /// miss; a press after a turn is a selection again, however soon it comes, and so is a
    /// deliberate second tap.
    @Test func aHeldSpaceSelectsOnce() throws {
        let game = try PseudoTerminal.inTheFirstSoundPlain()
        game.wait(PseudoTerminal.endPageSettle)
        for _ in 0 ..< 17 {
            game.send(" ")
            game.wait(0.03)
        }
        try game.expect("Miss: nothing there. 1 miss so far.")
        game.send(PseudoTerminal.left)
        game.send(" ")
        try game.expect("2 misses so far.")
        game.wait(0.5)
        #expect(!game.text.contains("3 misses"), "\(game.text)")
        // Two deliberate taps 0.3 s apart are two selections (the second was dropped
        // without a word while presses under 0.7 s apart counted as held).
        game.send(" ")
        game.wait(0.3)
        game.send(" ")
        try game.expect("4 misses so far.")
        game.send("q")
        try game.expect("== Left: The First Sound ==")
        #expect(try game.quitFromAPage() == 0)
    }
}

extension PseudoTerminal {
    /// A line-mode game (no sound) past the briefing of the tutorial's first level.
    static func inTheFirstSoundPlain() throws -> PseudoTerminal {
        let game = try PseudoTerminal(["play", tutorialPath, "--plain", "--no-audio", "--level", "first-sound"])
        try game.expect("1. Start")
        game.send("\r")
        try game.expect("Level The First Sound begins.")
        return game
    }
}
