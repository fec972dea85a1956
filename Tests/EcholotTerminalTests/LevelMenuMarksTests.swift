import EcholotTestSupport
import Foundation
import Testing

/// The level menu of `echolot play` marks what the profile holds: a won level its best
/// score, a level only lost nothing (its "best 0" read as a score reached).
@Suite struct LevelMenuMarksTests {
    @Test func aLevelNeverWonShowsNoBest() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let profile = folder.appendingPathComponent("profile.sqlite")
        let won = folder.appendingPathComponent("won.jsonl")
        try Data("{\"t\":0.5,\"action\":\"turnTo\",\"azimuth\":60}\n{\"t\":1,\"action\":\"select\"}\n".utf8).write(to: won)
        // All Around You gives a minute: ended after it, it is lost, scoring 0.
        let late = folder.appendingPathComponent("late.jsonl")
        try Data("{\"t\":61,\"action\":\"end\"}\n".utf8).write(to: late)
        for (level, log, outcome) in [("first-sound", won, "won"), ("around-you", late, "lost")] {
            let run = try runEcholot(["run", tutorialPath, "--level", level, "--input", log.path, "--profile", profile.path])
            try #require(run.status == 0 && run.stdout.contains("level \(level): \(outcome)"), "\(run.stdout)\(run.stderr)")
        }
        let game = try PseudoTerminal(["play", tutorialPath, "--plain", "--no-audio", "--profile", profile.path])
        try game.expect("Tutorial — choose a scenario")
        game.send("\r")
        try game.expect("The Basics — choose a level")
        try game.expect("Esc goes back, q quits.")
        let lines = game.text.split(whereSeparator: \.isNewline).map(String.init)
        #expect(lines.contains { $0.hasPrefix("1. The First Sound, done, best ") }, "\(game.text.suffix(2000))")
        #expect(lines.contains("3. All Around You"), "\(game.text.suffix(2000))")
        game.send("q")
        #expect(try game.waitForExit() == 0)
    }

    /// A scenario that lists no levels says so in the scenarios menu, in the player's
    /// language, and picking it says why it does not open: it opened a levels page of no
    /// entries, and its "0 levels" read as a count, not as nothing there to play.
    @Test(arguments: [
        ("en", "2. Later (no levels)", "“Later” has no levels: there is nothing to play in it yet.", "Later — choose a level"),
        ("de", "2. Later (keine Level)", "„Later“ hat keine Level: Darin gibt es noch nichts zu spielen.", "Later — wähle ein Level"),
    ])
    func aScenarioWithNoLevelsSaysSo(_ language: String, line: String, refusal: String, levelsTitle: String) throws {
        let pack = try tutorialCopyWithAnEmptyScenario()
        let profile = try temporaryFolder().appendingPathComponent("profile.sqlite")
        let game = try PseudoTerminal(["play", pack.path, "--plain", "--no-audio", "--lang", language, "--profile", profile.path])
        try game.expect(line)
        game.send("2")
        try game.expect(refusal)
        game.send("q")
        #expect(try game.waitForExit() == 0)
        #expect(!game.text.contains(levelsTitle), "\(game.text.suffix(2000))")
    }

    /// A run another program records while the game is open shows in the next menu drawn.
    @Test func aRunRecordedElsewhereShowsInTheNextMenu() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let profile = folder.appendingPathComponent("profile.sqlite")
        let game = try PseudoTerminal(["play", tutorialPath, "--plain", "--no-audio", "--profile", profile.path])
        try game.expect("Tutorial — choose a scenario")
        game.send("\r")
        try game.expect("The Basics — choose a level")
        try game.expect("Esc goes back, q quits.")
        #expect(!game.text.contains("The First Sound, done"), "\(game.text.suffix(2000))")
        game.send("\u{1B}")
        try game.expect("Tutorial — choose a scenario")
        let won = folder.appendingPathComponent("won.jsonl")
        try Data("{\"t\":0.5,\"action\":\"turnTo\",\"azimuth\":60}\n{\"t\":1,\"action\":\"select\"}\n".utf8).write(to: won)
        let run = try runEcholot(["run", tutorialPath, "--level", "first-sound", "--input", won.path, "--profile", profile.path])
        try #require(run.status == 0 && run.stdout.contains("level first-sound: won"), "\(run.stdout)\(run.stderr)")
        game.send("\r")
        try game.expect("The First Sound, done, best ")
        game.send("q")
        #expect(try game.waitForExit() == 0)
    }
}
