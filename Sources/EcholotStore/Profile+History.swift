import Foundation
import GRDB

extension Profile {
    /// Recorded runs, newest first: all of them, or those of one pack, or of one level.
    public func runs(packID: String? = nil, levelID: String? = nil, limit: Int? = nil) throws(ProfileError) -> [Run] {
        try read { db in
            var request = Run.all()
            if let packID { request = request.filter(Run.Columns.packID == packID) }
            if let levelID { request = request.filter(Run.Columns.levelID == levelID) }
            request = request.order(Run.Columns.recordedAt.desc, Run.Columns.id.desc)
            if let limit { request = request.limit(limit) }
            return try request.fetchAll(db)
        }
    }

    /// The tag counts of one run, sorted by tag.
    public func foundTags(of run: Run) throws(ProfileError) -> [FoundTag] {
        guard let id = run.id else { return [] }
        return try read { db in
            try FoundTag.filter(Column("runID") == id).order(Column("tag")).fetchAll(db)
        }
    }

    /// Every achievement earned, in the order they were earned (FAA#31: across levels and packs).
    public func achievements() throws(ProfileError) -> [EarnedAchievement] {
        try read { db in
            try EarnedAchievement.order(EarnedAchievement.Columns.earnedAt, EarnedAchievement.Columns.runID, EarnedAchievement.Columns.id).fetchAll(db)
        }
    }

    /// Whether the achievement has been earned, in any level of any pack.
    public func hasEarned(_ achievementID: String) throws(ProfileError) -> Bool {
        try read { db in try EarnedAchievement.exists(db, key: achievementID) }
    }
}
