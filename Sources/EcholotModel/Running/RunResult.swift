import EcholotCore

/// How a run ended: `won`, `lost`, or `running` (stopped by `end` or the time cap).
public enum Outcome: String, Sendable {
    /// All goals met.
    case won
    /// A goal failed.
    case lost
    /// Neither, when the run stopped.
    case running
}

/// What a headless run reports (the `echolot run --json` contract).
public struct RunResult: Sendable, Equatable {
    /// How the run ended.
    public var outcome: Outcome
    /// The score, if the level has scoring and it was computed.
    public var score: Int?
    /// Simulated seconds the level ran.
    public var time: Double
    /// Selections that hit nothing.
    public var misses: Int
    /// Achievements earned during the run, sorted: those the level started with
    /// (``earnedBefore``) are not among them.
    public var achievements: [String]
    /// The achievements the level started with, earned before it (a profile's), sorted:
    /// what the run needs besides the pack and the log to end in the same ``stateHash``.
    public var earnedBefore: [String]
    /// The progress records of achievements not earned that the level started with (a
    /// profile's, FAA#31): with ``earnedBefore``, what the run needs besides the pack and the
    /// log to end in the same ``stateHash``.
    public var progressBefore: ProgressRecords = [:]
    /// Entities found, in order.
    public var found: [String]
    /// The final state's stable hash.
    public var stateHash: String
    /// Error messages of actions the store rejected, as a report tells them (``FailureTally``):
    /// each different one once, in the order they first came, with its count when it came
    /// again, and at most ``FailureTally/reportLimit`` of them.
    public var errors: [String]
    /// Where in the input log's time the level's clock stood still (``LevelRunner/stallLimit``)
    /// and the run stopped or skipped to the next input, in order. Not part of the JSON.
    public var stalls: [Stall] = []
    /// Where in the input log's time the run stopped because the level's clock stood
    /// still; nil when it did not.
    public var stalledAt: Double? {
        stalls.last.flatMap { $0.resumedAt == nil ? $0.from : nil }
    }

    /// A stretch of the input log's time whose ticks a run did not play, since the level's
    /// clock had stood still for ``LevelRunner/stallLimit`` ticks, each one rejected.
    public struct Stall: Sendable, Equatable {
        /// Where in the log's time the ticks stopped.
        public var from: Double
        /// The time of the input the run went on from; nil when it ended there.
        public var resumedAt: Double?

        /// A stall from `from` to `resumedAt`.
        public init(from: Double, resumedAt: Double?) {
            self.from = from
            self.resumedAt = resumedAt
        }
    }
    /// The ids of the level's goals that failed, sorted: why a run was lost. Not part of
    /// the JSON, which is the contract.
    public var failedGoals: [String]
    /// The ids of the level's goals still pending, sorted: why a run is still running.
    /// Not part of the JSON.
    public var pendingGoals: [String]
    /// The level as the run left it: what a pack test's `goals` and `entities` check.
    /// Not part of the JSON.
    public var level: Level
    /// The progress records of the achievements not earned when the run ended
    /// (``GameState/unearnedProgress``): what the next level starts with. Not part of the JSON.
    public var unearnedProgress: ProgressRecords

    /// Reads the result off a final state whose level started with the achievements
    /// `earnedBefore` (``GameState/startWith(earnedBefore:)``).
    public init(state: GameState, errors: [String] = [], earnedBefore: Set<String> = []) {
        let level = state[Game.level]
        switch level[LevelKeys.status] {
        case .won: outcome = .won
        case .lost: outcome = .lost
        case .ready, .running: outcome = .running
        }
        score = level[LevelKeys.score]
        time = level[LevelKeys.time]
        misses = level[LevelKeys.misses]
        achievements = state[Game.achievements].keys.filter { !earnedBefore.contains($0) }.sorted()
        self.earnedBefore = earnedBefore.sorted()
        found = level[LevelKeys.found]
        stateHash = state.tree.stableHashHex
        self.errors = errors
        let goals = level[LevelKeys.goals].nodes.sorted { $0.id < $1.id }
        failedGoals = goals.filter { $0.node[GoalKeys.state] == .failed }.map(\.id)
        pendingGoals = goals.filter { $0.node[GoalKeys.state] == .pending }.map(\.id)
        self.level = level
        unearnedProgress = state.unearnedProgress
    }

    /// Why the run has its outcome, to follow it in a sentence: ": goal 'g' failed" when
    /// it was lost, ": goals 'a' and 'b' still pending" when it is still running; "" when
    /// it was won or the level has no goals.
    public var outcomeReason: String {
        let (ids, state) = outcome == .lost ? (failedGoals, "failed") : (outcome == .running ? pendingGoals : [], "still pending")
        guard !ids.isEmpty else { return "" }
        return ": goal\(ids.count == 1 ? "" : "s") \(Suggestion.list(ids.map(MessageText.named))) \(state)"
    }

    /// The result as one JSON object (keys sorted; time rounded to microseconds).
    public var json: Value {
        [
            "outcome": .string(outcome.rawValue),
            "score": score.map(Value.int) ?? .null,
            "time": .number((time * 1e6).rounded() / 1e6),
            "misses": .int(misses),
            "achievements": .list(achievements.map(Value.string)),
            "earnedBefore": .list(earnedBefore.map(Value.string)),
            "progressBefore": AchievementProgress.json(progressBefore),
            "found": .list(found.map(Value.string)),
            "stateHash": .string(stateHash),
            "errors": .list(errors.map(Value.string)),
        ]
    }
}
