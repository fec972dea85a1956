#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import EcholotAudio
import EcholotCore
import EcholotModel
import Foundation

/// Builds the store that plays a level of a pack, starting with the achievements the
/// player has earned already: the command line's `GameLoader`, so `play` gets the same
/// reducers and rules as `run`.
public typealias StoreFactory = (PackEntry, String, _ earnedBefore: Set<String>, _ progressBefore: ProgressRecords) throws
    -> Store<GameState>

/// What a ``StoreFactory`` throws when the pack, read again to start a level, no longer
/// has it (an update installed while the game was on): the menus go on with the pack as
/// it is now, not the version read when the game began.
public struct LevelGoneInUpdate: Error {
    /// The pack as it is now, resolved.
    public let pack: Pack

    /// The error for `pack`, the version that lacks the level.
    public init(pack: Pack) { self.pack = pack }
}

/// `echolot play`: the menus, the briefing, the level, the end page, round and round
/// until the player quits — in a terminal that is restored however the game ends.
public final class PlayApp {
    private let options: PlayOptions
    private var catalog: PackCatalog
    private let start: PackEntry
    private let makeStore: StoreFactory
    private let progress: any ProgressProvider
    private let watch: (any PackReloader)?
    private let stories: StorySource?
    /// The defaults of a pack's goal and scoring parameters, for the strings telling them.
    private let ruleDefaults: (PackEntry) -> RuleDefaults
    /// Saved story places (pack, chapter, step) that no longer fit their story and were
    /// said so on the story's page.
    private var misfitReported: Set<String> = []
    /// Levels played so far, for the numbers of their recordings.
    private var attempts = 0
    /// Stories recorded so far: their transcripts are numbered apart from the levels' logs,
    /// as they have a name of their own (`NAME.story.json`).
    private var storyAttempts = 0
    /// The story being played was restarted by a `--watch` reload (its recording has ended).
    private var storyReloaded = false
    private var recordings: [String] = []
    private var storyRecordings: [String] = []
    /// The player has just left a story with q: its page says first what became of the place.
    private var leftStory = false
    // The display while the game runs: messages from outside (the profile) go there.
    private var display: (any Display)?
    /// Why nothing of this game is saved (the profile could not be opened), if so: printed
    /// before the full screen it would be covered at once, so the game says it itself.
    private let unsaved: String?

    /// Where the places of the game are.
    private enum Place {
        case packs(selected: Int)
        case scenarios(PackEntry, selected: Int)
        case levels(PackEntry, LevelGroup, selected: Int)
        case briefing(PackEntry, LevelGroup, index: Int)
        case play(PackEntry, LevelGroup, index: Int)
        case story(PackEntry, selected: Int)
        case storyPlay(PackEntry, resume: Bool)
        case exit(Int32)
    }

    /// A game over `catalog`, opening on `start`, with marks from `progress` and stores
    /// from `makeStore`; `watch` reloads the pack being authored (`--watch`); `unsaved` is
    /// why the profile could not be opened, which the game keeps telling; `ruleDefaults`
    /// gives a pack's rules' parameter defaults, which its goal and scoring strings say
    /// where a level leaves a parameter out (asked each time a pack's texts are made, so
    /// it answers from what it has read).
    public init(options: PlayOptions, catalog: PackCatalog, start: PackEntry,
                progress: any ProgressProvider = SessionProgress(), watch: (any PackReloader)? = nil,
                stories: StorySource? = nil, unsaved: String? = nil,
                ruleDefaults: @escaping (PackEntry) -> RuleDefaults = { _ in RuleDefaults() },
                makeStore: @escaping StoreFactory) {
        self.ruleDefaults = ruleDefaults
        self.unsaved = unsaved
        self.stories = stories
        self.options = options
        self.catalog = catalog
        self.start = start
        self.makeStore = makeStore
        self.progress = progress
        self.watch = watch
    }

    /// Shows a message from outside the game (the profile could not be written, …): on
    /// the display while the game runs, on standard error otherwise.
    public func report(_ line: String) {
        if let display {
            display.notice(line, style: .warning)
        } else {
            printError(line)
        }
    }

    /// Seconds the end page ignores keys, and a level or a story's scene Enter and space:
    /// what was typed for the page, level or scene before is not a choice.
    public static let settleAfterLevel = 0.6

    /// Whether the line mode is wanted: `--plain`, `ECHOLOT_PLAIN=1`, `TERM=dumb`, or output
    /// that is not a terminal (a pipe or a file cannot show a redrawn screen).
    public static func wantsPlain(_ options: PlayOptions, environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        LineMode.wanted(plain: options.plain, environment: environment) || isatty(STDOUT_FILENO) != 1
    }

