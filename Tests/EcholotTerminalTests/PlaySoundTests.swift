#if canImport(Glibc)
import Glibc
#endif
import EcholotTestSupport
import Foundation
import Testing

/// `echolot play` with a sound device: OpenAL Soft's wave backend, which writes what the
/// device mixes to a file in real time and nothing while the device is paused.
@Suite(.serialized) struct PlaySoundTests {
    /// Pausing a level and then leaving it does not leave the device paused: the retried
    /// level sounds. The pause holds the whole device, and nothing else lifts it.
    @Test func aLevelAfterOneLeftWhilePausedSounds() throws {
        let folder = try scratchFolder("wave-device")
        let wave = folder.appendingPathComponent("out.wav").path
        let configuration = folder.appendingPathComponent("alsoft.conf")
        try "[general]\ndrivers = wave\n[wave]\nfile = \(wave)\n".write(to: configuration, atomically: true, encoding: .utf8)
        let game = try PseudoTerminal(["play", tutorialPath, "--plain", "--level", "first-sound"],
                                      environment: ["ALSOFT_CONF": configuration.path])
        try game.expect("1. Start")
        try game.type("s", onASettlingPageUntil: "Level The First Sound begins.")
        #expect(try sounds(wave, game), "the first level sounds")
        game.send("p")
        try game.expect("Paused: p goes on")
        #expect(try !sounds(wave, game), "a paused level is silent")
        game.send("q")
        try game.expect("== Left: The First Sound ==")
        try game.type("r", onASettlingPageUntil: "Level The First Sound begins.")
        #expect(try sounds(wave, game), "the retried level sounds")
        game.send("q")
        try game.expect("== Left: The First Sound ==")
        #expect(try game.quitFromAPage() == 0)
    }

    /// Whether the device writes to the wave file in half a second of the game's running.
    /// Its bytes are compared, not its size: after a pause the backend writes on from near
    /// the file's start, so a resumed device changes the file without growing it at first.
    private func sounds(_ path: String, _ game: PseudoTerminal) throws -> Bool {
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        game.wait(0.5)
        return try Data(contentsOf: URL(fileURLWithPath: path)) != before
    }
}
