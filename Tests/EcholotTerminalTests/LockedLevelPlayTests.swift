import EcholotTestSupport
import Foundation
import Testing

/// `echolot play` in real pseudo-terminals keeps the profile's locks on every way into a
/// level: `--level` is refused as `run` refuses it, before the game takes the terminal,
/// and nothing is recorded.
@Suite(.serialized) struct LockedLevelPlayTests {
    /// The number of runs `stats` finds in `profile`.
    func runs(in profile: URL) throws -> Int? {
        let stats = try runEcholot(["stats", "--json", "--profile", profile.path])
        let json = try #require(JSONSerialization.jsonObject(with: Data(stats.stdout.utf8)) as? [String: Any], "\(stats.stderr)")
        return json["runs"] as? Int
    }

    /// `play --level` of a story level already finished in the current story says why, as
    /// `run` does, and exits 1 without a briefing or a run.
    @Test func playLevelRefusesAStoryLevelFinishedInThisStory() throws {
        let profile = try Self.profileWhoseStoryPlayedTheLantern(in: try temporaryFolder())
        let game = try PseudoTerminal(["play", StoryPlayTests.nightWalk, "--level", "lantern", "--plain", "--no-audio", "--profile", profile.path])
        try game.expect("error: level 'lantern' is already finished in the current story of \(profile.path); stories are not "
            + "replayed level by level: begin the story again from its page")
        #expect(try game.waitForExit() == 1)
        #expect(!game.text.contains("The Lantern"), "\(game.text)")
        #expect(try runs(in: profile) == 1)
    }

    /// A profile in `folder` where Night Walk's story under way has played (won) The Lantern,
    /// by `run`, as single levels play it.
    static func profileWhoseStoryPlayedTheLantern(in folder: URL) throws -> URL {
        let profile = folder.appendingPathComponent("profile.sqlite")
        let log = folder.appendingPathComponent("lantern.jsonl")
        try Data("""
            {"t": 0.5, "action": "turnTo", "azimuth": 90}
            {"t": 1, "action": "select"}

            """.utf8).write(to: log)
        let won = try runEcholot(["run", StoryPlayTests.nightWalk, "--level", "lantern", "--input", log.path, "--profile", profile.path])
        try #require(won.status == 0 && won.stdout.contains("level lantern: won"), "\(won.stdout)\(won.stderr)")
        return profile
    }

