import GRDB

/// For one run and one entity tag: how many entities with the tag the player found, and how
/// many the level had — what per-tag statistics ("you find birds 80% of the time") add up.
public struct FoundTag: Sendable, Equatable, Codable, FetchableRecord, PersistableRecord {
    /// The run.
    public var runID: Int64
    /// The tag (`bird`, `bell`, …).
    public var tag: String
    /// Entities with the tag that were found.
    public var found: Int
    /// Selectable entities with the tag that the level had.
    public var present: Int

    /// The table's name.
    public static let databaseTableName = "foundTag"

    /// Creates a count.
    public init(runID: Int64, tag: String, found: Int, present: Int) {
        self.runID = runID
        self.tag = tag
        self.found = found
        self.present = present
    }
}
