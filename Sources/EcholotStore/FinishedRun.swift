import EcholotCore
import EcholotModel
import Foundation

/// Everything one ended level leaves in the history: the run, the per-tag counts of what was
/// found, and the achievements earned while it was played.
public struct FinishedRun: Sendable {
    /// The run (not recorded yet: `id` is nil).
    public var run: Run
    /// Found and present entities per tag.
    public var tags: [TagCount]
    /// Achievements earned during the run: id → what the rule stored with it.
    public var achievements: [String: Value]
    /// The progress records of the achievements not earned when it ended, as its rules left
    /// them: the profile keeps them for the next level (FAA#31).
    public var progress: ProgressRecords

    /// Creates a finished run from its parts.
    public init(run: Run, tags: [TagCount] = [], achievements: [String: Value] = [:], progress: ProgressRecords = [:]) {
        self.run = run
        self.tags = tags
        self.achievements = achievements
        self.progress = progress
    }

    /// Reads an ended level off the game state: pack, level, score, time, misses, seed and
    /// the tags of what was found. `parameters` are the goals and scoring in force (see
    /// ``FinishedRun/parameters(of:)``); the state's own are used when it is nil.
    public init(state: GameState, outcome: RunOutcome, at date: Date, parameters: Value? = nil,
                achievements: [String: Value] = [:]) {
        let level = state[Game.level]
        let pack = state[Game.pack]
        run = Run(
            recordedAt: date,
            packID: pack["id"]?.stringValue ?? "",
            packVersion: pack["version"]?.stringValue ?? "",
            levelID: level[LevelKeys.id],
            outcome: outcome,
            score: level[LevelKeys.score],
            seconds: level[LevelKeys.time],
            misses: level[LevelKeys.misses],
            seed: level[LevelKeys.seed],
            parameters: (parameters ?? FinishedRun.parameters(of: level)).jsonText)
        tags = TagCount.counts(in: level)
        self.achievements = achievements
        progress = state.unearnedProgress
    }

    /// The goal and scoring parameters of a level as one JSON value, without the goals'
    /// run-time `state`: what decided this run, kept so statistics survive pack changes.
    public static func parameters(of level: Level) -> Value {
        var goals = PersistentMap<Value>()
        for (id, goal) in level[LevelKeys.goals].nodes {
            var attributes = goal.attributes
            attributes[GoalKeys.state.name] = nil
            goals[id] = .map(attributes)
        }
        return ["goals": .map(goals), "scoring": level[LevelKeys.scoring].map(Value.map) ?? .null]
    }
}

/// For one tag: how many entities carrying it were found, and how many the level had.
public struct TagCount: Sendable, Equatable {
    /// The tag.
    public var tag: String
    /// Entities with the tag the player found.
    public var found: Int
    /// Entities with the tag the player could find (selectable ones, and any found).
    public var present: Int

    /// Creates a count.
    public init(tag: String, found: Int, present: Int) {
        self.tag = tag
        self.found = found
        self.present = present
    }

    /// The counts of every tag in a level, sorted by tag.
    public static func counts(in level: Level) -> [TagCount] {
        let found = Set(level[LevelKeys.found])
        var counts: [String: TagCount] = [:]
        for (id, entity) in level[LevelKeys.entities].nodes {
            let wasFound = found.contains(id) || entity[EntityKeys.found]
            guard wasFound || entity[EntityKeys.selectable] else { continue }
            for tag in Set(entity[EntityKeys.tags]) {
                counts[tag, default: TagCount(tag: tag, found: 0, present: 0)].present += 1
                if wasFound { counts[tag]?.found += 1 }
            }
        }
        return counts.values.sorted { $0.tag < $1.tag }
    }
}
