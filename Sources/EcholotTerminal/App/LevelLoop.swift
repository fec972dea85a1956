#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import EcholotCore
import EcholotModel

/// How a level's loop ended.
public enum LevelExit: Equatable, Sendable {
    /// Won or lost.
    case finished
    /// The player left it (q).
    case left
    /// Ctrl-C (SIGINT) or a termination signal, by number: the whole game should stop. A
    /// terminal that went away is its hang-up (SIGHUP), whether or not the signal came first.
    case interrupted(Int32)
    /// The watched pack changed (`--watch`): play the level again from the new data.
    case reload
}

/// What a level's events sound like besides their words: cues through the audio device,
/// or the terminal bell when there is none.
public protocol Feedback: AnyObject {
    /// Answers one event (a hit, a miss, the outcome).
    func respond(to event: LevelEvent)
    /// The game paused or goes on (the level's sounds stop and resume).
    func paused(_ paused: Bool)
}

/// The game loop of one level: a fixed 1/60 s tick driven by the monotonic clock, keys
/// and head poses handled the moment they arrive, the display fed every tick.
///
/// The wall clock lives here only. It decides *when* the session ticks; the session
/// dispatches everything at simulated times, so a recording replays to the same state.
/// When the machine stalls, at most `maxCatchUp` ticks are run at once and the schedule
/// slips rather than racing to catch up.
public final class LevelLoop {
    private let session: LevelSession
    private let steering: Steering
    private let pump: EventPump
    private let display: any Display
    private let context: LevelContext
    private let tracker: OpenTrackReceiver?
    private let feedback: (any Feedback)?
    private let texts: EventText
    private var paused = false
    private var tooSmall = false
    /// Whether a key was dropped since the window became too small (its message is drawn
    /// again for the first such key only).
    private var toldTooSmall = false
    /// The last press told about for itself — a tilt key at the view's limit, a key that
    /// does nothing.
    private var told = HeldKey()
    // The last select press: a held space or Enter selects once for its repeats, which
    // come closer than any tap does (the steering's hold gap, 90 ms), and a deliberate quick
    // second press still selects (a window as wide as a notice's, 0.7 s, dropped taps
    // without a word).
    private lazy var selecting = HeldKey(gap: steering.settings.holdGap)
    /// The story line said last in this scene: `i` in a cut-scene says it again, for a
    /// player who missed it.
    private var lastLine: LevelEvent?
    /// A choice's question: its prompt's line, said just before the options.
    private var question: LevelEvent?
    /// Whether a story rule refused this cut-scene's end (Enter was not taken): `i` then
    /// says so, not that Enter skips it.
    private var cutsceneStuck = false
    private var trackerFailed = false
    private var reportedRejections: Set<HeadPose.Rejection> = []
    private let watch: (() -> Bool)?
    private var lastWatch = 0.0
    /// Seconds from the start in which Enter and space, before any other key, are not
    /// taken: a level follows the briefing's Start, a Retry or a story's scene at once, and
    /// the Enter that chose it, pressed twice or held (a screen reader still speaking),
    /// would select in the level and cost a miss.
    private let settle: Double
    /// The monotonic time until which they are ignored; any other key ends it early.
    private var settleUntil = -Double.infinity
    /// Whether the level waits for Enter or space before its clock runs (see ``waitsToStart``).
    private var waiting = false
    /// Whether the level still waited for its start when the loop ended: its clock never
    /// ran, so it was never played (a story's level left at its start prompt).
    public var endedBeforeItsStart: Bool { waiting }
    /// Whether no tick runs now: paused, the window too small, or waiting for the start.
    /// Nor does a head tracker turn the view then.
    private var halted: Bool { paused || tooSmall || waiting }
    /// Whether the level waits for the player to start it: a story's level has no briefing
    /// whose Start begins it, and its time would run while its first words are read.
    private let waitsToStart: Bool
    /// Lines said right after the level's own first words, before what its scene says
    /// (a choice's question): what the player could not know from them (where a resumed
    /// scene faces, a heading the level sets).
    private let opening: [String]
    /// When the view last turned or tilted, as the line mode tells it: the line mode says
    /// where it settled a moment later, and a tilt's limit is told after that.
    private var settling = ViewSettling()
    /// A tilt limit to tell once the view's settled position has been said, and when its
    /// key was pressed: a head tracker's jitter may keep the view from settling, and the
    /// limit is told a second later all the same.
    private var pendingLimit: (text: String, at: Double)?
    /// The language the player reads in this level: the pack's, or the one asked for.
    private var words: Words { context.names.words }

