import EcholotCore

/// Plays a level with no terminal and no sound device: ticks at a fixed step, dispatches
/// the input log's events at their times, and stops at `end`, at a win or loss, at the
/// time cap, or (when asked) once the level's clock has stood still for a while. Same
/// state + same log ⇒ same final state, bit for bit.
public struct LevelRunner {
    /// Simulated seconds per tick (default 1/60 s).
    public var step: Double
    /// The run stops after this many simulated seconds.
    public var maxSeconds: Double
    /// When set, the run also stops once the level's clock has stood still for this many
    /// ticks in a row while it runs: every one of them failed. A rule that exhausts its
    /// instruction budget on every tick costs a whole budget per tick, and its level, whose
    /// clock no failed tick moves, would otherwise be played to the cap — minutes of real
    /// time for a verdict the first second gives. `nil` plays on, as a recorded play did.
    public var stallLimit: Int?
    /// What a stall (``stallLimit``) does: stop the run there (a test, which has failed
    /// already), or skip the ticks to the next input and go on from it (`run`, whose report
    /// must still say what the log's later inputs do).
    public var onStall: StallAction

    /// What a run does once the level's clock has stood still for ``stallLimit`` ticks.
    public enum StallAction: Sendable {
        /// The run ends there.
        case stop
        /// The ticks up to the next input are not played: a tick the store rejected left
        /// the state as it was, so the next is the same action on the same state and fails
        /// the same way (a script's own variables aside). The run goes on from the input,
        /// and ends at the stall when none is left.
        case skipToNextInput
    }

    /// The longest run anything may ask for, in simulated seconds (a day): a cap from a
    /// file or an option above it is refused, since the run would take hours of real time.
    public static let longestRun = 86_400.0

    /// A runner with the given step and cap.
    public init(step: Double = 1.0 / 60.0, maxSeconds: Double = 600, stallLimit: Int? = nil, onStall: StallAction = .stop) {
        precondition(stallLimit.map { $0 > 0 } ?? true, "a stall is at least one tick")
        self.step = step
        self.maxSeconds = maxSeconds
        self.stallLimit = stallLimit
        self.onStall = onStall
    }

    /// The ``stallLimit`` of runs that only report: a second of ticks at the default step. A
    /// failed tick fails the test already; more of them only cost time — up to a fifth of a
    /// second each for a rule that allocates its whole budget.
    public static let reportStallLimit = 60

    /// The runner of a command that plays a level to report on it (`run`, `render`): one
    /// rule for both, so that a render skips or stops at a stalled level where `run` does,
    /// and both tell it with one note.
    public static func reporting(maxSeconds: Double) -> LevelRunner {
        LevelRunner(maxSeconds: maxSeconds, stallLimit: reportStallLimit, onStall: .skipToNextInput)
    }

    /// Runs the store's level through `log`; returns the result read off the final state.
    /// An input the level itself refuses (a `selectEntity` of no entity) is told as
    /// `path:line:col: error: …` at its line in the log's file, or as `refused` tells it
    /// for a log written inline (given the event and what is wrong); the run goes on, as
    /// it does past a rule's error (up to ``stallLimit`` failed ticks in a row). `skipped`
    /// is told the simulated seconds of each stretch of ticks a stall did not play, before
    /// the input after them is sent (a render fills them with the level as it stood).
    @discardableResult
    public func run(_ store: Store<GameState>, log: InputLog,
                    refused: (InputEvent, _ sentence: String) -> String? = { _, _ in nil },
                    skipped: (_ seconds: Double) -> Void = { _ in }) -> RunResult {
        // Counted as they come, not kept: a rule failing on every tick of a day-long run
        // would otherwise keep five million messages for a report that shows twenty.
        var errors = FailureTally(limit: FailureTally.reportLimit)
        // A rejected input names its line of the log (or its place in an inline list):
        // which select it was is what the author of the log needs to know.
        func send(_ action: Action, event: InputEvent? = nil) {
            for rejection in store.send(action) {
                _ = errors.count(Self.message(for: rejection, of: event, in: log, refused: refused))
            }
        }
        func finished() -> Bool {
            let status = store.state[Game.level][LevelKeys.status]
            return status == .won || status == .lost
        }
        let maxTicks = Int((maxSeconds / step).rounded(.down))
        var ticks = 0
        // Ticks in a row that left a running level's clock where it was, and where the run
        // stopped for them: only when a tick was still to come, so a log whose `end` comes
        // as the limit is reached is not told it was cut.
        var stalled = 0
        var stalls: [RunResult.Stall] = []
        var stopped = false
        // The level's clock while it runs; nil before and after, when ticks do not move it.
        func runningTime() -> Double? {
            let level = store.state[Game.level]
            return level[LevelKeys.status] == .running ? level[LevelKeys.time] : nil
        }
        // Ticks until simulated time reaches `t` (with a little slack for float steps).
        func advance(to t: Double) {
            while ticks < maxTicks, !finished(), Double(ticks + 1) * step <= t + 1e-9 {
                if let stallLimit, stalled >= stallLimit {
                    let from = Double(ticks) * step
                    guard onStall == .skipToNextInput, t.isFinite else {
                        stalls.append(RunResult.Stall(from: from, resumedAt: nil))
                        stopped = true
                        return
                    }
                    // Where the loop above would have stopped ticking for this input.
                    let resumed = min(maxTicks, Int(((t + 1e-9) / step).rounded(.down)))
                    skipped(Double(resumed - ticks) * step)
                    ticks = resumed
                    stalls.append(RunResult.Stall(from: from, resumedAt: t))
                    stalled = 0
                    return
                }
                // Only a run that watches for a stall reads the clock around each tick.
                let before = stallLimit == nil ? nil : runningTime()
                send(.tick(step))
                ticks += 1
                if stallLimit != nil { stalled = before != nil && runningTime() == before ? stalled + 1 : 0 }
            }
        }
        // What the level starts with (a profile's achievements) is no part of what it earned.
        let earnedBefore = Set(store.state[Game.achievements].keys)
        let progressBefore = store.state.unearnedProgress
        func result() -> RunResult {
            var result = RunResult(state: store.state, errors: errors.summary, earnedBefore: earnedBefore)
            result.progressBefore = progressBefore
            result.stalls = stalls
            return result
        }
        send(.start)
        for event in log.events {
            advance(to: event.t)
            if stopped || finished() || ticks >= maxTicks || event.action.name == ActionName.end { return result() }
            send(event.action, event: event)
            // An input may change what failed: the ticks after it are tried anew.
            if onStall == .skipToNextInput { stalled = 0 }
        }
        advance(to: .infinity)
        return result()
    }

    /// How a rejection is told: at the input's own place when the engine refused the input
    /// itself (its payload is the log's mistake, not a rule's), else as it is — a rule's
    /// error has its script's place — with the input's line or event number after it.
    private static func message(for rejection: Rejection, of event: InputEvent?, in log: InputLog,
                                refused: (InputEvent, String) -> String?) -> String {
        guard let event, event.line > 0 else { return rejection.description }
        if let problem = rejection.payloadProblem, rejection.action == event.action {
            if let path = log.path { return Diagnostic(path: path, line: event.line, column: 1, message: problem).description }
            if let told = refused(event, problem) { return told }
        }
        return "\(rejection.description) (\(log.place) \(event.line))"
    }
}
