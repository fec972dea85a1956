import EcholotTestSupport
import Foundation
import Testing

/// `echolot play DIR --watch` while a pack is being authored: an edit restarts the level
/// from the new data with the player still in it; a broken edit shows its error and the
/// last good version plays on.
@Suite(.serialized) struct WatchTests {
    /// A copy of the tutorial to edit.
    func authoredPack() throws -> URL {
        let folder = try temporaryFolder()
        let pack = folder.appendingPathComponent("tutorial-draft")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: tutorialPath), to: pack)
        return pack
    }

    /// Replaces `old` with `new` in the pack's file at `path`.
    func edit(_ pack: URL, _ path: String, _ old: String, _ new: String) throws {
        let url = pack.appendingPathComponent(path)
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text.contains(old), "the fixture changed: \(path) has no \(old)")
        // At once, as editors save: the watcher must never see half a file.
        try Data(text.replacingOccurrences(of: old, with: new).utf8).write(to: url, options: .atomic)
    }

    /// `echolot play PACK --watch` in line mode, begun at the tutorial's first level.
    func playFirstSound(_ pack: URL, _ more: [String] = []) throws -> PseudoTerminal {
        let game = try PseudoTerminal(["play", pack.path, "--plain", "--no-audio", "--watch", "--level", "first-sound"] + more)
        try game.expect("== Briefing: The First Sound ==")
        game.send("\r")
        try game.expect("Level The First Sound begins.")
        return game
    }

    /// Moves the bell of `folder`'s first level from the right (60°) to the left (300°):
    /// the level restarts with it there, the reload naming the file as `shown`.
    func moveTheBell(in folder: URL, shown: String, _ game: PseudoTerminal) throws {
        try edit(folder, "levels/first-sound.json", #""azimuth": 60"#, #""azimuth": 300"#)
        try game.expect("Reloaded after changes to \(shown).")
        try game.expect("Level The First Sound begins.")
        game.press(PseudoTerminal.left, times: 4)
        try game.expect("Facing 300° west-north-west. In view: Bell ahead.")
    }

    @Test func editsRestartTheLevelAndBrokenEditsKeepTheLastGoodVersion() throws {
        let pack = try authoredPack()
        defer { try? FileManager.default.removeItem(at: pack.deletingLastPathComponent()) }
        let profile = pack.deletingLastPathComponent().appendingPathComponent("profile.sqlite")
        let game = try playFirstSound(pack, ["--profile", profile.path])
        try moveTheBell(in: pack, shown: "levels/first-sound.json", game)

        // A broken level file: its error, and the level goes on as it was.
        try edit(pack, "levels/first-sound.json", #""goals": ["#, #""goals": [[["#)
        try game.expect("The changes to levels/first-sound.json do not load; still playing the last version that did:")
        try game.expect("levels/first-sound.json:")
        game.press(PseudoTerminal.right, times: 1)
        try game.expect("Facing 315° north-west. In view: Bell 15° left.")

        // Mended, with a string renamed too: the new name is what the player reads. The
        // string goes first, so both changes come in one reload, whenever the watcher looks.
        try edit(pack, "strings/en.json", #""entity.first-sound.bell.name": "Bell""#, #""entity.first-sound.bell.name": "Gong""#)
        try edit(pack, "levels/first-sound.json", #""goals": [[["#, #""goals": ["#)
        try game.expect("Reloaded after changes to ")
        try game.expect("Level The First Sound begins.")
        game.press(PseudoTerminal.left, times: 4)
        try game.expect("In view: Gong ahead.")
        game.send(" ")
        try game.expect("Hit: Gong.")
        try game.quitFromTheEndPage()
        // The two restarts are not runs: the profile holds the one win.
        let stats = try runEcholot(["stats", "--json", "--profile", profile.path])
        let json = try #require(JSONSerialization.jsonObject(with: Data(stats.stdout.utf8)) as? [String: Any], "\(stats.stderr)")
        #expect(json["runs"] as? Int == 1, "\(stats.stdout)")
    }

    /// On the full screen the reload is on the restarted level's screen: the restart's
    /// first frame cleared the messages, and an author never saw why the level began again.
    @Test func theFullScreenShowsTheReloadOnTheRestartedLevel() throws {
        let pack = try authoredPack()
        defer { try? FileManager.default.removeItem(at: pack.deletingLastPathComponent()) }
        let game = try PseudoTerminal(["play", pack.path, "--no-audio", "--watch", "--level", "first-sound"])
        try game.expect("Briefing: The First Sound")
        game.send("\r")
        try game.expect("Found 0")
        try edit(pack, "levels/first-sound.json", #""azimuth": 60"#, #""azimuth": 300"#)
        try game.expect("Reloaded after changes to levels/first-sound.json.")
        game.send("q")
        try game.expect("Left: The First Sound")
        #expect(try game.quitFromAPage() == 0)
    }

    /// A level moved into another scenario by an edit of pack.json is still the level
    /// being played: it restarts from the new data, where the game said the pack had it
    /// no more (it looked only in the scenario the level had been in).
    @Test func aLevelMovedToAnotherScenarioRestarts() throws {
        let pack = try authoredPack()
        defer { try? FileManager.default.removeItem(at: pack.deletingLastPathComponent()) }
        let game = try PseudoTerminal(["play", pack.path, "--plain", "--no-audio", "--watch", "--level", "first-sound"])
        try game.expect("== Briefing: The First Sound ==")
        game.send("\r")
        try game.expect("Level The First Sound begins.")
        try edit(pack, "pack.json", #""levels": ["first-sound", "two-voices", "around-you", "in-order"]"#,
                 #""levels": ["two-voices", "around-you", "in-order"] }, { "id": "warmup", "name": "Warm-up", "levels": ["first-sound"]"#)
        try game.expect("Reloaded after changes to pack.json.")
        try game.expect("Level The First Sound begins.")
        #expect(!game.text.contains("no level"), "\(game.text)")
        game.send("q")
        try game.expect("== Left: The First Sound ==")
        #expect(try game.quitFromAPage() == 0)
    }

    /// Recording into the watched pack (its `tests/`, where pack tests read logs) does not
    /// count as an edit: the level is played, not restarted each time the log is written
    /// (which wrote it again, for ever). An edit still restarts it.
    @Test func aRecordingIntoTheWatchedPackIsNoEdit() throws {
        let pack = try authoredPack()
        defer { try? FileManager.default.removeItem(at: pack.deletingLastPathComponent()) }
        let log = pack.appendingPathComponent("tests/walk.jsonl")
        let game = try PseudoTerminal(["play", pack.path, "--plain", "--no-audio", "--watch", "--level", "first-sound",
                                       "--record", log.path])
        try game.expect("== Briefing: The First Sound ==")
        game.send("\r")
        try game.expect("Level The First Sound begins.")
        #expect(FileManager.default.fileExists(atPath: log.path))
        game.wait(1.5)  // three looks of the watcher at the log being written
        try edit(pack, "levels/first-sound.json", #""azimuth": 60"#, #""azimuth": 300"#)
        try game.expect("Reloaded after changes to levels/first-sound.json.")
        try game.expect("Level The First Sound begins.")
        game.send("q")
        try game.expect("== Left: The First Sound ==")
        #expect(try game.quitFromAPage() == 0)
        #expect(!game.text.contains("walk.jsonl."), "\(game.text.suffix(2000))")
        #expect(game.text.components(separatedBy: "Reloaded after changes").count == 2, "one reload, the edit's: \(game.text.suffix(2000))")
    }

    @Test func anEditDuringAStoryRestartsItsSceneFromTheNewData() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pack = folder.appendingPathComponent("night-walk-draft")
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("levels/night-walk"), to: pack)
        let profile = folder.appendingPathComponent("profile.sqlite")
        let game = try PseudoTerminal(["play", pack.path, "--plain", "--no-audio", "--watch", "--time", "21:40",
                                       "--profile", profile.path])
        try game.beginTheNightWalk()

        // The lantern moves from the east (90°) to the west (270°): the story goes on at
        // this level, from the new data.
        try edit(pack, "levels/lantern.json", #""azimuth": 90"#, #""azimuth": 270"#)
        try game.expect("Reloaded after changes to levels/lantern.json.")
        try game.expect("Level The Lantern begins.")
        try game.startTheLevel()
        // A broken story file: its error, and the story goes on as it was.
        try edit(pack, "story.json", #""chapters""#, #""chapters"#)
        try game.expect("The changes to story.json do not load; still playing the last version that did:")
        try game.winByFacing("270° west", turning: PseudoTerminal.left, times: 6)
        try game.expect("A choice.")
        #expect(try game.leaveTheStoryAndQuit() == 0)
        #expect(game.isCooked)
        // The restart is not a run: the profile holds the one win.
        let stats = try runEcholot(["stats", "--json", "--profile", profile.path])
        let json = try #require(JSONSerialization.jsonObject(with: Data(stats.stdout.utf8)) as? [String: Any], "\(stats.stderr)")
        #expect(json["runs"] as? Int == 1, "\(stats.stdout)")
    }

    /// A pack that extends a base in the folder beside it is played with the base's edits:
    /// the extension played the base as it was at the start, and nothing said the base's
    /// files were not watched. The reload names the base's file by its path from the pack.
    @Test func anEditOfTheBaseBesideTheWatchedPackReloadsIt() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let base = folder.appendingPathComponent("cave")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: tutorialPath), to: base)
        try edit(base, "pack.json", #""id": "tutorial""#, #""id": "cave""#)
        let hard = folder.appendingPathComponent("cave-hard")
        try FileManager.default.createDirectory(at: hard, withIntermediateDirectories: false)
        try Data(#"{ "id": "cave-hard", "name": "Cave, the hard way", "version": "1.0.0", "api": 1, "extends": "cave" }"#.utf8)
            .write(to: hard.appendingPathComponent("pack.json"))
        let game = try playFirstSound(hard, ["--profile", folder.appendingPathComponent("p.sqlite").path])
        try moveTheBell(in: base, shown: "../cave/levels/first-sound.json", game)
        // A broken base is told as the pack's own broken edit is, and the last good version plays on.
        try edit(base, "levels/first-sound.json", #""goals": ["#, #""goals": [[["#)
        try game.expect("The changes to ../cave/levels/first-sound.json do not load; still playing the last version that did:")
        game.send("q")
        try game.expect("== Left: The First Sound ==")
        #expect(try game.quitFromAPage() == 0)
    }

    /// The pack folder replaced by a file is named as the pack itself, not as an empty name.
    @Test func aPackFolderReplacedByAFileIsNamed() throws {
        let pack = try authoredPack()
        defer { try? FileManager.default.removeItem(at: pack.deletingLastPathComponent()) }
        let game = try PseudoTerminal(["play", pack.path, "--plain", "--no-audio", "--watch", "--level", "first-sound",
                                       "--profile", pack.deletingLastPathComponent().appendingPathComponent("p.sqlite").path])
        try game.expect("== Briefing: The First Sound ==")
        game.send("\r")
        try game.expect("Level The First Sound begins.")
        try FileManager.default.removeItem(at: pack)
        try Data("not a pack".utf8).write(to: pack)
        // The watcher may look between the two steps too: then the files go first, and the
        // pack turned file comes in a message of its own.
        try game.expect("The changes to the pack itself")
        #expect(!game.text.contains("The changes to ,"))
    }

    @Test func watchNeedsAPackPath() throws {
        let result = try runEcholot(["play", "--watch"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--watch needs the path of the pack folder"))
        let mistyped = try runEcholot(["play", "--watch", "levels/tutorail"])
        #expect(mistyped.status == 2)
        #expect(mistyped.stderr.contains("there is nothing at 'levels/tutorail' (did you mean 'levels/tutorial'?)"), "\(mistyped.stderr)")
    }

    @Test func aPackWhoseScriptsDoNotLoadIsRefusedAtTheStart() throws {
        let pack = try authoredPack()
        defer { try? FileManager.default.removeItem(at: pack.deletingLastPathComponent()) }
        try FileManager.default.createDirectory(at: pack.appendingPathComponent("scripts"), withIntermediateDirectories: true)
        try Data("echolot.goal('broken', {".utf8).write(to: pack.appendingPathComponent("scripts/broken.lua"))
        let game = try PseudoTerminal(["play", pack.path, "--plain", "--no-audio", "--watch"])
        #expect(try game.waitForExit() == 1)
        #expect(game.text.contains("scripts/broken.lua:1"))
    }
}
