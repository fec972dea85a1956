import EcholotTestSupport
import Foundation
import Testing

/// `echolot play` starts each level with the progress records the profile keeps of the
/// achievements not earned yet (FAA#31), and a recording carries them, so that what it
/// recorded replays and renders as it was played.
@Suite(.serialized) struct ProgressBeforePlayTests {
    /// Wins `level` of `pack` into `profile`, as another session did.
    private func win(in profile: URL, pack: URL, level: String, azimuth: Int) throws {
        let log = profile.deletingLastPathComponent().appendingPathComponent("\(level).jsonl")
        try "{\"t\": 1, \"action\": \"turnTo\", \"azimuth\": \(azimuth)}\n{\"t\": 1.5, \"action\": \"select\"}\n"
            .write(to: log, atomically: true, encoding: .utf8)
        let run = try runEcholot(["run", pack.path, "--level", level, "--input", log.path, "--profile", profile.path])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
    }

    /// A tutorial whose `prog.threeWins` counts the levels won: two runs win two, and the
    /// level played third earns it.
    @Test func aRecordedLevelStartsWithTheProfilesProgressAndReplaysAndRendersWithIt() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pack = try tutorialCopy("prog", in: folder, script: """
            echolot.achievement("prog.threeWins", { title = "Three Wins", on = { ["level.won"] = function(progress, action, ctx)
              progress.wins = (progress.wins or 0) + 1
              print("wins " .. progress.wins)
              if progress.wins >= 3 then progress.earned = true end
            end } })

            """)
        let profile = folder.appendingPathComponent("p.sqlite")
        try win(in: profile, pack: pack, level: "first-sound", azimuth: 60)
        try win(in: profile, pack: pack, level: "two-voices", azimuth: 300)

        let log = folder.appendingPathComponent("session.jsonl").path
        let game = try PseudoTerminal(["play", pack.path, "--plain", "--no-audio", "--level", "first-sound",
                                       "--profile", profile.path, "--record", log])
        try game.expect("1. Start")
        game.send("\r")
        try game.winByFacing("60° east-north-east", turning: PseudoTerminal.right, times: 4)
        try game.expect("Achievements earned: Three Wins.")
        try game.expect("Recorded to \(log)")
        try game.quitFromTheEndPage()

        // The description says what progress the level started with.
        let meta = try Data(contentsOf: URL(fileURLWithPath: log + ".meta.json"))
        let recording = try #require(JSONSerialization.jsonObject(with: meta) as? [String: Any])
        let progress = try #require(recording["progressBefore"] as? [String: Any], "\(recording)")
        #expect((progress["prog.threeWins"] as? [String: Any])?["wins"] as? Int == 2, "\(recording)")
        let replay = try runEcholot(["replay", log])
        #expect(replay.status == 0, "\(replay.stdout)\(replay.stderr)")
        #expect(replay.stdout.contains("the stateHash matches the recording"), "\(replay.stdout)")
        #expect(replay.stdout.contains("\nachievements: prog.threeWins\n"), "\(replay.stdout)")
        // Rendered, the level starts with it too: the win is the third.
        let out = folder.appendingPathComponent("session.wav")
        let render = try runEcholot(["render", pack.path, "--level", "first-sound", "--seconds", "3", "--input", log,
                                     "--out", out.path])
        #expect(render.status == 0, "\(render.stderr)")
        #expect(render.stderr.contains("print: wins 3\n"), "\(render.stderr)")
        #expect(FileManager.default.fileExists(atPath: out.path))
        // Without what it started with, the log alone ends elsewhere.
        var plain = recording
        plain["progressBefore"] = nil
        try JSONSerialization.data(withJSONObject: plain).write(to: URL(fileURLWithPath: log + ".meta.json"))
        let without = try runEcholot(["replay", log])
        #expect(without.status == 1, "\(without.stdout)\(without.stderr)")
        #expect(!without.stdout.contains("prog.threeWins"), "\(without.stdout)")
        // --progress-before stands in for what the description no longer says.
        let file = folder.appendingPathComponent("progress.json")
        try JSONSerialization.data(withJSONObject: progress).write(to: file)
        let given = try runEcholot(["replay", log, "--progress-before", file.path])
        #expect(given.status == 0, "\(given.stdout)\(given.stderr)")
        #expect(given.stdout.contains("the stateHash matches the recording"), "\(given.stdout)")
    }
}
