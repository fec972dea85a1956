import EcholotAudio
import EcholotCore
import EcholotModel
import Foundation
import Testing

extension OpenAL {
    /// A level run by the store and the headless runner, heard through the recorder: the
    /// path `echolot render` takes, minus the pack loader.
    @Suite final class Recording {
        let sounds: TestSounds

        init() throws { sounds = try TestSounds() }
        deinit { sounds.remove() }

        /// Runs `level` with `log` for `seconds` and returns the WAV file read back.
        func record(_ level: Level, log: InputLog, seconds: Double) throws -> Stereo {
            let store = Store(state: GameState.incarnation(of: level), reducers: LevelReducers.all)
            let device = try AudioDevice.openLoopback()
            let engine = AudioEngine(device: device, sounds: sounds.soundFolder) { Issue.record("reported: \($0)") }
            let out = sounds.url("out.wav")
            let writer = try WAVWriter(url: out, channels: 2, sampleRate: device.sampleRate, encoding: .float32)
            let recorder = try LevelRecorder(engine: engine, writer: writer)
            engine.attach(to: store)
            recorder.attach(to: store)
            LevelRunner(maxSeconds: seconds).run(store, log: log)
            try recorder.render(seconds: seconds - recorder.seconds)
            try writer.close()
            let audio = try AudioAsset.decode(url: out)
            #expect(audio.channels == 2)
            #expect(abs(audio.duration - seconds) < 0.001)
            return Stereo(interleaved: audio.samples.map { Float($0) / 32768 }, sampleRate: audio.sampleRate)
        }

        @Test func aTurnInTheInputLogCentresTheSound() throws {
            let level = TestLevels.state([TestLevels.entity("bee", azimuth: 90, file: TestSounds.noise)])[Game.level]
            let log = InputLog([InputEvent(t: 1, action: .turnTo(90))])
            let heard = try record(level, log: log, seconds: 2)
            #expect(heard.slice(from: 0.1, to: 0.95).ildDecibels > 6)
            let after = heard.slice(from: 1.1, to: 2)
            #expect(abs(after.ildDecibels) < 1.5, "ILD \(after.ildDecibels) dB")
        }
    }
}
