import EcholotTestSupport
import Foundation
import Testing

/// `echolot play` names a pack's scripts by the path typed, as `echolot validate` does: a
/// level started from a pack given relatively named its broken script by the absolute
/// path the menus know the pack by.
@Suite struct TypedPackPathTests {
    /// A copy of the tutorial, as `tutorial-draft` in a fresh folder, whose one script
    /// does not compile.
    func brokenPack() throws -> URL {
        let pack = try temporaryFolder().appendingPathComponent("tutorial-draft")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: tutorialPath), to: pack)
        try FileManager.default.createDirectory(at: pack.appendingPathComponent("scripts"), withIntermediateDirectories: true)
        try Data("echolot.goal('broken', {".utf8).write(to: pack.appendingPathComponent("scripts/broken.lua"))
        return pack
    }

    /// What `echolot validate tutorial-draft` says about the script, run where the pack is.
    func validated(_ pack: URL) throws -> String {
        let result = try runEcholot(["validate", "tutorial-draft"], in: pack.deletingLastPathComponent())
        #expect(result.status == 1)
        let line = try #require(result.stderr.split(separator: "\n").first { $0.contains("broken.lua") })
        #expect(line.hasPrefix("tutorial-draft/scripts/broken.lua:1:"), "\(line)")
        return String(line)
    }

    @Test func aLevelThatCannotStartNamesTheScriptAsValidateDoes() throws {
        let pack = try brokenPack()
        defer { try? FileManager.default.removeItem(at: pack.deletingLastPathComponent()) }
        let expected = try validated(pack)
        let game = try PseudoTerminal(["play", "tutorial-draft", "--plain", "--no-audio", "--level", "first-sound"],
                                      directory: pack.deletingLastPathComponent())
        try game.expect("== Briefing: The First Sound ==")
        game.send("\r")
        // Told on the game's screen, where stderr would be drawn over (and gone at the end).
        try game.expect("The level “first-sound” cannot be started: \(expected); echolot validate tutorial-draft lists it")
        #expect(!game.text.contains(pack.path), "\(game.text.suffix(2000))")
    }

    /// A copy of the tutorial installed beside the shipped one is ignored by the menus (its
    /// id is taken); played by its path, it loads, and the pack menu listed the folder being
    /// played as broken too, by its absolute path.
    @Test func aPackPlayedByItsPathIsNotAlsoListedAsBroken() throws {
        let data = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: data) }
        try FileManager.default.createDirectory(at: data.appendingPathComponent("packs"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: URL(fileURLWithPath: tutorialPath), to: data.appendingPathComponent("packs/tutorial"))
        let listed = try runEcholot(["packs"], environment: ["ECHOLOT_DATA": data.path])
        #expect(listed.stderr.contains("pack id \"tutorial\" is already taken"), "\(listed.stderr)")
        let game = try PseudoTerminal(["play", "packs/tutorial", "--plain", "--no-audio"],
                                      environment: ["ECHOLOT_DATA": data.path], directory: data)
        try game.expect("Tutorial — choose a scenario")
        game.send("\u{1B}")
        try game.expect("choose a pack")
        try game.expect("q quit")
        #expect(!game.text.contains("(broken)"), "\(game.text.suffix(2000))")
        #expect(!game.text.contains(data.path), "\(game.text.suffix(2000))")
        game.send("q")
        #expect(try game.waitForExit() == 0)
    }

    /// A pack played by its path whose id an installed copy has is listed once, in the
    /// copy's place; packs that share a name are told apart by their ids.
    @Test func aPackIsListedOnceAndNamesAreToldApartByID() throws {
        let data = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: data) }
        let manifest = try String(contentsOfFile: tutorialPath + "/pack.json", encoding: .utf8)
            .replacingOccurrences(of: #""id": "tutorial""#, with: #""id": "my-tut""#)
        for copy in ["packs/my-tut", "work/my-tut"] {
            let folder = data.appendingPathComponent(copy)
            try FileManager.default.createDirectory(at: folder.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: URL(fileURLWithPath: tutorialPath), to: folder)
            try manifest.write(to: folder.appendingPathComponent("pack.json"), atomically: true, encoding: .utf8)
        }
        let game = try PseudoTerminal(["play", "work/my-tut", "--plain", "--no-audio"],
                                      environment: ["ECHOLOT_DATA": data.path], directory: data)
        try game.expect("Tutorial — choose a scenario")
        game.send("\u{1B}")
        try game.expect("choose a pack")
        try game.expect("q quit")
        let menu = game.text.components(separatedBy: "choose a pack").last ?? ""
        let choices = menu.components(separatedBy: .newlines).filter { $0.trimmingCharacters(in: .whitespaces).first?.isNumber == true }
        #expect(choices.filter { $0.contains("Tutorial, 4 levels, id my-tut") }.count == 1, "listed once: \(menu)")
        #expect(choices.filter { $0.contains("Tutorial, 4 levels, id tutorial") }.count == 1, "\(menu)")
        game.send("q")
        #expect(try game.waitForExit() == 0)
    }

    /// Writes a pack of rules alone, `rules` ("Rules"): one goal type and no levels.
    private func writeRulesPack(at rules: URL) throws {
        try FileManager.default.createDirectory(at: rules.appendingPathComponent("scripts"), withIntermediateDirectories: true)
        try Data(#"{ "id": "rules", "name": "Rules", "version": "1.0.0", "api": 1 }"#.utf8).write(to: rules.appendingPathComponent("pack.json"))
        try Data(#"echolot.goal("ping", { on = { tick = function(goal) end } })"#.utf8).write(to: rules.appendingPathComponent("scripts/ping.lua"))
    }

    /// A pack of rules alone is not opened on an empty menu.
    @Test func aPackOfRulesAloneIsNotPlayed() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try writeRulesPack(at: folder.appendingPathComponent("rules"))
        let game = try PseudoTerminal(["play", "rules", "--plain", "--no-audio"], environment: ["ECHOLOT_DATA": folder.path], directory: folder)
        try game.expect("error: pack 'rules' has no levels of its own to play: packs that depend on it use its rules")
        #expect(try game.waitForExit() == 1)
    }

    /// Installed, a pack of rules alone was offered in the pack menu as "Rules, 0 levels",
    /// and choosing it opened a page of nothing, on which Enter said nothing: it is listed
    /// (it is installed) as having no levels, and choosing it says why in one sentence, as
    /// `echolot play rules` does.
    @Test func aPackOfRulesAloneSaysSoInThePackMenu() throws {
        let data = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: data) }
        try writeRulesPack(at: data.appendingPathComponent("packs/rules"))
        let game = try PseudoTerminal(["play", "tutorial", "--plain", "--no-audio"], environment: ["ECHOLOT_DATA": data.path], directory: data)
        try game.expect("Tutorial — choose a scenario")
        game.send("\u{1B}")
        try game.expect("choose a pack")
        try game.expect("q quit")
        let menu = game.text.components(separatedBy: "choose a pack").last ?? ""
        let line = try #require(menu.components(separatedBy: .newlines).first { $0.contains("Rules") }, "\(menu)")
        #expect(line.contains("Rules (no levels)"), "\(line)")
        let number = try #require(line.trimmingCharacters(in: .whitespaces).first?.wholeNumberValue, "\(line)")
        game.send("\(number)")
        try game.expect("“Rules” has no levels of its own to play: packs that depend on it use its rules.")
        game.send("q")
        #expect(try game.waitForExit() == 0)
    }

    @Test func aWatchedPackNamesTheScriptAsValidateDoes() throws {
        let pack = try brokenPack()
        defer { try? FileManager.default.removeItem(at: pack.deletingLastPathComponent()) }
        let expected = try validated(pack)
        let game = try PseudoTerminal(["play", "tutorial-draft", "--plain", "--no-audio", "--watch"],
                                      directory: pack.deletingLastPathComponent())
        #expect(try game.waitForExit() == 1)
        #expect(game.text.contains(expected), "\(game.text.suffix(2000))")
        #expect(!game.text.contains(pack.path), "\(game.text.suffix(2000))")
    }
}
