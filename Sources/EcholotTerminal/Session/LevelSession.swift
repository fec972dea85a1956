import EcholotCore
import EcholotModel

/// One play of a level, seen from the store's side: a deterministic sequence of input
/// actions at simulated times. The wall clock never enters here — the game loop decides
/// *when* to call `tick()`, and every action is dispatched (and recorded) at the simulated
/// time `ticks × step`, exactly where `echolot run` will dispatch it from the log.
public final class LevelSession {
    /// The store playing the level.
    public let store: Store<GameState>
    /// Simulated seconds per tick.
    public let step: Double
    /// Ticks dispatched since the start.
    public private(set) var ticks = 0
    /// Where inputs are recorded, if anywhere.
    public let recorder: (any InputSink)?
    /// Turn and tilt actions dispatched (for tests and the benchmark).
    public private(set) var steeringActions = 0

    /// How many entities were picked wrongly (see ``LevelEvent/wrong(id:)``): the store
    /// counts them as found, the player's count of finds must not.
    public private(set) var wrongPicks = 0

    private var coalescer = TurnCoalescer()
    private var events: [LevelEvent] = []
    /// Rule failures told: a few different ones, each once.
    private var failures = FailureTally(limit: LevelSession.problemsTold)
    /// Different rule failures a level tells at most.
    static let problemsTold = 10
    private var ended = false
    private let isOver: ((GameState) -> Bool)?
    private let clock: StoryClock?
    /// The story events of the transition that ended this scene: they belong to the
    /// next scene, and its session tells them (see ``init(store:step:recorder:scene:clock:pending:)``).
    public private(set) var nextSceneEvents: [LevelEvent] = []
    /// The level the last action left, when it moved the story on to another scene (a
    /// rule's `story.jump` mid-level): the hit it also made is of an entity of that level.
    public private(set) var levelLeft: Level?
    /// Whether the player put an input into the scene (a turn, a select, a skip): a story
    /// counts the scenes it enters with none between as a loop.
    public private(set) var tookInputs = false

    /// The fixed step of the engine: 1/60 s.
    public static let standardStep = 1.0 / 60.0

    /// A session on a fresh store; `recorder` receives every input with its time. A session
    /// of one scene of a story passes `scene`: it ends when that says the scene is over
    /// (another began, or the story ended) rather than when a level is won or lost; the
    /// story's `clock` announces the time as ticks pass; `pending` are events to tell first.
    /// A level's own `clock` (without `scene`) announces the time as the level begins and
    /// as ticks pass, each announcement recorded: `echolot run` has no clock of its own.
    public init(store: Store<GameState>, step: Double = LevelSession.standardStep, recorder: (any InputSink)? = nil,
                scene isOver: ((GameState) -> Bool)? = nil, clock: StoryClock? = nil, pending: [LevelEvent] = []) {
        self.store = store
        self.step = step
        self.recorder = recorder
        self.isOver = isOver
        self.clock = clock
        events = pending
    }

    /// Simulated seconds since the start: the `t` of anything dispatched now.
    public var time: Double { Double(ticks) * step }

    /// The level, as it is now.
    public var level: Level { store.state[Game.level] }

    /// Whether the level is won or lost, or a story's scene is over (nothing more is
    /// dispatched then).
    public var isFinished: Bool {
        if let isOver { return isOver(store.state) }
        return isDecided
    }

    /// Whether the level is won or lost (a story's scene may go on a little after that).
    public var isDecided: Bool {
        let status = level[LevelKeys.status]
        return status == .won || status == .lost
    }

    /// Starts the level (the runner does this itself, so it is not recorded), and says the
    /// level's own clock's time (a story's said it as the story began).
    public func begin() {
        dispatch(.start, record: false)
        if ownsClock, let clock { dispatch(clock.announcement) }
    }

    /// Notes that the player's key started a level that waited for it: a key of theirs
    /// taken in the scene, so a story level lost again and again, each time started anew,
    /// is not counted as a scene entered with no input between (a loop).
    public func playerStarted() { tookInputs = true }

    /// Whether the clock is the level's own, not a story's: its announcements are inputs
    /// of the level's log, and none comes after the level ends, where a replay stops.
    private var ownsClock: Bool { isOver == nil }

    /// Turns the view by `degrees`, coalesced to one turn per tick.
    public func turn(by degrees: Double) {
        if let action = coalescer.turn(by: degrees) { dispatch(action) }
    }

