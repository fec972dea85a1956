import CSndFile
import EcholotAudio
import EcholotTestSupport
import Foundation
import Testing

/// Decoding WAV, FLAC and Ogg Vorbis, and every kind of bad file meeting a clear sentence.
@Suite final class Decoding {
    let sounds: TestSounds

    init() throws { sounds = try TestSounds() }
    deinit { sounds.remove() }

    @Test func decodesWAV() throws {
        let audio = try AudioAsset.decode(url: sounds.url(TestSounds.noise))
        #expect(audio.channels == 1)
        #expect(audio.sampleRate == 44_100)
        #expect(audio.frames == 44_100)
        #expect(AudioAsset.check(url: sounds.url(TestSounds.noise), directional: true) == nil)
    }

    @Test func decodesFLACLosslessly() throws {
        let samples = TestSounds.whiteNoise(frames: 22_050, seed: 9)
        let url = try sounds.writeEncoded("noise.flac", format: SF_FORMAT_FLAC | SF_FORMAT_PCM_16, samples: samples)
        let audio = try AudioAsset.decode(url: url)
        #expect(audio.frames == 22_050)
        let expected = samples.map { Int16(($0 * 32767).rounded()) }
        let worst = zip(audio.samples, expected).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(worst <= 1)
        #expect(AudioAsset.check(url: url, directional: true) == nil)
    }

    @Test func decodesOggVorbis() throws {
        let samples = TestSounds.whiteNoise(frames: 44_100, seed: 10)
        let url = try sounds.writeEncoded("noise.ogg", format: SF_FORMAT_OGG | SF_FORMAT_VORBIS, samples: samples)
        let audio = try AudioAsset.decode(url: url)
        #expect(audio.channels == 1)
        #expect(abs(audio.frames - 44_100) < 2_048)
        #expect(AudioAsset.check(url: url, directional: false) == nil)
    }

    @Test(arguments: [
        ("float32", SF_FORMAT_WAV | SF_FORMAT_FLOAT), ("pcm24", SF_FORMAT_WAV | SF_FORMAT_PCM_24),
        ("pcm8", SF_FORMAT_WAV | SF_FORMAT_PCM_U8), ("double", SF_FORMAT_WAV | SF_FORMAT_DOUBLE),
    ])
    func decodesEveryWAVEncodingAtItsLevel(name: String, format: Int) throws {
        let samples = TestSounds.whiteNoise(frames: 4_410, seed: 11)
        let url = try sounds.writeEncoded("noise-\(name).wav", format: format, samples: samples)
        let audio = try AudioAsset.decode(url: url)
        let expected = samples.map { Double($0) }, got = audio.samples.map { Double($0) / 32767 }
        let worst = zip(expected, got).map { abs($0 - $1) }.max() ?? 1
        #expect(worst < 0.01, "\(name): off by \(worst)")
    }

    /// A float file peaking above full scale is scaled down as a whole, not clipped: a
    /// sine at twice full scale keeps its shape (no flattened tops) at full scale.
    @Test func aFloatFileAboveFullScaleIsScaledNotClipped() throws {
        let sine = (0 ..< 4_410).map { Float(2 * sin(2 * Double.pi * 441 * Double($0) / 44_100)) }
        let url = try sounds.writeEncoded("loud.wav", format: SF_FORMAT_WAV | SF_FORMAT_FLOAT, samples: sine)
        let audio = try AudioAsset.decode(url: url)
        let worst = zip(sine, audio.samples).map { abs(Double($0) / 2 - Double($1) / 32767) }.max() ?? 1
        #expect(worst < 0.001, "off the scaled sine by \(worst)")
        #expect(audio.samples.max() == 32767)
        #expect(audio.samples.filter { $0 == 32767 }.count <= 44, "a clipped sine holds its top for a third of each period")
    }

    @Test func refusesStereoOnlyForDirectionalSounds() throws {
        let url = sounds.url(TestSounds.stereoNoise)
        #expect(AudioAsset.check(url: url, directional: false) == nil)
        let problem = try #require(AudioAsset.check(url: url, directional: true))
        #expect(problem.contains("stereo") && problem.contains("mono"))
    }