    /// The most ticks run back to back after a stall.
    public static let maxCatchUp = 5

    /// Seconds between two looks at a watched pack's files.
    public static let watchInterval = 0.5

    /// A loop for `session`, steered by `steering`, reading `pump` (and `tracker`),
    /// showing on `display`, answering events through `feedback`. `watch`, when given, is
    /// asked every ``watchInterval`` seconds whether the level must restart (`--watch`).
    /// For `settle` seconds from the start, Enter and space are ignored until another key
    /// comes: they were meant for what came before. With `waitsToStart` no tick runs until
    /// Enter or space starts the level (then the settle begins again); `opening` is said
    /// after the level's first words.
    public init(session: LevelSession, steering: Steering, pump: EventPump, display: any Display,
                context: LevelContext, tracker: OpenTrackReceiver?, feedback: (any Feedback)?,
                watch: (() -> Bool)? = nil, settle: Double = 0, waitsToStart: Bool = false, opening: [String] = []) {
        self.watch = watch
        self.waitsToStart = waitsToStart
        self.opening = opening
        self.settle = settle
        self.session = session
        self.steering = steering
        self.pump = pump
        self.display = display
        self.context = context
        self.tracker = tracker
        self.feedback = feedback
        texts = EventText(names: context.names, earnedBefore: context.earnedBefore, scene: context.storyScene)
    }

    /// Plays the level until it ends, the player leaves, or the game must stop.
    public func run() throws(SystemError) -> LevelExit {
        session.begin()
        // A retry's "Try again" comes before the level's first words, not after them.
        let pending = session.takeEvents()
        func isRetry(_ event: LevelEvent) -> Bool { if case .storyLevel = event { true } else { false } }
        say(pending.filter(isRetry))
        display.levelBegan(context, level: session.level)
        for line in opening { display.levelSaid(line, style: .normal) }
        say(pending.filter { !isRetry($0) })
        checkSize()
        settleUntil = settle > 0 ? MonotonicClock.now() + settle : -.infinity
        if waitsToStart {
            // No tick runs meanwhile, so nothing of the wait is in the log, as with a pause:
            // the recorded play begins at the start, where a replay begins it.
            waiting = true
            if !tooSmall { feedback?.paused(true) }
            display.levelSaid(words.startPrompt, style: .bold)
        }
        var nextTick = MonotonicClock.now() + session.step
        while true {
            if session.isFinished {
                showFrame(at: MonotonicClock.now())
                return .finished
            }
            if display.failure != nil { return .interrupted(SIGHUP) }
            let timeout = halted ? 0.25 : max(0, nextTick - MonotonicClock.now())
            // Input is read once the first moment is over (not only at the next tick), so
            // an Enter right after it is known to have come after it.
            let wake = try pump.wait(timeout: timeout, tracker: trackerFailed ? nil : tracker?.descriptor,
                                     readingAfter: settleUntil)
            if let signal = wake.termination { return .interrupted(signal) }
            if wake.terminalGone { return .interrupted(SIGHUP) }
            // Back from Ctrl-Z: paused before the size is checked, or a window enlarged while
            // stopped would say the game goes on just before it is said to be paused.
            if wake.resumed { pauseOnComingBack() }
            if wake.resized {
                // Size first: the words that the game goes on are in the redrawn screen.
                checkSize()
                display.resized()
            }
            if wake.resumed { sayBack() }
            for (index, key) in wake.keys.enumerated() {
                if let exit = handle(key, at: wake.time, since: wake.keysSince) {
                    pump.unread(wake, after: index)
                    return exit
                }
            }
            if wake.trackerReadable { readTracker() }
            flushEvents()
            let now = MonotonicClock.now()
            // A decided level is not restarted: its result is already in the profile.
            if let watch, !session.isDecided, now - lastWatch >= Self.watchInterval {
                lastWatch = now
                if watch() { return .reload }
            }
            if halted {
                nextTick = now + session.step
                showFrame(at: now)
                continue
            }
            var ran = 0
            while now >= nextTick, ran < Self.maxCatchUp, !session.isFinished {
                steering.beforeTick(at: now)
                session.tick()
                nextTick += session.step
                ran += 1
            }
            if now - nextTick > session.step * Double(Self.maxCatchUp) { nextTick = now + session.step }
            flushEvents()
            showFrame(at: now)
        }
    }

