import ArgumentParser
import EcholotCore
import EcholotModel
import EcholotStore
import Foundation

/// `echolot run PACK --level ID [--input LOG.jsonl] [--json]`: plays a level headlessly,
/// starting with the achievements of the profile it records into and the progress records of
/// the others (or `--earned-before` and `--progress-before`).
struct RunCommand: LoadsStandardRules {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Play a level with no terminal and no sound device, driven by an input log.",
        discussion: """
            The runner ticks at 1/60 s up to each event's time `t` and dispatches it. The run \
            stops at an `end` event, when the level is won or lost, or after --max-seconds of \
            simulated time. The same pack and input log always give the same stateHash, \
            given the same achievements earned before: the level starts with those of the \
            profile it records into (their rules do not run), or with --earned-before's, \
            and the progress records of the others: the profile's, or --progress-before's. \
            Errors of the rules (and inputs the level refused, at their line of the log as \
            path:line:col) go to stderr and make the exit \
            status 1; the result is printed all the same, and the run is not recorded. \
            A level one of whose sounds cannot be played is refused before it runs, with \
            the problems as 'echolot validate' tells them; those of the pack's other levels \
            are told as warnings, and the level runs.
            """
    )

    @Argument(help: "The pack: a folder, a .zip, or a shipped or installed pack's id.")
    var pack: String

    @Option(name: .long, help: "The id of the level to play.")
    var level: String

    @Option(name: .long, help: "An input log (JSON Lines: {\"t\": seconds, \"action\": NAME, …}).")
    var input: String?

    @Flag(name: .long, help: "Print one JSON object instead of a summary.")
    var json = false

    // `.unconditional`: the value may begin with "-", so `--max-seconds -1` reaches
    // validate() and its message instead of reading "-1" as an unknown option.
    @Option(name: .long, parsing: .unconditional, help: "Stop after this many seconds of simulated time (more than 0, at most 86400).")
    var maxSeconds: Double = 600

    @Option(name: .long, help: "Record the run in this profile database (default: $ECHOLOT_PROFILE; without either, nothing is recorded).")
    var profile: String?

    @OptionGroup var earned: EarnedBeforeOption

    @OptionGroup var progressBefore: ProgressBeforeOption

    func validate() throws {
        try ProfileAccess.validate(explicit: profile)
        // A recorded run starts with what its profile holds: another set would put into the
        // history a run no player could have played.
        if earned.list != nil, let named = profile != nil ? "--profile" : ProfileAccess.environmentProfile {
            throw ValidationError("--earned-before stands in for a profile's achievements, and \(named) names a profile, "
                + "whose achievements the run starts with; give one or the other")
        }
        if progressBefore.file != nil, let named = profile != nil ? "--profile" : ProfileAccess.environmentProfile {
            throw ValidationError("--progress-before stands in for a profile's achievement progress, and \(named) names a profile, "
                + "whose progress the run starts with; give one or the other")
        }
        guard maxSeconds.isFinite, maxSeconds > 0, maxSeconds <= LevelRunner.longestRun else {
            throw ValidationError("--max-seconds must be more than 0 and at most \(LevelRunner.longestRun.authorText), found \(maxSeconds.authorText)")
        }
    }

    func run() throws {
        let game = try GameLoader.load(pack: pack, level: level)
        game.showPrints()
        try earned.check(against: game)
        let progressFile = try progressBefore.records(for: game)
        let log = try GameLoader.inputLog(input)
        // The profile is opened first, so a bad one fails before anything is played, and a
        // level the profile does not allow yet is refused before it is recorded.
        // The way to run unrecorded is to leave out what named the profile.
        let environment = ProfileAccess.environmentProfile != nil
        let unrecorded = profile == nil ? "run it with ECHOLOT_PROFILE unset"
            : environment ? "run it with neither --profile nor ECHOLOT_PROFILE" : "run it without --profile"
        let target = try ProfileAccess.openForRun(explicit: profile) {
            try Self.checkPermission($0, game: game, unrecorded: unrecorded)
        }
        // The level knows what the profile has earned: those rules do not run again.
        // And the progress the profile holds of the others (FAA#31: an achievement spans levels).
        let store = try game.makeStore(earnedBefore: try target.map { try Self.earned(in: $0.current) } ?? earned.ids ?? [],
                                       progressBefore: try target.map { try Self.progress(in: $0.current) } ?? progressFile ?? [:])
        let watcher = target.map { ProgressRecorder(profile: $0.current, manifest: game.pack.manifest) }
        watcher?.holdsRuns = true
        watcher?.attach(to: store)
        // A rule failing on every tick leaves the state as it was, so every tick after it
        // fails the same way: a second of them tells what minutes of them would (a rule
        // that spends its whole budget on each would take that long to the cap).
        let result = LevelRunner.reporting(maxSeconds: maxSeconds).run(store, log: log)
        watcher?.finish()
        // A rule failing on every tick fails 60 times a second: each message once, with its
        // count, as `echolot test` reports them.
        for error in result.errors { Terminal.error(error) }
        if let note = result.stallNote { Terminal.error(note) }
        // A run that went wrong records nothing: its exit status 1 leaves the profile as it
        // was, and makes none.
        var recorder: ProgressRecorder?
        var failure: ProfileError?
        if result.errors.isEmpty, let target, let watcher {
            do {
                recorder = ProgressRecorder(profile: try target.writable(), manifest: game.pack.manifest, unsaved: watcher.unsaved)
                recorder?.saveUnsaved()
                failure = recorder?.failure
            } catch {
                failure = error
            }
        }
        if json {
            // The JSON's `achievements` are what the rules earned in this run, and its
            // `earnedBefore` what the level started with: run again with `--earned-before`
            // those, the same pack and log print the same object.
            print(result.json.jsonText)
        } else {
            print(result.summary(level: game.levelID, log: log, firstEarned: recorder.flatMap(Self.firstEarned)))
        }
        if let failure {
            Terminal.error(failure.description)
            throw ExitCode(1)
        }
        // The run went on past them, as play does, but a script or pipeline asking whether
        // the rules work must not read success.
        if !result.errors.isEmpty { throw ExitCode(1) }
    }
}

