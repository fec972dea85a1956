#if canImport(Glibc)
import Glibc
#endif
import EcholotTerminal
import EcholotTestSupport
import Foundation
import GRDB
import Testing

/// `echolot play` in real pseudo-terminals: the full screen, the line mode, the head
/// tracker, recording, and the odd cases (no terminal, resizes, Ctrl-C, signals).
/// Serialized: each test runs a game process, and the machine has two cores.
@Suite(.serialized) struct PlayTerminalTests {
    /// Through the menus to the first level, turn to the bell, select it: a hit that wins
    /// the level, its end page with the score and achievements; then back out and quit.
    @Test func fullScreenPlaysTheFirstLevel() throws {
        let game = try PseudoTerminal(["play", "--no-audio"])
        try game.expect("The Basics")
        game.send("\r")
        try game.expect("The First Sound")
        game.send("\r")
        try game.expect("Briefing: The First Sound")
        try game.expect("Find the Bell and select it.")
        try game.expect("Scoring:")
        game.send("\r")
        try game.expect("Heading 0° N")
        try game.expect("[ ] Find the Bell")
        game.press(PseudoTerminal.right, times: 4)
        try game.expect("Heading 60° ENE")
        game.send(" ")
        try game.expect("Hit: Bell. Found 1 so far.")
        try game.expect("You won the level!")
        try game.expect("Won: The First Sound")
        try game.expect("1000 for the win")
        try game.expect("Achievements earned: First Win")
        try game.expect("1. Next level")
        try game.expect("Retry")
        #expect(try game.quitFromAPage() == 0)
        #expect(game.isCooked)
        #expect(String(decoding: game.output, as: UTF8.self).hasSuffix("Thanks for playing Echolot.\r\n"))
        #expect(String(decoding: game.output, as: UTF8.self).contains("\u{1B}[?25h\u{1B}[?1049l"))
    }

    /// NO_COLOR (set, not empty) leaves every colour out of the full screen, and a found
    /// sound is still told apart from the others: its glyph is underlined.
    @Test func noColorSendsNoColoursAndAFoundSoundIsUnderlined() throws {
        let game = try PseudoTerminal(["play", tutorialPath, "--no-audio", "--level", "first-sound"],
                                      environment: ["NO_COLOR": "1"])
        try game.expect("Briefing: The First Sound")
        game.send("\r")
        try game.expect("Heading 0° N")
        game.press(PseudoTerminal.right, times: 4)
        try game.expect("Heading 60° ENE")
        game.send(" ")
        try game.expect("Hit: Bell. Found 1 so far.")
        try game.expect("Retry")
        #expect(try game.quitFromAPage() == 0)
        let raw = String(decoding: game.output, as: UTF8.self)
        for colour in [Escape.green, Escape.red, Escape.yellow] {
            #expect(!raw.contains(colour), "NO_COLOR=1, yet \(colour.debugDescription) was sent")
        }
        #expect(raw.contains(Escape.underline + "B" + Escape.reset), "the found Bell is drawn underlined")
    }

    /// On the narrowest level screen (40 columns) the heading line and the keys wrap onto
    /// more lines rather than lose their ends: the steering and every key are on screen.
    @Test func theHeadingAndTheKeysWrapOnANarrowScreen() throws {
        let game = try PseudoTerminal(["play", tutorialPath, "--no-audio", "--level", "first-sound"], columns: 40, rows: 24)
        try game.expect("Briefing: The First Sound")
        game.send("\r")
        try game.expect("Heading 0° N · tilt 0°")
        try game.expect("visuals shown · arrow keys")
        try game.expect("space select")
        try game.expect("i status · p pause")
        try game.expect("q leave")
        game.send("q")
        try game.expect("Left: The First Sound")
        #expect(try game.quitFromAPage() == 0)
    }

    /// The accessible line mode: every event a plain line, no escape sequence at all,
    /// the whole level playable.
    @Test func plainModePlaysTheFirstLevel() throws {
        let game = try PseudoTerminal(["play", tutorialPath, "--plain", "--no-audio", "--level", "first-sound"])
        try game.expect("== Briefing: The First Sound ==")
        try game.expect("• Find the Bell and select it.")
        try game.expect("1. Start")
        // Only keys that work here: the line mode has nothing to scroll.
        try game.expect("Keys: Enter starts, Esc goes back, q quits.")
        #expect(!game.text.contains("PgUp"))
        game.send("\r")
        try game.expect("Level The First Sound begins.")
        try game.expect("Facing 0° north.")
        game.send("i")
        try game.expect("Goal, to do: Find the Bell.")
        game.press(PseudoTerminal.right, times: 4)
        try game.expect("Facing 60° east-north-east. In view: Bell ahead.")
        game.send(" ")
        try game.expect("Hit: Bell. Found 1 so far.")
        try game.expect("Goal met: Bell found.")
        try game.expect("You won the level!")
        try game.expect("== Won: The First Sound ==")
        try game.expect("Score: ")
        #expect(try game.quitFromAPage() == 0)
        #expect(!game.output.contains(0x1B), "line mode must not move the cursor or colour anything")
        #expect(game.isCooked)
    }