    @Test func missingFile() {
        let problem = AudioAsset.check(url: sounds.url("nothing.wav"), directional: true)
        #expect(problem?.contains("does not exist") == true)
    }

    @Test func emptyFile() throws {
        let url = try sounds.writeBytes("empty.wav", [])
        #expect(AudioAsset.check(url: url, directional: true)?.contains("empty") == true)
    }

    @Test func folderInsteadOfFile() throws {
        let url = sounds.url("folder.wav")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        #expect(AudioAsset.check(url: url, directional: true)?.contains("folder") == true)
    }

    @Test func truncatedWAV() throws {
        let url = try sounds.truncatedCopy(of: sounds.url(TestSounds.noise), named: "cut.wav", keeping: 0.5)
        #expect(AudioAsset.check(url: url, directional: true)?.contains("truncated") == true)
    }

    /// The RIFF size patched to the cut file, the data chunk's not: libsndfile plays the
    /// half that is there and only logs it, so the file would pass and then end early.
    @Test func truncatedWAVWhoseRIFFSizeWasFixedUp() throws {
        let url = try sounds.truncatedCopy(of: sounds.url(TestSounds.noise), named: "cut-data.wav", keeping: 0.5)
        var bytes = [UInt8](try Data(contentsOf: url))
        let riff = UInt32(bytes.count - 8)
        for index in 0 ..< 4 { bytes[4 + index] = UInt8(truncatingIfNeeded: riff >> (8 * UInt32(index))) }
        try Data(bytes).write(to: url)
        let problem = try #require(AudioAsset.check(url: url, directional: true))
        #expect(problem.contains("truncated") && problem.contains("data chunk"), "\(problem)")
    }

    /// Chunks before and after the data (metadata a sound editor writes) are walked past.
    @Test func aWAVWithMoreChunksIsWhole() throws {
        let url = try sounds.writeRawWAV("chunks.wav", rate: 44_100, channels: 1, frames: 101)
        var bytes = [UInt8](try Data(contentsOf: url))
        let list: [UInt8] = Array("LIST".utf8) + [3, 0, 0, 0] + Array("abc".utf8) + [0]
        bytes.insert(contentsOf: list, at: 36)
        bytes += list
        let riff = UInt32(bytes.count - 8)
        for index in 0 ..< 4 { bytes[4 + index] = UInt8(truncatingIfNeeded: riff >> (8 * UInt32(index))) }
        try Data(bytes).write(to: url)
        #expect(AudioAsset.check(url: url, directional: true) == nil)
        #expect(try AudioAsset.decode(url: url).frames == 101)
    }

    @Test func truncatedFLAC() throws {
        let full = try sounds.writeEncoded(
            "long.flac", format: SF_FORMAT_FLAC | SF_FORMAT_PCM_16, samples: TestSounds.whiteNoise(frames: 44_100, seed: 4))
        let url = try sounds.truncatedCopy(of: full, named: "cut.flac", keeping: 0.5)
        let problem = try #require(AudioAsset.check(url: url, directional: true))
        #expect(problem.contains("truncated") || problem.contains("corrupt"))
    }