    /// Whether the full screen may use colours: not when `NO_COLOR` is set and not empty
    /// (no-color.org).
    public static func wantsColour(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        environment["NO_COLOR"]?.isEmpty ?? true
    }

    /// Plays until the player quits; returns the exit status (0, or 128 + signal, 130 for
    /// Ctrl-C, 1 when the terminal or the tracker cannot be used).
    public func run() -> Int32 {
        let plain = Self.wantsPlain(options)
        var tracker: OpenTrackReceiver?
        if case let .openTrack(host, port) = options.input {
            do {
                tracker = try OpenTrackReceiver(host: host, port: port)
            } catch {
                printError("error: the head tracker cannot listen on \(host):\(port): \(error)")
                return 1
            }
        }
        let terminal: TerminalDevice
        do {
            terminal = try TerminalDevice(fullScreen: !plain)
        } catch {
            printError("error: \(error)")
            return 1
        }
        defer { terminal.restore() }
        let write: (String) throws(SystemError) -> Void = { text throws(SystemError) in try terminal.write(text) }
        let display: any Display = plain ? LineDisplay(output: write) : ScreenDisplay(output: write, size: terminal.size, colour: Self.wantsColour())
        let pump = EventPump(terminal: terminal)
        display.words = Words(asked: options.language, packLanguage: start.pack.manifest.defaultLanguage)
        self.display = display
        defer { self.display = nil }
        if let tracker {
            display.notice(display.words.trackerListening(tracker.address), style: .normal)
        }
        // A language the pack has no texts in at all falls back word for word, silently:
        // say so once, so the player knows the choice was not lost.
        // A region the pack lacks plays its language's file (de-AT plays de.json): say which.
        if let language = options.language, let plays = start.pack.languageStandingIn(for: language) {
            let known = Set(start.pack.strings.keys).union([start.pack.manifest.defaultLanguage]).sorted()
            display.notice(display.words.noTexts(in: language, playsIn: plays, has: known), style: .warning)
        }
        if let unsaved { display.notice(unsaved, style: .bad) }
        let audio = AudioOutput(enabled: options.audio, words: display.words) { display.notice($0, style: .warning) }
        let context = Loop(display: display, pump: pump, audio: audio, tracker: tracker, feedback: audio.feedback { display.ring() })
        var place = firstPlace()
        while true {
            do {
                if case let .exit(code) = place {
                    terminal.restore()
                    farewell(plain: plain, words: display.words)
                    return code
                }
                place = try step(place, context)
            } catch {
                terminal.restore()
                printError("error: the terminal failed: \(error)")
                return 1
            }
        }
    }

    /// What one place needs to run.
    private struct Loop {
        let display: any Display
        let pump: EventPump
        let audio: AudioOutput
        let tracker: OpenTrackReceiver?
        let feedback: any Feedback

        var presenter: PagePresenter { PagePresenter(pump: pump, display: display, previews: audio.menuPreviews) }
    }

    private func firstPlace() -> Place {
        let pack = start.pack
        if options.level == nil, isStory(start) { return .story(start, selected: 0) }
        if let level = options.level {
            let group = LevelGroup.group(of: level, in: pack) ?? LevelGroup(scenario: nil, levels: pack.levelOrder)
            return .briefing(start, group, index: group.levels.firstIndex(of: level) ?? 0)
        }
        let groups = LevelGroup.groups(of: pack)
        if groups.count == 1, groups[0].scenario == nil { return .levels(start, groups[0], selected: 0) }
        return .scenarios(start, selected: 0)
    }