    /// Turns the view to `azimuth`, coalesced to one turn per tick.
    public func turn(to azimuth: Double) {
        if let action = coalescer.turn(to: azimuth) { dispatch(action) }
    }

    /// Tilts the view to `elevation`, coalesced to one tilt per tick.
    public func tilt(to elevation: Double) {
        if let action = coalescer.tilt(to: elevation) { dispatch(action) }
    }

    /// Selects whatever is nearest the view center.
    public func select() {
        dispatch(.select)
    }

    /// Selects the entity `id` directly (a story's choice picked by its number).
    public func select(entity id: String) {
        dispatch(Action(ActionName.selectEntity, ["id": .string(id)]))
    }

    /// Sends an input action as it is (a story's beginning, skipping a cut-scene); whether
    /// the rules took it (a rule that fails on it leaves the state as it was).
    @discardableResult
    public func send(_ action: Action) -> Bool {
        dispatch(action)
    }

    /// Advances simulated time by one step, then sends what was held back for this period.
    public func tick() {
        guard !isFinished, !ended else { return }
        dispatch(.tick(step), record: false)
        ticks += 1
        // A story's clock is the story's, not the player's: a replay announces it by itself,
        // and also on the tick that ends a scene (the next scene's state is this one's), so
        // a scene ending on a whole minute must not lose that minute here either. A level's
        // own is recorded, and stops with the level, as its replay does.
        if let announcement = clock?.tick() { dispatch(announcement, record: ownsClock, afterTheEnd: !ownsClock) }
        for action in coalescer.newPeriod() where !isFinished {
            dispatch(action)
        }
    }

    /// Ends the play (the player left): records `end`, so a replay stops at this tick too.
    public func end() {
        guard !ended else { return }
        ended = true
        if !isFinished { recorder?.record(t: time, action: Action(ActionName.end)) }
        recorder?.close()
    }

    /// The events since the last call.
    public func takeEvents() -> [LevelEvent] {
        defer { events.removeAll(keepingCapacity: true) }
        return events
    }

    /// The heading the view will have once held-back turns are sent.
    public var heading: Double { level[LevelKeys.view][ViewKeys.center] }
    /// The elevation the view has now.
    public var elevation: Double { level[LevelKeys.view][ViewKeys.elevation] }

    /// `event`, unless it is a rule failure the tally keeps quiet about.
    private func tellOnce(_ event: LevelEvent) -> LevelEvent? {
        guard case let .problem(message, _) = event else { return event }
        switch failures.count(message) {
        case .tell: return event
        case .tellTheRestAreNotTold: return .problemsUntold
        case .keepQuiet: return nil
        }
    }

    /// `event` with its count of finds leaving out the wrong picks so far.
    private func countingFinds(_ event: LevelEvent) -> LevelEvent {
        switch event {
        case .wrong:
            wrongPicks += 1
            return event
        case let .hit(id, found):
            return .hit(id: id, found: found - wrongPicks)
        default:
            return event
        }
    }

    /// Sends `action` to the store (and the recorder, with `record`); nothing once the
    /// play ended, nor once the level or scene is over unless `afterTheEnd` says it is the
    /// story's own action that goes on regardless. Whether no rule refused it.
    @discardableResult
    private func dispatch(_ action: Action, record: Bool = true, afterTheEnd: Bool = false) -> Bool {
        guard !ended, action.name == ActionName.start || afterTheEnd || !isFinished else { return true }
        if record {
            recorder?.record(t: time, action: action)
            tookInputs = true
        }
        if action.name == ActionName.turnBy || action.name == ActionName.turnTo || action.name == ActionName.tiltTo {
            steeringActions += 1
        }
        let transition = store.dispatch(action)
        var found = EventDetector.events(
            old: transition.old, new: transition.new, actions: transition.actions, rejections: transition.rejections)
        if !transition.rejections.isEmpty { found = found.compactMap(tellOnce) }
        found = found.map(countingFinds)
        // Only a pick is named by its entity; every tick need not compare the levels.
        if found.contains(where: \.isPick) {
            let before = transition.old[Game.level]
            if before[LevelKeys.id] != transition.new[Game.level][LevelKeys.id] { levelLeft = before }
        }
        if isOver != nil, isFinished {
            events += found.filter { !$0.isStoryFlow }
            nextSceneEvents += found.filter(\.isStoryFlow)
        } else {
            events += found
        }
        return transition.rejections.isEmpty
    }
}
