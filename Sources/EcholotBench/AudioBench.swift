import COpenAL
import EcholotAudio
import EcholotCore
import EcholotModel
import Foundation

/// Real-time factors of rendering 16, 64 and 128 looping HRTF sources through the engine
/// (store → diff → translator → OpenAL) against the same sources set up directly on
/// OpenAL, on the loopback device, and the engine's overhead as a share of the mix.
func runAudioBenchmarks() {
    // A pack's sounds/ folder: the engine resolves names as in a pack.
    let pack = FileManager.default.temporaryDirectory.appendingPathComponent("echolot-audiobench-\(getpid())")
    let folder = pack.appendingPathComponent("sounds", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: pack) }
    var rows: [[String]] = []
    do {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try AudioBench.writeNoise(to: folder.appendingPathComponent(AudioBench.file))
        for count in [16, 64, 128] {
            for moving in [false, true] {
                rows.append(try AudioBench.compare(count: count, moving: moving, folder: folder).row)
            }
        }
    } catch {
        print("audio benchmark failed: \(error)")
        return
    }
    printTable(
        "Audio: looping HRTF sources, loopback 44.1 kHz stereo float, 4 s at 1/60 s ticks (best of \(AudioBench.repeats))",
        ["sources", "motion", "direct RTF", "engine RTF", "overhead", "audio engine", "store (reduce+diff)"],
        rows)
    print("""

        RTF: seconds of audio rendered per second of wall time. Overhead: how much longer the \
        engine path takes, as a share of its time; of that time, "audio engine" is applying \
        diffs to OpenAL and "store" the benchmark's reducer and the store's diff.
        """)
}

/// The pieces of the audio benchmark.
enum AudioBench {
    static let file = "noise.wav"
    static let sampleRate = 44_100
    static let tick = 1.0 / 60.0
    static let seconds = 4.0
    /// Degrees per second a moving source orbits: every source changes on every tick.
    static let orbitSpeed = 30.0
    /// Each variant runs this often; the fastest run counts (the machine is shared).
    static let repeats = 5

    /// One row of the report.
    struct Figures {
        let count: Int
        let moving: Bool
        let direct: Double
        let engine: EngineRun

        /// Real-time factors; how much longer the engine path takes, as a share of its
        /// time; and the shares of that time spent applying diffs to OpenAL (the audio
        /// engine proper) and in the store's reducer and diff (the simulation).
        var row: [String] {
            [
                "\(count)", moving ? "orbiting" : "static",
                fixed(seconds / direct), fixed(seconds / engine.total),
                fixed((engine.total - direct) / engine.total * 100) + " %",
                fixed(engine.apply / engine.total * 100) + " %",
                fixed(engine.store / engine.total * 100) + " %",
            ]
        }
    }

    /// Wall-clock seconds of one run through the engine, and where they went.
    struct EngineRun {
        /// Everything: dispatching, applying and rendering.
        var total: Double
        /// Applying diffs to OpenAL.
        var apply: Double
        /// The store's reducer and diff.
        var store: Double
    }

    /// Times both paths `repeats` times, alternating, and keeps the best of each.
    static func compare(count: Int, moving: Bool, folder: URL) throws -> Figures {
        var direct = Double.infinity, engine = EngineRun(total: .infinity, apply: 0, store: 0)
        for _ in 0 ..< repeats {
            direct = min(direct, try runDirect(count: count, moving: moving, folder: folder))
            let run = try runEngine(count: count, moving: moving, folder: folder)
            if run.total < engine.total { engine = run }
        }
        return Figures(count: count, moving: moving, direct: direct, engine: engine)
    }

