import EcholotTestSupport
import Foundation
import Testing

/// A copy of the tutorial in `folder`, named `name`, with `script` as its `scripts/<name>.lua`.
func tutorialCopy(_ name: String, in folder: URL, script: String) throws -> URL {
    let pack = folder.appendingPathComponent(name)
    try FileManager.default.copyItem(atPath: tutorialPath, toPath: pack.path)
    try FileManager.default.createDirectory(at: pack.appendingPathComponent("scripts"), withIntermediateDirectories: true)
    try script.write(to: pack.appendingPathComponent("scripts/\(name).lua"), atomically: true, encoding: .utf8)
    return pack
}

/// `echolot play` starts each level (and a story) with the achievements the profile holds,
/// and a recording carries them, so that what it recorded replays to the same stateHash.
@Suite(.serialized) struct EarnedBeforePlayTests {
    /// Plays `level` of `pack` with `input` (JSON Lines) into `profile`, as another session did.
    private func earn(in profile: URL, pack: URL, level: String, _ input: String) throws {
        let log = profile.deletingLastPathComponent().appendingPathComponent("\(level).jsonl")
        try input.write(to: log, atomically: true, encoding: .utf8)
        let run = try runEcholot(["run", pack.path, "--level", level, "--input", log.path, "--profile", profile.path])
        #expect(run.status == 0 && run.stdout.contains("new achievements: firstWin"), "\(run.stdout)\(run.stderr)")
    }

    /// A tutorial whose `veteran` is earned by starting a level with First Win earned: in
    /// another level, another session, since every level starts with none of its own.
    @Test func aRecordedLevelStartsWithTheProfilesAchievementsAndReplaysWithThem() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pack = try tutorialCopy("veteran", in: folder, script: """
            echolot.achievement("veteran", { title = "Veteran", on = { ["level.started"] = function(progress, action, ctx)
              local earned = ctx.game.achievements or {}
              if earned.firstWin then progress.earned = true end
            end } })

            """)
        let profile = folder.appendingPathComponent("p.sqlite")
        try earn(in: profile, pack: pack, level: "two-voices", """
            {"t": 1, "action": "turnTo", "azimuth": 300}
            {"t": 1.5, "action": "select"}

            """)

        let log = folder.appendingPathComponent("session.jsonl").path
        let game = try PseudoTerminal(["play", pack.path, "--plain", "--no-audio", "--level", "first-sound",
                                       "--profile", profile.path, "--record", log])
        try game.expect("1. Start")
        game.send("\r")
        try game.expect("Achievement earned: Veteran.")
        try game.winByFacing("60° east-north-east", turning: PseudoTerminal.right, times: 4)
        // The win earns nothing the profile had: First Win's rule no longer runs.
        try game.expect("Achievements earned: Veteran.")
        try game.expect("Recorded to \(log)")
        try game.quitFromTheEndPage()
        #expect(!game.text.contains("Achievement earned: First Win"), "\(game.text)")

        // The description, as written beside the log, says what the level started with.
        let meta = try Data(contentsOf: URL(fileURLWithPath: log + ".meta.json"))
        let recording = try #require(JSONSerialization.jsonObject(with: meta) as? [String: Any])
        #expect(recording["earnedBefore"] as? [String] == ["firstWin", "flawless", "quickEar"], "\(recording)")
        let recordedHash = try #require(recording["stateHash"] as? String)
        let replay = try runEcholot(["replay", log])
        #expect(replay.status == 0, "\(replay.stdout)\(replay.stderr)")
        #expect(replay.stdout.contains("the stateHash matches the recording"))
        #expect(replay.stdout.contains("\nachievements: veteran\nstarted with achievements: firstWin, flawless, quickEar\n"),
                "\(replay.stdout)")
        // The log alone is not the whole run: `run` needs what the level started with.
        func hash(_ extra: [String]) throws -> String? {
            let run = try runEcholot(["run", pack.path, "--level", "first-sound", "--input", log, "--json"] + extra,
                                     environment: ["ECHOLOT_PROFILE": nil])
            let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
            return object?["stateHash"] as? String
        }
        #expect(try hash(["--earned-before", "firstWin,flawless,quickEar"]) == recordedHash)
        #expect(try hash([]) != recordedHash)
    }

    /// A story begins with the profile's achievements too: a branch on one earned in an
    /// earlier session is taken, and the story's recording carries them, so that as a test
    /// it plays that way again (and without them, it would not).
    @Test func aRecordedStoryBeginsWithTheProfilesAchievementsAndItsTestWithThem() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pack = folder.appendingPathComponent("night-walk")
        try FileManager.default.copyItem(atPath: repositoryRoot.appendingPathComponent("levels/night-walk").path, toPath: pack.path)
        let story = pack.appendingPathComponent("story.json")
        let steps = "\"id\": \"gate\",\n      \"steps\": [\n"
        let text = try String(contentsOf: story, encoding: .utf8)
        try #require(text.contains(steps))
        try text.replacingOccurrences(of: steps, with: steps + "        { \"if\": { \"achievement\": \"firstWin\" }, \"goto\": \"home\" },\n")
            .write(to: story, atomically: true, encoding: .utf8)
        let profile = folder.appendingPathComponent("p.sqlite")
        try earn(in: profile, pack: pack, level: "lantern", """
            {"t": 0.5, "action": "turnTo", "azimuth": 90}
            {"t": 1, "action": "select"}

            """)

        let recorded = folder.appendingPathComponent("walk.story.json")
        let game = try PseudoTerminal(["play", pack.path, "--plain", "--no-audio", "--time", "12:00",
                                       "--profile", profile.path, "--record", recorded.path])
        try game.expect("Begin the story")
        game.send("n")
        // Straight home: First Win was earned before the story began.
        try game.expect("Narrator: At last, the door of your house.")
        game.skipTheCutScene()
        try game.expect("Recorded the story to \(recorded.path)")
        try game.expect("The story ends: Home, safe and dry.")
        #expect(try game.quitFromAPage() == 0)
        #expect(!game.text.contains("Lantern"), "\(game.text)")

        let transcript = try String(contentsOf: recorded, encoding: .utf8)
        let earned = #"  "earnedBefore": ["firstWin","flawless","quickEar"],"# + "\n"
        #expect(transcript.contains(earned), "\(transcript)")
        let tests = pack.appendingPathComponent("tests")
        try FileManager.default.removeItem(at: tests)
        try FileManager.default.createDirectory(at: tests, withIntermediateDirectories: true)
        let test = tests.appendingPathComponent("walk.story.json")
        try transcript.write(to: test, atomically: true, encoding: .utf8)
        let replay = try runEcholot(["test", pack.path])
        #expect(replay.status == 0 && replay.stdout.contains("1 passed, 0 failed"), "\(replay.stdout)\(replay.stderr)")
        // Without them the story goes through the gate, as the recording did not.
        try transcript.replacingOccurrences(of: earned, with: "").write(to: test, atomically: true, encoding: .utf8)
        let without = try runEcholot(["test", pack.path])
        #expect(without.status == 1 && without.stdout.contains("0 passed, 1 failed"), "\(without.stdout)\(without.stderr)")
    }
}
