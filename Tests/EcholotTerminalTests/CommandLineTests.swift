import EcholotTestSupport
import Foundation
import Testing

/// `play` and `replay` arguments and their errors, without a terminal.
@Suite struct CommandLineTests {
    @Test func badPlayArgumentsAreUsageErrors() throws {
        for arguments in [["--visuals", "blurry"], ["--input-source", "mouse"], ["--tilt-turns"], ["--step", "0"], ["--record", "/no/such/folder/log.jsonl"]] {
            let result = try runEcholot(["play", tutorialPath] + arguments)
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
        }
        // A negative step is out of range, not a missing value (`-5` read as an option).
        for option in ["--step", "--fine-step"] {
            let result = try runEcholot(["play", tutorialPath, option, "-5"])
            #expect(result.status == 2)
            #expect(result.stderr.contains("\(option) must be"), "\(result.stderr)")
        }
    }

    @Test func replayWithoutADescriptionSaysWhatToGive() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = folder.appendingPathComponent("bare.jsonl")
        try Data("{\"t\":0.5,\"action\":\"turnTo\",\"azimuth\":60}\n{\"t\":1,\"action\":\"end\"}\n".utf8).write(to: log)
        let bare = try runEcholot(["replay", log.path])
        #expect(bare.status == 1)
        #expect(bare.stderr.contains("give --pack, --level and --expect"))
        let run = try runEcholot(["run", tutorialPath, "--level", "first-sound", "--input", log.path, "--json"])
        let hash = try #require(run.stdout.split(separator: "\"stateHash\":\"").last?.prefix { $0 != "\"" })
        let explicit = try runEcholot(["replay", log.path, "--pack", tutorialPath, "--level", "first-sound", "--expect", String(hash), "--json"])
        #expect(explicit.status == 0, "\(explicit.stderr)")
        #expect(explicit.stdout.contains("\"matches\":true"))
    }
}

/// `play` with a pack id nothing answers to, in a real terminal (play needs one).
@Suite struct PlayPackArgumentTests {
    @Test func anUnknownIdIsToldAsAnUnknownPack() throws {
        let data = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: data) }
        let game = try PseudoTerminal(["play", "nonexistent-pack", "--no-audio", "--safe"], environment: ["ECHOLOT_DATA": data.path])
        #expect(try game.waitForExit() == 1)
        #expect(game.text.contains("nonexistent-pack:1:1: error: there is no shipped pack (installed packs are not loaded "
            + "with --safe) with the id 'nonexistent-pack'"), "\(game.text)")
        #expect(game.text.contains("'echolot packs --all' lists the packs by id"))
        #expect(!game.text.contains("no such file or directory"))
    }

    /// `play` resolves its pack as the other commands do: the name `packs` shows is told
    /// to be a name, with the command to type by the id.
    @Test func aPacksNameIsToldWithItsID() throws {
        let data = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: data) }
        let game = try PseudoTerminal(["play", "night walk", "--no-audio", "--safe"], environment: ["ECHOLOT_DATA": data.path])
        #expect(try game.waitForExit() == 1)
        #expect(game.text.contains("night walk:1:1: error: 'night walk' is the name of the shipped pack with the id 'night-walk', "
            + "not a file or folder; name the pack by its id: echolot play night-walk --no-audio --safe"), "\(game.text)")
    }

    /// An installed pack that does not load is marked as such before its error, which is
    /// long (a path) and is cut at the screen's edge: the mark must not be cut with it.
    @Test func aBrokenInstalledPackIsMarkedBeforeItsError() throws {
        let data = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: data) }
        let pack = data.appendingPathComponent("packs/cave")
        try FileManager.default.createDirectory(at: pack, withIntermediateDirectories: true)
        try Data("{ \"id\": ".utf8).write(to: pack.appendingPathComponent("pack.json"))
        let game = try PseudoTerminal(["play", "--no-audio"], environment: ["ECHOLOT_DATA": data.path], columns: 60, rows: 20)
        try game.expect("Tutorial — choose a scenario")
        game.send("\u{1B}")
        try game.expect("choose a pack")
        try game.expect("cave (broken) — ")
        game.send("q")
        #expect(try game.waitForExit() == 0)
    }
}
