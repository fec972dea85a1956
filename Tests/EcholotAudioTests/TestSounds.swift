import EcholotAudio
import Foundation

/// Sound files made by the tests: seeded white noise (broadband, so that level and time
/// differences show at every frequency the HRTF shapes) in the `sounds/` folder of a fresh
/// temporary pack folder.
struct TestSounds {
    /// The pack folder: links in `folder` may lead anywhere inside it.
    let pack: URL
    /// The folder holding the files.
    let folder: URL

    /// 1 s of mono noise.
    static let noise = "noise.wav"
    /// 0.25 s of mono noise, for loop tests.
    static let shortNoise = "short-noise.wav"
    /// 1 s of stereo noise: refused for directional sounds.
    static let stereoNoise = "stereo-noise.wav"
    /// The sample rate of every file.
    static let sampleRate = 44_100

    /// Writes the files into a new temporary folder.
    init() throws {
        pack = FileManager.default.temporaryDirectory
            .appendingPathComponent("echolot-audio-\(UUID().uuidString)", isDirectory: true)
        folder = pack.appendingPathComponent("sounds", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try write(Self.noise, channels: 1, samples: Self.whiteNoise(frames: Self.sampleRate, seed: 1))
        try write(Self.shortNoise, channels: 1, samples: Self.whiteNoise(frames: Self.sampleRate / 4, seed: 2))
        try write(Self.stereoNoise, channels: 2, samples: Self.whiteNoise(frames: Self.sampleRate * 2, seed: 3))
    }

    /// The folder as the engine sees it.
    var soundFolder: SoundFolder { SoundFolder(packs: [pack]) }

    /// The URL of a file in the folder.
    func url(_ name: String) -> URL { folder.appendingPathComponent(name) }

    /// Writes raw bytes into the folder (for broken files).
    func writeBytes(_ name: String, _ bytes: [UInt8]) throws -> URL {
        let url = url(name)
        try Data(bytes).write(to: url)
        return url
    }

    /// Writes interleaved float samples as a 16-bit WAV file.
    @discardableResult
    func write(_ name: String, channels: Int, samples: [Float], rate: Int = sampleRate) throws -> URL {
        let writer = try WAVWriter(url: url(name), channels: channels, sampleRate: rate)
        try writer.write(samples)
        try writer.close()
        return url(name)
    }

    /// Removes the pack folder.
    func remove() { try? FileManager.default.removeItem(at: pack) }

    /// Uniform white noise at half of full scale, from a seeded generator.
    static func whiteNoise(frames: Int, seed: UInt64) -> [Float] {
        var state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
        return (0 ..< frames).map { _ in
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return Float(Double(state >> 11) / Double(1 << 53) - 0.5)
        }
    }
}