    /// Shows the frame at `time`; then a tilt's limit, once the line mode has said where
    /// the view settled (``LineDisplay/settleSeconds`` after its last change): told at once,
    /// it came before the position it is the limit of.
    private func showFrame(at time: Double) {
        settling.see(heading: session.heading, elevation: session.elevation, at: time)
        display.levelFrame(frame(at: time))
        if let limit = pendingLimit, settling.isSettled(at: time) || time - limit.at >= 1 {
            pendingLimit = nil
            display.levelSaid(limit.text, style: .normal)
        }
    }

    /// Starts a level that waited for the player: its clock and sound go on, and Enter and
    /// space wait a moment again, as after the briefing's Start.
    private func start(at time: Double) {
        waiting = false
        session.playerStarted()
        // Only called in a window the level fits (the keys are dropped while it does not).
        feedback?.paused(false)
        display.levelSaid(words.started, style: .normal)
        settleUntil = settle > 0 ? time + settle : -.infinity
    }

    /// Back after the game was stopped (Ctrl-Z, then `fg`): the level is paused (and
    /// ``sayBack()`` says where the player is and that it waits). The stopped time is not counted
    /// (the clock catches up `maxCatchUp` ticks at most), but a screen reader says the
    /// shell's `fg` line first, and a player needs a moment to find the way back in.
    private func pauseOnComingBack() {
        guard !paused, !waiting else { return }
        paused = true
        // As with p: the next press is told anew.
        told = HeldKey()
        if !tooSmall { feedback?.paused(true) }
    }

    /// Says the game is back after Ctrl-Z, where, and that it waits (paused, or for its start).
    private func sayBack() {
        let state = waiting ? words.startPrompt : words.paused(story: context.storyScene != nil)
        display.levelSaid(words.backInTheGame(context.names.level(session.level), then: state), style: .warning)
    }

    /// Says that the level waits for its start, once per press.
    private func tellWaiting(_ key: Key, since: Double) -> LevelExit? {
        guard !told.repeats(key, since: since) else { return nil }
        display.levelSaid(words.notStartedYet, style: .warning)
        return nil
    }

    /// Says that `key` does nothing here, once per press: silence would leave a player who
    /// cannot see the screen wondering whether it was heard.
    private func tellDoesNothing(_ key: Key, since: Double) -> LevelExit? {
        guard !told.repeats(key, since: since) else { return nil }
        display.levelSaid(words.doesNothing(key), style: .normal)
        return nil
    }

