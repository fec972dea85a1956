import ArgumentParser
import EcholotAudio
import EcholotModel
import EcholotScript
import EcholotTerminal
import Foundation

/// `echolot play [PACK] [--level ID] [--visuals …] [--input-source …] [--record LOG] [--plain]`:
/// plays in the terminal, with menus, briefings, the view strip and sound.
struct PlayCommand: LoadsStandardRules {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Play a pack in the terminal: hear, turn, select.",
        discussion: """
            With no PACK, the shipped tutorial opens. A story pack opens on its story: \
            continue where you left it or begin again; Enter skips a cut-scene, 1–9 pick an \
            option of a choice. Keys: ←/→ turn (hold to turn smoothly, \
            Shift for a fine step), ↑/↓ tilt, space select, i status, p pause, q leave. \
            --plain (automatic when TERM=dumb, or for good with ECHOLOT_PLAIN=1) says \
            everything as plain lines for screen readers. A head tracker sends OpenTrack UDP poses (six little-endian doubles: \
            x, y, z, yaw, pitch, roll) to --input-source opentrack[:PORT] (default \
            127.0.0.1:4242; port 0 picks a free one). See docs/playing.md.
            """
    )

    @Argument(help: "The pack: a folder, a .zip, or a shipped or installed pack's id (default: the shipped tutorial).")
    var pack: String?

    @Option(name: .long, help: "Go straight to this level's briefing (unless the profile keeps it locked).")
    var level: String?

    @Option(name: .long, help: "How sounds are drawn: shown, faded or hidden (default: each level's own).")
    var visuals: String?

    @Option(name: .customLong("input-source"), help: "keys, or opentrack[:PORT] or opentrack:HOST:PORT for a head tracker.")
    var inputSource: String = "keys"

    @Flag(name: .customLong("tilt-turns"), help: "With a head tracker: tilting the head sideways sets the turn rate.")
    var tiltTurns = false

    @Option(name: .long, help: "Record each level's inputs to this JSON Lines file (later levels: FILE-2.jsonl, …); a story played from its beginning is written beside it as a transcript test, NAME.story.json (walk.jsonl → walk.story.json).")
    var record: String?

    @Flag(name: .long, help: "Plain lines for screen readers: no cursor movement, no colours (also when TERM=dumb or ECHOLOT_PLAIN=1).")
    var plain = false

    @Flag(name: .customLong("no-audio"), help: "Do not open the sound device (play silently).")
    var noAudio = false

    @Option(name: .long, help: "The profile database (default: $ECHOLOT_PROFILE, else the platform's data folder).")
    var profile: String?

    @Option(name: [.customLong("lang"), .customLong("language")], help: "The language of the pack's strings and story lines, and of Echolot's own sentences (en or de; default: the pack's).")
    var language: String?

    @Flag(name: .long, help: "Start with only the shipped packs: installed packs are not loaded.")
    var safe = false

    @Option(name: .long, help: "Start the clock of each level and story at this time of day, HH:MM (default: the time now).")
    var time: String?

    @Flag(name: .long, help: "While authoring: reload PACK when its files change and restart the level from the new data.")
    var watch = false

    @Option(name: .long, parsing: .unconditional, help: "Degrees per ←/→ press.")
    var step: Double = 15

    @Option(name: .customLong("fine-step"), parsing: .unconditional, help: "Degrees per Shift-←/→ press.")
    var fineStep: Double = 3

    /// Usage errors exit 2.
    func validate() throws {
        try ProfileAccess.validate(explicit: profile)
        if let visuals, Visuals(rawValue: visuals) == nil {
            throw ValidationError("--visuals must be shown, faded or hidden, not '\(visuals)'")
        }
        guard InputSource(argument: inputSource) != nil else {
            throw ValidationError("--input-source must be keys, opentrack, opentrack:PORT or opentrack:HOST:PORT, not '\(inputSource)'")
        }
        if tiltTurns, InputSource(argument: inputSource) == .keys {
            throw ValidationError("--tilt-turns needs a head tracker: add --input-source opentrack")
        }
        if let record {
            // Found now, not after a level played unrecorded.
            try OutputFileOption.check(record, option: "--record", example: "session.jsonl")
            // Found now for the first level's log; later ones (-2, -3, …) as each begins.
            if let refusal = InputRecorder.refusal(toWrite: record) { throw ValidationError("--record: \(refusal)") }
        }
        if let time, TimeOfDay(text: time) == nil {
            throw ValidationError("--time must be a time of day as HH:MM or H:MM (00:00 to 23:59), not '\(time)'")
        }
        if watch {
            guard let pack else {
                throw ValidationError("--watch needs the path of the pack folder (or .zip) being authored: 'echolot play DIR --watch'")
            }
            guard FileManager.default.fileExists(atPath: pack) else {
                let hint = GameLoader.pathHint(for: pack)
                let id = GameLoader.looksLikePackID(pack) ? " (--watch takes a path, not a pack's id)" : ""
                throw ValidationError("--watch needs the path of the pack folder (or .zip) being authored, and there is nothing at '\(MessageText.argument(pack))'\(hint)\(id)")
            }
        }
        for (name, value) in [("--step", step), ("--fine-step", fineStep)] where !(value.isFinite && value > 0 && value <= 180) {
            throw ValidationError("\(name) must be a number of degrees above 0 and at most 180")
        }
    }

    /// Finds the pack and the level, checks the terminal, and plays.
    func run() throws {
        let path: String
        if let pack {
            path = pack
        } else if let tutorial = PackCatalog.shippedTutorial() {
            path = tutorial.path
        } else {
            let variable = PackCatalog.environmentVariable
            if let set = ProcessInfo.processInfo.environment[variable], !set.isEmpty {
                let problem = ShippedPacks.explicitFolderProblem() ?? "\(variable) is \(set), which holds no tutorial/ pack"
                Terminal.error("error: \(problem); name a pack: 'echolot play PATH', or point \(variable) at the shipped levels folder")
            } else {
                Terminal.error("error: cannot find the shipped tutorial (levels/tutorial beside the echolot executable or "
                    + "in the current directory); name a pack: 'echolot play PATH', or set \(variable)")
            }
            throw ExitCode(1)
        }
        // A folder, a .zip, or the id of a shipped or installed pack; a watched one must
        // also have scripts that load, as each later version must.
        let watched = watch ? try WatchedPack(path: path, safe: safe, ignoring: options.isRecording) : nil
        let startPack = try watched?.pack ?? GameLoader.loadPack(path, safe: safe)
        // A pack of rules alone would open on an empty menu.
        if startPack.levels.isEmpty {
            Terminal.error("error: pack \(MessageText.named(startPack.id)) has no levels of its own to play: "
                + "packs that depend on it use its rules")
            throw ExitCode(1)
        }
        if let level, startPack.level(id: level) == nil {
            // The tutorial's path alone would not tell a player who meant their own pack why.
            let implied = pack == nil ? "; with no PACK, play plays the shipped tutorial: give your pack's folder before --level" : ""
            Terminal.error(GameLoader.noLevel(level, in: startPack, shown: path) + implied)
            throw ExitCode(1)
        }
        // A level whose sounds cannot be played is refused as `run` refuses it: before the
        // game takes the terminal. Other levels' sounds are told when the level starts.
        if let level {
            let sounds = AudioValidation.sounds(ofLevel: level, in: startPack)
            if !sounds.refusing.isEmpty {
                Terminal.report(sounds.refusing)
                Terminal.report(sounds.elsewhere)
                throw ExitCode(1)
            }
        }
        // Checked after the pack and level (each read once, as playing needs them): a typo
        // in either is told without a terminal too, not first at one.
        guard isatty(STDIN_FILENO) == 1 else {
            Terminal.error("error: 'echolot play' needs a terminal to read keys from, and standard input is not one. "
                + "To play a level without a terminal, use 'echolot run PACK --level ID --input LOG.jsonl'.")
            throw ExitCode(1)
        }
        var catalog = PackCatalog.standard(.standard(safe: safe))
        let start: PackEntry
        // The pack named on the command line is read by the path typed, so its messages
        // name its files as `echolot validate` and `echolot test` do, not by the absolute
        // path the menus know it by (an id stays the folder it stands for).
        let typedPath: String?
        if FileManager.default.fileExists(atPath: path) {
            start = PackEntry(path: URL(fileURLWithPath: path).standardizedFileURL.path, pack: startPack)
            typedPath = path
            // An installed copy of the same pack (the same id) gives way to the one typed,
            // in its place: two entries of one name would be told apart by nothing.
            if let same = catalog.entries.firstIndex(where: { $0.path == start.path || $0.pack.id == startPack.id }) {
                catalog.entries[same] = start
            } else {
                catalog.entries.insert(start, at: 0)
            }
            // It loaded, read by the path typed: a copy the catalog ignores (its id taken by
            // a shipped pack) would stand beside it as broken, by its absolute path.
            catalog.problems.removeAll { $0.path == start.path }
        } else {
            start = catalog.entries.first { $0.pack.id == startPack.id } ?? PackEntry(path: path, pack: startPack)
            typedPath = nil
        }
        // A level the profile does not allow is refused as `run` refuses it: before the game
        // takes the terminal, before anything is recorded, and before a profile not made yet
        // is made (it is read as it is; an absent one reads as empty). Progress that cannot be
        // read is left to the game, which says why on its screen and locks nothing, as its menus.
        if let level, case let .success(read) = ProfileAccess.attemptReading(explicit: profile),
           let known = try? read.progress(in: startPack.manifest),
           let refusal = ProfileAccess.refusal(toPlay: level, of: startPack, in: known, of: read, language: language,
                                               unrecorded: nil) {
            Terminal.error(refusal)
            throw ExitCode(1)
        }
        // Marks and run history come from the player's profile; when it cannot be opened
        // the game still plays, remembering this session, and says why on its own screen.
        let relay = NoticeRelay()
        let profileProgress: ProfileProgress?, profileProblem: String?
        switch ProfileAccess.attempt(explicit: profile) {
        case let .success(opened):
            (profileProgress, profileProblem) = (ProfileProgress(profile: opened) { relay.send($0) }, nil)
        case let .failure(error):
            (profileProgress, profileProblem) = (nil, error.description)
        }
        let progress: any ProgressProvider = profileProgress ?? SessionProgress()
        // Each pack's problems of sounds that what is played does not use are told once a
        // session, at the first level or story of it that starts.
        var warned: Set<String> = []
        func warnOnce(_ warnings: [Diagnostic], pack shown: String) {
            guard !warnings.isEmpty, warned.insert(shown).inserted else { return }
            relay.send(LevelStartError(problems: warnings.map(\.description), pack: shown).description)
        }
        // What is played with sounds that cannot play is refused before it begins; the
        // pack's other sounds are warned of, once.
        func admit(_ sounds: SoundVerdict, pack shown: String) throws(LevelStartError) {
            if !sounds.refusing.isEmpty { throw LevelStartError(problems: sounds.refusing.map(\.description), pack: shown) }
            warnOnce(sounds.elsewhere, pack: shown)
        }
        // The pack as its messages name it: the one typed by the path typed.
        func shownPath(_ entry: PackEntry) -> String { entry.path == start.path ? typedPath ?? entry.path : entry.path }
        // A session of `book` with `rules`, the rules of the same version of the pack,
        // beginning with the achievements `earnedBefore` and the progress records `progressBefore`.
        func session(_ book: StoryBook, _ rules: PackRules, of entry: PackEntry, earnedBefore: Set<String>,
                     progressBefore: ProgressRecords) throws -> StorySession {
            // A story plays its levels one after another: a sound any of them (or the story's
            // lines) cannot play stops it before it begins, not in the middle.
            try admit(AudioValidation.sounds(ofStory: book, in: rules.pack), pack: shownPath(entry))
            let clock = StoryClock(time: options.clockStart, step: LevelSession.standardStep)
            rules.engine.storyJumpProblem = book.jumpProblem(to:)
            // A story that loops on a rule's jumps names the rule.
            let jumps = StoryJumps()
            rules.engine.storyJumps = jumps
            let session = try StorySession(book, pack: rules.pack, clock: clock, earnedBefore: earnedBefore,
                                       progressBefore: progressBefore, rules: rules.sceneReducers, beginning: rules.storyReducers)
            session.jumps = jumps
            // The story's levels are runs like any other: history, statistics, achievements.
            session.onEnterScene = { [unowned session] store in
                if session.scene.kind == .level { profileProgress?.record(store, of: entry.pack) }
            }
            return session
        }
        // A pack that is not watched plays as it was read at the start, so its story is
        // read once, not on every visit to its page.
        var read: [String: Result<PlayableStory, PackLoadError>?] = [:]
        let stories: StorySource = { entry in
            if let good = watched?.story(ifPlaying: entry) {
                return good.book.map { book in
                    .success(PlayableStory(book: book) { try session(book, good.rules, of: entry, earnedBefore: $0, progressBefore: $1) })
                }
            }
            if let story = read[entry.path] { return story }
            let story = StoryReader.load(for: entry.pack)?.map { book in
                PlayableStory(book: book) {
                    try session(book, PackRules.checked(entry.pack).get(), of: entry, earnedBefore: $0, progressBefore: $1)
                }
            }
            read[entry.path] = story
            return story
        }
        // The defaults of a pack's goal and scoring parameters, which its strings say where
        // a level leaves one out: the watched pack's from its last good version; another's
        // read with its first page, then again from the rules each of its levels starts
        // with, so that the level's texts say what its rules play. Scripts that do not load
        // give none here; starting a level tells why.
        var defaultsRead: [String: RuleDefaults] = [:]
        let ruleDefaults = { (entry: PackEntry) -> RuleDefaults in
            if let rules = watched?.rules(ifPlaying: entry) { return rules.engine.ruleDefaults(for: rules.pack.id) }
            if let known = defaultsRead[entry.path] { return known }
            let defaults = (try? PackRules.load(entry.pack))?.engine.ruleDefaults(for: entry.pack.id) ?? RuleDefaults()
            defaultsRead[entry.path] = defaults
            return defaults
        }
        let app = PlayApp(options: options, catalog: catalog, start: start, progress: progress, watch: watched,
                          stories: stories, unsaved: profileProblem, ruleDefaults: ruleDefaults) { entry, level, earnedBefore, progressBefore in
            let shown = shownPath(entry)
            if let watched, entry.path == watched.path {
                // The last good version plays: its sounds are checked as any pack's are.
                try admit(AudioValidation.sounds(ofLevel: level, in: watched.pack), pack: shown)
                let store = try watched.store(level: level, earnedBefore: earnedBefore, progressBefore: progressBefore)
                profileProgress?.record(store, of: entry.pack)
                return store
            }
            // Read again at each start, as the files are now (and with --safe, without the
            // installed packs). What stops it is told on the game's screen: stderr would be
            // drawn over, and gone when the game ends.
            switch GameLoader.game(at: shown, shown: shown, level: level, in: PackLibrary.standard(safe: safe)) {
            case let .success(game):
                warnOnce(game.soundWarnings, pack: shown)
                defaultsRead[entry.path] = game.rules.engine.ruleDefaults(for: game.pack.id)
                do throws(ScriptError) {
                    let store = try game.rules.store(for: game.definition, earnedBefore: earnedBefore,
                                                         progressBefore: progressBefore)
                    profileProgress?.record(store, of: entry.pack)
                    return store
                } catch {
                    throw LevelStartError(problems: [error.description], pack: shown)
                }
            case let .failure(problems):
                // The pack is sound; the game's menus were of the version before an update.
                if let now = problems.lacking { throw LevelGoneInUpdate(pack: now) }
                warnOnce(problems.warnings, pack: shown)
                throw LevelStartError(problems: problems.lines, pack: shown)
            }
        }
        relay.app = app
        let status = app.run()
        relay.app = nil
        // The terminal is the shell's again: what could not be saved is told on stderr.
        if let unsaved = profileProgress?.finishSaving() {
            Terminal.error(unsaved)
            throw ExitCode(status != 0 ? status : 1)
        }
        if status != 0 { throw ExitCode(status) }
    }

    private var options: PlayOptions {
        var options = PlayOptions()
        options.level = level
        options.visuals = visuals.flatMap(Visuals.init(rawValue:))
        options.input = InputSource(argument: inputSource) ?? .keys
        options.steering.tiltTurns = tiltTurns
        options.steering.step = step
        options.steering.fineStep = fineStep
        options.record = record
        options.plain = plain
        options.audio = !noAudio
        options.language = language
        options.time = time.flatMap(TimeOfDay.init(text:))
        return options
    }
}

/// Passes the profile's complaints to the game, which is created after the profile.
private final class NoticeRelay {
    weak var app: PlayApp?

    func send(_ line: String) {
        if let app { app.report(line) } else { Terminal.error(line) }
    }
}

/// Why a level could not be started from the menus: its first problem, how many more
/// there are, and the command that lists them all.
private struct LevelStartError: Error, CustomStringConvertible, PlayApp.ListedProblems {
    let description: String
    /// The problems, one line each: the play menu shows them a line apiece.
    let problems: [String]

    /// The error for `problems` (one line each, at least one) of the pack at `pack`.
    init(problems: [String], pack: String) {
        self.problems = problems
        let more = problems.count - 1
        let count = more > 0 ? " (\(more) more problem\(more == 1 ? "" : "s"))" : ""
        description = "\(problems.first ?? "")\(count); echolot validate \(Shell.word(pack)) lists \(more > 0 ? "them" : "it")"
    }
}