extension RunCommand {
    /// The achievements `recorder` put into the profile for the first time; `nil` when it
    /// cannot tell which are new: nothing was recorded, or a write failed or waits.
    static func firstEarned(by recorder: ProgressRecorder) -> Set<String>? {
        guard recorder.failure == nil, !recorder.recordings.isEmpty else { return nil }
        return Set(recorder.recordings.flatMap { $0.newAchievements.map(\.id) })
    }

    /// The achievements `profile` holds; one that cannot be read is told, exit status 1.
    static func earned(in profile: Profile) throws -> Set<String> {
        do {
            return Set(try profile.achievements().map(\.id))
        } catch {
            Terminal.error(error.description)
            throw ExitCode(1)
        }
    }

    /// The progress records `profile` holds; a profile that cannot be read is told, exit status 1.
    static func progress(in profile: Profile) throws -> ProgressRecords {
        do {
            return try profile.achievementProgress()
        } catch {
            Terminal.error(error.description)
            throw ExitCode(1)
        }
    }

    /// Refuses a level the profile keeps locked, or a story level already finished in the
    /// current story: recording it would put a run into the history that play never allows.
    static func checkPermission(_ profile: Profile, game: LoadedGame, unrecorded: String) throws {
        let progress: PackProgress
        do {
            progress = try profile.progress(in: game.pack.manifest)
        } catch {
            Terminal.error(error.description)
            throw ExitCode(1)
        }
        if let refusal = ProfileAccess.refusal(toPlay: game.levelID, of: game.pack, in: progress, of: profile, unrecorded: unrecorded) {
            Terminal.error(refusal)
            throw ExitCode(1)
        }
    }
}

extension RunResult {
    /// What `run` and `render` say of ticks they did not play (``LevelRunner/reporting(maxSeconds:)``),
    /// since each of them would have failed: one note however often the clock stood still
    /// (a long log would otherwise get one a line). A tick's time is to the hundredth, as the
    /// summary's (in full it has sixteen digits for a screen reader to read out); an input's
    /// is as its log writes it, so that it is found there.
    var stallNote: String? {
        guard let first = stalls.first, let last = stalls.last else { return nil }
        let ticks = "\(LevelRunner.reportStallLimit) ticks, each failing on the error above"
        var note = stalls.count == 1
            ? "note: at \(first.from.secondsText) s of the input the level's clock had stood still for \(ticks)"
            : "note: from \(first.from.secondsText) s of the input the level's clock stood still for \(ticks), \(stalls.count) times"
        let resumed = stalls.compactMap(\.resumedAt)
        if resumed.count == 1 {
            note += "; the ticks up to the next input, at \(resumed[0].authorText) s, were not played"
        } else if resumed.count > 1 {
            note += "; \(resumed.count) times the ticks up to the next input were not played"
        }
        if last.resumedAt == nil {
            note += stalls.count == 1 ? "; the run stopped there" : "; the run stopped at \(last.from.secondsText) s"
            note += ", since no input was left to change that"
        }
        return note
    }

    /// A few human-readable lines about a run of `log`. A level still running when the log
    /// ends with `end` was left (what `play` calls it); the JSON and a recording's
    /// description keep the outcome `running`, their contract. With `firstEarned` (the run
    /// was recorded in a profile), the achievements new to the profile are told apart from
    /// those it had already: each is earned once in a profile, and one earned again is no news.
    func summary(level: String, log: InputLog, firstEarned: Set<String>? = nil) -> String {
        let left = outcome == .running && log.events.last?.action.name == ActionName.end
        var lines = ["level \(level): \(left ? "left (not decided)" : outcome.rawValue) after \(time.secondsText) s\(outcomeReason)"]
        lines.append("score: \(score.map(String.init) ?? "–"), misses: \(misses), found: \(found.isEmpty ? "nothing" : found.joined(separator: ", "))")
        if let firstEarned {
            // Two lines, each led by what its names are, so a screen reader says it once.
            let new = achievements.filter(firstEarned.contains), again = achievements.filter { !firstEarned.contains($0) }
            if !new.isEmpty { lines.append("new achievements: \(new.joined(separator: ", "))") }
            if !again.isEmpty { lines.append("achievements already in the profile: \(again.joined(separator: ", "))") }
        } else if !achievements.isEmpty {
            lines.append("achievements: \(achievements.joined(separator: ", "))")
        }
        // What the stateHash depends on besides the pack and the log.
        if !earnedBefore.isEmpty { lines.append("started with achievements: \(earnedBefore.joined(separator: ", "))") }
        if !progressBefore.isEmpty {
            let records = progressBefore.sorted { $0.key < $1.key }.map { "\($0.key) \(Value.map($0.value).jsonText)" }
            lines.append("started with progress: \(records.joined(separator: ", "))")
        }
        lines.append("stateHash: \(stateHash)")
        return lines.joined(separator: "\n")
    }
}