    private func handle(_ key: Key, at time: Double, since: Double) -> LevelExit? {
        // A select after another key (a turn) is a new press however soon it comes.
        if key != .space, key != .enter { selecting = HeldKey(gap: steering.settings.holdGap) }
        switch key {
        case .character("q"), .character("Q"), .endOfInput:
            return .left
        case .interrupt:
            return .interrupted(SIGINT)
        case .character("p"), .character("P"), .escape:
            guard !tooSmall else { return dropWhileTooSmall() }
            guard !waiting else { return tellWaiting(key, since: since) }
            paused.toggle()
            // What a key is told about changes with the pause: the next press is told anew.
            told = HeldKey()
            feedback?.paused(paused)
            display.pauseChanged(paused, frame: frame(at: time))
        case .character("i"), .character("I"):
            switch context.storyScene {
            case .cutscene?:
                // A cut-scene has no goals, finds or misses to tell: what is being said is
                // what the player may have missed.
                sayAgain(lastLine)
                display.levelSaid(cutsceneStuck ? words.cutsceneCannotEnd : words.cutsceneBegins, style: .normal)
            case let .choice(options, _)?:
                display.levelStatus(frame(at: time))
                // In a choice, what matters is the question and the options: where each
                // is, and its number.
                sayAgain(question)
                sayAgain(.choiceOffered(id: "", options: options))
            case .level?, nil:
                display.levelStatus(frame(at: time))
                if waiting { display.levelSaid(words.startPrompt, style: .bold) }
            }
        case .control("L"):
            if !display.redraw() { return tellDoesNothing(key, since: since) }
        case .paste:
            display.levelSaid(words.pasteIgnored, style: .normal)
        case .character("?"), .character("h"), .f1:
            for line in words.levelKeys(tracker: tracker != nil, settings: steering.settings, story: context.storyScene != nil) {
                display.levelSaid(line, style: .normal)
            }
            if case .choice? = context.storyScene {
                display.levelSaid(words.choiceNumbers, style: .normal)
            }
            if waiting { display.levelSaid(words.startPrompt, style: .bold) }
        case .space, .enter:
            // Only a key certainly pressed after the first moment: a busy loop reads late.
            guard !tooSmall else { return dropWhileTooSmall() }
            guard !paused else { return dropWhilePaused(key, since: since) }
            guard since >= settleUntil else { return nil }
            if waiting {
                start(at: time)
            } else if case let .cutscene(id)? = context.storyScene {
                if !session.send(Action(StoryAction.cutsceneDone, ["id": .string(id)])) {
                    cutsceneStuck = true
                    if !told.repeats(key, since: since) { display.levelSaid(words.cutsceneCannotEnd, style: .warning) }
                }
            } else if !selecting.repeats(key, since: since) {
                // A held space (or Enter) selects once: the terminal's repeats would each be
                // a miss, a level lost on misses in half a second.
                session.select()
            }
        case let .character(character) where character.wholeNumberValue.map { (0...9).contains($0) } ?? false:
            settleUntil = -.infinity
            guard !tooSmall else { return dropWhileTooSmall() }
            guard !paused else { return dropWhilePaused(key, since: since) }
            guard case let .choice(options, _)? = context.storyScene, let number = character.wholeNumberValue else {
                return waiting ? tellWaiting(key, since: since) : tellDoesNothing(key, since: since)
            }
            // Silence would leave a player who cannot see the list wondering, as in a menu.
            guard number >= 1, number <= options.count else {
                display.levelSaid(words.noOption(number, count: options.count), style: .warning)
                return nil
            }
            session.select(entity: options[number - 1])
        default:
            settleUntil = -.infinity
            guard !tooSmall else { return dropWhileTooSmall() }
            guard let motion = Steering.motion(of: key) else {
                return paused ? dropWhilePaused(key, since: since) : waiting ? tellWaiting(key, since: since) : tellDoesNothing(key, since: since)
            }
            guard !paused else { return dropWhilePaused(key, since: since) }
            guard !waiting else { return tellWaiting(key, since: since) }
            // At either end of the tilt the view does not change, and nothing would be said.
            if case let .tilt(direction) = motion, session.elevation * direction >= 90 {
                guard !told.repeats(key, since: since) else { return nil }
                let limit = words.tiltLimit(up: direction > 0)
                // The line mode says where the view settled a moment after it moved; a move
                // this wake made (keys read together) no frame has shown yet.
                if settling.moves(heading: session.heading, elevation: session.elevation) || !settling.isSettled(at: time) {
                    pendingLimit = (limit, time)
                } else {
                    display.levelSaid(limit, style: .normal)
                }
                return nil
            }
            _ = steering.key(key, at: time, since: since)
        }
        return nil
    }

