import EcholotTestSupport
import Foundation
import Testing

/// `echolot stats` in a real terminal: bar charts with the day table under them, and with
/// `--plain` (a screen reader's choice) or `TERM=dumb` a sentence a line.
@Suite struct StatsTerminalTests {
    /// A profile in `folder` holding one won run of the tutorial's first level, recorded by `echolot run`.
    func profileWithAWin(in folder: URL) throws -> String {
        let log = folder.appendingPathComponent("bell.jsonl")
        try Data("""
            {"t": 0.5, "action": "turnTo", "azimuth": 60}
            {"t": 1, "action": "select"}
            {"t": 2, "action": "end"}

            """.utf8).write(to: log)
        let profile = folder.appendingPathComponent("profile.sqlite").path
        let run = try runEcholot(["run", tutorialPath, "--level", "first-sound", "--input", log.path, "--profile", profile])
        #expect(run.status == 0, "\(run.stderr)")
        return profile
    }

    @Test func aTerminalGetsChartsAndTheDayTableAndPlainSentences() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let profile = try profileWithAWin(in: folder)

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

    /// `--lang de` speaks German in every layout, as play does: sentences (`--plain`),
    /// tables (piped) and charts (a terminal), with no English label left; the JSON keeps
    /// its keys. Before, only the level's name was German.
    @Test func langDeGivesTheStatisticsInGermanInEveryLayout() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let profile = try profileWithAWin(in: folder)
        let english: Set = ["Statistics", "run", "runs", "won", "lost", "abandoned", "average", "avg", "score", "best", "misses",
                            "per", "day", "Days", "Levels", "level", "tag", "Tags", "found", "of", "rate", "none", "to", "Wins"]

        let plain = try runEcholot(["stats", "--lang", "de", "--plain", "--profile", profile])
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(plain.stdout.hasPrefix("Statistik der letzten 7 Tage ("), "\(plain.stdout)")
        #expect(plain.stdout.contains("\n1 Spiel: 1 gewonnen (100 %), 0 verloren, 0 abgebrochen.\n"), "\(plain.stdout)")
        #expect(plain.stdout.contains("\nEinführung, Der erste Klang: 1 Spiel, 1 gewonnen, 0,0 Fehlgriffe pro Spiel, Durchschnitt "),
                "\(plain.stdout)")
        #expect(plain.stdout.contains("\nTage:\n"), "\(plain.stdout)")

        let piped = try runEcholot(["stats", "--lang", "de", "--profile", profile], environment: ["TERM": "xterm"])
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(piped.stdout.contains("\nSpiele 1 · gewonnen 1 (100 %) · verloren 0 · abgebrochen 0\n"), "\(piped.stdout)")
        #expect(piped.stdout.contains("\nTag         Spiele  gewonnen  Durchschnitt  Bestwert\n"), "\(piped.stdout)")
        #expect(!piped.stdout.contains("█"), "\(piped.stdout)")

        let charts = try PseudoTerminal(["stats", "--lang", "de", "--profile", profile])
        #expect(try charts.waitForExit() == 0)
        #expect(charts.text.contains("Gewonnene Spiele pro Tag") && charts.text.contains("█"), "\(charts.text)")
        #expect(charts.text.contains("Level                        Spiele  gewonnen  Fehlgriffe/Spiel  Durchschnitt  Bestwert"),
                "\(charts.text)")

        for (layout, text) in [("--plain", plain.stdout), ("piped", piped.stdout), ("terminal", charts.text)] {
            let left = english.intersection(text.split { !$0.isLetter }.map(String.init))
            #expect(left.isEmpty, "\(layout): \(left) in \(text)")
        }
        // --json is for programs: the same in every language, names in the pack's own.
        let json = try runEcholot(["stats", "--lang", "de", "--json", "--profile", profile])
        #expect(json.stdout.contains(#""name":"Tutorial, The First Sound""#) && json.stdout.contains(#""runs":1"#), "\(json.stdout)")
    }
}