    private func step(_ place: Place, _ loop: Loop) throws(SystemError) -> Place {
        let place = refreshed(place, loop)
        loop.display.words = words(at: place)
        switch place {
        case let .packs(selected):
            switch try loop.presenter.run(MenuPages.packs(catalog, language: options.language, selected: selected)) {
            case let .chose(index):
                let entry = catalog.entries[index]
                if isStory(entry) { return .story(entry, selected: 0) }
                let groups = LevelGroup.groups(of: entry.pack)
                if groups.count == 1, groups[0].scenario == nil { return .levels(entry, groups[0], selected: 0) }
                return .scenarios(entry, selected: 0)
            case .back:
                // The page answers Esc itself (it has no way back): stay on it.
                return .packs(selected: selected)
            case .quit:
                return .exit(0)
            case let .interrupted(signal):
                return .exit(128 + signal)
            }
        case let .scenarios(entry, selected):
            let names = names(entry)
            progress.menuWillShow()
            switch try loop.presenter.run(MenuPages.scenarios(entry, progress: progress, names: names, selected: selected)) {
            case let .chose(index):
                return .levels(entry, LevelGroup.groups(of: entry.pack)[index], selected: 0)
            case .back:
                // A story pack's scenarios were reached from its story's page.
                if isStory(entry) { return .story(entry, selected: 0) }
                return .packs(selected: catalog.entries.firstIndex { $0.path == entry.path } ?? 0)
            case .quit:
                return .exit(0)
            case let .interrupted(signal):
                return .exit(128 + signal)
            }
        case let .levels(entry, group, selected):
            let names = names(entry)
            progress.menuWillShow()
            switch try loop.presenter.run(MenuPages.levels(entry, group: group, progress: progress, names: names, selected: selected)) {
            case let .chose(index):
                return .briefing(entry, group, index: index)
            case .back:
                if group.scenario == nil {
                    // A story pack's levels were reached from its story's page.
                    if isStory(entry) { return .story(entry, selected: 0) }
                    return .packs(selected: catalog.entries.firstIndex { $0.path == entry.path } ?? 0)
                }
                let groups = LevelGroup.groups(of: entry.pack)
                return .scenarios(entry, selected: groups.firstIndex { $0.scenario?.id == group.scenario?.id } ?? 0)
            case .quit:
                return .exit(0)
            case let .interrupted(signal):
                return .exit(128 + signal)
            }
        case let .briefing(entry, group, index):
            guard let definition = entry.pack.level(id: group.levels[index]) else { return .levels(entry, group, selected: index) }
            let page = BriefingPage.make(
                definition: definition, names: names(entry, goals: true), visuals: visuals(definition.level),
                tracker: loop.tracker != nil, steering: options.steering)
            switch try loop.presenter.run(page) {
            case .chose(0): return .play(entry, group, index: index)
            case .chose, .back: return .levels(entry, group, selected: index)
            case .quit: return .exit(0)
            case let .interrupted(signal): return .exit(128 + signal)
            }
        case let .play(entry, group, index):
            return try play(entry, group, index, loop)
        case let .story(entry, selected):
            return try storyMenu(entry, selected: selected, loop)
        case let .storyPlay(entry, resume):
            return try playStory(entry, resume: resume, loop)
        case .exit:
            return place
        }
    }

    // MARK: Stories

    /// Whether the pack is played as a story (it is a story pack and has a story); a
    /// story pack without its `story.json` offers its levels, as `validate` says. Under
    /// `--watch` the story is the last version that loaded, as the play would be.
    private func isStory(_ entry: PackEntry) -> Bool {
        entry.pack.manifest.kind == .story && stories?(entry) != nil
    }

    /// Whether the saved place `record` can be continued in `book`; one that cannot (the
    /// story lost its chapter or steps since) is told — on the story's page once per place,
    /// when it is about to be played every time — and the story begins anew. A story that
    /// does not load is told when it is played, so its place is not judged.
    private func fits(_ record: PersistentMap<Value>, _ entry: PackEntry, in story: Result<PlayableStory, PackLoadError>?,
                      everyTime: Bool = false, _ loop: Loop) -> Bool {
        guard case let .success(story)? = story, case let .failure(problem) = story.book.place(of: record) else { return true }
        let place = "\(entry.path)\u{0}\(record["chapter"] ?? .null)\u{0}\(record["step"] ?? .null)"
        if misfitReported.insert(place).inserted || everyTime {
            loop.display.notice(words(entry).placeDoesNotFit("\(problem)"), style: .warning)
        }
        return false
    }

    /// Whether the story's page offers Continue (its first entry, before Begin): a saved
    /// place of a story still running that fits the pack as it is now.
    private func offersContinue(_ entry: PackEntry, saved: PersistentMap<Value>?, _ loop: Loop) -> Bool {
        saved?["status"]?.stringValue == StoryStatus.running.rawValue && saved.map { fits($0, entry, in: stories?(entry), loop) } == true
    }

