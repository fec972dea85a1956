import Foundation
import GRDB

/// A scenario the player has unlocked, with the run that unlocked it.
struct ScenarioUnlock: Codable, FetchableRecord, PersistableRecord {
    var packID: String
    var scenarioID: String
    var runID: Int64
    var unlockedAt: Date

    static let databaseTableName = "scenarioUnlock"

    static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy { .timeIntervalSince1970 }
    static func databaseDateDecodingStrategy(for column: String) -> DatabaseDateDecodingStrategy { .timeIntervalSince1970 }

    /// The ids of the scenarios of `packID` unlocked so far.
    static func ids(_ db: Database, packID: String) throws -> Set<String> {
        try String.fetchSet(db, sql: "SELECT scenarioID FROM scenarioUnlock WHERE packID = ?", arguments: [packID])
    }
}
