import EcholotTestSupport
import Foundation
import Testing

/// `echolot stats` in a real terminal: bar charts with the day table under them, and with
/// `--plain` (a screen reader's choice) or `TERM=dumb` a sentence a line.
@Suite struct StatsTerminalTests {
    @Test func aTerminalGetsChartsAndTheDayTableAndPlainSentences() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = folder.appendingPathComponent("bell.jsonl")
        try Data("""
            {"t": 0.5, "action": "turnTo", "azimuth": 60}
            {"t": 1, "action": "select"}
            {"t": 2, "action": "end"}

            """.utf8).write(to: log)
        let profile = folder.appendingPathComponent("profile.sqlite").path
        let run = try runEcholot(["run", tutorialPath, "--level", "first-sound", "--input", log.path, "--profile", profile])
        #expect(run.status == 0, "\(run.stderr)")

        let charts = try PseudoTerminal(["stats", "--profile", profile])
        #expect(try charts.waitForExit() == 0)
        #expect(charts.text.contains("Wins per day") && charts.text.contains("█"), "\(charts.text)")
        #expect(charts.text.contains("day         runs  won  avg score  best"))

        let plain = try PseudoTerminal(["stats", "--plain", "--profile", profile])
        #expect(try plain.waitForExit() == 0)
        #expect(plain.text.contains("1 run: 1 won (100%), 0 lost, 0 abandoned."), "\(plain.text)")
        // Named as the game names it: the shipped pack is found by its id.
        #expect(plain.text.contains("Tutorial, The First Sound: 1 run, 1 won, 0.0 misses a run"), "\(plain.text)")
        #expect(!plain.text.contains("█") && !plain.text.contains("per day") && !plain.text.contains("──"))
    }
}
