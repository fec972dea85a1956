import ArgumentParser
import EcholotAudio
import EcholotCore
import EcholotModel
import Foundation

/// `echolot render PACK --level ID --seconds S --out FILE.wav [--input LOG]`: plays a level
/// headless, with its input log, and writes what a player would hear with headphones.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a level to a stereo WAV file (binaural, HRTF) without a sound device.",
        discussion: """
            The level runs at the fixed step (1/60 s) exactly as 'echolot run' runs it, and \
            each tick's sound is rendered through OpenAL Soft's loopback device, faster than \
            real time. When the level ends early, its last state keeps sounding until \
            --seconds are filled.
            """
    )

    /// The pack folder.
    @Argument(help: "The pack folder.")
    var pack: String

    /// The level to render.
    @Option(help: "The id of the level to render.")
    var level: String

    /// How much audio to write.
    @Option(help: "Seconds of audio to write (up to 3600).")
    var seconds: Double

    /// The WAV file to write.
    @Option(help: "The stereo WAV file to write (16-bit PCM).")
    var out: String

    /// An input log to play.
    @Option(help: "An input log (JSON Lines) to play while rendering.")
    var input: String?

    /// The mix rate.
    @Option(help: "Sample rate: 44100 or 48000.")
    var rate: Int = 44_100

    /// Checks the arguments before anything is loaded (usage errors exit 2).
    func validate() throws {
        guard seconds.isFinite, seconds > 0, seconds <= 3_600 else {
            throw ValidationError("--seconds must be a number of seconds above 0 and at most 3600")
        }
        guard rate == 44_100 || rate == 48_000 else { throw ValidationError("--rate must be 44100 or 48000") }
    }

    /// Loads the pack, runs the level and writes the WAV file; exits 1 on any failure.
    func run() throws {
        let loaded: Pack
        do {
            loaded = try PackLoader.load(at: URL(fileURLWithPath: pack))
        } catch {
            throw failure(error.diagnostics.map(\.description))
        }
        guard let definition = loaded.level(id: level) else {
            let known = loaded.levelOrder.joined(separator: ", ")
            throw failure(["\(pack): error: pack '\(loaded.id)' has no level '\(level)' (its levels: \(known))"])
        }
        let log: InputLog
        do {
            log = try input.map(InputLogFile.read) ?? InputLog()
        } catch {
            throw failure([error.description])
        }

        let store = Store(
            state: GameState.incarnation(of: definition.level, packID: loaded.id, packVersion: loaded.manifest.version),
            reducers: LevelReducers.all)
        let started = ContinuousClock.now
        let (written, hrtfName) = try render(store, log: log, sounds: SoundFolder(url: loaded.soundsFolder))
        let elapsed = (ContinuousClock.now - started) / .seconds(1)
        print(String(
            format: "rendered %.2f s of '%@' to %@ (%d Hz stereo, HRTF %@) in %.2f s",
            written, level, out, rate, hrtfName ?? "off", elapsed))
    }

    /// Runs the store through the log while recording; returns the seconds written and
    /// the HRTF data set used.
    private func render(_ store: Store<GameState>, log: InputLog, sounds: SoundFolder) throws -> (Double, String?) {
        do {
            let device = try AudioDevice.openLoopback(sampleRate: rate)
            if let notice = device.hrtf.notice { warn("audio: \(notice)") }
            let engine = AudioEngine(device: device, sounds: sounds, report: warn)
            let writer = try WAVWriter(url: URL(fileURLWithPath: out), channels: 2, sampleRate: device.sampleRate)
            let recorder = try LevelRecorder(engine: engine, writer: writer)
            engine.attach(to: store)
            recorder.attach(to: store)
            let result = LevelRunner(maxSeconds: seconds).run(store, log: log)
            for error in result.errors { warn(error) }
            try recorder.render(seconds: max(0, seconds - recorder.seconds))
            try writer.close()
            return (recorder.seconds, device.hrtfName)
        } catch let error as AudioError {
            // A write failure already names the file; anything else is about the device.
            if case .writeFailed = error { throw failure([error.description]) }
            throw failure(["\(out): error: \(error)"])
        }
    }

    private func warn(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// Prints `lines` to stderr and gives the error that exits with status 1; thrown
    /// rather than exiting on the spot, so the OpenAL device is closed on the way out.
    private func failure(_ lines: [String]) -> ExitCode {
        FileHandle.standardError.write(Data(lines.map { $0 + "\n" }.joined().utf8))
        return ExitCode(1)
    }
}

/// Reads an input log file (JSON Lines, the headless-run contract): one object per line,
/// `{"t": seconds, "action": NAME, …payload}`, in time order.
private enum InputLogFile {
    /// A problem in the file, as `path:line:col: error: message`.
    struct Problem: Error, CustomStringConvertible {
        let description: String
    }

    /// The largest log accepted.
    static let maxBytes = 16 * 1024 * 1024

    /// The events of the log at `path`.
    static func read(_ path: String) throws(Problem) -> InputLog {
        let url = URL(fileURLWithPath: path)
        guard let data = try? Data(contentsOf: url) else {
            throw Problem(description: "\(path): error: the input log cannot be read")
        }
        guard data.count <= maxBytes else { throw Problem(description: "\(path): error: the input log is larger than 16 MiB") }
        var events: [InputEvent] = []
        for (index, line) in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            guard line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { continue }
            let parsed = JSONParser.parse(Array(line))
            if let syntax = parsed.errors.first {
                throw Problem(description: "\(path):\(number):\(syntax.position.column): error: \(syntax.message)")
            }
            guard let root = parsed.root, case let .object(members) = root.value else {
                throw Problem(description: "\(path):\(number):1: error: each line must be a JSON object {\"t\": …, \"action\": …}")
            }
            events.append(try event(members, path: path, line: number, after: events.last?.t ?? 0))
        }
        return InputLog(events)
    }

    private static func event(_ members: [JSONMember], path: String, line: Int, after previous: Double) throws(Problem) -> InputEvent {
        func problem(_ member: JSONMember?, _ message: String) -> Problem {
            Problem(description: "\(path):\(line):\(member?.keyPosition.column ?? 1): error: \(message)")
        }
        let t = members.first { $0.key == "t" }
        let action = members.first { $0.key == "action" }
        guard let t, let seconds = number(t.value.value), seconds.isFinite, seconds >= previous else {
            throw problem(t, "'t' must be a number of seconds, not less than the line before's (\(previous))")
        }
        guard let action, case let .string(name) = action.value.value, ActionName.inputs.contains(name) else {
            let known = ActionName.inputs.sorted().joined(separator: ", ")
            throw problem(action, "'action' must be one of \(known)")
        }
        var payload = PersistentMap<Value>()
        for member in members where member.key != "t" && member.key != "action" {
            payload[member.key] = value(member.value.value)
        }
        return InputEvent(t: seconds, action: Action(name, payload), line: line)
    }

    private static func number(_ json: JSONValue) -> Double? {
        switch json {
        case let .integer(i): return Double(i)
        case let .number(d): return d
        default: return nil
        }
    }

    private static func value(_ json: JSONValue) -> Value {
        switch json {
        case .null: return .null
        case let .bool(b): return .bool(b)
        case let .integer(i): return .int(i)
        case let .number(d): return .number(d)
        case let .string(s): return .string(s)
        case let .array(items): return .list(items.map { value($0.value) })
        case let .object(members): return .map(PersistentMap(members.map { ($0.key, value($0.value.value)) }))
        }
    }
}