    /// An achievement is earned once in a profile: winning the level again does not
    /// announce it as new, and the end page says there are none.
    @Test func anAchievementAlreadyInTheProfileIsNotAnnouncedAgain() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let profile = folder.appendingPathComponent("profile.sqlite").path
        for round in 1...2 {
            let game = try PseudoTerminal(["play", tutorialPath, "--plain", "--no-audio", "--level", "first-sound",
                                           "--profile", profile])
            try game.expect("1. Start")
            game.send("\r")
            try game.winByFacing("60° east-north-east", turning: PseudoTerminal.right, times: 4)
            try game.expect("== Won: The First Sound ==")
            if round == 1 {
                // The end page tells the score and the achievements; the level's last
                // lines do not say them just before it.
                try game.expect("Achievements earned: First Win")
                #expect(!game.text.contains("Achievement earned: First Win."), "\(game.text.suffix(800))")
                #expect(game.text.components(separatedBy: "Score: 1").count == 2, "said once, on the page: \(game.text.suffix(800))")
            } else {
                try game.expect("No new achievements.")
                #expect(!game.text.contains("Achievement earned"), "\(game.text.suffix(800))")
            }
            #expect(try game.quitFromAPage() == 0)
        }
    }

    /// The list of packs has nothing to go back to: Esc there does not quit — a player
    /// pressing it again and again to get back would quit by accident — but says that q
    /// does, as the keys do. The keys are said in words, and only those a menu of so many
    /// entries has.
    @Test func escOnTheListOfPacksSaysQQuits() throws {
        let game = try PseudoTerminal(["play", "--plain", "--no-audio"])
        try game.expect("== Tutorial — choose a scenario ==")
        try game.expect("\nKeys: Enter chooses, Esc goes back, q quits.")
        game.send("\u{1B}")
        try game.expect("== Echolot — choose a pack ==")
        try game.expect("Keys: Up and Down arrows move, Enter chooses, the numbers 1 to 2 choose directly, q quits.")
        game.press("\u{1B}", times: 3)
        try game.expect("This is the list of packs, the first menu: there is nothing to go back to. q quits the game.")
        game.wait(0.3)
        #expect(!game.hasExited, "Esc on the list of packs ended the game")
        game.send("q")
        #expect(try game.waitForExit() == 0)
        let packs = game.text.range(of: "== Echolot — choose a pack ==").map { String(game.text[$0.upperBound...]) } ?? ""
        #expect(!packs.contains("goes back") && !packs.contains("Esc or q"), "\(packs)")
        #expect(!game.text.contains("↑/↓") && !game.text.contains(" · "), "no symbols a screen reader reads out: \(game.text)")
    }

    /// The line mode says the tilt as it says the heading: ↑ and ↓ are heard to work. At
    /// the top, one more ↑ says the limit after where the view settled, not before it.
    @Test func plainModeSaysTheTilt() throws {
        let game = try PseudoTerminal(["play", tutorialPath, "--plain", "--no-audio", "--level", "first-sound"])
        try game.expect("1. Start")
        game.send("\r")
        try game.expect("Facing 0° north.")
        game.press(PseudoTerminal.up, times: 2)
        try game.expect("Looking 20° up.")
        game.press(PseudoTerminal.right, times: 4)
        try game.expect("Facing 60° east-north-east, looking 20° up.")
        game.press(PseudoTerminal.up, times: 6)
        try game.expect("Looking 80° up.")
        // Read together, and read a moment apart: each is looked for after the one before,
        // so the limit first would not be found.
        game.send(PseudoTerminal.up + PseudoTerminal.up)
        try game.expect("Looking 90° up.")
        try game.expect("The view tilts no further up.")
        game.press(PseudoTerminal.down, times: 1)
        try game.expect("Looking 80° up.")
        game.wait(1)
        game.send(PseudoTerminal.up)
        game.wait(0.1)
        game.send(PseudoTerminal.up)
        try game.expect("Looking 90° up.")
        try game.expect("The view tilts no further up.")
        game.press(PseudoTerminal.down, times: 9)
        try game.expect("Looking level. In view: Bell ahead.")
        game.send("q")
        try game.expect("== Left: The First Sound ==")
        #expect(try game.quitFromAPage() == 0)
    }

    /// A key that does nothing says why: every key pressed while paused says the pause
    /// again (once per press, not for every repeat of a held key), a key the level has no use for
    /// says so, and a tilt past either end says the view tilts no further (once while the
    /// key is held there).
    @Test func keysThatDoNothingSayWhy() throws {
        let game = try PseudoTerminal(["play", tutorialPath, "--plain", "--no-audio", "--level", "first-sound"])
        try game.expect("1. Start")
        game.send("\r")
        try game.expect("Facing 0° north.")
        game.send("p")
        try game.expect("Paused: p goes on, q leaves the level.")
        game.press(PseudoTerminal.right, times: 3)
        try game.expect("Paused: p goes on, q leaves the level.")
        game.send(" ")
        try game.expect("Paused: p goes on, q leaves the level.")
        game.send("x")
        try game.expect("Paused: p goes on, q leaves the level.")
        game.wait(0.5)
        game.send("p")
        try game.expect("Going on.")
        #expect(game.text.components(separatedBy: "Paused: p goes on").count == 5, "\(game.text)")
        #expect(game.text.components(separatedBy: "Facing").count == 2, "nothing turned while paused: \(game.text)")
        // A key the level has no use for says so, once per press (not per repeat).
        game.send("xx")
        try game.expect("x does nothing here; ? says the keys.")
        game.send("\t")
        try game.expect("Tab does nothing here; ? says the keys.")
        game.send("3")
        try game.expect("3 does nothing here; ? says the keys.")
        #expect(game.text.components(separatedBy: "x does nothing").count == 2, "\(game.text)")
        game.press(PseudoTerminal.up, times: 9)
        try game.expect("Looking 90° up.")
        game.press(PseudoTerminal.up, times: 3)
        try game.expect("The view tilts no further up.")
        // Presses that come as a held key's repeats say it once; a press after a pause,
        // or after a tilt away and back, says it again.
        game.wait(1)
        game.press(PseudoTerminal.up, times: 1)
        try game.expect("The view tilts no further up.")
        game.press(PseudoTerminal.down, times: 1)
        try game.expect("Looking 80° up.")
        game.press(PseudoTerminal.up, times: 1)
        try game.expect("Looking 90° up.")
        game.wait(0.5)
        game.press(PseudoTerminal.up, times: 1)
        try game.expect("The view tilts no further up.")
        game.send("q")
        try game.expect("== Left: The First Sound ==")
        #expect(game.text.components(separatedBy: "tilts no further").count == 4, "\(game.text)")
        #expect(try game.quitFromAPage() == 0)
    }

    /// On a menu too, a key with no use there says so, once per press.
    @Test func aMenuKeyThatDoesNothingSaysSo() throws {
        let game = try PseudoTerminal(["play", tutorialPath, "--plain", "--no-audio"])
        try game.expect("Tutorial — choose a scenario")
        game.send("x")
        try game.expect("x does nothing here; Enter chooses, ? says the page again.")
        game.send("  ")
        try game.expect("Space does nothing here; Enter chooses, ? says the page again.")
        game.send("q")
        #expect(try game.waitForExit() == 0)
        #expect(game.text.components(separatedBy: "Space does nothing").count == 2, "\(game.text)")
    }

    /// TERM=dumb chooses the line mode by itself; a miss is said as a line.
    @Test func dumbTerminalGetsTheLineMode() throws {
        let game = try PseudoTerminal(["play", tutorialPath, "--no-audio", "--level", "two-voices", "--visuals", "hidden"],
                                      environment: ["TERM": "dumb"])
        try game.expect("== Briefing: Two Voices ==")
        try game.expect("• Never select the Bee: selecting it loses the level.")
        try game.expect("• You may miss at most 3 times; miss number 4 loses the level.")
        try game.expect("Visuals: hidden — nothing is drawn; find everything by ear.")
        game.send("\r")
        try game.expect("Level Two Voices begins.")
        game.press(PseudoTerminal.right, times: 4)
        try game.expect("Facing 60° east-north-east.")
        #expect(!game.text.contains("In view"), "hidden visuals say nothing of what is in view")
        game.send(" ")
        try game.expect("Miss: nothing there. 1 miss so far.")
        game.send("q")
        try game.expect("== Left: Two Voices ==")
        #expect(try game.quitFromAPage() == 0)
        #expect(!game.output.contains(0x1B))
    }

    /// Selecting the decoy loses the level: it is said as wrong, not as a find, and the
    /// end page does not count it as found. The goal it failed is said once, by the end page
    /// that follows at once, not also as a line just before it.
    @Test func selectingTheDecoyIsWrongNotAHit() throws {
        let game = try PseudoTerminal(["play", tutorialPath, "--plain", "--no-audio", "--level", "two-voices"])
        try game.expect("== Briefing: Two Voices ==")
        game.send("\r")
        try game.expect("Level Two Voices begins.")
        game.press(PseudoTerminal.right, times: 6)
        try game.expect("Facing 90° east.")
        game.send(" ")
        try game.expect("Wrong: Bee.")
        try game.expect("The level is lost.")
        try game.expect("== Lost: Two Voices ==")
        try game.expect("found: 0")
        try game.expect("Failed: You selected the Bee.")
        #expect(!game.text.contains("Hit: Bee"), "\(game.text.suffix(800))")
        #expect(!game.text.contains("Goal failed:"), "\(game.text.suffix(800))")
        #expect(try game.quitFromAPage() == 0)
    }

    /// For screen readers and braille on the full screen: the selected entry has a text
    /// mark, the cursor is shown on its line (not hidden at the bottom), and the first page
    /// points to the line mode.
    @Test func theCursorSitsOnTheSelectedEntry() throws {
        let game = try PseudoTerminal(["play", tutorialPath, "--no-audio"])
        try game.expect("Screen reader? Play with --plain")
        try game.expect("> 1. The Basics")
        game.send("\r")
        try game.expect("> 1. The First Sound")
        game.send("j")
        try game.expect("> 2. Two Voices")
        game.wait(0.2)
        let line = try #require(game.lineUnderTheCursor, "the cursor is hidden")
        #expect(line.hasPrefix("> 2. Two Voices"), "the cursor is on “\(line)”")
        let secondPage = game.text.components(separatedBy: "choose a level").last ?? ""
        #expect(!secondPage.contains("Screen reader?"), "only the first page says it")
        game.send("q")
        #expect(try game.waitForExit() == 0)
    }

    /// Not urgent, the time is drawn in whole tens of seconds: in All Around You's first
    /// seconds neither the counters line nor the time limit's line is drawn again, where a
    /// screen reader reading changed lines heard both every second.
    @Test func theTimeIsNotRedrawnEverySecond() throws {
        let game = try PseudoTerminal(["play", tutorialPath, "--no-audio", "--level", "around-you"])
        try game.expect("Briefing: All Around You")
        game.send("\r")
        try game.expect("Time left: 60 s")
        try game.expect("· time 0 s")
        game.wait(0.3)
        func drawn(_ text: String) -> Int { game.text.components(separatedBy: text).count - 1 }
        let (time, left) = (drawn("· time "), drawn("Time left: "))
        game.wait(4)
        #expect(drawn("· time ") == time, "the counters line was drawn again: \(game.text.suffix(600))")
        #expect(drawn("Time left: ") == left, "the time limit's line was drawn again: \(game.text.suffix(600))")
        game.send("q")
        try game.expect("Left: All Around You")
        try game.quitFromTheEndPage()
    }

    /// Without a sound device the line mode rings the terminal bell on a miss too, as it
    /// promises: the bell is the only sound a miss makes then.
    @Test func plainModeRingsTheBellOnAMiss() throws {
        let game = try PseudoTerminal(["play", tutorialPath, "--plain", "--no-audio", "--level", "first-sound"])
        try game.expect("1. Start")
        game.send("\r")
        try game.expect("Level The First Sound begins.")
        #expect(!game.output.contains(0x07))
        // The level's first moment does not take a space that comes before any other key.
        game.wait(PseudoTerminal.endPageSettle)
        game.send(" ")
        try game.expect("Miss: nothing there. 1 miss so far.")
        #expect(game.output.contains(0x07), "no bell")
        #expect(!game.output.contains(0x1B))
        game.send("q")
        try game.expect("== Left: The First Sound ==")
        #expect(try game.quitFromAPage() == 0)
    }

    /// A number past the end of a menu, or 0, is answered, not ignored, on both displays.
    @Test(arguments: [["--plain"], []])
    func aNumberPastTheEndOfAMenuIsTold(mode: [String]) throws {
        let game = try PseudoTerminal(["play", tutorialPath, "--no-audio"] + mode)
        try game.expect("The Basics")
        game.send("2")
        try game.expect("There is no entry 2; the menu has 1 entry.")
        game.send("\r")
        try game.expect("The First Sound")
        game.send("7")
        try game.expect("There is no entry 7; the menu has 4 entries.")
        game.send("0")
        try game.expect("There is no entry 0; the menu has 4 entries.")
        game.send("q")
        #expect(try game.waitForExit() == 0)
    }

    /// An arrow past either end of a menu says the entry again, with its place and that it
    /// is that end, rather than nothing or the entry alone; a menu of one entry says which
    /// is selected, as every menu does.
    @Test func anArrowPastTheEndOfAMenuSaysTheEntryAgain() throws {
        let game = try PseudoTerminal(["play", tutorialPath, "--no-audio", "--plain"])
        try game.expect("1. The Basics")
        try game.expect("Selected: The Basics, 4 levels")
        game.send(PseudoTerminal.down)
        try game.expect("The Basics, 4 levels, 1 of 1, the only entry")
        game.send("\r")
        try game.expect("== The Basics — choose a level ==")
        game.send(PseudoTerminal.up)
        try game.expect("The First Sound, 1 of 4, the first entry")
        game.press(PseudoTerminal.down, times: 3)
        try game.expect("One After Another, 4 of 4\r\n")
        game.send(PseudoTerminal.down)
        try game.expect("One After Another, 4 of 4, the last entry")
        game.send("q")
        #expect(try game.waitForExit() == 0)
    }

    /// On the full screen too, a key that stops at an end of the list says so.
    @Test func theFullScreenSaysTheEndOfAList() throws {
        let game = try PseudoTerminal(["play", tutorialPath, "--no-audio", "--level", "first-sound"])
        try game.expect("> 1. Start")
        game.send("k")
        try game.expect("That is the first entry.")
        game.send("q")
        #expect(try game.waitForExit() == 0)
    }

    /// Standard input that is no terminal: a clear message that points to `echolot run`.
    @Test func noTerminalPointsToRun() throws {
        let result = try runEcholot(["play", tutorialPath])
        #expect(result.status == 1)
        #expect(result.stderr.contains("needs a terminal"))
        #expect(result.stderr.contains("echolot run"))
    }

    /// A window made too small mid-level pauses with a message, drawn again (once) when a
    /// key is dropped for it; made larger, the level screen comes back, says the game goes
    /// on, and no longer shows the message.
    @Test func resizeMidLevel() throws {
        let game = try PseudoTerminal.inTheFirstSound()
        game.resize(columns: 30, rows: 10)
        // Wrapped at 30 columns: "by" ends the first row.
        try game.expect("The terminal is 30 columns by")
        // The resize may be drawn twice (the next frame, then the redraw for the resize).
        game.wait(0.5)
        func drawn() -> Int { game.text.components(separatedBy: "The terminal is 30 columns by").count - 1 }
        let before = drawn()
        game.press(PseudoTerminal.right, times: 1)
        game.press("p", times: 1)
        game.wait(0.3)
        #expect(drawn() == before + 1, "drawn again for the first key only")
        game.resize(columns: 90, rows: 30)
        try game.expect("The terminal is large enough now. The game goes on.")
        let raw = String(decoding: game.output, as: UTF8.self)
        let redrawn = Escape.strip(String(raw[(raw.range(of: Escape.clearScreen, options: .backwards)?.upperBound ?? raw.startIndex)...]))
        #expect(!redrawn.contains("needs at least"), "the size message is gone: \(redrawn)")
        game.press(PseudoTerminal.right, times: 1)
        try game.expect("Heading 15° NNE")
        game.send("q")
        try game.expect("Left: The First Sound")
        game.send("q")
        game.wait(0.1)
        #expect(!game.hasExited, "the end page ignores keys for a moment")
        #expect(try game.quitFromAPage() == 0)
        #expect(game.isCooked)
    }

    /// Made too small and large enough again twice, the window says it fits on one row,
    /// not on one more each time.
    @Test func largeEnoughAgainIsSaidOnce() throws {
        let game = try PseudoTerminal.inTheFirstSound()
        for _ in 0 ..< 2 {
            game.resize(columns: 40, rows: 12)
            try game.expect("The terminal is 40 columns by")
            game.resize(columns: 80, rows: 24)
            try game.expect("The terminal is large enough now. The game goes on.")
        }
        game.wait(0.5)
        let raw = String(decoding: game.output, as: UTF8.self)
        let redrawn = Escape.strip(String(raw[(raw.range(of: Escape.clearScreen, options: .backwards)?.upperBound ?? raw.startIndex)...]))
        #expect(redrawn.components(separatedBy: "The terminal is large enough now.").count - 1 == 1, "\(redrawn)")
        game.send("\u{03}")
        #expect(try game.waitForExit() == 130)
    }

    /// A tiny window (20×5) still shows what to do, in a shorter message: the long one
    /// would be cut before it gets there.
    @Test func aTinyWindowStillSaysWhatToDo() throws {
        let game = try PseudoTerminal.inTheFirstSound()
        game.resize(columns: 20, rows: 5)
        try game.expect("Too small: needs 40")
        try game.expect("Enlarge it, or use")
        try game.expect("--plain.")
        game.send("\u{03}")
        #expect(try game.waitForExit() == 130)
        #expect(game.isCooked)
    }

    /// Ctrl-C leaves at once with the terminal restored (status 130).
    @Test func controlCRestoresTheTerminal() throws {
        let game = try PseudoTerminal.inTheFirstSound()
        game.send("\u{03}")
        #expect(try game.waitForExit() == 130)
        #expect(game.isCooked)
        #expect(String(decoding: game.output, as: UTF8.self).contains("\u{1B}[?25h"))
    }

    /// The terminal going away (a closed window) ends the game as a hang-up, not a crash:
    /// its last words cannot be written, and that is no reason to trap.
    @Test(arguments: [["--plain"], []])
    func aTerminalThatGoesAwayEndsTheGameQuietly(mode: [String]) throws {
        let game = try PseudoTerminal(["play", tutorialPath, "--no-audio"] + mode)
        try game.expect("Tutorial")
        game.hangUp()
        // A hang-up (129), whether the signal, the end of input or a failed write is what
        // finds the terminal gone first: never a crash, and never a quit (0).
        let status = try game.waitForExit()
        #expect(status == 129, "exit status \(status): \(game.text.suffix(300))")
    }

    /// Ctrl-Z suspends the game as job control expects: while it is stopped the terminal
    /// is the shell's again; when it goes on, raw mode is back, the screen is drawn anew,
    /// and the level waits, paused.
    @Test(arguments: [false, true])
    func suspendingGivesTheTerminalBackUntilTheGameGoesOn(fromOutside: Bool) throws {
        let game = try PseudoTerminal.inTheFirstSound()
        if fromOutside { kill(game.pid, SIGTSTP) } else { game.send("\u{1A}") }
        #expect(game.waitUntilStopped(), "the game stops")
        #expect(game.isCooked, "the shell gets its terminal back")
        kill(game.pid, SIGCONT)
        try game.expect("Heading 0° N")
        try game.expect("Back in the game: The First Sound. Paused: p goes on, q leaves the level.")
        #expect(!game.isCooked, "raw mode is back")
        game.send("q")
        try game.expect("Left: The First Sound")
        try game.quitFromTheEndPage()
    }

    /// The line mode draws nothing anew after Ctrl-Z and `fg`, so the game says it is back
    /// and where: a page's title and selected entry; a level's name, paused, since a screen
    /// reader reads the shell's words first and a timed level's clock would run meanwhile.
    /// A key says the pause then, and p goes on as after any pause. In German too.
    @Test(arguments: [
        ("en", ["Back in the game: Briefing: The First Sound. Selected: Start (s)",
                "Back in the game: The First Sound. Paused: p goes on, q leaves the level.",
                "Paused: p goes on, q leaves the level.", "Going on."]),
        ("de", ["Zurück im Spiel: Einweisung: Der erste Klang. Ausgewählt: Start (s)",
                "Zurück im Spiel: Der erste Klang. Pause: p spielt weiter, q verlässt das Level.",
                "Pause: p spielt weiter, q verlässt das Level.", "Es geht weiter."]),
    ])
    func theLineModeSaysWhereTheGameGoesOnAfterASuspension(language: String, lines: [String]) throws {
        let game = try PseudoTerminal(["play", tutorialPath, "--plain", "--no-audio", "--level", "first-sound",
                                       "--lang", language])
        try game.expect("Start (s)")
        try game.suspendAndGoOn()
        try game.expect(lines[0])
        game.send("\r")
        try game.expect(" 0° ")
        try game.suspendAndGoOn()
        try game.expect(lines[1])
        game.send("x")
        try game.expect(lines[2])
        game.send("p")
        try game.expect(lines[3])
        game.send("q")
        try game.quitFromTheEndPage()
    }

    /// With no pack named and a packs folder that has no tutorial, the message says which
    /// folder was searched, not a made-up position in a file that is not there.
    @Test func aPacksFolderWithoutTheTutorialIsNamed() throws {
        let empty = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: empty) }
        let game = try PseudoTerminal(["play", "--no-audio"], environment: ["ECHOLOT_PACKS": empty.path])
        try game.expect("ECHOLOT_PACKS is \(empty.path), which holds no tutorial/ pack")
        #expect(try game.waitForExit() == 1)
        #expect(!game.text.contains(":1:1: error"))
        // A folder that is not there is said to be missing, not to hold nothing.
        let missing = empty.appendingPathComponent("levles").path
        let mistyped = try PseudoTerminal(["play", "--no-audio"], environment: ["ECHOLOT_PACKS": missing])
        try mistyped.expect("error: ECHOLOT_PACKS is \(missing), which does not exist; name a pack")
        #expect(try mistyped.waitForExit() == 1)
    }

    /// A profile deleted while the game runs would take the session's progress into a file
    /// no one opens again: the player is told when the level ends, and again when the game
    /// ends, with status 1 (it ended with 0, as if all was kept).
    @Test func aProfileDeletedDuringPlayIsTold() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let profile = folder.appendingPathComponent("p.sqlite")
        let game = try PseudoTerminal(["play", tutorialPath, "--plain", "--no-audio", "--level", "first-sound",
                                       "--profile", profile.path])
        try game.expect("== Briefing: The First Sound ==")
        game.send("\r")
        try game.expect("Level The First Sound begins.")
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            try FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
        try game.winByFacing("60° east-north-east", turning: PseudoTerminal.right, times: 4)
        try game.expect("the profile was deleted or replaced while Echolot ran")
        // The progress is lost: said again on the shell's screen, and the game ends with 1.
        #expect(try game.quitFromAPage() == 1)
        try game.expect("the profile was deleted or replaced while Echolot ran")
        #expect(game.isCooked)
    }

    /// A file that is not a profile: the full screen says so (not only stderr, which the
    /// screen covers at once), the end page says the result is not saved, and the warning
    /// stays on the terminal after the game.
    @Test func aProfileThatCannotBeOpenedIsToldOnTheFullScreen() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let profile = folder.appendingPathComponent("bad.sqlite")
        try Data("junk\n".utf8).write(to: profile)
        let game = try PseudoTerminal(["play", tutorialPath, "--no-audio", "--level", "first-sound", "--profile", profile.path])
        try game.expect("Briefing: The First Sound")
        game.wait(0.2)
        let screen = String(decoding: game.output, as: UTF8.self).components(separatedBy: "\u{1B}[?1049h").last ?? ""
        #expect(Escape.strip(screen).contains("this is not an Echolot profile"), "the full screen does not say it")
        game.send("\r")
        game.press(PseudoTerminal.right, times: 4)
        try game.expect("Heading 60° ENE")
        game.send(" ")
        try game.expect("Won: The First Sound")
        try game.expect("Not saved: the profile could not be opened")
        try game.quitFromTheEndPage()
        let after = String(decoding: game.output, as: UTF8.self).components(separatedBy: "\u{1B}[?1049l").last ?? ""
        #expect(after.contains("this is not an Echolot profile"), "the warning is gone with the full screen")
    }

    /// A profile another program holds locked neither freezes the game for seconds nor
    /// loses the run: the run waits, the player is told, and it is saved once the lock is
    /// gone: when the game quits, or when the next level ends, which tells that the wait
    /// is over (docs/progress.md).
    @Test(arguments: [false, true])
    func aRunThatEndsWhileTheProfileIsLockedIsSavedLater(playingAgain: Bool) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let profile = folder.appendingPathComponent("p.sqlite")
        let (game, other) = try firstSoundWithLockedProfile(profile)
        try game.winByFacing("60° east-north-east", turning: PseudoTerminal.right, times: 4)
        try game.expect("another program holds the profile locked, so this run waits to be saved")
        try other.writeWithoutTransaction { db in try db.execute(sql: "ROLLBACK") }
        let free = "\(profile.path): the profile is free again; the runs that waited are saved"
        if playingAgain {
            try game.type("r", onASettlingPageUntil: "Level The First Sound begins.")
            #expect(!game.text.contains(free), "told before the run that waited was saved")
            game.send("q")
            try game.expect(free)
            try game.expect("== Left: The First Sound ==")
        }
        try game.quitFromTheEndPage()
        #expect(!game.text.contains("could not be saved"))
        #expect(game.text.components(separatedBy: free).count == (playingAgain ? 2 : 1), "told once, and only once saved")
        let runs = try other.read { db in try String.fetchAll(db, sql: "SELECT levelID || ' ' || outcome FROM run ORDER BY rowid") }
        #expect(runs == ["first-sound won"] + (playingAgain ? ["first-sound abandoned"] : []))
    }

    /// Achievements of a run still waiting for a locked profile are the player's all the
    /// same: the level played again does not announce them as new. Before, every level
    /// after the wait announced First Win again.
    @Test func achievementsWaitingForALockedProfileAreNotAnnouncedAgain() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let profile = folder.appendingPathComponent("p.sqlite")
        let (game, other) = try firstSoundWithLockedProfile(profile)
        defer { try? other.writeWithoutTransaction { db in try db.execute(sql: "ROLLBACK") } }
        try game.winByFacing("60° east-north-east", turning: PseudoTerminal.right, times: 4)
        try game.expect("this run waits to be saved")
        try game.type("r", onASettlingPageUntil: "Level The First Sound begins.")
        try game.winByFacing("60° east-north-east", turning: PseudoTerminal.right, times: 4)
        try game.expect("No new achievements.")
        #expect(game.text.components(separatedBy: "Achievements earned: First Win").count == 2, "announced once")
        try other.writeWithoutTransaction { db in try db.execute(sql: "ROLLBACK") }
        try game.quitFromTheEndPage()
    }

    /// A profile still locked when the game quits: after waiting as long as any command
    /// does, the game says how many runs are lost and ends with status 1.
    @Test func runsStillWaitingForALockedProfileAtTheEndAreNamed() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let profile = folder.appendingPathComponent("p.sqlite")
        let (game, other) = try firstSoundWithLockedProfile(profile)
        defer { try? other.writeWithoutTransaction { db in try db.execute(sql: "ROLLBACK") } }
        game.send("q")
        try game.expect("this run waits to be saved")
        try game.expect("Left: The First Sound")
        #expect(try game.quitFromAPage() == 1)
        try game.expect("so 1 finished run of this session could not be saved")
        #expect(game.isCooked)
    }

    /// The first level begun with `profile`, and another program's connection that then
    /// holds the profile locked (a write transaction left open).
    private func firstSoundWithLockedProfile(_ profile: URL) throws -> (PseudoTerminal, DatabaseQueue) {
        let game = try PseudoTerminal(["play", tutorialPath, "--plain", "--no-audio", "--level", "first-sound",
                                       "--profile", profile.path])
        try game.expect("== Briefing: The First Sound ==")
        game.send("\r")
        try game.expect("Level The First Sound begins.")
        var configuration = Configuration()
        configuration.allowsUnsafeTransactions = true
        let other = try DatabaseQueue(path: profile.path, configuration: configuration)
        try other.writeWithoutTransaction { db in try db.execute(sql: "BEGIN IMMEDIATE") }
        return (game, other)
    }

    /// A language the pack has no texts in is told, with the languages it has.
    @Test func aLanguageThePackLacksIsTold() throws {
        let game = try PseudoTerminal(["play", tutorialPath, "--plain", "--no-audio", "--lang", "fr"])
        try game.expect("This pack has no texts in 'fr'; it plays in 'en' (it has de, en).")
        game.send("q")
        #expect(try game.waitForExit() == 0)
    }

    /// A crash (a bad access, an abort, a Swift trap: here each signal sent from outside)
    /// puts the terminal back before the signal ends the process: with the runtime's crash
    /// report on (not waiting for a key, as it would at a terminal) and with it off, when
    /// the signal's default action is what follows.
    @Test(arguments: [SIGSEGV, SIGABRT, SIGILL], ["enable=yes,interactive=no", "enable=no"])
    func aCrashRestoresTheTerminal(signal: Int32, backtrace: String) throws {
        let game = try PseudoTerminal(["play", tutorialPath, "--no-audio", "--level", "first-sound"],
                                      environment: ["SWIFT_BACKTRACE": backtrace])
        try game.expect("Briefing: The First Sound")
        game.send("\r")
        try game.expect("Heading 0° N")
        kill(game.pid, signal)
        #expect(try game.waitForExit() == 128 + signal)
        #expect(game.isCooked)
        #expect(String(decoding: game.output, as: UTF8.self).contains("\u{1B}[?1049l"), "the main screen is back")
    }

    /// SIGTERM from outside: the terminal is restored too (status 143).
    @Test func terminationSignalRestoresTheTerminal() throws {
        let game = try PseudoTerminal.inTheFirstSound()
        kill(game.pid, SIGTERM)
        #expect(try game.waitForExit() == 143)
        #expect(game.isCooked)
    }
}

