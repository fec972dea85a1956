import EcholotTestSupport
import Foundation
import Testing

/// The end page of the level that finishes a scenario and its pack: the news is told, and
/// Enter goes on, not back into the level just won.
@Suite(.serialized) struct FinishingTests {
    /// One After Another won after the tutorial's other levels: the page says The Basics and
    /// the tutorial are finished and starts on Back to the levels, where it used to start
    /// on Retry. So it does when the pack has a scenario with no levels besides (which is
    /// never finished, and kept the pack from being told finished).
    @Test(arguments: [false, true])
    func winningTheTutorialsLastLevelSaysItIsFinished(withAnEmptyScenario: Bool) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let profile = folder.appendingPathComponent("profile.sqlite").path
        let pack = withAnEmptyScenario ? try tutorialCopyWithAnEmptyScenario().path : tutorialPath
        let logs = [
            "first-sound": [(60, 1)], "two-voices": [(300, 1)], "around-you": [(180, 0.2), (250, 0.4), (23, 0.55)],
        ]
        for (level, picks) in logs {
            let log = folder.appendingPathComponent("\(level).jsonl")
            let lines = picks.map { azimuth, time in
                "{\"t\": \(time - 0.05), \"action\": \"turnTo\", \"azimuth\": \(azimuth)}\n{\"t\": \(time), \"action\": \"select\"}\n"
            }
            try Data(lines.joined().utf8).write(to: log)
            let run = try runEcholot(["run", pack, "--level", level, "--input", log.path, "--profile", profile])
            #expect(run.status == 0 && run.stdout.contains("won"), "\(level): \(run.stdout) \(run.stderr)")
        }
        let game = try PseudoTerminal(["play", pack, "--plain", "--no-audio", "--level", "in-order", "--profile", profile])
        try game.expect("== Briefing: One After Another ==")
        game.send("\r")
        try game.winOneAfterAnother()
        try game.expect("== Won: One After Another ==")
        try game.expect("“The Basics” is finished.")
        try game.expect("You have finished every level of Tutorial.")
        try game.expect("Selected: Back to the levels (m)")
        #expect(!game.text.contains("Selected: Retry"), "\(game.text)")
        try game.type("\r", onASettlingPageUntil: "== The Basics — choose a level ==")
        // Won again, nothing is newly finished: the news was told once.
        try game.expect("Selected: One After Another")
        game.send("\r")
        try game.expect("== Briefing: One After Another ==")
        game.send("\r")
        try game.winOneAfterAnother()
        try game.expect("Selected: Back to the levels (m)")
        let again = game.text.components(separatedBy: "== Won: One After Another ==").last ?? ""
        #expect(!again.contains("is finished") && !again.contains("You have finished"), "\(again)")
        try game.type("q", onASettlingPageUntil: "Thanks for playing")
        #expect(try game.waitForExit() == 0)
    }
}

extension PseudoTerminal {
    /// Plays One After Another from its start: the drum, the bell, the lark, each selected
    /// once it is in view near the middle; hears it won.
    func winOneAfterAnother() throws {
        try expect("Level One After Another begins.")
        for (key, times, sound) in [(PseudoTerminal.left, 3, "Drum 5° right"), (PseudoTerminal.right, 5, "Bell 15° right"),
                                    (PseudoTerminal.right, 11, "Lark 5° right")] {
            press(key, times: times)
            try expect("In view: \(sound).")
            send(" ")
        }
        try expect("You won the level!")
    }
}
