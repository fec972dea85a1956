import EcholotTestSupport
import Foundation
import Testing

/// A story's single levels once the story under way has played one: the menu says so in
/// one clear way, not as "locked" and "done" at once, and starts where Enter plays.
@Suite(.serialized) struct StoryLevelsMenuTests {
    @Test func aLevelPlayedInTheStoryIsSaidSoAndTheMenuStartsOnOneToPlay() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let profile = try LockedLevelPlayTests.profileWhoseStoryPlayedTheLantern(in: folder)
        let game = try PseudoTerminal(["play", StoryPlayTests.nightWalk, "--plain", "--no-audio", "--profile", profile.path])
        try game.expect("Play single levels")
        game.send("l")
        try game.expect("== Night Walk — choose a level ==")
        try game.expect("1. The Lantern (played in this story)\r\n2. The Crossing\r\n")
        try game.expect("Selected: The Crossing")
        game.send("1")
        try game.expect("The Lantern was already played in this story, which plays each level once: "
            + "begin the story again to play it again.")
        #expect(!game.text.contains("locked") && !game.text.contains("done"), "\(game.text)")
        game.send("q")
        #expect(try game.waitForExit() == 0)
    }
}
