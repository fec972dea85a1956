import EcholotCore
import EcholotModel
import Foundation
import GRDB

/// The progress record of an achievement not earned yet, as the last level that ran its
/// rule left it (FAA#31: an achievement spans levels): the next level starts with it.
struct AchievementProgressRow: Codable, FetchableRecord, PersistableRecord {
    /// The achievement's id.
    var id: String
    /// The record, as JSON text.
    var record: String
    /// When it was saved, in Unix seconds.
    var savedAt: Double

    static let databaseTableName = "achievementProgress"

    /// Saves `records`, each replacing the row of its id; one of an earned achievement is
    /// left out (its row goes when it is earned). An empty record is no progress (a rule's
    /// first run makes one): its row goes.
    static func save(_ db: Database, _ records: ProgressRecords, at date: Date) throws {
        for id in records.keys.sorted() {
            guard let record = records[id], try !EarnedAchievement.exists(db, key: id) else { continue }
            if record.isEmpty {
                try deleteOne(db, key: id)
                continue
            }
            try AchievementProgressRow(id: id, record: Value.map(record).jsonText, savedAt: date.timeIntervalSince1970)
                .insert(db, onConflict: .replace)
        }
    }
}

extension Profile {
    /// The progress records of the achievements not earned yet, by id, as levels left them:
    /// what the next level starts with. A row that does not read as a record is left out.
    public func achievementProgress() throws(ProfileError) -> ProgressRecords {
        try read { db in
            var records: ProgressRecords = [:]
            for row in try AchievementProgressRow.fetchAll(db) {
                if let record = AchievementProgress.record(json: row.record) { records[row.id] = record }
            }
            return records
        }
    }
}
