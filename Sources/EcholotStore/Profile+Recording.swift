import EcholotCore
import EcholotModel
import Foundation
import GRDB

extension Profile {
    /// Records an ended level in one transaction: the run, its tag counts, the achievements
    /// earned for the first time, the story step (story packs) and the scenarios it unlocks.
    /// With no `manifest`, story steps and unlocks are left for a later run to settle.
    @discardableResult
    public func record(_ finished: FinishedRun, in manifest: PackManifest? = nil) throws(ProfileError) -> Recording {
        try write { db in try Self.insert(finished, in: manifest, db) }
    }

    /// Records many ended levels in one transaction, in order (importing a history, filling
    /// a profile for a benchmark): all of them or, on any failure, none.
    @discardableResult
    public func record(contentsOf runs: [FinishedRun], in manifest: PackManifest? = nil) throws(ProfileError) -> [Recording] {
        try write { db in try runs.map { try Self.insert($0, in: manifest, db) } }
    }

    /// Writes `runs` oldest first, each in its own transaction, taking each written one out;
    /// stops at the first that finds the profile locked (it and the rest stay, to be tried
    /// later: runs left over mean the profile was busy). A run that fails otherwise is taken
    /// out too, as it would fail again. Returns the recordings made and the first such
    /// failure.
    public func record(_ runs: inout [UnsavedRun]) -> (recordings: [Recording], failure: ProfileError?) {
        var made: [Recording] = []
        var failure: ProfileError?
        while let next = runs.first {
            do {
                switch next {
                case let .run(finished, manifest):
                    made.append(try record(finished, in: manifest))
                case let .achievements(achievements, run, progress):
                    let earned = try recordAchievements(achievements, earnedIn: run, progress: progress)
                    made.append(Recording(run: run, newAchievements: earned, unlockedScenarios: []))
                }
            } catch .busy {
                return (made, failure)
            } catch {
                failure = failure ?? error
            }
            runs.removeFirst()
        }
        return (made, failure)
    }

    /// Records achievements that were earned after their run was recorded (a rule that
    /// reacts to the win itself); ids earned before are ignored. Returns the new ones.
    /// `progress` are the records of those not earned as they stand now, saved with them.
    @discardableResult
    public func recordAchievements(_ achievements: [String: Value], earnedIn run: Run,
                                   progress: ProgressRecords = [:]) throws(ProfileError) -> [EarnedAchievement] {
        try write { db in
            try AchievementProgressRow.save(db, progress, at: run.recordedAt)
            return try EarnedAchievement.earnOnce(db, achievements, in: run)
        }
    }

    /// The inserts of one recording, inside the caller's transaction.
    private static func insert(_ finished: FinishedRun, in manifest: PackManifest?, _ db: Database) throws -> Recording {
        var run = finished.run
        try run.insert(db)
        let runID = db.lastInsertedRowID
        for count in finished.tags {
            try FoundTag(runID: runID, tag: count.tag, found: count.found, present: count.present).insert(db)
        }
        try Summaries.add(run, tags: finished.tags, db)
        try AchievementProgressRow.save(db, finished.progress, at: run.recordedAt)
        let earned = try EarnedAchievement.earnOnce(db, finished.achievements, in: run)
        var unlocked: [String] = []
        if let manifest, manifest.id == run.packID {
            if manifest.kind == .story, run.outcome != .abandoned {
                let story = try Story.currentOrNew(db, packID: manifest.id, at: run.recordedAt)
                if let storyID = story.id {
                    // A replayed story level keeps the outcome it first ended with.
                    try StoryStep(storyID: storyID, levelID: run.levelID, runID: runID, outcome: run.outcome)
                        .insert(db, onConflict: .ignore)
                }
            }
            unlocked = try ScenarioUnlock.keepNew(db, manifest: manifest, run: run)
        }
        return Recording(run: run, newAchievements: earned, unlockedScenarios: unlocked)
    }
}

extension EarnedAchievement {
    /// Inserts the achievements not earned yet, in id order; returns those inserted.
    static func earnOnce(_ db: Database, _ achievements: [String: Value], in run: Run) throws -> [EarnedAchievement] {
        guard let runID = run.id else { return [] }
        var earned: [EarnedAchievement] = []
        for id in achievements.keys.sorted() {
            let achievement = EarnedAchievement(
                id: id, runID: runID, packID: run.packID, levelID: run.levelID,
                earnedAt: run.recordedAt, details: achievements[id, default: .null].jsonText)
            // Earned once: the first run keeps it; later ones change nothing.
            try achievement.insert(db, onConflict: .ignore)
            if db.changesCount > 0 { earned.append(achievement) }
            // Its progress is over.
            try AchievementProgressRow.deleteOne(db, key: id)
        }
        return earned
    }
}

extension ScenarioUnlock {
    /// Keeps every scenario whose rule is met now and that was not kept before; returns the
    /// newly kept ids in manifest order.
    static func keepNew(_ db: Database, manifest: PackManifest, run: Run) throws -> [String] {
        guard let runID = run.id else { return [] }
        let kept = try ids(db, packID: manifest.id)
        let progress = try PackProgress.fetch(db, manifest: manifest)
        var unlocked: [String] = []
        for scenario in progress.scenarios where scenario.unlock != nil && scenario.isUnlocked && !kept.contains(scenario.id) {
            try ScenarioUnlock(packID: manifest.id, scenarioID: scenario.id, runID: runID, unlockedAt: run.recordedAt).insert(db)
            unlocked.append(scenario.id)
        }
        return unlocked
    }
}