    /// The story's page: continue where the player left, begin again, or pick single levels.
    private func storyMenu(_ entry: PackEntry, selected: Int, _ loop: Loop) throws(SystemError) -> Place {
        let names = names(entry)
        let words = names.words
        let saved = progress.storyCheckpoint(in: entry.pack)
        let canContinue = offersContinue(entry, saved: saved, loop)
        var choices: [Choice] = []
        var meanings: [Place] = []
        if canContinue, let chapter = saved?["chapter"]?.stringValue {
            let named = names.string("chapter.\(chapter)") ?? chapter
            choices.append(Choice(words.continueStory, detail: words.chapter(named), shortcut: "c"))
            meanings.append(.storyPlay(entry, resume: true))
        }
        choices.append(Choice(words.beginStory(again: saved != nil), shortcut: "n"))
        meanings.append(.storyPlay(entry, resume: false))
        let groups = LevelGroup.groups(of: entry.pack)
        choices.append(Choice(words.playSingleLevels, shortcut: "l"))
        meanings.append(groups.count == 1 && groups[0].scenario == nil ? .levels(entry, groups[0], selected: 0) : .scenarios(entry, selected: 0))
        var body: [String] = []
        // Said once, on the page the player comes back to; never about a place that cannot
        // be continued (that is told instead).
        defer { leftStory = false }
        if leftStory, canContinue { body.append(words.leftTheStory(saved: unsaved == nil)) }
        if let description = names.string("pack.description") ?? entry.pack.manifest.description { body.append(description) }
        if saved?["status"]?.stringValue == StoryStatus.finished.rawValue {
            body.append(words.storyPlayedToItsEnd)
        }
        let page = Page(title: words.storyTitle(names.pack(entry.pack)), body: body, choices: choices, selected: selected,
                        words: words)
        switch try loop.presenter.run(page) {
        case let .chose(index):
            // One key would replace a place the player may have worked long for.
            if canContinue, case .storyPlay(_, resume: false) = meanings[index] { return try confirmBeginning(entry, at: index, loop) }
            return meanings[index]
        case .back: return .packs(selected: catalog.entries.firstIndex { $0.path == entry.path } ?? 0)
        case .quit: return .exit(0)
        case let .interrupted(signal): return .exit(128 + signal)
        }
    }

    /// Asks before a new beginning replaces the saved place; "no" (selected at first, so a
    /// stray Enter keeps the place) goes back to the story's page at `index`, its entry.
    private func confirmBeginning(_ entry: PackEntry, at index: Int, _ loop: Loop) throws(SystemError) -> Place {
        let words = words(entry)
        let page = Page(title: words.beginAgainTitle, body: [words.beginAgainWarning],
                        choices: [Choice(words.yesBeginAgain, shortcut: "y"), Choice(words.noKeepMyPlace, shortcut: "n")],
                        selected: 1, words: words)
        switch try loop.presenter.run(page) {
        case .chose(0): return .storyPlay(entry, resume: false)
        case .chose, .back: return .story(entry, selected: index)
        case .quit: return .exit(0)
        case let .interrupted(signal): return .exit(128 + signal)
        }
    }

    /// An error made of several problems, one line each (a level's sounds that cannot
    /// play), that ``cannotStart(_:_:)`` shows a line apiece.
    public protocol ListedProblems: Error {
        /// The problems, one line each, as `validate` prints them.
        var problems: [String] { get }
    }

    /// The lines that say why something cannot be started, after `failing` (the words that
    /// say what: ``Words/levelCannotStart(_:)``): one problem after the words, several each
    /// on a line of its own below them, as `validate` prints them, not run together.
    static func cannotStart(_ failing: String, _ error: any Error) -> [String] {
        let problems = (error as? ListedProblems)?.problems ?? []
        guard problems.count > 1 else { return ["\(failing): \(error)"] }
        return ["\(failing):"] + problems
    }

