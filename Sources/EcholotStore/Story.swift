import Foundation
import GRDB

/// One play-through of a story pack; the latest one of a pack is the one being played.
struct Story: Codable, FetchableRecord, MutablePersistableRecord {
    var id: Int64?
    var packID: String
    var startedAt: Date
    /// The story record as JSON, saved as each scene begins; nil before the first.
    var checkpoint: String?
    /// When the checkpoint was saved.
    var savedAt: Date?

    static let databaseTableName = "story"

    static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy { .timeIntervalSince1970 }
    static func databaseDateDecodingStrategy(for column: String) -> DatabaseDateDecodingStrategy { .timeIntervalSince1970 }

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    /// The story of `packID` being played, if one has begun.
    static func current(_ db: Database, packID: String) throws -> Story? {
        try Story.filter(Column("packID") == packID).order(Column("id").desc).fetchOne(db)
    }

    /// The story of `packID` being played, beginning one when there is none.
    static func currentOrNew(_ db: Database, packID: String, at date: Date) throws -> Story {
        if let story = try current(db, packID: packID) { return story }
        var story = Story(packID: packID, startedAt: date, checkpoint: nil, savedAt: nil)
        try story.insert(db)
        return story
    }
}

/// A level a story has finished, with the run that finished it.
struct StoryStep: Codable, FetchableRecord, PersistableRecord {
    var storyID: Int64
    var levelID: String
    var runID: Int64
    var outcome: RunOutcome

    static let databaseTableName = "storyStep"
}
