import Foundation
import GRDB

/// An achievement the player has earned (FAA#31): earned once across all levels and packs,
/// with the run that earned it.
public struct EarnedAchievement: Sendable, Equatable, Codable, FetchableRecord, PersistableRecord {
    /// The achievement's id, as the rules put it in `Game.achievements`.
    public var id: String
    /// The run during which it was earned.
    public var runID: Int64
    /// The pack of that run.
    public var packID: String
    /// The level of that run.
    public var levelID: String
    /// When the run was recorded.
    public var earnedAt: Date
    /// What the rule stored with it (name, description, …), as JSON.
    public var details: String

    /// The table's name.
    public static let databaseTableName = "achievement"

    /// Creates an earned achievement.
    public init(id: String, runID: Int64, packID: String, levelID: String, earnedAt: Date, details: String) {
        self.id = id
        self.runID = runID
        self.packID = packID
        self.levelID = levelID
        self.earnedAt = earnedAt
        self.details = details
    }

    /// Dates are stored as Unix seconds, like runs'.
    public static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy {
        .timeIntervalSince1970
    }

    /// Dates are read back from Unix seconds.
    public static func databaseDateDecodingStrategy(for column: String) -> DatabaseDateDecodingStrategy {
        .timeIntervalSince1970
    }

    /// Columns, for queries.
    public enum Columns {
        /// The achievement's id.
        public static let id = Column(CodingKeys.id)
        /// The run that earned it.
        public static let runID = Column(CodingKeys.runID)
        /// When it was earned.
        public static let earnedAt = Column(CodingKeys.earnedAt)
    }
}
