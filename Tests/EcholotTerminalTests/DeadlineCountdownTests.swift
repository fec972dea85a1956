import EcholotTestSupport
import Foundation
import Testing

/// A pack's own goal with a deadline, heard run out as the standard `timeLimit` is: the
/// goal `echolot new pack` writes, which every new pack starts from. Before, a player
/// who could not see the screen heard nothing of its twenty seconds until the level was lost.
@Suite(.serialized) struct DeadlineCountdownTests {
    @Test func aNewPacksGoalIsCountedDown() throws {
        let (folder, pack) = try newPack(named: "cave")
        defer { try? FileManager.default.removeItem(at: folder) }
        let game = try PseudoTerminal(["play", pack.path, "--plain", "--no-audio", "--level", "first-steps",
                                       "--profile", folder.appendingPathComponent("p.sqlite").path])
        try game.expect("== Briefing: First Steps ==")
        game.send("s")
        try game.expect("Level First Steps begins")
        game.send("i")
        try game.expect("Goal, to do: Find the Chime within 20 s (20 s left).")
        try game.expect("10 seconds left.", within: 20)
        try game.expect("5 seconds left.", within: 10)
        // Said by the end page that follows at once, not also as a line before it.
        try game.expect("Failed: Find the Chime within 20 s.", within: 10)
        // Failed, it is no longer counted: its line says so without a time.
        #expect(!game.text.contains("(0 s left)"), "\(game.text)")
        #expect(!game.text.contains("60 seconds left") && !game.text.contains("30 seconds left"),
                "a mark beyond the deadline is not said: \(game.text)")
        try game.expect("Selected: Retry (r)")
        Thread.sleep(forTimeInterval: 1)  // the end page ignores keys for its first 0.6 s
        game.send("q")
        #expect(try game.waitForExit() == 0)
    }
}
