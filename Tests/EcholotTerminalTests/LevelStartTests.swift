import EcholotTerminal
import EcholotTestSupport
import Foundation
import Testing

/// How a level begins in real pseudo-terminals: the Enter that started it, pressed twice
/// while a screen reader speaks, selects nothing and is not recorded.
@Suite(.serialized) struct LevelStartTests {
    /// Enter chooses Start on the briefing and selects in the level: a second Enter 0.3 s
    /// later is not a miss, after Start or after Retry, and the log has no select for it;
    /// once the first moment is over, space selects as always, and the log replays.
    @Test func anEnterPressedTwiceOnStartOrRetryIsNoMiss() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = folder.appendingPathComponent("start.jsonl").path
        let game = try PseudoTerminal(["play", tutorialPath, "--plain", "--no-audio", "--level", "two-voices",
                                       "--profile", folder.appendingPathComponent("p.sqlite").path, "--record", log])
        try game.expect("1. Start")
        game.send("\r")
        game.wait(0.3)
        game.send("\r")
        try game.expect("Level Two Voices begins.")
        game.wait(PseudoTerminal.endPageSettle)
        game.send("i")
        try game.expect("Found 0, misses 0,")
        #expect(!game.text.contains("Miss:"), "\(game.text)")
        game.send(" ")
        try game.expect("Miss: nothing there. 1 miss so far.")
        game.wait(0.3)
        game.send("q")
        try game.expect("== Left: Two Voices ==")
        try game.type("r", onASettlingPageUntil: "Level Two Voices begins.")
        game.send("\r")
        game.wait(PseudoTerminal.endPageSettle)
        game.send("i")
        try game.expect("Found 0, misses 0,")
        game.send("q")
        try game.expect("== Left: Two Voices ==")
        #expect(try game.quitFromAPage() == 0)

        let selects = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").filter { $0.contains(#""action":"select""#) }
        #expect(selects.count == 1, "only the space after the first moment is a select: \(selects)")
        let replay = try runEcholot(["replay", log])
        #expect(replay.status == 0, "\(replay.stdout)\(replay.stderr)")
        let retry = folder.appendingPathComponent("start-2.jsonl").path
        #expect(try String(contentsOfFile: retry, encoding: .utf8).contains("select") == false)
    }
}
