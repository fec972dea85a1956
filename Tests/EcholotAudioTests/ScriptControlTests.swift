import EcholotAudio
import EcholotCore
import EcholotModel
import EcholotScript
import Foundation
import Testing

extension OpenAL {
    /// FA#7 end to end: the standard Lua behaviours change volume, position and on/off in
    /// the state only, and the engine makes it audible.
    @Suite final class ScriptControl {
        let root: URL

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("echolot-lua-audio-\(UUID().uuidString)")
            let fm = FileManager.default
            try fm.createDirectory(at: root.appendingPathComponent("levels"), withIntermediateDirectories: true)
            try fm.createDirectory(at: root.appendingPathComponent("sounds"), withIntermediateDirectories: true)
            try Data(#"{"id": "lua-audio", "name": "Lua audio", "version": "1.0.0", "api": 1}"#.utf8)
                .write(to: root.appendingPathComponent("pack.json"))
            let writer = try WAVWriter(url: root.appendingPathComponent("sounds/noise.wav"), channels: 1, sampleRate: 44_100)
            try writer.write(TestSounds.whiteNoise(frames: 44_100, seed: 7))
            try writer.close()
            try level("blink", azimuth: 0, behaviour: #"{"type": "blink", "on": 0.5, "off": 0.5}"#)
            try level("pulse", azimuth: 0, behaviour: #"{"type": "pulse", "period": 2, "min": 0.25, "max": 1}"#)
            try level("orbit", azimuth: 90, behaviour: #"{"type": "orbit", "speed": 180}"#)
        }

        deinit { try? FileManager.default.removeItem(at: root) }

        /// Writes a level with one noise entity driven by `behaviour`.
        func level(_ id: String, azimuth: Double, behaviour: String) throws {
            let text = """
                {"id": "\(id)", "name": "\(id)", "entities": [
                  {"id": "e", "position": {"azimuth": \(azimuth)}, "sound": {"file": "noise.wav"},
                   "behaviours": [\(behaviour)]}
                ]}
                """
            try Data(text.utf8).write(to: root.appendingPathComponent("levels/\(id).json"))
        }

        /// Runs level `id` with the pack's rules for `seconds` and listens to the result.
        func hear(_ id: String, seconds: Double) throws -> Stereo {
            let pack = try PackLoader.load(at: root)
            let definition = try #require(pack.level(id: id))
            // The rules must outlive the store: its Lua reducers do not keep them alive.
            let rules = try PackRules.load(pack)
            defer { withExtendedLifetime(rules) {} }
            let store = try rules.store(for: definition)
            let device = try AudioDevice.openLoopback()
            let engine = AudioEngine(device: device, sounds: SoundFolder(pack.sounds)) { Issue.record("reported: \($0)") }
            let out = root.appendingPathComponent("\(id).wav")
            let writer = try WAVWriter(url: out, channels: 2, sampleRate: device.sampleRate, encoding: .float32)
            let recorder = try LevelRecorder(engine: engine, writer: writer)
            engine.attach(to: store)
            recorder.attach(to: store)
            let result = LevelRunner(maxSeconds: seconds).run(store, log: InputLog())
            #expect(result.errors.isEmpty, "\(result.errors)")
            try recorder.render(seconds: seconds - recorder.seconds)
            try writer.close()
            let audio = try AudioAsset.decode(url: out)
            return Stereo(interleaved: audio.samples.map { Float($0) / 32768 }, sampleRate: audio.sampleRate)
        }

        @Test func blinkSwitchesTheSoundOnAndOff() throws {
            let heard = try hear("blink", seconds: 2)
            #expect(heard.slice(from: 0.1, to: 0.4).rms > 0.01)
            #expect(heard.slice(from: 0.6, to: 0.9).rms < 1e-4)
            #expect(heard.slice(from: 1.1, to: 1.4).rms > 0.01)
            #expect(heard.slice(from: 1.6, to: 1.9).rms < 1e-4)
        }

        @Test func pulseChangesTheVolume() throws {
            let heard = try hear("pulse", seconds: 2.2)
            let loud = heard.slice(from: 0.9, to: 1.1).rms, quiet = heard.slice(from: 1.95, to: 2.15).rms
            #expect((3.3 ... 4.2).contains(loud / quiet), "loud/quiet \(loud / quiet), volumes 1 and 0.25")
        }

        @Test func orbitMovesTheSoundAroundTheListener() throws {
            let heard = try hear("orbit", seconds: 1.4)
            #expect(heard.slice(from: 0.1, to: 0.3).ildDecibels > 3, "right first")
            #expect(heard.slice(from: 1.1, to: 1.3).ildDecibels < -3, "then left")
        }
    }
}
