import EcholotCore
import EcholotModel

/// What the menus show about a level: whether it was finished, its best score, whether
/// it can be played yet.
public struct LevelMarks: Equatable, Sendable {
    /// Won at least once.
    public var done = false
    /// The best score so far, once the level has been won; `nil` before: a lost level's
    /// score (0 in standard scoring) read as "best 0", a score the player never reached.
    public var bestScore: Int?
    /// Why it cannot be played yet; `nil` when it can.
    public var locked: LevelLock?

    /// Marks.
    public init(done: Bool = false, bestScore: Int? = nil, locked: LevelLock? = nil) {
        self.done = done
        self.bestScore = bestScore
        self.locked = locked
    }
}

/// What the menus show about a scenario: whether all its levels were won, whether it can
/// be played yet.
public struct ScenarioMarks: Equatable, Sendable {
    /// Every level won at least once.
    public var done = false
    /// Why it cannot be played yet; `nil` when it can.
    public var locked: LevelLock?

    /// Marks.
    public init(done: Bool = false, locked: LevelLock? = nil) {
        self.done = done
        self.locked = locked
    }
}

/// The seam between the menus and whatever remembers the player's progress: the menus
/// read marks through it and report each finished level to it. The profile database
/// (issue 6) provides one; ``SessionProgress`` is the default.
public protocol ProgressProvider: AnyObject {
    /// The marks of a scenario of `pack`.
    func marks(scenario: Scenario, in pack: Pack) -> ScenarioMarks
    /// The marks of level `level` of `pack`.
    func marks(level: String, in pack: Pack) -> LevelMarks
    /// A level was played to its end or left; `result` is read off its final state.
    func levelEnded(level: String, in pack: Pack, result: RunResult)
    /// A level was cut short by an authoring reload (`--watch`), or left before its clock
    /// started (a story's level at its start prompt): not a run, nothing of it is kept.
    func levelDiscarded(in pack: Pack)
    /// The achievements the player has earned already (each is earned once in a whole
    /// profile), so a level that earns one again does not announce it as new.
    func earnedAchievements() -> Set<String>
    /// The progress records of the achievements not earned yet, as the levels played left
    /// them: what a level starts with (FAA#31, an achievement spans levels).
    func achievementProgress() -> ProgressRecords
    /// Of the achievements `result` (the level ``levelEnded(level:in:result:)`` was last
    /// told of) earned, those the profile already held when its run was written: another
    /// game on the same profile recorded them first, and announced them.
    func recordedElsewhere(_ result: RunResult) -> Set<String>
    /// The saved `story` record of the story of `pack` being played, if one was saved.
    func storyCheckpoint(in pack: Pack) -> PersistentMap<Value>?
    /// The story of `pack` is played from the beginning: a new play-through.
    func storyBegan(in pack: Pack)
    /// The story of `pack` reached a new scene or its end: `story` is where to resume.
    func storySaved(_ story: PersistentMap<Value>, in pack: Pack)
    /// A menu is about to be drawn: what another program recorded meanwhile (a run, an
    /// unlock) is to show in it.
    func menuWillShow()
}

extension ProgressProvider {
    /// Progress only this game changes has nothing to read again.
    public func menuWillShow() {}

    /// Progress only this game changes is recorded by no other.
    public func recordedElsewhere(_ result: RunResult) -> Set<String> { [] }
}

/// Progress known to this process only: it starts knowing nothing, learns from the
/// levels played since, and applies the manifest's unlock rules to what it learnt (a
/// scenario unlocked by another opens once that one is done in this session).
public final class SessionProgress: ProgressProvider {
    private var best: [String: [String: Int]] = [:]
    private var won: [String: Set<String>] = [:]
    private var stories: [String: PersistentMap<Value>] = [:]
    private var earned: Set<String> = []
    private var progress: ProgressRecords = [:]

    /// Progress that knows nothing yet.
    public init() {}

    /// Done when every level was won in this session; locked by the manifest's rule.
    public func marks(scenario: Scenario, in pack: Pack) -> ScenarioMarks {
        let wins = won[pack.id] ?? []
        var marks = ScenarioMarks(done: !scenario.levels.isEmpty && scenario.levels.allSatisfy(wins.contains))
        switch scenario.unlock {
        case nil:
            break
        case let .after(id):
            let other = pack.manifest.scenarios.first { $0.id == id }
            if let other, !other.levels.allSatisfy(wins.contains) { marks.locked = .after(scenario: id) }
        case let .totalScore(needed):
            let total = Score.sum((best[pack.id] ?? [:]).values)
            if total < needed { marks.locked = .totalScore(needed: needed, have: total) }
        }
        return marks
    }

    /// Done and best score from this session; levels themselves are never locked.
    public func marks(level: String, in pack: Pack) -> LevelMarks {
        let done = won[pack.id]?.contains(level) ?? false
        return LevelMarks(done: done, bestScore: done ? best[pack.id]?[level] : nil)
    }

    /// Remembers wins, best scores and achievements.
    public func levelEnded(level: String, in pack: Pack, result: RunResult) {
        earned.formUnion(result.achievements)
        // One of an achievement earned since is left out as a level starts (`startWith`).
        AchievementProgress.update(&progress, with: result.unearnedProgress)
        if result.outcome == .won { won[pack.id, default: []].insert(level) }
        if let score = result.score {
            best[pack.id, default: [:]][level] = max(score, best[pack.id]?[level] ?? score)
        }
    }

    /// The achievements of the levels ended in this session.
    public func earnedAchievements() -> Set<String> { earned }

    /// The progress records the levels ended in this session left.
    public func achievementProgress() -> ProgressRecords { progress }

    /// Nothing to forget: this provider learns only from ended levels.
    public func levelDiscarded(in pack: Pack) {}

    /// The story record saved in this session.
    public func storyCheckpoint(in pack: Pack) -> PersistentMap<Value>? { stories[pack.id] }

    /// Forgets the saved record.
    public func storyBegan(in pack: Pack) { stories[pack.id] = nil }

    /// Remembers the record.
    public func storySaved(_ story: PersistentMap<Value>, in pack: Pack) { stories[pack.id] = story }
}