    /// Plays the story from its beginning or from where it was left, then its end page.
    private func playStory(_ entry: PackEntry, resume: Bool, _ loop: Loop) throws(SystemError) -> Place {
        let session: StorySession, book: StoryBook
        let words = words(entry)
        let back = Place.packs(selected: catalog.entries.firstIndex { $0.path == entry.path } ?? 0)
        // Whatever way this play ends, the reload that started it has been dealt with.
        let afterReload = storyReloaded
        storyReloaded = false
        guard let loaded = stories?(entry) else {
            loop.display.notice(words.noStory(StoryReader.fileName), style: .bad)
            return back
        }
        let saved = resume ? progress.storyCheckpoint(in: entry.pack) : nil
        // A reload can take away the chapter the place is in: back to the story's page.
        if let saved, !fits(saved, entry, in: loaded, everyTime: true, loop) { return .story(entry, selected: 0) }
        do {
            let story = try loaded.get()
            session = try story.session(progress.earnedAchievements(), progress.achievementProgress())
            book = story.book
        } catch {
            // Each problem on a line of its own, as `validate` prints them, and back to the
            // story's page at the entry chosen, as a level that cannot start keeps its menu.
            loop.display.notice(lines: Self.cannotStart(words.storyCannotStart, error), style: .bad)
            let begin = offersContinue(entry, saved: progress.storyCheckpoint(in: entry.pack), loop) ? 1 : 0
            return .story(entry, selected: resume ? 0 : begin)
        }
        if !resume { progress.storyBegan(in: entry.pack) }
        let player = StoryPlayer(session: session, book: book, entry: entry, names: names(entry, goals: true), progress: progress,
                                 settings: options.steering, visuals: options.visuals,
                                 steering: steeringDescription(loop.tracker, words: words))
        let ending = try player.run(resume: saved, record: options.record != nil, display: loop.display, pump: loop.pump,
                                    audio: loop.audio, tracker: loop.tracker, feedback: loop.feedback,
                                    watch: watching(entry, loop))
        if let recording = player.recording { saveStoryRecording(recording, loop: loop) }
        // A play resumed after a reload was told why it is not recorded when the reload came.
        if options.record != nil, saved != nil, !afterReload {
            loop.display.notice(words.storyResumedNotRecorded, style: .warning)
        }
        switch ending {
        case .left:
            leftStory = true
            return .story(entry, selected: 0)
        case .reload:
            // On from the scene saved as it began, in the new version of the pack (which
            // `refreshed` puts into the entry).
            // A resumed story was told above that it is not recorded.
            if options.record != nil, saved == nil {
                loop.display.notice(words.storyReloadedNotRecorded, style: .warning)
            }
            storyReloaded = true
            return .storyPlay(entry, resume: true)
        case let .stop(exit):
            if case let .interrupted(signal) = exit { return .exit(128 + signal) }
            return .exit(1)
        case let .over(sentences):
            let page = Page(title: words.storyEndTitle(names(entry).pack(entry.pack)), body: sentences,
                            choices: [Choice(words.backToTheStory, shortcut: "b"), Choice(words.quit, shortcut: "q")], words: words)
            switch try loop.presenter.run(page, settle: Self.settleAfterLevel) {
            case .chose(0), .back: return .story(entry, selected: 0)
            case .chose, .quit: return .exit(0)
            case let .interrupted(signal): return .exit(128 + signal)
            }
        }
    }

