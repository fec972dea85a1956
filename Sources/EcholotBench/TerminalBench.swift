#if canImport(Glibc)
import Glibc
#endif
import EcholotAudio
import EcholotCore
import EcholotModel
import EcholotTerminal
import Foundation
import Synchronization

/// Turn-to-ear latency of `echolot play`, engine side: from a key press written to a
/// pseudo-terminal, or an OpenTrack datagram sent to the tracker's socket, to the OpenAL
/// listener having been turned — through the real game loop (poll, key decoding, steering,
/// coalescing, store dispatch, diff, audio engine). Then what a 1,000 Hz tracker costs
/// against a 60 Hz one, in store actions and in the game thread's CPU time.
func runTerminalBenchmarks() {
    do {
        let latency = try TerminalBench.latency() + [try TerminalBench.inProcess()]
        printTable(
            "Terminal: input to OpenAL listener (the real loop; \(TerminalBench.samples) inputs each, \(Int(TerminalBench.spacing * 1000)) ms apart)",
            ["input", "p50", "p99", "max", "target p99"],
            latency.map { [$0.name, micro($0.p50), micro($0.p99), micro($0.max), "< 2 ms"] })
        let rates = try [60.0, 1000.0].map { try TerminalBench.trackerLoad(hertz: $0) }
        printTable(
            "Terminal: head tracker load (\(Int(TerminalBench.loadSeconds)) s of poses, the real loop)",
            ["tracker", "datagrams/s", "turn actions/s", "game thread CPU"],
            rates.map { ["\(Int($0.hertz)) Hz", fixed($0.datagramsPerSecond, 0), fixed($0.turnsPerSecond, 1), fixed($0.cpuShare * 100, 1) + " %"] })
        print("""

            Latency is measured from just before the key's bytes are written to the \
            pseudo-terminal (or the datagram is sent) to the end of the store observer that \
            runs after the audio engine has turned the listener: it includes the kernel's \
            delivery and the loop's wake-up. The audio device's buffer (10–20 ms with \
            OpenAL Soft's defaults) comes on top. Turn actions are at most one per 1/60 s \
            tick whatever the tracker's rate.
            """)
    } catch {
        print("terminal benchmark failed: \(error)")
    }
}

private func micro(_ nanoseconds: Double) -> String {
    nanoseconds >= 1_000_000 ? fixed(nanoseconds / 1_000_000, 2) + " ms" : fixed(nanoseconds / 1000, 0) + " µs"
}

/// The pieces of the terminal benchmark.
enum TerminalBench {
    /// Inputs per latency run.
    static let samples = 300
    /// Seconds between inputs: more than a tick, so each input is a period's first turn.
    static let spacing = 0.025
    /// Seconds of each tracker-load run.
    static let loadSeconds = 2.0

    struct Latency {
        let name: String
        let p50, p99, max: Double
    }

    struct Load {
        let hertz: Double
        let datagramsPerSecond: Double
        let turnsPerSecond: Double
        let cpuShare: Double
    }

    /// Times written by the sending thread, read by the game thread at the end.
    final class Times: Sendable {
        let sent = Mutex<[Double]>([])
        let count = Mutex(0)
    }

    /// A game loop on a pseudo-terminal, a loopback audio device and a tracker socket.
    final class Rig {
        let master: Int32
        let slave: Int32
        let null: Int32
        let terminal: TerminalDevice
        let tracker: OpenTrackReceiver
        let port: UInt16
        let device: AudioDevice
        let engine: AudioEngine
        let session: LevelSession
        let loop: LevelLoop
        var updates: [Double] = []

        init() throws {
            var masterFD: Int32 = -1, slaveFD: Int32 = -1
            guard openpty(&masterFD, &slaveFD, nil, nil, nil) == 0 else { throw SystemError("openpty") }
            master = masterFD
            slave = slaveFD
            null = open("/dev/null", O_WRONLY)
            guard null >= 0 else { throw SystemError("open /dev/null") }
            terminal = try TerminalDevice(fullScreen: false, inputFD: slave, outputFD: null)
            tracker = try OpenTrackReceiver(host: "127.0.0.1", port: 0)
            guard let port = tracker.address.split(separator: ":").last.flatMap({ UInt16($0) }) else {
                throw SystemError("tracker address \(tracker.address)", code: EINVAL)
            }
            self.port = port
            guard let folder = PackCatalog.shippedTutorial() else { throw SystemError("levels/tutorial", code: ENOENT) }
            let pack = try PackLoader.load(at: folder)
            guard let level = pack.level(id: "around-you") else { throw SystemError("around-you", code: ENOENT) }
            let store = Store(state: GameState.incarnation(of: level.level, packID: pack.id, packVersion: pack.manifest.version),
                              reducers: LevelReducers.all)
            device = try AudioDevice.openLoopback()
            engine = AudioEngine(device: device, sounds: SoundFolder(pack.sounds)) { _ in }
            engine.attach(to: store)
            session = LevelSession(store: store)
            let names = Names(pack: pack)
            let context = LevelContext(packName: "bench", names: names, goalPaths: level.goalPaths, visuals: .hidden, steering: "bench")
            loop = LevelLoop(session: session, steering: Steering(session: session), pump: EventPump(terminal: terminal),
                             display: SilentDisplay(), context: context, tracker: tracker, feedback: nil)
            // Observers run in order: the audio engine's first, so this one sees a turned
            // listener.
            store.observe { [unowned self] transition in
                if transition.actions.contains(where: { $0.name == ActionName.turnBy || $0.name == ActionName.turnTo }) {
                    self.updates.append(MonotonicClock.now())
                }
            }
        }

