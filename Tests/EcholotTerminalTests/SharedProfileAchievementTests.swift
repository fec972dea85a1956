import EcholotTestSupport
import Foundation
import Testing

/// Two games on one profile: an achievement each earns is news only in the one whose run
/// recorded it first, as the profile holds it once.
@Suite(.serialized) struct SharedProfileAchievementTests {
    @Test func anAchievementAnotherGameRecordedFirstIsNotAnnouncedAgain() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let profile = folder.appendingPathComponent("p.sqlite")

        // This game starts the level while the profile holds no achievement.
        let game = try PseudoTerminal(["play", "--plain", "--no-audio", "--level", "first-sound", "--profile", profile.path])
        try game.expect("1. Start")
        game.send("\r")
        try game.expect("Level The First Sound begins.")

        // Meanwhile another Echolot, through its own connection to the same file, wins it.
        let log = folder.appendingPathComponent("win.jsonl")
        try """
            {"t": 1, "action": "turnTo", "azimuth": 60}
            {"t": 1.5, "action": "select"}

            """.write(to: log, atomically: true, encoding: .utf8)
        let other = try runEcholot(["run", tutorialPath, "--level", "first-sound", "--input", log.path, "--profile", profile.path])
        #expect(other.status == 0 && other.stdout.contains("new achievements: firstWin"), "\(other.stdout)\(other.stderr)")

        try game.winByFacing("60° east-north-east", turning: PseudoTerminal.right, times: 4)
        try game.expect("No new achievements.")
        try game.quitFromTheEndPage()
        #expect(!game.text.contains("Achievements earned: First Win"), "\(game.text)")
    }
}