    /// An Ogg file whose last page is cut off has a length libsndfile cannot read, which it
    /// gives as the largest count there is: that was told as a sound of 576,460,752,303,423 s
    /// to shorten.
    @Test func anOggFileCutShortIsToldAsTruncated() throws {
        let shipped = repositoryRoot.appendingPathComponent("levels/night-walk/sounds/hum.ogg")
        let bytes = try Data(contentsOf: shipped)
        let url = sounds.url("cut.ogg")
        try bytes.dropLast(4).write(to: url)
        #expect(AudioAsset.check(url: url, directional: true)
            == "the file is truncated or corrupt: its length cannot be read; export it again from the original")
    }

    @Test func corruptBytes() throws {
        var state: UInt32 = 7
        let garbage = (0 ..< 4096).map { _ -> UInt8 in
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt8(truncatingIfNeeded: state >> 24)
        }
        let url = try sounds.writeBytes("garbage.wav", garbage)
        #expect(AudioAsset.check(url: url, directional: true)?.contains("not a readable") == true)
    }

    @Test func unsupportedFormat() throws {
        let url = try sounds.writeEncoded(
            "noise.aiff", format: SF_FORMAT_AIFF | SF_FORMAT_PCM_16, samples: TestSounds.whiteNoise(frames: 1_000, seed: 5))
        let problem = try #require(AudioAsset.check(url: url, directional: true))
        #expect(problem.contains("unsupported format") && problem.contains("AIFF"))
    }

    @Test(arguments: [1 as UInt32, 4_000, 400_000, 10_000_000])
    func absurdSampleRate(rate: UInt32) throws {
        let url = try sounds.writeRawWAV("rate-\(rate).wav", rate: rate, channels: 1, frames: 100)
        let problem = try #require(AudioAsset.check(url: url, directional: true))
        #expect(problem.contains("sample rate") || problem.contains("not a readable"), "\(problem)")
    }

    @Test func tooManyChannels() throws {
        let url = try sounds.writeRawWAV("six.wav", rate: 44_100, channels: 6, frames: 100)
        #expect(AudioAsset.check(url: url, directional: false)?.contains("6 channels") == true)
    }

    @Test func noFrames() throws {
        let url = try sounds.writeRawWAV("zero.wav", rate: 44_100, channels: 1, frames: 0)
        #expect(AudioAsset.check(url: url, directional: false)?.contains("no audio") == true)
    }

    @Test func tooLong() throws {
        let url = try sounds.writeRawWAV("long.wav", rate: 8_000, channels: 1, frames: 8_000 * 601)
        #expect(AudioAsset.check(url: url, directional: false)?.contains("at most 600 s") == true)
    }

    @Test func tooLarge() throws {
        let url = try sounds.writeRawWAV("big.wav", rate: 44_100, channels: 1, frames: 10)
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: UInt64(AudioAsset.maxFileBytes + 1))
        try handle.close()
        #expect(AudioAsset.check(url: url, directional: false)?.contains("16 MiB") == true)
    }

    /// A small FLAC of silence that would decode to more than 600 s of 48 kHz stereo is
    /// refused from its header, before any of it is decoded.
    @Test func aSoundTooBigToDecodeIsRefusedBeforeDecoding() throws {
        let url = try sounds.writeSilence("silence.flac", format: SF_FORMAT_FLAC | SF_FORMAT_PCM_16, channels: 2, rate: 192_000, seconds: 160)
        #expect(try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int ?? 0 < AudioAsset.maxFileBytes)
        let clock = ContinuousClock(), started = clock.now
        let problem = try #require(AudioAsset.check(url: url, directional: false))
        #expect(problem.contains("decoded, the sound would take 117 MiB; at most 110 MiB"), "\(problem)")
        #expect(problem.hasSuffix("(lower its sample rate to 48000 Hz, or shorten it)"))
        #expect(clock.now - started < .seconds(1), "decoded before refusing")
    }

    /// Every refusal ends by saying what to do: a sound designer reads "the file is
    /// empty" and needs to know the cure, not only the fault.
    @Test func everyRefusalSaysWhatToDo() throws {
        let cases: [(URL, String)] = [
            (try sounds.writeBytes("empty.wav", []), "; export it again from the original"),
            (try sounds.truncatedCopy(of: sounds.url(TestSounds.noise), named: "cut.wav", keeping: 0.5), "; export it again from the original"),
            (try sounds.writeBytes("text.wav", Array("not a sound at all, just words".utf8)),
             "(libsndfile: Format not recognised); save it as WAV, FLAC or Ogg Vorbis"),
            (try sounds.writeRawWAV("six.wav", rate: 44_100, channels: 6, frames: 100), "(mix it down)"),
            (try sounds.writeRawWAV("slow.wav", rate: 4_000, channels: 1, frames: 100), "; resample it to 44100 or 48000 Hz"),
            (try sounds.writeRawWAV("nothing.wav", rate: 44_100, channels: 1, frames: 0), "; export it again from the original"),
            (try sounds.writeRawWAV("long.wav", rate: 8_000, channels: 1, frames: 8_000 * 601), "(shorten it)"),
        ]
        for (url, remedy) in cases {
            let problem = try #require(AudioAsset.check(url: url, directional: false))
            #expect(problem.hasSuffix(remedy), "\(url.lastPathComponent): \(problem)")
        }
    }
}
