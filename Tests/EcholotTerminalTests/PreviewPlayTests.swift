#if canImport(Glibc)
import Glibc
#endif
import EcholotAudio
import EcholotTerminal
import EcholotTestSupport
import Foundation
import Testing

/// The packs menu with a sound device (OpenAL Soft's wave backend, which writes what the
/// device mixes to a file as it plays): a pack's `preview` sounds while the pack is
/// selected, and a pack without one is silent.
@Suite(.serialized) struct PreviewPlayTests {
    @Test func thePackSelectedPlaysItsPreview() throws {
        let (game, wave) = try playing("preview-menu")
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

    /// A level paused holds the whole device; left while paused, it kept holding it, and the
    /// packs menu's previews were silent until another level started.
    @Test func aLevelLeftWhilePausedLeavesThePreviewsSounding() throws {
        let (game, wave) = try playing("preview-after-pause")
        // Enter on the scenario, the level and Start.
        for selected in ["The Basics", "The First Sound", "Start"] {
            try game.expect("Selected: \(selected)")
            game.send("\r")
        }
        game.wait(0.8)
        game.send("p")
        try game.expect("Paused: ")
        game.send("q")
        try game.expect("Left: The First Sound")
        // The level's end page still holds it: what the paused device left.
        let paused = try #require(WaveFile(path: wave))
        try game.type("\u{1B}", onASettlingPageUntil: "choose a level")
        for page in ["choose a scenario", "choose a pack"] {
            game.send("\u{1B}")
            try game.expect(page)
        }
        // The device is resumed once the level is gone. OpenAL Soft 1.19's wave backend, stopped,
        // leaves its file's position after the header's first length (which it has just fixed
        // up), so resumed it writes from byte 8 over what is there: the new samples are found
        // where the bytes change, from byte 8 or past the old end, at the pace of a clock.
        let deadline = MonotonicClock.now() + 10
        var origin: Int?
        while origin == nil, MonotonicClock.now() < deadline {
            game.wait(0.05)
            let now = try #require(WaveFile(path: wave, format: paused))
            if now.data.prefix(4_096) != paused.data.prefix(4_096) {
                origin = 8
            } else if now.data.count > paused.data.count {
                origin = paused.data.count
            }
        }
        let resumed = MonotonicClock.now()
        let start = try #require(origin, "the device plays again: it writes on")
        game.send("j")
        try game.expect("id alpha, 3 of 4")
        game.wait(0.8)
        // 0.3 s that were written after the preview began (at most 0.1 s after the j) and
        // before now (when at least the time since `resumed` had been written).
        let since = MonotonicClock.now() - resumed
        let after = try #require(WaveFile(path: wave, format: paused))
        let from = Int((since - 0.6) * Double(paused.rate))
        #expect(after.peak(from: start + from * paused.frameBytes, frames: paused.rate * 3 / 10) > 0.05, "alpha's preview sounds")
        game.send("q")
        #expect(try game.waitForExit() == 0)
    }

    /// `play --plain` on the wave backend, with the packs `alpha` (a four-second noise as its
    /// preview) and `beta` (no preview) installed, and the file the device writes to.
    private func playing(_ name: String) throws -> (PseudoTerminal, String) {
        let folder = try scratchFolder(name)
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
        return (game, wave)
    }

    /// The peak of the last 0.2 s the device wrote after half a second more of the game.
    private func loudness(_ path: String, _ game: PseudoTerminal) throws -> Float {
        game.wait(0.5)
        guard let file = WaveFile(path: path) else { return -1 }
        let frames = (file.data.count - file.start) / file.frameBytes
        let first = max(0, frames - file.rate / 5)
        return file.peak(from: file.start + first * file.frameBytes, frames: frames - first)
    }
}

/// The file OpenAL's wave backend writes, and its sample format.
private struct WaveFile {
    let data: Data
    let encoding: Int, channels: Int, rate: Int, bits: Int
    /// Where the samples begin.
    let start: Int
    var frameBytes: Int { channels * bits / 8 }

    /// The file at `path`, read with the format its header gives (or `format`'s, for a
    /// file whose header the backend has written over).
    init?(path: String, format: WaveFile? = nil) {
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: path)) else { return nil }
        self.data = data
        if let format {
            (encoding, channels, rate, bits, start) = (format.encoding, format.channels, format.rate, format.bits, format.start)
            return
        }
        guard let header = data.range(of: Data("fmt ".utf8)), let body = data.range(of: Data("data".utf8)) else { return nil }
        func field(_ offset: Int, _ size: Int) -> Int {
            (0 ..< size).reduce(0) { $0 | Int(data[header.upperBound + 4 + offset + $1]) << (8 * $1) }
        }
        (encoding, channels, rate, bits) = (field(0, 2), field(2, 2), field(4, 4), field(14, 2))
        start = body.upperBound + 4
    }

    /// The largest sample of `frames` frames from byte `offset` (as far as the file goes).
    func peak(from offset: Int, frames: Int) -> Float {
        var peak: Float = 0
        for frame in 0 ..< max(0, min(frames, (data.count - offset) / frameBytes)) {
            for channel in 0 ..< channels {
                let at = offset + frame * frameBytes + channel * bits / 8
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
