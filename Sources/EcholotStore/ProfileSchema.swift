import GRDB

/// The profile's tables, built by migrations, and the checks that keep Echolot from
/// writing into a database that is not its own.
enum ProfileSchema {
    /// `PRAGMA application_id` of every Echolot profile ("ECLO"): how a profile is told
    /// apart from another program's SQLite file before anything is written to it.
    static let applicationID = 0x4543_4C4F

    /// Every schema step, in order. Append new steps; never edit a released one, since a
    /// player's profile has already run it.
    static let migrator: DatabaseMigrator = {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: runs, achievements, unlocks, stories") { db in
            try db.execute(sql: "PRAGMA application_id = \(applicationID)")
            try createRuns(db)
            try createSummaries(db)
            try createAchievements(db)
            try createUnlocks(db)
            try createStories(db)
        }
        migrator.registerMigration("v2: story checkpoints") { db in
            // Where a story stands (its `story` record as JSON), saved as each scene begins,
            // so a story resumes at the scene the player left.
            try db.alter(table: "story") { t in
                t.add(column: "checkpoint", .jsonText)
                t.add(column: "savedAt", .double)
            }
        }
        migrator.registerMigration("v3: achievement progress") { db in
            // The progress record of each achievement not earned yet, as the last level that
            // ran its rule left it (JSON): the next level starts with it (FAA#31). The row
            // of one earned is deleted.
            try db.create(table: "achievementProgress") { t in
                t.primaryKey("id", .text)
                t.column("record", .jsonText).notNull()
                t.column("savedAt", .double).notNull()
            }
        }
        return migrator
    }()

    /// Runs the schema steps the file lacks. Another Echolot opening the same new file at the
    /// same moment may make tables or run a step first; each step is one transaction, so ours
    /// then fails having changed nothing and is tried again from what the file now holds.
    /// Only a failure while no other process changed the file is the file's fault.
    static func migrate(_ database: DatabaseQueue) throws {
        func state(_ db: Database) throws -> (steps: Set<String>, objects: Int) {
            db.clearSchemaCache()
            // The count first: a read transaction takes its snapshot at its first read. When
            // SQLite says GRDB's steps table is missing, GRDB reads the schema to be sure; as
            // the first read, that came after the failed one and could find the table another
            // Echolot made in between ("no such table: grdb_migrations", and the run was lost).
            let objects = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") ?? 0
            return (try migrator.appliedIdentifiers(db), objects)
        }
        // Each retry needs another process's progress, which ends once the schema is whole.
        for _ in 0..<10 {
            let before = try database.read(state)
            do {
                try migrator.migrate(database)
                return
            } catch {
                let after = try database.read(state)
                if after.steps.isSubset(of: before.steps) && after.objects <= before.objects { throw error }
            }
        }
        try migrator.migrate(database)
    }

    /// Refuses a database that another program made or a newer Echolot migrated, before
    /// any write: a fresh (empty) database passes, and so does any profile of ours. Call it
    /// in a transaction, so that all it reads is one snapshot of a file another Echolot
    /// may be making.
    @discardableResult
    static func checkOwnership(_ db: Database, path: String) throws -> Ownership {
        // One statement, so one snapshot even without a transaction: read apart, another
        // Echolot creating the same new profile could commit in between, and its tables
        // under our not-yet-set id would look like another program's database.
        let header = try Row.fetchOne(db, sql: """
            SELECT (SELECT application_id FROM pragma_application_id()) AS application,
                   (SELECT user_version FROM pragma_user_version()) AS version,
                   (SELECT count(*) FROM sqlite_master) AS objects,
                   (SELECT count(*) FROM sqlite_master
                     WHERE name <> 'grdb_migrations' AND substr(name, 1, 7) <> 'sqlite_') AS made
            """)
        let application: Int = header?["application"] ?? 0
        let version: Int = header?["version"] ?? 0
        let objects: Int = header?["objects"] ?? 0
        let made: Int = header?["made"] ?? 0
        if application != applicationID {
            // Echolot never sets `user_version`, so a database without our mark that has
            // one is another program's, even before that program made a table.
            if application != 0 || objects > 0 || version != 0 { throw ProfileError.foreign(path: path) }
            return .blank
        }
        // No Echolot sets `user_version`, so a profile carrying one was changed by a later
        // format this version cannot know, whatever its migrations say.
        if version != 0 {
            throw ProfileError.newerVersion(path: path, unknownMigrations: ["file format \(version)"])
        }
        let known = Set(migrator.migrations)
        let applied = try migrator.appliedIdentifiers(db)
        let unknown = applied.filter { !known.contains($0) }
        if !unknown.isEmpty {
            throw ProfileError.newerVersion(path: path, unknownMigrations: unknown.sorted())
        }
        // Each step commits its tables together with its record, so an Echolot making the
        // file never leaves tables without one. Running the steps here would fail on the
        // first table that exists, having already made GRDB's record table.
        if made > 0 && applied.isEmpty {
            throw ProfileError.damaged(path: path, detail: "it holds Echolot's tables but no record of the schema steps that made them")
        }
        return .ours
    }

    /// What ``checkOwnership(_:path:)`` found a database it accepts to be.
    enum Ownership {
        /// A database with nothing in it, not even Echolot's mark: no one's yet.
        case blank
        /// An Echolot profile, whole or being made.
        case ours
    }

    /// One row per finished or abandoned level; rows are history and never change.
    private static func createRuns(_ db: Database) throws {
        try db.create(table: "run") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("recordedAt", .double).notNull().indexed()
            t.column("packID", .text).notNull()
            t.column("packVersion", .text).notNull()
            t.column("levelID", .text).notNull()
            t.column("outcome", .text).notNull().check(sql: "outcome IN ('won', 'lost', 'abandoned')")
            t.column("score", .integer)
            t.column("seconds", .double).notNull()
            t.column("misses", .integer).notNull()
            t.column("seed", .integer).notNull()
            t.column("parameters", .jsonText).notNull()
        }
        try db.create(index: "run_on_pack_level", on: "run", columns: ["packID", "levelID"])
        // History is append-only: a bug that tried to rewrite it fails loudly instead.
        try db.execute(sql: """
            CREATE TRIGGER run_is_history_update BEFORE UPDATE ON run
            BEGIN SELECT RAISE(ABORT, 'runs are history and never change'); END;
            CREATE TRIGGER run_is_history_delete BEFORE DELETE ON run
            BEGIN SELECT RAISE(ABORT, 'runs are history and never change'); END;
            """)
        try db.create(table: "foundTag", options: [.withoutRowID]) { t in
            t.column("runID", .integer).notNull().references("run")
            t.column("tag", .text).notNull()
            t.column("found", .integer).notNull()
            t.column("present", .integer).notNull()
            t.primaryKey(["runID", "tag"])
        }
    }

    /// Totals kept beside the runs, updated in each run's transaction, so that menus and
    /// statistics read a few rows instead of the whole history (see ``Summaries``). Keys
    /// lead with what a query holds fixed, so every read is one range of one index.
    private static func createSummaries(_ db: Database) throws {
        try db.create(table: "levelSummary", options: [.withoutRowID]) { t in
            t.column("packID", .text).notNull()
            t.column("levelID", .text).notNull()
            t.column("plays", .integer).notNull()
            t.column("wins", .integer).notNull()
            t.column("bestScore", .integer)
            t.primaryKey(["packID", "levelID"])
        }
        try db.create(table: "quarterSummary", options: [.withoutRowID]) { t in
            t.column("packID", .text).notNull()
            t.column("levelID", .text).notNull()
            t.column("quarter", .integer).notNull()
            t.column("runs", .integer).notNull()
            t.column("won", .integer).notNull()
            t.column("lost", .integer).notNull()
            t.column("abandoned", .integer).notNull()
            t.column("scored", .integer).notNull()
            t.column("scoreSum", .integer).notNull()
            t.column("bestScore", .integer)
            t.column("missesSum", .integer).notNull()
            t.primaryKey(["packID", "levelID", "quarter"])
        }
        try db.create(table: "quarterTotal", options: [.withoutRowID]) { t in
            t.primaryKey("quarter", .integer)
            t.column("runs", .integer).notNull()
            t.column("won", .integer).notNull()
            t.column("scored", .integer).notNull()
            t.column("scoreSum", .integer).notNull()
            t.column("bestScore", .integer)
        }
        try db.create(table: "tagSummary", options: [.withoutRowID]) { t in
            t.primaryKey("tag", .text)
            t.column("runs", .integer).notNull()
            t.column("found", .integer).notNull()
            t.column("present", .integer).notNull()
        }
        try db.create(table: "quarterTag", options: [.withoutRowID]) { t in
            t.column("tag", .text).notNull()
            t.column("quarter", .integer).notNull()
            t.column("runs", .integer).notNull()
            t.column("found", .integer).notNull()
            t.column("present", .integer).notNull()
            t.primaryKey(["tag", "quarter"])
        }
    }

    /// Achievements span levels and packs (FAA#31): one row per id, earned once.
    private static func createAchievements(_ db: Database) throws {
        try db.create(table: "achievement") { t in
            t.primaryKey("id", .text)
            t.column("runID", .integer).notNull().references("run")
            t.column("packID", .text).notNull()
            t.column("levelID", .text).notNull()
            t.column("earnedAt", .double).notNull()
            t.column("details", .jsonText).notNull()
        }
    }

    /// Scenarios unlocked once stay unlocked, even if a later pack version asks for more.
    private static func createUnlocks(_ db: Database) throws {
        try db.create(table: "scenarioUnlock", options: [.withoutRowID]) { t in
            t.column("packID", .text).notNull()
            t.column("scenarioID", .text).notNull()
            t.column("runID", .integer).notNull().references("run")
            t.column("unlockedAt", .double).notNull()
            t.primaryKey(["packID", "scenarioID"])
        }
    }

    /// Stories of story packs: the latest story of a pack is the one being played, and its
    /// steps are the levels it has finished, each with the run that finished it.
    private static func createStories(_ db: Database) throws {
        try db.create(table: "story") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("packID", .text).notNull().indexed()
            t.column("startedAt", .double).notNull()
        }
        try db.create(table: "storyStep", options: [.withoutRowID]) { t in
            t.column("storyID", .integer).notNull().references("story")
            t.column("levelID", .text).notNull()
            t.column("runID", .integer).notNull().references("run")
            t.column("outcome", .text).notNull()
            t.primaryKey(["storyID", "levelID"])
        }
    }
}
