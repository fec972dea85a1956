#if canImport(Glibc)
import Glibc
#endif
import EcholotAudio
import EcholotTestSupport
import Foundation
import Testing

/// The packs menu with a sound device (OpenAL Soft's wave backend, which writes what the
/// device mixes to a file as it plays): a pack's `preview` sounds while the pack is
/// selected, and a pack without one is silent.
@Suite(.serialized) struct PreviewPlayTests {
    @Test func thePackSelectedPlaysItsPreview() throws {
        let folder = try scratchFolder("preview-menu")
        // Installed beside the shipped packs, in a data folder of the test's own.
        let packs = folder.appendingPathComponent("data/packs")
        for id in ["alpha", "beta"] {
            let pack = packs.appendingPathComponent(id)
            try FileManager.default.createDirectory(at: packs, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("levels/tutorial"), to: pack)
            let manifest = pack.appendingPathComponent("pack.json")
            let preview = id == "alpha" ? #""preview": "intro.wav", "# : ""
            let text = try String(contentsOf: manifest, encoding: .utf8)
                .replacingOccurrences(of: #""id": "tutorial","#, with: #""id": "\#(id)", \#(preview)"#)
            try Data(text.utf8).write(to: manifest)
        }
        // Four seconds of noise: it sounds all the while the test listens.
        let writer = try WAVWriter(url: packs.appendingPathComponent("alpha/sounds/intro.wav"), channels: 1, sampleRate: 44_100)
        var state: UInt64 = 7
        try writer.write((0 ..< 44_100 * 4).map { _ -> Float in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Float(Int64(state >> 33) - (1 << 30)) / Float(1 << 31)
        })
        try writer.close()
        let wave = folder.appendingPathComponent("out.wav").path
        let configuration = folder.appendingPathComponent("alsoft.conf")
        try "[general]\ndrivers = wave\n[wave]\nfile = \(wave)\n".write(to: configuration, atomically: true, encoding: .utf8)
        let game = try PseudoTerminal(["play", "--plain"],
                                      environment: ["ALSOFT_CONF": configuration.path, "ECHOLOT_DATA": folder.appendingPathComponent("data").path])
        try game.expect("Selected: ")
        game.send("\u{1B}")
        try game.expect("choose a pack")
        game.send("j")
        try game.expect("Tutorial, 4 levels, id alpha, 3 of 4")
        #expect(try loudness(wave, game) > 0.05, "alpha's preview sounds while alpha is selected")
        game.send("j")
        try game.expect("Tutorial, 4 levels, id beta, 4 of 4")
        #expect(try loudness(wave, game) < 0.001, "beta has no preview: the menu is silent")
        game.send("k")
        try game.expect("Tutorial, 4 levels, id alpha, 3 of 4")
        #expect(try loudness(wave, game) > 0.05, "alpha's preview again")
        // Chosen, the pack's next page does not go on with the preview.
        game.send("\r")
        try game.expect("Tutorial — choose a scenario")
        #expect(try loudness(wave, game) < 0.001, "the preview ends with its menu")
        game.send("q")
        #expect(try game.waitForExit() == 0)
    }

    /// The peak of the last 0.2 s the device wrote after half a second more of the game.
    private func loudness(_ path: String, _ game: PseudoTerminal) throws -> Float {
        game.wait(0.5)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        guard let format = data.range(of: Data("fmt ".utf8)), let body = data.range(of: Data("data".utf8)) else { return -1 }
        func field(_ offset: Int, _ size: Int) -> Int {
            (0 ..< size).reduce(0) { $0 | Int(data[format.upperBound + 4 + offset + $1]) << (8 * $1) }
        }
        let (encoding, channels, rate, bits) = (field(0, 2), field(2, 2), field(4, 4), field(14, 2))
        let frameBytes = channels * bits / 8
        let start = body.upperBound + 4
        let frames = (data.count - start) / frameBytes
        let first = max(0, frames - rate / 5)
        var peak: Float = 0
        for frame in first ..< frames {
            for channel in 0 ..< channels {
                let at = start + frame * frameBytes + channel * bits / 8
                let raw = (0 ..< bits / 8).reduce(UInt32(0)) { $0 | UInt32(data[at + $1]) << (8 * UInt32($1)) }
                let sample: Float = encoding == 3 ? Float(bitPattern: raw)
                    : bits == 16 ? Float(Int16(truncatingIfNeeded: raw)) / 32768
                    : Float(Int32(bitPattern: raw)) / 2_147_483_648
                peak = max(peak, abs(sample))
            }
        }
        return peak
    }
}