extension PseudoTerminal {
    /// A full-screen game (no sound) past the briefing of the tutorial's first level, with
    /// the level drawn.
    static func inTheFirstSound() throws -> PseudoTerminal {
        let game = try PseudoTerminal(["play", tutorialPath, "--no-audio", "--level", "first-sound"])
        try game.expect("Briefing: The First Sound")
        game.send("\r")
        try game.expect("Heading 0° N")
        return game
    }

    /// Waits until the game is stopped by job control (state T); whether it was.
    func waitUntilStopped() -> Bool {
        func state() -> Character? {
            let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
            return stat.split(separator: ")").last?.dropFirst().first
        }
        let deadline = MonotonicClock.now() + 30
        while state() != "T", MonotonicClock.now() < deadline { pump(0.05) }
        return state() == "T"
    }

    /// Ctrl-Z, then what the shell's `fg` sends once the game has stopped: SIGCONT.
    func suspendAndGoOn() throws {
        send("\u{1A}")
        guard waitUntilStopped() else { throw HarnessError("Ctrl-Z did not stop the game:\n\(text.suffix(1000))") }
        kill(pid, SIGCONT)
    }

    /// The text of the line the cursor was last shown on, read off the escape sequences the
    /// game wrote (a cursor move to row R, then "cursor shown"); nil while it is hidden.
    var lineUnderTheCursor: String? {
        let raw = String(decoding: output, as: UTF8.self)
        guard let shown = raw.range(of: Escape.showCursor, options: .backwards),
              raw.range(of: Escape.hideCursor, options: .backwards).map({ $0.lowerBound < shown.lowerBound }) ?? true
        else { return nil }
        // The move just before it: ESC [ row ; 1 H.
        guard let move = raw[..<shown.lowerBound].range(of: "\u{1B}[", options: .backwards) else { return nil }
        let moveText = String(raw[move.lowerBound ..< shown.lowerBound])
        // The last time that row was drawn: the move, then its text up to "clear the rest".
        var drawn: Substring?
        var searchEnd = move.lowerBound
        while let start = raw[..<searchEnd].range(of: moveText, options: .backwards) {
            let rest = raw[start.upperBound...]
            if !rest.hasPrefix(Escape.showCursor), let end = rest.range(of: Escape.clearLine) {
                drawn = rest[..<end.lowerBound]
                break
            }
            searchEnd = start.lowerBound
        }
        return drawn.map { Escape.strip(String($0)) }
    }
}