        deinit {
            terminal.restore()
            close(master)
            close(slave)
            close(null)
        }

        /// Runs the loop on this thread while `send` runs on another; `send` must end by
        /// typing `q`.
        func run(_ send: @escaping @Sendable () -> Void) throws {
            let thread = Thread { send() }
            thread.start()
            _ = try loop.run()
        }
    }

    static func latency() throws -> [Latency] {
        var results: [Latency] = []
        for source in ["key press", "OpenTrack datagram"] {
            let rig = try Rig()
            let times = Times()
            let master = rig.master
            // Made here, so that a socket that cannot be opened fails the benchmark
            // instead of counting datagrams never sent.
            let sender = try OpenTrackSender(port: rig.port)
            try rig.run {
                usleep(100_000)
                for index in 0 ..< samples {
                    let now = MonotonicClock.now()
                    times.sent.withLock { $0.append(now) }
                    if source == "key press" {
                        // Alternating directions: never mistaken for a held key.
                        typeKeys(index % 2 == 0 ? "\u{1B}[C" : "\u{1B}[D", to: master)
                    } else {
                        sender.send(HeadPose(yaw: index % 2 == 0 ? 10 : 20).datagram)
                    }
                    usleep(useconds_t(spacing * 1_000_000))
                }
                typeKeys("q", to: master)
            }
            let sent = times.sent.withLock { $0 }
            let updates = rig.updates
            guard updates.count >= sent.count else {
                throw SystemError("\(source): \(sent.count) inputs but \(updates.count) listener updates", code: EIO)
            }
            // The tracker's first pose also tilts (pitch 0), in the same or a later batch:
            // pair each input with the first update at or after it.
            var deltas: [Double] = []
            var next = 0
            for time in sent {
                while next < updates.count, updates[next] < time { next += 1 }
                guard next < updates.count else { break }
                deltas.append((updates[next] - time) * 1e9)
                next += 1
            }
            results.append(Latency(name: source, p50: percentile(deltas, 50), p99: percentile(deltas, 99), max: deltas.max() ?? .nan))
        }
        return results
    }

    /// The engine's share alone: a key handed to the steering (no terminal, no poll) to
    /// the listener turned — decoding aside, what the loop does once it is awake.
    static func inProcess() throws -> Latency {
        let rig = try Rig()
        let steering = Steering(session: rig.session)
        rig.session.begin()
        var right = true
        var deltas: [Double] = []
        for index in 0 ..< 2000 {
            rig.session.tick()
            let start = MonotonicClock.now()
            rig.updates.removeAll(keepingCapacity: true)
            _ = steering.key(right ? .right : .left, at: Double(index))
            right.toggle()
            if let end = rig.updates.first, index >= 100 { deltas.append((end - start) * 1e9) }
        }
        return Latency(name: "key, in process", p50: percentile(deltas, 50), p99: percentile(deltas, 99), max: deltas.max() ?? .nan)
    }

    static func trackerLoad(hertz: Double) throws -> Load {
        let rig = try Rig()
        let master = rig.master
        let sender = try OpenTrackSender(port: rig.port)  // fails the benchmark, as above
        let cpuStart = threadCPU()
        let wallStart = MonotonicClock.now()
        let times = Times()
        try rig.run {
            let count = Int(loadSeconds * hertz)
            let start = MonotonicClock.now()
            for index in 0 ..< count {
                // Paced against the clock, not by sleeping a fixed time each round.
                let due = start + Double(index) / hertz
                let wait = due - MonotonicClock.now()
                if wait > 0 { usleep(useconds_t(wait * 1_000_000)) }
                sender.send(HeadPose(yaw: Double(index % 3600) / 10).datagram)
                times.count.withLock { $0 += 1 }
            }
            typeKeys("q", to: master)
        }
        let wall = MonotonicClock.now() - wallStart
        let cpu = threadCPU() - cpuStart
        let sent = Double(times.count.withLock { $0 })
        return Load(hertz: hertz, datagramsPerSecond: sent / wall,
                    turnsPerSecond: Double(rig.updates.count) / wall, cpuShare: cpu / wall)
    }

    /// CPU seconds used by the calling thread.
    static func threadCPU() -> Double {
        var spec = timespec()
        guard clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec) == 0 else { return .nan }
        return Double(spec.tv_sec) + Double(spec.tv_nsec) * 1e-9
    }
}

/// Writes keys to the master side of the pseudo-terminal.
private func typeKeys(_ keys: String, to fd: Int32) {
    let bytes = Array(keys.utf8)
    // A short write to a pseudo-terminal with room to spare does not happen; a failed one
    // shows up as a missing sample.
    _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
}

/// A display that shows nothing: the benchmark measures the input path, not drawing.
private final class SilentDisplay: Display {
    var failure: SystemError? { nil }
    var words = Words.english
    func show(_ page: Page) {}
    func selectionMoved(_ page: Page, stoppedAt edge: ListEdge?) {}
    func scroll(_ page: Page, by lines: Int) {}
    func notice(_ text: String, style: TextStyle) {}
    func notice(lines: [String], style: TextStyle) {}
    func levelBegan(_ context: LevelContext, level: Level) {}
    func levelSaid(_ text: String, style: TextStyle) {}
    func levelFrame(_ frame: LevelFrame) {}
    func levelStatus(_ frame: LevelFrame) {}
    func pauseChanged(_ paused: Bool, frame: LevelFrame) {}
    func levelTooSmall(goals: Int) -> String? { nil }
    func resized() {}
    func redraw() -> Bool { false }
    func ring() {}
}
