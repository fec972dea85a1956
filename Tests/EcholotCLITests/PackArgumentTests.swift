import EcholotTestSupport
import Foundation
import Testing

/// A PACK argument that is neither a file nor a known pack id, as every command taking one
/// (they share one resolver) reports it: by id when it reads as an id, as a path otherwise.
@Suite struct PackArgumentTests {
    /// The data folder is empty, so no installed pack can answer to the id by chance.
    private func run(_ arguments: [String], data: URL) throws -> ProcessOutput {
        try runEcholot(arguments, environment: ["ECHOLOT_DATA": data.path, "ECHOLOT_PROFILE": nil])
    }

    @Test func anUnknownIdSaysNoPackHasItAndPointsToPacks() throws {
        let data = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: data) }
        let out = data.appendingPathComponent("out.wav").path
        let log = data.appendingPathComponent("log.jsonl")
        try Data("{\"t\":1,\"action\":\"end\"}\n".utf8).write(to: log)
        let expected = "nonexistent-pack:1:1: error: there is no shipped or installed pack with the id 'nonexistent-pack', "
            + "nor a file or folder of that name; 'echolot packs --all' lists the packs by id\n"
        for arguments in [
            ["run", "nonexistent-pack", "--level", "first-sound"],
            ["test", "nonexistent-pack"],
            ["validate", "nonexistent-pack"],
            ["render", "nonexistent-pack", "--level", "first-sound", "--seconds", "1", "--out", out],
            ["replay", log.path, "--pack", "nonexistent-pack", "--level", "first-sound", "--expect", "0"],
        ] {
            let result = try run(arguments, data: data)
            #expect(result.status == 1, "\(arguments): \(result.stderr)")
            #expect(result.stderr == expected, "\(arguments)")
            #expect(result.stdout.isEmpty, "\(arguments)")
        }
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    /// What reads as a path keeps the path's own error: no pack is looked up for it.
    @Test func aMissingPathIsStillAMissingFile() throws {
        let data = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: data) }
        for pack in ["levels/nonexistent-pack", "nonexistent-pack.zip", "Nonexistent"] {
            let result = try run(["test", pack], data: data)
            #expect(result.status == 1)
            #expect(result.stderr == "\(pack):1:1: error: no such file or directory\n")
        }
    }

    /// `validate` takes a shipped pack's id as `test` and `run` do, and reports an unknown
    /// one without stopping before the other paths.
    @Test func validateResolvesIdsLikeTheOtherCommands() throws {
        let data = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: data) }
        let result = try run(["validate", "no-such-id", "tutorial"], data: data)
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("ok: tutorial"), "\(result.stderr)")
        #expect(result.stderr.hasPrefix("no-such-id:1:1: error: there is no shipped or installed pack with the id 'no-such-id'"))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    /// A mistyped id gets the id of the pack it is nearest, shipped or installed.
    @Test func aMistypedIdGetsTheLikelyOne() throws {
        let data = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: data) }
        let result = try run(["validate", "tutorail"], data: data)
        #expect(result.status == 1)
        #expect(result.stderr == "tutorail:1:1: error: there is no shipped or installed pack with the id 'tutorail', "
            + "nor a file or folder of that name (did you mean 'tutorial'?); 'echolot packs --all' lists the packs by id\n",
            "\(result.stderr)")
    }

    /// A path that is one letter off a pack folder beside it gets that folder, written as
    /// the path was (a folder without pack.json is no pack meant); one near nothing keeps
    /// the bare message.
    @Test func aMistypedPathGetsTheFolderBesideIt() throws {
        let data = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: data) }
        let relative = try run(["validate", "levels/tutorail"], data: data)
        #expect(relative.status == 1)
        #expect(relative.stderr == "levels/tutorail:1:1: error: no such file or directory (did you mean 'levels/tutorial'?)\n",
                "\(relative.stderr)")
        try FileManager.default.createDirectory(at: data.appendingPathComponent("demo"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: data.appendingPathComponent("cmeo"), withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: data.appendingPathComponent("demo/pack.json"))
        let absolute = try run(["run", data.path + "/dmeo/", "--level", "x"], data: data)
        #expect(absolute.status == 1)
        #expect(absolute.stderr == "\(data.path)/dmeo/:1:1: error: no such file or directory (did you mean '\(data.path)/demo'?)\n",
                "\(absolute.stderr)")
        let far = try run(["validate", data.path + "/elsewhere"], data: data)
        #expect(far.stderr == "\(data.path)/elsewhere:1:1: error: no such file or directory\n", "\(far.stderr)")
    }

    /// A pack named twice — by the same words, by its id and its folder, through `./`, a
    /// trailing `/` or a link — is checked and told once: the same error or `ok:` line
    /// twice read as two packs.
    @Test func validateChecksAPackNamedTwiceOnce() throws {
        let data = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: data) }
        let unknown = try run(["validate", "no-such-id", "no-such-id"], data: data)
        #expect(unknown.status == 1)
        #expect(unknown.stderr == "no-such-id:1:1: error: there is no shipped or installed pack with the id 'no-such-id', "
            + "nor a file or folder of that name; 'echolot packs --all' lists the packs by id\n", "\(unknown.stderr)")
        let tutorial = repositoryRoot.appendingPathComponent("levels/tutorial").path
        let link = data.appendingPathComponent("tutorial-link")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: tutorial)
        let good = try run(["validate", "tutorial", "tutorial", tutorial, tutorial + "/", link.path,
                            "levels/../levels/tutorial"], data: data)
        #expect(good.status == 0, "\(good.stderr)")
        #expect(good.stdout == "ok: tutorial (4 levels)\n", "\(good.stdout)")
        // A missing path typed twice is told missing once; another pack is still checked.
        let missing = try run(["validate", "levels/nothing", "./levels/nothing", "tutorial"], data: data)
        #expect(missing.status == 1)
        #expect(missing.stderr == "levels/nothing:1:1: error: no such file or directory\n", "\(missing.stderr)")
        #expect(missing.stdout == "ok: tutorial (4 levels)\n", "\(missing.stdout)")
    }

    /// A pack named by the name `echolot packs` shows — in any case, by each command —
    /// is told to be named by its id, with the command to type: "no such file or
    /// directory" left the player looking for a file. A name nothing has keeps that error, with the id it is close to.
    @Test func aPacksNameIsToldWithItsID() throws {
        let data = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: data) }
        let out = data.appendingPathComponent("out.wav").path
        let log = data.appendingPathComponent("log.jsonl")
        try Data("{\"t\":1,\"action\":\"end\"}\n".utf8).write(to: log)
        let told = "is the name of the shipped pack with the id 'night-walk', not a file or folder; name the pack by its id: "
        for (arguments, command) in [
            (["run", "Night Walk", "--level", "x"], "echolot run night-walk --level x"),
            (["test", "night WALK"], "echolot test night-walk"),
            (["validate", "tutorial", "NIGHT WALK"], "echolot validate tutorial night-walk"),
            (["render", "Night Walk", "--level", "x", "--seconds", "1", "--out", out], "echolot render night-walk --level x --seconds 1 --out \(out)"),
            (["replay", log.path, "--pack", "Night Walk", "--level", "x", "--expect", "0"], "echolot replay \(log.path) --pack night-walk --level x --expect 0"),
        ] {
            let name = arguments.first { $0.lowercased() == "night walk" }!
            let result = try run(arguments, data: data)
            #expect(result.status == 1, "\(arguments): \(result.stderr)")
            #expect(result.stderr == "\(name):1:1: error: '\(name)' \(told)\(command)\n", "\(arguments)")
        }
        #expect(!FileManager.default.fileExists(atPath: out))
        // A recording's description is not on the command line: there is no command to give.
        try #"{"format": "echolot-recording/1", "pack": "Night Walk", "packID": "night-walk", "packVersion": "1.0.0", "level": "x", "step": 0.1, "ticks": 10, "outcome": "running", "stateHash": "0"}"#
            .write(toFile: log.path + ".meta.json", atomically: true, encoding: .utf8)
        let replayed = try run(["replay", log.path], data: data)
        #expect(replayed.status == 1)
        #expect(replayed.stderr.hasPrefix("Night Walk:1:1: error: 'Night Walk' is the name of the shipped pack with the id "
            + "'night-walk', not a file or folder; name a pack by its id\n"), "\(replayed.stderr)")
        let unnamed = try run(["test", "Night Walks"], data: data)
        #expect(unnamed.stderr == "Night Walks:1:1: error: no such file or directory (did you mean 'night-walk'?)\n", "\(unnamed.stderr)")
    }

    /// A pack's id typed with capitals reads as a path, and that path is not there: it gets
    /// the id it is close to, as a lower-case slip does, rather than a bare "no such file".
    @Test func anIDTypedWithCapitalsGetsTheID() throws {
        let data = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: data) }
        for (arguments, meant) in [(["validate", "Night-Walk"], "night-walk"), (["run", "Night-Walk", "--level", "x"], "night-walk"),
                                   (["test", "Tutorail"], "tutorial")] {
            let result = try run(arguments, data: data)
            #expect(result.status == 1, "\(arguments)")
            #expect(result.stderr == "\(arguments[1]):1:1: error: no such file or directory (did you mean '\(meant)'?)\n",
                    "\(arguments): \(result.stderr)")
        }
    }

    /// A folder here named as a shipped pack's id is read in its place; a level that folder's
    /// pack lacks is told with which was read, since the player asked for the shipped one's.
    @Test func aFolderShadowingAnIDIsNamedWhenItLacksTheLevel() throws {
        let data = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: data) }
        #expect(try runEcholot(["new", "pack", "mine"], in: data, environment: ["ECHOLOT_DATA": data.path]).status == 0)
        try FileManager.default.moveItem(at: data.appendingPathComponent("mine"), to: data.appendingPathComponent("tutorial"))
        let result = try runEcholot(["run", "tutorial", "--level", "first-sound"], in: data,
                                    environment: ["ECHOLOT_DATA": data.path, "ECHOLOT_PROFILE": nil])
        #expect(result.status == 1)
        #expect(result.stderr == "tutorial: error: pack 'mine' has no level 'first-sound'; its levels are: first-steps; "
            + "'tutorial' was read as the folder ./tutorial, which is there, not as the shipped pack with the id 'tutorial' "
            + "(a path that is there comes first: run from another folder to reach that pack)\n", "\(result.stderr)")
        // A folder named so with no pack of that id elsewhere needs no such word.
        try FileManager.default.moveItem(at: data.appendingPathComponent("tutorial"), to: data.appendingPathComponent("walks"))
        let plain = try runEcholot(["run", "walks", "--level", "first-sound"], in: data, environment: ["ECHOLOT_DATA": data.path])
        #expect(plain.stderr == "walks: error: pack 'mine' has no level 'first-sound'; its levels are: first-steps\n", "\(plain.stderr)")
    }

    /// A level's name, as the menus show it, typed for its id is told to be that level's name.
    @Test func aLevelsNameIsToldWithItsID() throws {
        let data = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: data) }
        let result = try run(["run", "tutorial", "--level", "the first sound"], data: data)
        #expect(result.status == 1)
        #expect(result.stderr == "tutorial: error: pack 'tutorial' has no level 'the first sound'; 'the first sound' is the name of "
            + "level 'first-sound': name a level by its id\n", "\(result.stderr)")
    }

    /// `play` reads its PACK and `--level` before it looks for a terminal: a typo is told
    /// as such with no terminal too, and a level the tutorial lacks says that no PACK means it.
    @Test func playTellsItsPackAndLevelBeforeTheTerminal() throws {
        let data = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: data) }
        let typo = try run(["play", "tutorail"], data: data)
        #expect(typo.status == 1)
        #expect(typo.stderr.hasPrefix("tutorail:1:1: error: there is no shipped or installed pack with the id 'tutorail', "
            + "nor a file or folder of that name (did you mean 'tutorial'?)"), "\(typo.stderr)")
        let level = try run(["play", "--level", "first-steps"], data: data)
        #expect(level.status == 1)
        #expect(level.stderr.hasSuffix("error: pack 'tutorial' has no level 'first-steps'; its levels are: around-you, first-sound, in-order, two-voices; "
            + "with no PACK, play plays the shipped tutorial: give your pack's folder before --level\n"),
                "\(level.stderr)")
        let good = try run(["play", "tutorial", "--level", "first-sound"], data: data)
        #expect(good.stderr.contains("needs a terminal"), "\(good.stderr)")
    }
}
