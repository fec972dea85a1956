import EcholotTestSupport
import Foundation
import Testing

/// A pack updated (`echolot install --replace`) while a game plays it.
@Suite struct PackUpdatePlayTests {
    /// A copy of the tutorial with the id `bells` and `version`, without the levels
    /// `leaving` (from its files and its scenario), packed into an archive; its path.
    private func archive(version: String, leaving: [String] = [], in folder: URL) throws -> URL {
        let pack = folder.appendingPathComponent("bells-\(version)")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: tutorialPath), to: pack)
        var manifest = try String(contentsOf: pack.appendingPathComponent("pack.json"), encoding: .utf8)
            .replacingOccurrences(of: #""id": "tutorial""#, with: #""id": "bells""#)
            .replacingOccurrences(of: #""version": "1.0.1""#, with: #""version": "\#(version)""#)
        for level in leaving {
            manifest = manifest.replacingOccurrences(of: #" "\#(level)","#, with: "")
            try FileManager.default.removeItem(at: pack.appendingPathComponent("levels/\(level).json"))
            try FileManager.default.removeItem(at: pack.appendingPathComponent("tests/\(level).lua"))
        }
        try manifest.write(to: pack.appendingPathComponent("pack.json"), atomically: true, encoding: .utf8)
        let zip = folder.appendingPathComponent("bells-\(version).zip")
        let packed = try runEcholot(["pack", pack.path, "--out", zip.path])
        #expect(packed.status == 0, "\(packed.stderr)")
        return zip
    }

    /// Started after an update took its level away, a level was told as a problem for
    /// `echolot validate` (of a pack that validates) and the menu went on listing the
    /// levels of the version read when the game began: it says the pack was updated, and
    /// the level menu is the pack's as it is now.
    @Test func aLevelAnUpdateRemovedIsToldAsTheUpdates() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = ["ECHOLOT_DATA": folder.appendingPathComponent("data").path]
        let first = try archive(version: "1.0.0", in: folder)
        let update = try archive(version: "1.1.0", leaving: ["two-voices"], in: folder)
        let installed = try runEcholot(["install", first.path], environment: data)
        #expect(installed.status == 0, "\(installed.stderr)")
        let game = try PseudoTerminal(["play", "bells", "--plain", "--no-audio", "--level", "two-voices"], environment: data)
        try game.expect("Briefing: Two Voices")
        let replaced = try runEcholot(["install", "--replace", update.path], environment: data)
        #expect(replaced.status == 0, "\(replaced.stderr)")
        game.send("s")
        try game.expect("The pack was updated and has no level “two-voices” any more; here are its levels now.")
        try game.expect("q quit")
        let menu = game.text.components(separatedBy: "any more; here are its levels now.").last ?? ""
        #expect(menu.contains("The First Sound") && menu.contains("One After Another"), "\(menu)")
        #expect(!menu.contains("Two Voices"), "\(menu)")
        #expect(!game.text.contains("echolot validate"), "\(game.text.suffix(2000))")
        game.send("q")
        #expect(try game.waitForExit() == 0)
    }
}
