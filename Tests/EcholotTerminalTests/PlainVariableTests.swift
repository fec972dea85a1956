import EcholotTerminal
import EcholotTestSupport
import Foundation
import Testing

/// `ECHOLOT_PLAIN=1` asks for the line mode for good: every command that has `--plain`
/// (play, stats, packs) takes it as `--plain`, and `ECHOLOT_PLAIN=0` is a way to leave it
/// off for one command without unsetting it.
@Suite struct PlainVariableTests {
    /// A value asks for lines unless it is empty or a no; `--plain` and `TERM=dumb` give
    /// lines whatever it says.
    @Test func theVariableAsksForLinesUnlessItSaysNo() {
        for value in ["1", "yes", "true", " 1 "] {
            #expect(LineMode.wanted(plain: false, environment: ["ECHOLOT_PLAIN": value]), "\(value)")
        }
        for value in ["0", "", "false", "No", "off"] {
            #expect(!LineMode.wanted(plain: false, environment: ["ECHOLOT_PLAIN": value]), "\(value)")
        }
        #expect(!LineMode.wanted(plain: false, environment: [:]))
        #expect(LineMode.wanted(plain: true, environment: ["ECHOLOT_PLAIN": "0"]))
        #expect(LineMode.wanted(plain: false, environment: ["ECHOLOT_PLAIN": "0", "TERM": "dumb"]))
    }

    /// In a real terminal, `play` with the variable set says its menus as lines, without
    /// a single escape sequence.
    @Test func playInATerminalSaysLines() throws {
        let game = try PseudoTerminal(["play", tutorialPath, "--no-audio"], environment: ["ECHOLOT_PLAIN": "1"])
        try game.expect("== Tutorial — choose a scenario ==")
        game.send("q")
        #expect(try game.waitForExit() == 0)
        #expect(!game.output.contains(0x1B), "\(game.text)")
    }

    /// `stats` in a terminal gives sentences with the variable set, and its charts with
    /// `ECHOLOT_PLAIN=0`.
    @Test func statsInATerminalSaysSentences() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = folder.appendingPathComponent("bell.jsonl")
        try Data("{\"t\": 0.5, \"action\": \"turnTo\", \"azimuth\": 60}\n{\"t\": 1, \"action\": \"select\"}\n".utf8).write(to: log)
        let profile = folder.appendingPathComponent("profile.sqlite").path
        let run = try runEcholot(["run", tutorialPath, "--level", "first-sound", "--input", log.path, "--profile", profile])
        #expect(run.status == 0, "\(run.stderr)")
        let plain = try PseudoTerminal(["stats", "--profile", profile], environment: ["ECHOLOT_PLAIN": "1"])
        #expect(try plain.waitForExit() == 0)
        #expect(plain.text.contains("1 run: 1 won (100%), 0 lost, 0 abandoned."), "\(plain.text)")
        #expect(!plain.text.contains("█") && !plain.text.contains("──"), "\(plain.text)")
        let charts = try PseudoTerminal(["stats", "--profile", profile], environment: ["ECHOLOT_PLAIN": "0"])
        #expect(try charts.waitForExit() == 0)
        #expect(charts.text.contains("Wins per day") && charts.text.contains("█"), "\(charts.text)")
    }

    /// `packs` says a sentence a pack with the variable set, as with `--plain`.
    @Test func packsSaysASentenceAPack() throws {
        let data = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: data) }
        let listed = try runEcholot(["packs", "--all"], environment: ["ECHOLOT_DATA": data.path, "ECHOLOT_PLAIN": "1"])
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout.contains("tutorial 1.0.1: Tutorial, by Echolot, 4 levels, shipped.\n"), "\(listed.stdout)")
        let table = try runEcholot(["packs", "--all"], environment: ["ECHOLOT_DATA": data.path, "ECHOLOT_PLAIN": "0"])
        #expect(table.stdout.hasPrefix("ID "), "\(table.stdout)")
    }
}
