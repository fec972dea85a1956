import ArgumentParser
import EcholotCore
import EcholotModel
import EcholotTerminal
import Foundation

/// `echolot replay LOG`: re-runs a session recorded by `play --record` headlessly and
/// checks that it ends in the recorded state.
struct ReplayCommand: LoadsStandardRules {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay a recorded session headlessly and check its state hash.",
        discussion: """
            'echolot play --record LOG.jsonl' writes the input log (the same JSON Lines \
            'echolot run --input' reads) and, beside it, LOG.jsonl.meta.json naming the pack, \
            the level, the achievements it started with (and the progress of the others) and the \
            final stateHash. replay starts the level with those, runs the log at the fixed 1/60 s \
            step and exits 0 when the hash matches, 1 when it does not. --pack, --level, --expect, \
            --earned-before and --progress-before replace what the description says (or stand in \
            for a missing one; with the first three given it is not read, and the level starts \
            with no achievement and no progress unless those two name them). A log that ends \
            before its level did (cut short) fails the hash, exit status 1, with a note at its last line. \
            A story's recording (a .story.json transcript) is not replayed here: put it in its pack's \
            tests/ folder and run 'echolot test PACK'.
            """
    )

    @Argument(help: "The recorded input log (JSON Lines).")
    var log: String

    @Option(name: .long, help: "The pack: a folder, a .zip or an id (default: the one recorded).")
    var pack: String?

    @Option(name: .long, help: "The level (default: the one recorded).")
    var level: String?

    @Option(name: .long, help: "The stateHash to expect (default: the one recorded).")
    var expect: String?

    @OptionGroup var earned: EarnedBeforeOption

    @OptionGroup var progress: ProgressBeforeOption

    @Flag(name: .long, help: "Print one JSON object: the run result plus expectedHash and matches.")
    var json = false

    /// Replays and compares.
    func run() throws {
        // The log first: when it is missing, its description is too, and naming the
        // description would hide the file the player actually gave. The whole log is played,
        // so an event past the longest run is refused at its line rather than taking hours;
        // the description's ticks are held to the same limit.
        // A story's recording is a transcript, not JSON Lines: read as a log, each of its
        // lines would be told as a syntax error, and none would say what the file is.
        if log.hasSuffix(StoryTest.suffix), FileManager.default.fileExists(atPath: log) {
            Terminal.error("\(MessageText.argument(log)):1:1: error: \(PackLoader.storyTranscriptMessage(log, at: URL(fileURLWithPath: log)))")
            throw ExitCode(1)
        }
        let inputs = try GameLoader.inputLog(log, latest: LevelRunner.longestRun)
        var recording: RecordingDescription?
        if pack == nil || level == nil || expect == nil {
            do {
                recording = try RecordingDescription.read(forLog: log)
            } catch {
                Terminal.report(error.diagnostics)
                Terminal.error("\(log): note: give --pack, --level and --expect to replay a log without its description")
                throw ExitCode(1)
            }
        }
        guard var packPath = pack ?? recording?.pack, let levelID = level ?? recording?.level,
              let expected = expect ?? recording?.stateHash else { throw ExitCode(1) }
        // A recording shared from another machine names a folder of that machine: the pack
        // of the recorded id here (shipped or installed) stands in for it, and is said.
        if pack == nil, let recording, packPath.hasPrefix("/"), !FileManager.default.fileExists(atPath: packPath) {
            // Nor a pack of its id (an installed pack removed since): said by its id, which the
            // player knows, not as a file missing at a path they never typed.
            guard let here = PackLibrary.standard().entry(id: recording.packID)?.url.path else {
                Terminal.report([Diagnostic(path: RecordingDescription.metaPath(forLog: log), at: recording.packPosition ?? .start,
                                            message: "pack: \(MessageText.named(recording.packID)), the pack this was recorded with, is not "
                                                + "installed or shipped here any more (it was at \(MessageText.argument(packPath))); give --pack "
                                                + "to replay with a copy of it, or install it again with 'echolot install FILE.zip'")])
                throw ExitCode(1)
            }
            Terminal.error("\(RecordingDescription.metaPath(forLog: log)): note: the pack \(MessageText.argument(packPath)) is not "
                + "here; replaying with the pack of its id, \(MessageText.named(recording.packID)) (\(MessageText.argument(here)))")
            packPath = here
        }
        let loaded: Pack
        do {
            loaded = try GameLoader.loadPack(packPath)
        } catch {
            // A pack that does not load at the path the description gives (moved, or
            // recorded on another machine): say where the path came from.
            if pack == nil {
                Terminal.error("\(RecordingDescription.metaPath(forLog: log)): note: the pack \(MessageText.argument(packPath)) is the one this description names; give --pack to replay with another")
            }
            throw error
        }
        // The recording's pack is checked before its level is looked for: another pack
        // would first be told to lack the level, which says nothing of the real mistake.
        if let recording, recording.packID != loaded.id {
            Terminal.error("\(log): error: recorded with pack \(MessageText.named(recording.packID)), but \(MessageText.argument(packPath)) is pack '\(loaded.id)'")
            throw ExitCode(1)
        }
        // A level the description names is its mistake, told where it is written.
        if level == nil, let recording, loaded.level(id: levelID) == nil {
            Terminal.report([Diagnostic(path: RecordingDescription.metaPath(forLog: log), at: recording.levelPosition ?? .start,
                                        message: "level: \(loaded.noLevelMessage(levelID)); give --level to replay another")])
            throw ExitCode(1)
        }
        let game = try GameLoader.told(GameLoader.game(of: loaded, shown: packPath, level: levelID))
        try earned.check(against: game)
        if let recording {
            if recording.packVersion != game.pack.manifest.version {
                Terminal.error("\(log): warning: recorded with \(recording.packID) \(MessageText.named(recording.packVersion)), replaying with \(game.pack.manifest.version)")
            }
        }
        let step = recording?.step ?? LevelSession.standardStep
        // A recorded session ends with `end` or its outcome; the cap only has to be above it.
        let recorded = Double(recording?.ticks ?? 0) * step
        let lastEvent = inputs.events.last?.t ?? 0
        let runner = LevelRunner(step: step, maxSeconds: max(600, recorded + 1, lastEvent + 1))
        // The level starts with what the recorded one did (a profile's achievements), or the
        // rules would not run as they ran.
        let earnedBefore = earned.ids ?? Set(recording?.earnedBefore ?? [])
        // So does the progress of the others it started with (FAA#31).
        let progressBefore = try progress.records(for: game) ?? recording?.progressBefore ?? [:]
        let result = runner.run(try game.makeStore(earnedBefore: earnedBefore, progressBefore: progressBefore), log: inputs)
        for error in result.errors { Terminal.error(error) }
        let matches = result.stateHash == expected
        if json {
            var object = result.json.mapValue ?? [:]
            object["expectedHash"] = .string(expected)
            object["matches"] = .bool(matches)
            print(Value.map(object).jsonText)
        } else {
            print(result.summary(level: game.levelID, log: inputs))
            if matches { print("replay: the stateHash matches the recording") }
        }
        guard matches else {
            Terminal.error("\(log): error: the replay ends in stateHash \(result.stateHash), the recording in \(expected)")
            if let note = Self.cutShort(log, inputs, result: result, step: step, recordedTicks: recording?.ticks) { Terminal.error(note) }
            throw ExitCode(1)
        }
    }

    /// The note for a log that ran out before its level ended, at the log's last line: a
    /// recorded log ends with its level (or `end`), so one cut short replays with no input,
    /// to the cap or past the recording's end (a time limit lost), and fails the hash,
    /// which alone does not say why. `nil` for any other run.
    static func cutShort(_ path: String, _ log: InputLog, result: RunResult, step: Double, recordedTicks: Int?) -> String? {
        guard log.events.last?.action.name != ActionName.end else { return nil }
        let lastTick = log.events.last.map { Int(($0.t / step + 1e-9).rounded(.down)) } ?? 0
        let seconds = result.time.secondsText
        // A log that reaches the recording's last tick was not cut: the level changed
        // (a goal added, a rule edited), and suggesting otherwise would mislead.
        if let recordedTicks, lastTick >= recordedTicks { return nil }
        let ranOn: String
        if result.outcome == .running {
            ranOn = "to the replay's cap of \(seconds) s"
        } else if let recordedTicks, Int((result.time / step).rounded()) > recordedTicks {
            ranOn = "until it was \(result.outcome.rawValue) at \(seconds) s, past the recording's end at \((Double(recordedTicks) * step).secondsText) s"
        } else {
            return nil
        }
        guard let last = log.events.last else {
            return "\(path):1:1: note: the log holds no input, and the level did not end without any: it ran on \(ranOn); was the log cut short?"
        }
        let of = recordedTicks.map { " of the \($0) recorded" } ?? ""
        return "\(path):\(last.line):1: note: the log ends here, at tick \(lastTick)\(of) (\(last.t.secondsText) s), and the level did not: "
            + "with no more input it ran on \(ranOn); was the log cut short?"
    }
}
