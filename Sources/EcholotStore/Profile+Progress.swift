import EcholotModel
import Foundation
import GRDB

extension Profile {
    /// The player's progress in a pack: levels done and best scores, the total score, which
    /// scenarios are unlocked and finished, and for story packs where the story stands.
    public func progress(in manifest: PackManifest) throws(ProfileError) -> PackProgress {
        try read { db in try PackProgress.fetch(db, manifest: manifest) }
    }

    /// Where the story of a story pack stands: the levels it has finished and where it resumes.
    public func story(of manifest: PackManifest) throws(ProfileError) -> StoryProgress {
        try read { db in try StoryProgress.fetch(db, manifest: manifest) }
    }

    /// Begins a new play-through of a story pack: every level can be played again, in order.
    /// Earlier stories stay in the history.
    @discardableResult
    public func startNewStory(of manifest: PackManifest, at date: Date = Date()) throws(ProfileError) -> StoryProgress {
        try write { db in
            var story = Story(packID: manifest.id, startedAt: date, checkpoint: nil, savedAt: nil)
            try story.insert(db)
            return StoryProgress(storyID: story.id, startedAt: date, finished: [:], order: manifest.levelOrder)
        }
    }
}

extension Profile {
    /// Saves where the story of a story pack stands — its `story` record as JSON text —
    /// in the play-through being played (beginning one when none has).
    public func saveStory(checkpoint: String, of manifest: PackManifest, at date: Date = Date()) throws(ProfileError) {
        try write { db in
            var story = try Story.currentOrNew(db, packID: manifest.id, at: date)
            story.checkpoint = checkpoint
            story.savedAt = date
            try story.update(db)
        }
    }
}

extension PackProgress {
    /// Reads a pack's progress: its level summaries (not its runs: the cost stays the same
    /// however long the history), the kept unlocks, and the current story.
    static func fetch(_ db: Database, manifest: PackManifest) throws -> PackProgress {
        var levels: [String: LevelProgress] = [:]
        // Copied rows: they read values strictly, where a statement's row would make "abc" 0.
        for row in try Row.fetchAll(db, sql: """
            SELECT levelID, plays, wins, bestScore FROM levelSummary WHERE packID = ?
            """, arguments: [manifest.id]) {
            let id: String = try row.read(0)
            levels[id] = try LevelProgress(levelID: id, plays: row.read(1), wins: row.read(2), bestScore: row.read(3))
        }
        let story = manifest.kind == .story ? try StoryProgress.fetch(db, manifest: manifest) : nil
        // Each level counts once, with its best score: replaying never inflates the total.
        let total = Score.sum(Set(manifest.levelOrder).map { levels[$0]?.bestScore ?? 0 })
        func isDone(_ level: String) -> Bool {
            if let story { return story.isFinished(level) }
            return levels[level]?.isDone ?? false
        }
        var finished: [String: Bool] = [:]
        for scenario in manifest.scenarios {
            finished[scenario.id] = !scenario.levels.isEmpty && scenario.levels.allSatisfy(isDone)
        }
        let kept = try ScenarioUnlock.ids(db, packID: manifest.id)
        let scenarios = manifest.scenarios.map { scenario in
            let met: Bool
            switch scenario.unlock {
            case .none: met = true
            case let .totalScore(needed)?: met = total >= needed
            case let .after(other)?: met = finished[other] ?? false
            }
            return ScenarioProgress(
                id: scenario.id, levels: scenario.levels, unlock: scenario.unlock,
                isUnlocked: met || kept.contains(scenario.id), isFinished: finished[scenario.id] ?? false)
        }
        return PackProgress(packID: manifest.id, kind: manifest.kind, levels: levels, totalScore: total,
                            scenarios: scenarios, story: story)
    }
}

extension StoryProgress {
    /// Reads the current story of a pack (an empty one when none has begun).
    static func fetch(_ db: Database, manifest: PackManifest) throws -> StoryProgress {
        guard let story = try Story.current(db, packID: manifest.id), let id = story.id else {
            return StoryProgress(storyID: nil, startedAt: nil, finished: [:], order: manifest.levelOrder)
        }
        let steps = try StoryStep.filter(Column("storyID") == id).fetchAll(db)
        let finished = Dictionary(steps.map { ($0.levelID, $0.outcome) }, uniquingKeysWith: { first, _ in first })
        return StoryProgress(storyID: id, startedAt: story.startedAt, finished: finished, order: manifest.levelOrder,
                             checkpoint: story.checkpoint)
    }
}