    /// Writes a story's play as a transcript test (`--record`): the whole file or nothing.
    private func saveStoryRecording(_ recording: StoryRecording, loop: Loop) {
        storyAttempts += 1
        guard let path = options.storyRecordPath(attempt: storyAttempts) else { return }
        do {
            try Data(recording.testText.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            storyRecordings.append(path)
            loop.display.notice(loop.display.words.storyRecorded(path), style: .normal)
        } catch {
            loop.display.notice(loop.display.words.storyRecordingNotWritten(path, problem: FileErrorText.describe(error)),
                                style: .warning)
        }
    }

    // MARK: Watching a pack (--watch)

    /// `place` with the watched pack's latest good version, after looking for edits.
    private func refreshed(_ place: Place, _ loop: Loop) -> Place {
        guard let watch else { return place }
        _ = pollWatch(loop.display.words) { loop.display.notice($0, style: $1) }
        func fresh(_ entry: PackEntry) -> PackEntry {
            entry.path == watch.path ? PackEntry(path: entry.path, pack: watch.pack) : entry
        }
        if let index = catalog.entries.firstIndex(where: { $0.path == watch.path }) {
            catalog.entries[index] = fresh(catalog.entries[index])
        }
        switch place {
        case let .scenarios(entry, selected):
            return .scenarios(fresh(entry), selected: selected)
        case let .levels(entry, group, selected):
            return .levels(fresh(entry), regrouped(group, in: fresh(entry).pack), selected: selected)
        case let .briefing(entry, group, index):
            return same(group.levels[index], entry: fresh(entry), group: group, loop) { .briefing($0, $1, index: $2) }
        case let .play(entry, group, index):
            return same(group.levels[index], entry: fresh(entry), group: group, loop) { .play($0, $1, index: $2) }
        case let .story(entry, selected):
            return .story(fresh(entry), selected: selected)
        case let .storyPlay(entry, resume):
            return .storyPlay(fresh(entry), resume: resume)
        case .packs, .exit:
            return place
        }
    }

    /// `place` for level `id` where the new version of the pack has it (levels may have
    /// been added, removed, reordered or moved to another scenario), or the group's menu,
    /// with a notice, when it has it no more.
    private func same(_ id: String, entry: PackEntry, group: LevelGroup, _ loop: Loop,
                      _ place: (PackEntry, LevelGroup, Int) -> Place) -> Place {
        var group = regrouped(group, in: entry.pack)
        if !group.levels.contains(id), let moved = LevelGroup.groups(of: entry.pack).first(where: { $0.levels.contains(id) }) {
            group = moved
        }
        guard let index = group.levels.firstIndex(of: id) else {
            loop.display.notice(words(entry).noLevelAnyMore(id), style: .warning)
            return .levels(entry, group, selected: 0)
        }
        return place(entry, group, index)
    }

    /// The group as the new version of the pack has it (levels added or removed).
    private func regrouped(_ group: LevelGroup, in pack: Pack) -> LevelGroup {
        let groups = LevelGroup.groups(of: pack)
        return groups.first { $0.scenario?.id == group.scenario?.id } ?? groups[0]
    }

    /// The level loop's poll of the watched pack, when `entry` is the pack being watched:
    /// what it says goes into the level's messages.
    private func watching(_ entry: PackEntry, _ loop: Loop) -> (() -> Bool)? {
        guard watch?.path == entry.path else { return nil }
        return { [unowned self] in
            self.pollWatch(loop.display.words, restarting: { loop.display.levelRestarts($0, style: .good) }) {
                loop.display.levelSaid($0, style: $1)
            }
        }
    }

    /// Looks at the watched files; says what happened through `said`, in `words` (the
    /// loader's problems as it wrote them), a new version through `restarting` when the
    /// level starts over for it. True when a new version loaded.
    private func pollWatch(_ words: Words, restarting: ((String) -> Void)? = nil, said: (String, TextStyle) -> Void) -> Bool {
        guard let watch, let change = watch.poll() else { return false }
        switch change {
        case let .reloaded(_, files):
            if let restarting { restarting(words.reloaded(files)) } else { said(words.reloaded(files), .good) }
            return true
        case let .failed(diagnostics, files):
            said(words.reloadFailed(files), .bad)
            for diagnostic in diagnostics.sortedForDisplay() { said(diagnostic.description, .bad) }
            return false
        }
    }

    /// Plays one level, then shows its end page.
    private func play(_ entry: PackEntry, _ group: LevelGroup, _ index: Int, _ loop: Loop) throws(SystemError) -> Place {
        let id = group.levels[index]
        guard let definition = entry.pack.level(id: id) else { return .levels(entry, group, selected: index) }
        // Every way into a level comes here (a briefing, a Retry, a reload's restart), after
        // `refreshed`: the lock is checked on the version of the pack about to be played.
        guard mayPlay(id, of: entry, loop) else { return .levels(entry, group, selected: index) }
        // The level knows what the player has earned: those rules no longer run, and the
        // others read them in `ctx.game.achievements`; earning one again is no news.
        let earnedBefore = progress.earnedAchievements()
        // And the progress of the others, as earlier levels left it (FAA#31).
        let progressBefore = progress.achievementProgress()
        let store: Store<GameState>
        do {
            store = try makeStore(entry, id, earnedBefore, progressBefore)
        } catch let gone as LevelGoneInUpdate {
            // Not a problem of the pack's for `validate`: the menus show the version now there.
            let now = PackEntry(path: entry.path, pack: gone.pack)
            if let listed = catalog.entries.firstIndex(where: { $0.path == entry.path }) { catalog.entries[listed] = now }
            loop.display.notice(words(now).levelGoneInUpdate(id), style: .warning)
            return .levels(now, regrouped(group, in: now.pack), selected: 0)
        } catch {
            loop.display.notice(lines: Self.cannotStart(words(entry).levelCannotStart(id), error), style: .bad)
            return .levels(entry, group, selected: index)
        }
        let names = names(entry, goals: true)
        attempts += 1
        var recorder: InputRecorder?
        if let path = options.recordPath(attempt: attempts) {
            do {
                recorder = try InputRecorder(path: path)
            } catch {
                loop.display.notice(names.words.notRecording("\(error)"), style: .warning)
            }
        }
        let engine = loop.audio.play(store, pack: entry.pack)
        // Every level has the time of day, as a story's have it: a rule may vary the level by it.
        let clock = StoryClock(time: options.clockStart, step: LevelSession.standardStep)
        let session = LevelSession(store: store, recorder: recorder, clock: clock)
        let steering = Steering(session: session, settings: options.steering)
        let context = LevelContext(
            packName: names.pack(entry.pack), names: names, goalPaths: definition.goalPaths,
            visuals: visuals(definition.level), steering: steeringDescription(loop.tracker, words: names.words),
            earnedBefore: earnedBefore)
        let exit = try LevelLoop(
            session: session, steering: steering, pump: loop.pump, display: loop.display,
            context: context, tracker: loop.tracker, feedback: loop.feedback, watch: watching(entry, loop),
            settle: Self.settleAfterLevel
        ).run()
        session.end()
        withExtendedLifetime(engine) {}
        if exit == .reload {
            // An authoring restart, not a play: nothing goes into the history, and the
            // restart records to the same file again. `refreshed` finds the level in the
            // new version of the pack.
            progress.levelDiscarded(in: entry.pack)
            recorder?.discard()
            attempts -= 1
            return .play(entry, group, index: index)
        }
        let result = RunResult(state: store.state, earnedBefore: earnedBefore)
        // Scenarios this result opens are told on the end page: the menus would show them
        // only to a player who goes back and reads the list again.
        let scenarios = entry.pack.manifest.scenarios
        let lockedBefore = scenarios.filter { progress.marks(scenario: $0, in: entry.pack).locked != nil }
        let finishedBefore = finished(group, of: entry)
        progress.levelEnded(level: id, in: entry.pack, result: result)
        // Two games on one profile may both earn one: the one whose run recorded it first tells it.
        let recordedElsewhere = progress.recordedElsewhere(result)
        let unlocked = lockedBefore.filter { progress.marks(scenario: $0, in: entry.pack).locked == nil }.map(names.scenario)
        // Told when a win finishes them, not at every later win: it is news once.
        let finishedNow = result.outcome == .won ? finished(group, of: entry) : finishedBefore
        let newlyFinished = (scenario: finishedNow.group && !finishedBefore.group ? group.scenario.map(names.scenario) : nil,
                             pack: finishedNow.pack && !finishedBefore.pack ? names.pack(entry.pack) : nil)
        let recordedTo = finishRecording(recorder, session: session, entry: entry, level: id, result: result,
                                         progressBefore: progressBefore, loop: loop)
        switch exit {
        case let .interrupted(signal): return .exit(128 + signal)
        case .finished, .left, .reload: break
        }
        let earned = store.state[Game.achievements].sorted { $0.key < $1.key }
            .filter { !earnedBefore.contains($0.key) && !recordedElsewhere.contains($0.key) }
            .map { (id: $0.key, title: $0.value.mapValue?["title"]?.stringValue) }
        let hasNext = index + 1 < group.levels.count
            && progress.marks(level: group.levels[index + 1], in: entry.pack).locked == nil
        // Read after the run is recorded: a story level it finished is not offered again.
        let (page, meanings) = EndPage.make(
            level: store.state[Game.level], names: names, left: exit == .left, achievements: earned,
            hasNext: hasNext, recording: recordedTo, wrongPicks: session.wrongPicks, saved: unsaved == nil,
            locked: progress.marks(level: id, in: entry.pack).locked?.refusal(level: names.level(definition.level), names, in: entry.pack),
            unlocked: unlocked,
            finished: newlyFinished)
        switch try loop.presenter.run(page, settle: Self.settleAfterLevel) {
        case let .chose(choice):
            switch meanings[choice] {
            case .next: return .briefing(entry, group, index: index + 1)
            // `play` checks the lock again, as for every way into a level.
            case .retry: return .play(entry, group, index: index)
            case .menu: return .levels(entry, group, selected: index)
            case .quit: return .exit(0)
            }
        case .back:
            return .levels(entry, group, selected: index)
        case .quit:
            return .exit(0)
        case let .interrupted(signal):
            return .exit(128 + signal)
        }
    }

    /// Whether `group` and the whole pack of `entry` are finished, as the menus mark them:
    /// every level done (won; in a story pack, finished in the current story).
    private func finished(_ group: LevelGroup, of entry: PackEntry) -> (group: Bool, pack: Bool) {
        func done(_ group: LevelGroup) -> Bool {
            if let scenario = group.scenario { return progress.marks(scenario: scenario, in: entry.pack).done }
            return !group.levels.isEmpty && group.levels.allSatisfy { progress.marks(level: $0, in: entry.pack).done }
        }
        // A scenario with no levels is never finished, yet leaves nothing to play: the
        // pack is finished without it, or its last win would never be told as the end.
        let playable = LevelGroup.groups(of: entry.pack).filter { !$0.levels.isEmpty }
        return (done(group), !playable.isEmpty && playable.allSatisfy(done))
    }

    /// Whether level `id` of `entry` may be played now; one the profile keeps locked (its
    /// scenario, or a story level already played in this story) is told instead. The menus,
    /// the end page and `play --level` do not offer such a level: this keeps any way in they
    /// miss from playing and recording it all the same.
    private func mayPlay(_ id: String, of entry: PackEntry, _ loop: Loop) -> Bool {
        guard let locked = progress.marks(level: id, in: entry.pack).locked else { return true }
        let named = names(entry)
        let name = entry.pack.level(id: id).map { named.level($0.level) } ?? id
        loop.display.notice(locked.refusal(level: name, named, in: entry.pack), style: .warning)
        return false
    }

    /// Closes the log and writes its description; returns the log's path when it worked.
    private func finishRecording(_ recorder: InputRecorder?, session: LevelSession, entry: PackEntry,
                                 level: String, result: RunResult, progressBefore: ProgressRecords, loop: Loop) -> String? {
        guard let recorder else { return nil }
        recorder.close()
        if let failure = recorder.failure {
            loop.display.notice(loop.display.words.recordingIncomplete(recorder.path, problem: "\(failure)"), style: .warning)
            return nil
        }
        let recording = RecordingDescription(
            pack: entry.path, packID: entry.pack.id, packVersion: entry.pack.manifest.version, level: level,
            step: session.step, ticks: session.ticks, outcome: result.outcome.rawValue, stateHash: result.stateHash,
            earnedBefore: Set(result.earnedBefore), progressBefore: progressBefore)
        do {
            try recording.write(forLog: recorder.path)
        } catch {
            loop.display.notice(loop.display.words.cannotWrite(RecordingDescription.metaPath(forLog: recorder.path),
                                                               problem: FileErrorText.describe(error)), style: .warning)
            return nil
        }
        recordings.append(recorder.path)
        return recorder.path
    }

    /// The language of the engine's words at `place`: the pack's there, the one asked for
    /// (or English) in the list of packs.
    private func words(at place: Place) -> Words {
        switch place {
        case .packs, .exit: Words(firstOf: options.language)
        case let .scenarios(entry, _), let .levels(entry, _, _), let .briefing(entry, _, _), let .play(entry, _, _),
             let .story(entry, _), let .storyPlay(entry, _): words(entry)
        }
    }

    /// The names and texts of `entry`'s things, in the player's language; with `goals`,
    /// for the pages that tell goals and scoring (a briefing, a level, a story), with its
    /// rules' parameter defaults, which reading takes its scripts: a menu does without.
    private func names(_ entry: PackEntry, goals: Bool = false) -> Names {
        Names(pack: entry.pack, language: options.language, defaults: goals ? ruleDefaults(entry) : RuleDefaults())
    }

    /// The engine's sentences for `entry`'s pages (as its ``names(_:goals:)`` have them), without
    /// reading its strings or its rules' defaults.
    private func words(_ entry: PackEntry) -> Words { Words(asked: options.language, packLanguage: entry.pack.manifest.defaultLanguage) }

    private func visuals(_ level: Level) -> Visuals { options.visuals ?? level[LevelKeys.view][ViewKeys.visuals] }

    /// How the player steers, in `words`, for the level's first words and heading line.
    private func steeringDescription(_ tracker: OpenTrackReceiver?, words: Words) -> String {
        words.steering(tracker: tracker?.address, tilt: options.steering.tiltTurns)
    }

    /// After a full-screen game the alternate screen is gone: what should stay on the
    /// terminal is written to the main screen, in `words` (the language the game ended in).
    private func farewell(plain: Bool, words: Words) {
        var lines: [String] = []
        // The full screen is gone, and with it the warning: it stays on the main screen.
        if let unsaved, !plain { lines.append(unsaved) }
        if !plain {
            for path in recordings { lines.append(words.recorded(path, afterGame: true)) }
            for path in storyRecordings { lines.append(words.storyRecorded(path, afterGame: true)) }
        }
        lines.append(words.farewell)
        writeIgnoringFailure(lines.map { $0 + "\n" }.joined(), to: STDOUT_FILENO)
    }

    private func printError(_ line: String) {
        writeIgnoringFailure(line + "\n", to: STDERR_FILENO)
    }
}

/// A pack's problems are listed a line each, as every error of several problems is.
extension PackLoadError: PlayApp.ListedProblems {
    /// The diagnostics as `validate` prints them.
    public var problems: [String] { diagnostics.map(\.description) }
}
