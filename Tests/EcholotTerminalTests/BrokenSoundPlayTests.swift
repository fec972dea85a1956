import EcholotTestSupport
import Foundation
import Testing

/// `echolot play` in real pseudo-terminals of a pack one of whose sounds cannot be played:
/// the level (or story) that plays it says so when chosen, instead of playing with that
/// sound silent; the pack's other levels play, and a broken sound of theirs that is seen
/// without decoding it is told once.
@Suite(.serialized) struct BrokenSoundPlayTests {
    /// The tutorial with `sounds/drum.wav`, which only its level `in-order` names, no
    /// longer a sound.
    func tutorialWithABrokenDrum() throws -> URL {
        let pack = try shippedPackCopy("tutorial")
        try Data("not audio".utf8).write(to: pack.appendingPathComponent("sounds/drum.wav"))
        return pack
    }

    /// What `validate` says of the drum, after the place it names.
    static let drumProblem = #"entities[0].sound.file: sound file "sounds/drum.wav": not a readable WAV, FLAC or Ogg Vorbis file"#

    /// `play --level` of the level that names the file is refused as `run` refuses it,
    /// before the game takes the terminal: the problem where validate tells it, status 1.
    @Test func playLevelRefusesALevelWhoseSoundCannotPlay() throws {
        let pack = try tutorialWithABrokenDrum()
        let game = try PseudoTerminal(["play", pack.path, "--level", "in-order", "--plain", "--no-audio"])
        try game.expect("\(pack.path)/levels/in-order.json:17:26: error: \(Self.drumProblem)")
        #expect(try game.waitForExit() == 1)
        #expect(!game.text.contains("Briefing"), "\(game.text)")
    }

    /// Chosen from the menu, that level says why it cannot be started and the menu comes
    /// back; another level plays. A missing sound of other levels (the bee's) is told once,
    /// as a warning; the drum, which only decoding finds broken, is not told as one: only the
    /// sounds of the level that starts are decoded.
    @Test func theMenuSaysWhyALevelCannotStartAndPlaysTheOthers() throws {
        let pack = try tutorialWithABrokenDrum()
        try FileManager.default.removeItem(at: pack.appendingPathComponent("sounds/bee.wav"))
        let bee = "\(pack.path)/levels/around-you.json:43:26: warning: entities[3].sound.file: "
            + #"sound file "sounds/bee.wav" does not exist (did you mean "bell.wav"?)"#
        let game = try PseudoTerminal(["play", pack.path, "--plain", "--no-audio"])
        try game.expect("1. The Basics")
        game.send("\r")
        try game.expect("4. One After Another")
        // From the levels menu: the level's number, then Start on its briefing.
        func start(_ number: String, _ name: String) throws {
            game.send(number)
            try game.expect("== Briefing: \(name) ==")
            try game.expect("1. Start")
            game.send("s")
        }
        try start("4", "One After Another")
        try game.expect("The level “in-order” cannot be started: \(pack.path)/levels/in-order.json:17:26: error: \(Self.drumProblem)")
        try game.expect("; echolot validate \(pack.path) lists it")
        try game.expect("== The Basics — choose a level ==")
        try start("1", "The First Sound")
        try game.expect("Level The First Sound begins.")
        game.send("q")
        try game.expect("== Left: The First Sound ==")
        try game.type("r", onASettlingPageUntil: "Level The First Sound begins.")
        game.send("q")
        try game.expect("== Left: The First Sound ==")
        #expect(try game.quitFromAPage() == 0)
        #expect(game.text.components(separatedBy: bee).count == 2, "told once: \(game.text)")
        #expect(!game.text.contains("warning: \(Self.drumProblem)"), "\(game.text)")
    }

    /// A story plays its levels one after another: one of them with a sound that cannot
    /// play stops the story before it begins, not in its middle.
    @Test func aStoryWhoseLevelsSoundCannotPlayDoesNotBegin() throws {
        let folder = try temporaryFolder()
        let pack = folder.appendingPathComponent("night-walk")
        try FileManager.default.copyItem(atPath: StoryPlayTests.nightWalk, toPath: pack.path)
        try Data("not audio".utf8).write(to: pack.appendingPathComponent("sounds/click.ogg"))
        let game = try PseudoTerminal(["play", pack.path, "--plain", "--no-audio"])
        try game.expect("Begin the story")
        game.send("n")
        try game.expect("The story cannot be started: \(pack.path)/levels/crossing.json:10:104: error: entities[0].sound.file: "
            + #"sound file "sounds/click.ogg": not a readable"#)
        #expect(!game.text.contains("A cut-scene."), "\(game.text)")
        try game.expect("== Night Walk — a story ==")
        game.send("q")
        #expect(try game.waitForExit() == 0)
    }

    /// Several sounds that stop a story are listed a line each, as validate prints them:
    /// they were one line naming the first and a count of the rest.
    @Test func aStoryWithSeveralBrokenSoundsListsEach() throws {
        let folder = try temporaryFolder()
        let pack = folder.appendingPathComponent("night-walk")
        try FileManager.default.copyItem(atPath: StoryPlayTests.nightWalk, toPath: pack.path)
        for sound in ["click.ogg", "hoot.ogg"] { try Data("not audio".utf8).write(to: pack.appendingPathComponent("sounds/\(sound)")) }
        let game = try PseudoTerminal(["play", pack.path, "--plain", "--no-audio"])
        try game.expect("Begin the story")
        game.send("n")
        try game.expect("The story cannot be started:\r\n\(pack.path)/levels/clearing.json:27:17: error: ")
        try game.expect(#"sound file "sounds/hoot.ogg": not a readable"#)
        try game.expect("\r\n\(pack.path)/levels/crossing.json:10:104: error: ")
        try game.expect(#"sound file "sounds/click.ogg": not a readable"#)
        #expect(!game.text.contains("more problem"), "\(game.text)")
        try game.expect("== Night Walk — a story ==")
        game.send("q")
        #expect(try game.waitForExit() == 0)
    }
}