    /// Seconds of wall time to render through the store and the engine.
    static func runEngine(count: Int, moving: Bool, folder: URL) throws -> EngineRun {
        var level = Level()
        level.modify(LevelKeys.entities) { map in
            for index in 0 ..< count {
                var entity = Entity()
                entity[EntityKeys.id] = "e\(index)"
                entity[EntityKeys.azimuth] = azimuth(index, count)
                entity[EntityKeys.distance] = 2
                var sound = Sound()
                sound[SoundKeys.file] = file
                entity[EntityKeys.sound] = sound
                map["e\(index)"] = entity
            }
        }
        var state = GameState()
        state[Game.level] = level
        let ids = (0 ..< count).map { "e\($0)" }
        let orbit = Reducer<GameState>("bench.orbit", handles: .only(ActionName.tick)) { state, action, _ in
            let dt = action["dt"].doubleValue ?? 0
            state.modify(Game.level) { level in
                level[LevelKeys.time] += dt
                guard moving else { return }
                level.modify(LevelKeys.entities) { map in
                    for id in ids { map.modify(id) { $0[EntityKeys.azimuth] += orbitSpeed * dt } }
                }
            }
        }
        let store = Store(state: state, reducers: [orbit])
        let device = try AudioDevice.openLoopback(sampleRate: sampleRate)
        let engine = AudioEngine(device: device, sounds: SoundFolder(packs: [folder.deletingLastPathComponent()])) { print("audio: \($0)") }
        engine.show(store.state)
        var applying = Duration.zero, dispatching = Duration.zero
        let clock = ContinuousClock()
        store.observe { transition in
            applying += clock.measure { engine.apply(transition.diff, to: transition.new) }
        }
        var buffer = [Float](repeating: 0, count: framesPerTick * 2)
        let total = try clock.measure {
            for _ in 0 ..< ticks {
                dispatching += clock.measure { store.dispatch(.tick(tick)) }
                try buffer.withUnsafeMutableBufferPointer { try device.render(into: $0) }
            }
        }
        return EngineRun(total: total.audioBenchSeconds, apply: applying.audioBenchSeconds, store: (dispatching - applying).audioBenchSeconds)
    }

    /// Seconds of wall time to render the same sources set up by hand on OpenAL.
    static func runDirect(count: Int, moving: Bool, folder: URL) throws -> Double {
        let device = try AudioDevice.openLoopback(sampleRate: sampleRate)
        let audio = try AudioAsset.decode(url: folder.appendingPathComponent(file))
        var buffer: ALuint = 0
        alGenBuffers(1, &buffer)
        audio.samples.withUnsafeBytes { alBufferData(buffer, AL_FORMAT_MONO16, $0.baseAddress, ALsizei($0.count), ALsizei(audio.sampleRate)) }
        var sources = [ALuint](repeating: 0, count: count)
        alGenSources(ALsizei(count), &sources)
        guard alGetError() == AL_NO_ERROR else { throw AudioError.openAL(call: "direct setup", message: "buffers or sources") }
        defer {
            alDeleteSources(ALsizei(count), &sources)
            alDeleteBuffers(1, &buffer)
            _ = device
        }
        var azimuths = (0 ..< count).map { azimuth($0, count) }
        func place(_ index: Int) {
            let p = Geometry.cartesian(relativeAzimuth: azimuths[index], elevation: 0, distance: 2)
            alSource3f(sources[index], AL_POSITION, Float(p.x), Float(p.y), Float(p.z))
        }
        for (index, source) in sources.enumerated() {
            alSourcei(source, AL_BUFFER, ALint(bitPattern: buffer))
            alSourcei(source, AL_LOOPING, AL_TRUE)
            alSourcef(source, AL_REFERENCE_DISTANCE, 1.5)
            place(index)
            alSourcePlay(source)
        }
        guard alGetError() == AL_NO_ERROR else { throw AudioError.openAL(call: "direct setup", message: "source properties") }
        var mix = [Float](repeating: 0, count: framesPerTick * 2)
        let total = try ContinuousClock().measure {
            for _ in 0 ..< ticks {
                if moving {
                    alDeferUpdatesSOFT()
                    for index in 0 ..< count {
                        azimuths[index] += orbitSpeed * tick
                        place(index)
                    }
                    alProcessUpdatesSOFT()
                }
                try mix.withUnsafeMutableBufferPointer { try device.render(into: $0) }
            }
        }
        return total.audioBenchSeconds
    }

    static var ticks: Int { Int((seconds / tick).rounded()) }
    static var framesPerTick: Int { Int((Double(sampleRate) * tick).rounded()) }

    /// Sources spread evenly around the listener.
    static func azimuth(_ index: Int, _ count: Int) -> Double { Double(index) * 360 / Double(count) }

    /// One second of seeded mono white noise.
    static func writeNoise(to url: URL) throws {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        let samples = (0 ..< sampleRate).map { _ -> Float in
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return Float(Double(state >> 11) / Double(1 << 53) - 0.5)
        }
        let writer = try WAVWriter(url: url, channels: 1, sampleRate: sampleRate)
        try writer.write(samples)
        try writer.close()
    }
}

extension Duration {
    /// The duration in seconds, as a floating-point number.
    fileprivate var audioBenchSeconds: Double { Double(components.seconds) + Double(components.attoseconds) * 1e-18 }
}