    /// Drops a key pressed while the game is paused; each press (not each repeat of a held
    /// key) says the pause again, since a player who cannot see the screen may have
    /// forgotten it, and silence would leave them wondering whether the key was heard.
    private func dropWhilePaused(_ key: Key, since: Double) -> LevelExit? {
        guard !told.repeats(key, since: since) else { return nil }
        display.levelSaid(words.paused(story: context.storyScene != nil), style: .warning)
        return nil
    }

    /// Drops a key pressed while the window is too small. The first one draws the size
    /// message again from scratch: a screen reader that reads what is written then says
    /// why the key did nothing, where an unchanged screen would say nothing at all.
    private func dropWhileTooSmall() -> LevelExit? {
        if !toldTooSmall {
            toldTooSmall = true
            display.resized()
        }
        return nil
    }

    private func readTracker() {
        guard let tracker else { return }
        let pose: HeadPose?
        do {
            pose = try tracker.drain()
        } catch {
            trackerFailed = true
            display.levelSaid(words.trackerStopped("\(error)"), style: .warning)
            return
        }
        for (reason, _) in tracker.rejected where !reportedRejections.contains(reason) {
            reportedRejections.insert(reason)
            display.levelSaid(words.trackerIgnoring(reason), style: .warning)
        }
        // A story level waiting for its start is not turned by the head either: its clock is not running.
        guard let pose, !halted else { return }
        steering.pose(pose)
    }

    private func flushEvents() {
        say(session.takeEvents())
    }

    /// Says `events` (and gives their feedback).
    private func say(_ events: [LevelEvent]) {
        guard !events.isEmpty else { return }
        let level = session.level
        // A level played on its own ends on a page that tells at once its score, the goals
        // that failed it and the achievements of its end: said here as well, a screen reader
        // reads them twice in a row. A story goes on to its next scene instead, so there
        // they are said. What came earlier in the level was news when it came, and is said.
        let endPageFollows = context.storyScene == nil && events.contains { event in
            if case .won = event { return true }
            if case .lost = event { return true }
            return false
        }
        for (index, event) in events.enumerated() {
            let sentence = texts.sentence(event, in: level, left: session.levelLeft)
            // A line that says nothing (a wordless sting no one speaks) leaves i the one said before.
            if case .line = event, sentence != nil { lastLine = event }
            if case .choiceOffered = event, index > 0, case .line = events[index - 1] { question = events[index - 1] }
            feedback?.respond(to: event)
            switch event {
            case .scored, .achievement, .goalFailed: if endPageFollows { continue }
            default: break
            }
            if let sentence {
                display.levelSaid(sentence.text, style: sentence.style)
            }
        }
    }

    /// Says `event` again, as it reads now (a voice's direction from where the player
    /// faces now), without its sound.
    private func sayAgain(_ event: LevelEvent?) {
        guard let event, let sentence = texts.sentence(event, in: session.level) else { return }
        display.levelSaid(sentence.text, style: sentence.style)
    }

    private func checkSize() {
        let problem = display.levelTooSmall(goals: session.level[LevelKeys.goals].count)
        let wasTooSmall = tooSmall
        tooSmall = problem != nil
        if tooSmall != wasTooSmall, !paused, !waiting { feedback?.paused(tooSmall) }
        // The display draws the size problem in place of the level (no message is kept: it
        // would be stale once the window is large enough); going on is told, or the player
        // would not know the keys work again.
        if tooSmall, !wasTooSmall { toldTooSmall = false }
        if !tooSmall, wasTooSmall {
            let state = paused ? words.paused(story: context.storyScene != nil) : waiting ? words.startPrompt : words.gameGoesOn
            display.levelFitsAgain(words.largeEnoughNow(state))
        }
    }

    private func frame(at time: Double) -> LevelFrame {
        LevelFrame(level: session.level, paused: paused, wallTime: time, tracker: trackerStatus, wrongPicks: session.wrongPicks)
    }

    private var trackerStatus: String? {
        guard let tracker else { return nil }
        return words.trackerStatus(address: tracker.address, stopped: trackerFailed, received: tracker.received,
                                   rejected: tracker.rejectedCount)
    }
}
