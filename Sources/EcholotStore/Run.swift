import Foundation
import GRDB

/// How a recorded run ended: won, lost, or abandoned (the player stopped, or the time cap
/// hit, before the level was decided).
public enum RunOutcome: String, Sendable, Codable, CaseIterable, DatabaseValueConvertible {
    /// All goals met.
    case won
    /// A goal failed.
    case lost
    /// Stopped before it was won or lost.
    case abandoned
}

/// One played level in the history: written once, when the level ends, never changed.
///
/// It keeps the goal and scoring parameters that were in force (`parameters`, JSON), so
/// statistics stay right after a pack changes its levels.
public struct Run: Sendable, Equatable, Codable, FetchableRecord, MutablePersistableRecord {
    /// Row id, assigned when inserted.
    public var id: Int64?
    /// When the level ended (wall clock: history lives outside the deterministic state).
    public var recordedAt: Date
    /// The pack's id.
    public var packID: String
    /// The pack's version when it was played.
    public var packVersion: String
    /// The level's id.
    public var levelID: String
    /// How it ended.
    public var outcome: RunOutcome
    /// The score, when the level's scoring computed one.
    public var score: Int?
    /// Simulated seconds the level ran.
    public var seconds: Double
    /// Selections that hit nothing.
    public var misses: Int
    /// The seed of the level's random generator.
    public var seed: Int
    /// The goals and scoring in force, as JSON: `{"goals": {…}, "scoring": {…}}`.
    public var parameters: String

    /// The table's name.
    public static let databaseTableName = "run"

    /// Creates a run that is not recorded yet.
    public init(recordedAt: Date, packID: String, packVersion: String, levelID: String, outcome: RunOutcome,
                score: Int?, seconds: Double, misses: Int, seed: Int, parameters: String) {
        self.recordedAt = recordedAt
        self.packID = packID
        self.packVersion = packVersion
        self.levelID = levelID
        self.outcome = outcome
        self.score = score
        self.seconds = seconds
        self.misses = misses
        self.seed = seed
        self.parameters = parameters
    }

    /// Dates are stored as Unix seconds, so windows compare numbers on an index.
    public static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy {
        .timeIntervalSince1970
    }

    /// Dates are read back from Unix seconds.
    public static func databaseDateDecodingStrategy(for column: String) -> DatabaseDateDecodingStrategy {
        .timeIntervalSince1970
    }

    /// Takes the row id SQLite assigned.
    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

extension Run {
    /// Columns, for queries that read like the domain.
    public enum Columns {
        /// The row id.
        public static let id = Column(CodingKeys.id)
        /// When the level ended.
        public static let recordedAt = Column(CodingKeys.recordedAt)
        /// The pack's id.
        public static let packID = Column(CodingKeys.packID)
        /// The level's id.
        public static let levelID = Column(CodingKeys.levelID)
        /// How it ended.
        public static let outcome = Column(CodingKeys.outcome)
        /// The score.
        public static let score = Column(CodingKeys.score)
        /// The misses.
        public static let misses = Column(CodingKeys.misses)
    }
}
