import ArgumentParser
import EcholotAudio
import EcholotCore
import EcholotModel
import EcholotTerminal
import Foundation

/// `echolot render PACK --level ID --seconds S --out FILE.wav [--input LOG]`: plays a level
/// headless, with its input log, and writes what a player would hear with headphones.
struct RenderCommand: LoadsStandardRules {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a level to a stereo WAV file (binaural, HRTF) without a sound device.",
        discussion: """
            The level runs at the fixed step (1/60 s) exactly as 'echolot run' runs it, and \
            each tick's sound is rendered through OpenAL Soft's loopback device, faster than \
            real time. When the level ends early, its last state keeps sounding until \
            --seconds are filled. Errors of the rules are told on stderr and make the exit \
            status 1, as with 'echolot run'; the file is written all the same. A level one \
            of whose sounds cannot be played is refused and nothing is written; the pack's \
            other levels' sounds are told as warnings, as with 'echolot run'. A level with \
            more entities sounding than the \(AudioDevice.entitySoundLimit) that play at once \
            is written as a player hears it, the nearest sounding, and says so on stderr. \
            The level starts with the achievements --earned-before names; without it, with \
            those an input log's description (LOG.jsonl.meta.json, written by 'echolot play \
            --record') says the recorded level started with, so a recording is heard as it \
            was played; else with none.
            """
    )

    /// The pack folder.
    @Argument(help: "The pack: a folder, a .zip, or a shipped or installed pack's id.")
    var pack: String

    /// The level to render.
    @Option(help: "The id of the level to render.")
    var level: String

    /// How much audio to write.
    @Option(parsing: .unconditional, help: "Seconds of audio to write (up to 3600).")
    var seconds: Double

    /// The WAV file to write.
    @Option(help: "The stereo WAV file to write (16-bit PCM), named .wav.")
    var out: String

    /// An input log to play.
    @Option(help: "An input log (JSON Lines: {\"t\": seconds, \"action\": NAME, …}) to play while rendering.")
    var input: String?

    /// The mix rate.
    @Option(parsing: .unconditional, help: "Sample rate: 44100 or 48000.")
    var rate: Int = 44_100

    /// The achievements the level starts with: a recording is heard as it was played only
    /// with those its player had (its description's `earnedBefore`).
    @OptionGroup var earned: EarnedBeforeOption

    /// Checks the arguments before anything is loaded (usage errors exit 2).
    func validate() throws {
        guard rate == 44_100 || rate == 48_000 else { throw ValidationError("--rate must be 44100 or 48000") }
        // Less than one sample would write a WAV with no audio in it, and call it rendered.
        guard seconds.isFinite, seconds * Double(rate) >= 1, seconds <= 3_600 else {
            throw ValidationError("--seconds must be a number of seconds from one sample (1/\(rate) s) to 3600")
        }
        try OutputFileOption.check(out, option: "--out", example: "level.wav", extension: "wav")
    }

    /// Loads the pack, runs the level while recording and writes the WAV file; exits 1 on
    /// any failure.
    func run() throws {
        // Loading writes nothing, so Ctrl-C ends it at once. From the first audio thread on,
        // the signals are held, so that none of the render's threads is ended by one: the
        // render asks at every tick and removes its half-written file first.
        let (game, log) = try load()
        let held = HeldSignals()
        do {
            try renderAndReport(game, log: log, held: held)
            held.release()
        } catch {
            held.deliver()
            throw error
        }
    }

    /// The game and the input log, with the output checked against what the game reads.
    private func load() throws -> (LoadedGame, InputLog) {
        // A sound the level's files name that cannot be played would make the render wrong:
        // told before any is made, where the level names it, as `validate` tells it.
        let game = try GameLoader.load(pack: pack, level: level, soundsRefused:
            "\(MessageText.argument(out)): error: not written: sounds of the level cannot be played (above)")
        game.showPrints()
        try earned.check(against: game)
        // By id, through a base or a dependency: every folder the game reads is protected.
        let read = [URL(fileURLWithPath: pack)] + game.pack.folders
        if let problem = OutputGuard.problem(writing: URL(fileURLWithPath: out), reading: read) {
            Terminal.error("\(MessageText.argument(out)):1:1: error: \(problem)")
            throw ExitCode(1)
        }
        if let input, Self.sameFile(out, input) {
            Terminal.error("\(MessageText.argument(out)):1:1: error: the output is the input log being read; write it elsewhere")
            throw ExitCode(1)
        }
        if let refusal = OutputFileOption.replacing(out, kind: "a WAV file", beginning: "RIFF…WAVE", isKind: { WAVHeader.begins($0) }) {
            Terminal.error(refusal)
            throw ExitCode(1)
        }
        return (game, try GameLoader.inputLog(input))
    }

    /// The achievements the level starts with: `--earned-before`'s; else, for an input log
    /// recorded by `play --record` of this pack's level, those its description says the
    /// recorded level started with, so the recording is heard as it was played (said on
    /// stderr); else none. A description that does not read is told, and none are taken.
    /// And the progress records of the others the recorded level started with (none without
    /// a description of this pack's level).
    private func startingWith(_ game: LoadedGame) -> (earned: Set<String>, progress: ProgressRecords) {
        // Read once, for both: a description that does not read is told whatever is given.
        guard let input, FileManager.default.fileExists(atPath: RecordingDescription.metaPath(forLog: input)) else {
            return (earned.ids ?? [], [:])
        }
        let recording: RecordingDescription
        do {
            recording = try RecordingDescription.read(forLog: input)
        } catch {
            // Its problems are told as warnings: the render goes on without it.
            for var problem in error.diagnostics {
                problem.severity = .warning
                Terminal.error(problem.description)
            }
            let lacking = earned.ids == nil ? "no achievement earned; give --earned-before to name them" : "no progress records"
            Terminal.error("\(RecordingDescription.metaPath(forLog: input)): note: the recording's description does not read "
                + "(above), so the level starts with \(lacking)")
            return (earned.ids ?? [], [:])
        }
        // Another pack's or level's recording says nothing of this level's start.
        guard recording.packID == game.pack.id, recording.level == game.levelID else { return (earned.ids ?? [], [:]) }
        if let ids = earned.ids { return (ids, recording.progressBefore) }
        if !recording.earnedBefore.isEmpty {
            Terminal.error("\(RecordingDescription.metaPath(forLog: input)): note: the level starts with the achievements the "
                + "recorded one did: \(recording.earnedBefore.joined(separator: ", ")) (--earned-before \"\" for none)")
        }
        return (Set(recording.earnedBefore), recording.progressBefore)
    }

    /// Renders and reports; Ctrl-C or a kill ends it through `held`, leaving no file behind.
    private func renderAndReport(_ game: LoadedGame, log: InputLog, held: HeldSignals) throws {
        let started = ContinuousClock.now
        let (written, hrtfName, ruleErrors) = try render(game, log: log, held: held)
        let elapsed = (ContinuousClock.now - started) / .seconds(1)
        print("rendered \(written.secondsText) s of '\(game.levelID)' to \(out) (\(rate) Hz stereo, HRTF \(hrtfName ?? "off")) in \(elapsed.secondsText) s")
        // As `run`: the level was played past its rules' errors, and they are told.
        if ruleErrors { throw ExitCode(1) }
    }

    /// Runs the level through the log while recording; returns the seconds written, the
    /// HRTF data set used and whether the rules failed. Errors are thrown rather than exited on, so the OpenAL device
    /// is closed on the way out.
    private func render(_ game: LoadedGame, log: InputLog, held: HeldSignals) throws -> (Double, String?, Bool) {
        do {
            // The limiter keeps a loud moment (several sounds near the head at once) from
            // clipping in the 16-bit file; below full scale it leaves the mix untouched.
            let device = try AudioDevice.openLoopback(sampleRate: rate, limiter: true)
            if let notice = device.hrtf.notice { Terminal.error("audio: \(notice)") }
            // A sound that cannot be heard makes the render wrong: it is not written.
            let problems = SoundProblems()
            // More entities with a sound than play at once is told, not refused: the file
            // holds what a player hears, the nearest of them.
            let engine = AudioEngine(device: device, sounds: SoundFolder(game.pack.sounds), report: { message in
                problems.count += 1
                Terminal.error(message)
            }, notice: Terminal.error)
            let writer = try WAVWriter(url: URL(fileURLWithPath: out), channels: 2, sampleRate: device.sampleRate)
            // An hour of audio is 600 MB: Ctrl-C must not leave that behind in a hidden file.
            let stopIfAsked = { held.deliverIfArrived { try? FileManager.default.removeItem(at: writer.temporary) } }
            let recorder = try LevelRecorder(engine: engine, writer: writer)
            let start = startingWith(game)
            let store = try game.makeStore(earnedBefore: start.earned, progressBefore: start.progress)
            engine.attach(to: store)  // First: each batch is applied, then heard.
            recorder.attach(to: store)
            store.observe { _ in stopIfAsked() }
            // Audio of the level as it stands, a second at a time: it may be most of an hour.
            func sound(_ seconds: Double) throws {
                var rest = seconds
                while rest > 0 {
                    stopIfAsked()
                    let part = min(1, rest)
                    try recorder.render(seconds: part)
                    rest -= part
                }
            }
            // As `run`, a stalled level's ticks are not played (each would fail as the last
            // did, at the cost of a whole instruction budget); a failed tick leaves the state,
            // and so its sound, as it was, so the skipped time sounds as the level stands.
            var skipFailure: (any Error)?
            let result = LevelRunner.reporting(maxSeconds: seconds).run(store, log: log, skipped: { seconds in
                do { try sound(seconds) } catch { skipFailure = skipFailure ?? error }
            })
            if let skipFailure { throw skipFailure }
            for error in result.errors { Terminal.error(error) }
            if let note = result.stallNote { Terminal.error(note) }
            // The rest after an early end, to the frame.
            repeat { stopIfAsked() } while try !recorder.fill(upTo: seconds)
            guard problems.count == 0 else {
                // The sounds the level's files name were checked before the render (`load`):
                // these are ones a rule set while the level ran, found only by playing it.
                Terminal.error("\(out): error: not written: sounds of the level cannot be played (above); "
                    + "a rule set them while the level ran, and validate checks only the sounds the pack's files name")
                throw ExitCode(1)
            }
            try writer.close()
            return (recorder.seconds, device.hrtfName, !result.errors.isEmpty)
        } catch let error as AudioError {
            // A write failure names the file already; anything else is about the device.
            if case .writeFailed = error {
                Terminal.error(error.description)
            } else {
                Terminal.error("\(out): error: \(error)")
            }
            throw ExitCode(1)
        }
    }
}

extension RenderCommand {
    /// Whether two paths name one existing file (through links, or as hard links of it).
    static func sameFile(_ a: String, _ b: String) -> Bool {
        guard let first = FileIdentity(path: a) else { return false }
        return first == FileIdentity(path: b)
    }
}

/// Counts the audio engine's complaints during a render.
private final class SoundProblems {
    var count = 0
}