    /// Splits the tutorial copy `pack` in two scenarios: The Basics (its first two levels)
    /// and More (the other two), locked until The Basics is finished.
    func lockTheSecondHalf(of pack: URL) throws {
        let manifest = pack.appendingPathComponent("pack.json")
        let text = try String(contentsOf: manifest, encoding: .utf8)
        let levels = #""levels": ["first-sound", "two-voices", "around-you", "in-order"]"#
        try #require(text.contains(levels))
        try Data(text.replacingOccurrences(of: levels, with: #""levels": ["first-sound", "two-voices"] },"#
            + #" { "id": "more", "name": "More", "levels": ["around-you", "in-order"], "unlock": { "after": "basics" }"#)
            .utf8).write(to: manifest)
    }

    /// The win that opens a locked scenario says so on its end page: the menus would show
    /// it only to a player who goes back and reads the list again.
    @Test func theWinThatUnlocksAScenarioSaysSo() throws {
        let pack = try shippedPackCopy("tutorial")
        try lockTheSecondHalf(of: pack)
        let folder = try temporaryFolder()
        let profile = folder.appendingPathComponent("profile.sqlite")
        let log = folder.appendingPathComponent("two-voices.jsonl")
        try Data("""
            {"t": 1, "action": "turnTo", "azimuth": 300}
            {"t": 2, "action": "select"}

            """.utf8).write(to: log)
        let won = try runEcholot(["run", pack.path, "--level", "two-voices", "--input", log.path, "--profile", profile.path])
        try #require(won.status == 0 && won.stdout.contains("won"), "\(won.stdout)\(won.stderr)")
        let game = try PseudoTerminal(["play", pack.path, "--level", "first-sound", "--plain", "--no-audio", "--profile", profile.path])
        try game.expect("== Briefing: The First Sound ==")
        game.send("s")
        try game.expect("begins")
        game.press(PseudoTerminal.right, times: 4)
        try game.expect("Facing 60° east-north-east")
        game.send(" ")
        try game.expect("== Won: The First Sound ==")
        try game.expect("Unlocked: “More”.")
        try game.expect("Selected: ")
        Thread.sleep(forTimeInterval: 1)  // the end page ignores keys for its first 0.6 s
        game.send("q")
        #expect(try game.waitForExit() == 0)
    }

    /// `play --level` of a level whose scenario is still locked says why, as `run` does,
    /// scenarios named as the menus name them, and exits 1 without a briefing, a run, or a
    /// profile file made (progress.md: nothing is made for a level refused).
    @Test func playLevelRefusesALevelOfALockedScenario() throws {
        let pack = try shippedPackCopy("tutorial")
        try lockTheSecondHalf(of: pack)
        let profile = try temporaryFolder().appendingPathComponent("profile.sqlite")
        let game = try PseudoTerminal(["play", pack.path, "--level", "around-you", "--plain", "--no-audio", "--profile", profile.path])
        try game.expect("error: level 'around-you' is in “More”, which is locked in \(profile.path): finish “The Basics” first")
        #expect(try game.waitForExit() == 1)
        // `run` can try it unrecorded; a player is not sent to a tool that cannot play.
        #expect(!game.text.contains("echolot run"), "\(game.text)")
        #expect(!game.text.contains("Around You"), "\(game.text)")
        #expect(!FileManager.default.fileExists(atPath: profile.path))
    }

    /// A level that became locked while its briefing was open (the pack being authored
    /// gave its scenario an unlock rule; at once, as editors save) is not started from it: the game says why, goes
    /// back to the levels, and records no run.
    @Test func aLevelLockedWhileItsBriefingIsOpenIsNotStarted() throws {
        let pack = try shippedPackCopy("tutorial")
        let profile = try temporaryFolder().appendingPathComponent("profile.sqlite")
        let game = try PseudoTerminal(["play", pack.path, "--plain", "--no-audio", "--watch", "--level", "around-you",
                                       "--profile", profile.path])
        try game.expect("== Briefing: All Around You ==")
        let manifest = pack.appendingPathComponent("pack.json")
        let text = try String(contentsOf: manifest, encoding: .utf8)
        let levels = #""levels": ["first-sound", "two-voices", "around-you", "in-order"]"#
        try #require(text.contains(levels))
        try Data(text.replacingOccurrences(of: levels, with: levels + #", "unlock": { "totalScore": 5000 }"#).utf8)
            .write(to: manifest, options: .atomic)
        game.send("\r")
        try game.expect("Reloaded after changes to pack.json.")
        try game.expect("All Around You cannot be played: score 5000 points in this pack first (0 so far).")
        try game.expect("== The Basics — choose a level ==")
        game.send("q")
        #expect(try game.waitForExit() == 0)
        #expect(!game.text.contains("Level All Around You begins."), "\(game.text)")
        #expect(try runs(in: profile) == 0)
    }

    /// A story level won from the single levels is finished in this story: its end page
    /// offers no Retry, and r there says why instead of playing and recording it again.
    @Test func theEndPageOffersNoRetryOfAStoryLevelThisRunFinished() throws {
        let profile = try temporaryFolder().appendingPathComponent("profile.sqlite")
        let game = try PseudoTerminal(["play", StoryPlayTests.nightWalk, "--plain", "--no-audio", "--profile", profile.path])
        try game.expect("Play single levels")
        game.send("l")
        try game.expect("1. The Lantern")
        game.send("\r")
        try game.expect("== Briefing: The Lantern ==")
        game.send("s")
        try game.expect("Level The Lantern begins.")
        try game.winByFacing("90° east", turning: PseudoTerminal.right, times: 6)
        try game.expect("== Won: The Lantern ==")
        try game.expect("Selected: ")
        let page = try #require(game.text.components(separatedBy: "== Won: The Lantern ==").last)
        #expect(!page.contains("Retry"), "\(page)")
        try game.type("r", onASettlingPageUntil: "There is no Retry: The Lantern was already played in this story, "
            + "which plays each level once: begin the story again to play it again.")
        game.wait(0.5)
        #expect(game.text.components(separatedBy: "Level The Lantern begins.").count == 2, "\(game.text)")
        game.send("q")
        #expect(try game.waitForExit() == 0)
        #expect(try runs(in: profile) == 1)
    }
}
