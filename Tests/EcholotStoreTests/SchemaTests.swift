@testable import EcholotStore
import Foundation
import GRDB
import Testing

/// Opening profiles: a new one is migrated from empty; ours are reopened; anything else is
/// refused with a message naming the file, and left byte for byte as it was.
@Suite struct SchemaTests {
    let scratch: Scratch
    init() throws { scratch = try Scratch() }

    @Test func aNewProfileIsMigratedFromEmptyInWALMode() throws {
        let url = scratch.url("deep/inside/profile.sqlite")
        let profile = try Profile.open(at: url)
        #expect(FileManager.default.fileExists(atPath: url.path))
        #expect(try profile.integrityCheck() == ["ok"])
        let queue = try DatabaseQueue(path: url.path)
        let (mode, application, tables): (String?, Int?, [String]) = try queue.read { db in
            (try String.fetchOne(db, sql: "PRAGMA journal_mode"),
             try Int.fetchOne(db, sql: "PRAGMA application_id"),
             try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"))
        }
        #expect(mode == "wal")
        #expect(application == 0x4543_4C4F)
        #expect(tables == [
            "achievement", "achievementProgress", "foundTag", "grdb_migrations", "levelSummary", "quarterSummary", "quarterTag", "quarterTotal",
            "run", "scenarioUnlock", "sqlite_sequence", "story", "storyStep", "tagSummary",
        ])
    }

    /// A profile written before story checkpoints existed opens, gains them, and keeps its stories.
    @Test func aFirstVersionProfileIsMigratedWithItsStories() throws {
        let url = scratch.url("v1.sqlite")
        let queue = try DatabaseQueue(path: url.path)
        try ProfileSchema.migrator.migrate(queue, upTo: "v1: runs, achievements, unlocks, stories")
        try queue.write { db in
            try db.execute(sql: "INSERT INTO story (packID, startedAt) VALUES ('tale', 0)")
        }
        try queue.close()
        let story = Fixture.manifest("tale", kind: .story, scenarios: [])
        let profile = try Profile.open(at: url)
        let before = try profile.story(of: story)
        #expect(before.storyID != nil && before.checkpoint == nil)
        try profile.saveStory(checkpoint: #"{"chapter":"gate"}"#, of: story)
        #expect(try profile.story(of: story).storyID == before.storyID)
        #expect(try profile.story(of: story).checkpoint == #"{"chapter":"gate"}"#)
    }

    /// A profile written before achievement progress was kept opens, gains its table, keeps
    /// what it held, and keeps progress from then on.
    @Test func aSecondVersionProfileIsMigratedToKeepProgress() throws {
        let url = scratch.url("v2.sqlite")
        let queue = try DatabaseQueue(path: url.path)
        try ProfileSchema.migrator.migrate(queue, upTo: "v2: story checkpoints")
        try queue.close()
        let profile = try Profile.open(at: url)
        #expect(try profile.achievementProgress().isEmpty)
        var run = Fixture.run("a")
        run.progress = ["pack.threeWins": ["wins": .int(1)]]
        try profile.record(run)
        #expect(try Profile.openForReading(at: url).achievementProgress() == ["pack.threeWins": ["wins": .int(1)]])
    }

    @Test func reopeningKeepsEverything() throws {
        let recorded = try scratch.profile().record(Fixture.run("a"))
        let again = try scratch.profile()
        #expect(try again.runs() == [recorded.run])
        #expect(try again.integrityCheck() == ["ok"])
    }

    @Test func runsAreHistoryAndCannotBeRewritten() throws {
        _ = try scratch.profile().record(Fixture.run("a"))
        let queue = try DatabaseQueue(path: scratch.url("profile.sqlite").path)
        #expect(throws: DatabaseError.self) {
            try queue.write { db in try db.execute(sql: "UPDATE run SET score = 1") }
        }
    }

    @Test func aFileThatIsNotADatabaseIsRefusedUntouched() throws {
        let url = scratch.url("profile.sqlite")
        let bytes = Data("these are my notes, not a database\n".utf8)
        try bytes.write(to: url)
        let error = #expect(throws: ProfileError.self) { try Profile.open(at: url) }
        #expect(error == .notADatabase(path: url.path))
        #expect(error?.description.hasPrefix("\(url.path): error: this is not an Echolot profile") == true)
        #expect(try Data(contentsOf: url) == bytes)
        #expect(!FileManager.default.fileExists(atPath: url.path + "-wal"))
    }

    @Test func anotherProgramsDatabaseIsRefusedUntouched() throws {
        let url = scratch.url("profile.sqlite")
        try DatabaseQueue(path: url.path).write { db in
            try db.execute(sql: "CREATE TABLE contacts (name TEXT); INSERT INTO contacts VALUES ('Ada')")
        }
        let before = try Data(contentsOf: url)
        let error = #expect(throws: ProfileError.self) { try Profile.open(at: url) }
        #expect(error == .foreign(path: url.path))
        #expect(try Data(contentsOf: url) == before)
    }

    @Test func aProfileFromANewerEcholotIsRefusedUntouched() throws {
        let url = scratch.url("profile.sqlite")
        _ = try Profile.open(at: url)
        try DatabaseQueue(path: url.path).write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v9: from the future')")
        }
        let queue = try DatabaseQueue(path: url.path)
        _ = try queue.writeWithoutTransaction { db in try db.checkpoint(.truncate) }
        try queue.close()
        let before = try Data(contentsOf: url)
        let error = #expect(throws: ProfileError.self) { try Profile.open(at: url) }
        #expect(error == .newerVersion(path: url.path, unknownMigrations: ["v9: from the future"]))
        #expect(error?.description.contains("newer Echolot") == true)
        #expect(try Data(contentsOf: url) == before)
    }

    @Test func aProfileWithAFormatVersionIsRefusedUntouched() throws {
        let url = scratch.url("profile.sqlite")
        _ = try Profile.open(at: url)
        let queue = try DatabaseQueue(path: url.path)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA user_version = 3")
            _ = try db.checkpoint(.truncate)
        }
        try queue.close()
        let before = try Data(contentsOf: url)
        let error = #expect(throws: ProfileError.self) { try Profile.open(at: url) }
        #expect(error == .newerVersion(path: url.path, unknownMigrations: ["file format 3"]))
        let reading = #expect(throws: ProfileError.self) { try Profile.openForReading(at: url) }
        #expect(reading == error)
        #expect(try Data(contentsOf: url) == before)
    }

    /// A database with no table yet but a `user_version` is another program's: Echolot
    /// never sets one. It was made into a profile, which every later command then refused
    /// as written by a newer Echolot.
    @Test func anotherProgramsDatabaseWithOnlyAVersionIsRefusedUntouched() throws {
        let url = scratch.url("profile.sqlite")
        try DatabaseQueue(path: url.path).writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA user_version = 7")
        }
        let before = try Data(contentsOf: url)
        let error = #expect(throws: ProfileError.self) { try Profile.open(at: url) }
        #expect(error == .foreign(path: url.path))
        let reading = #expect(throws: ProfileError.self) { try Profile.openForReading(at: url) }
        #expect(reading == .foreign(path: url.path))
        #expect(try Data(contentsOf: url) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.folder.path) == ["profile.sqlite"])
    }

    /// Another Echolot creating the same new profile at the same moment — here another
    /// connection, made to do it just as ours begins its first schema step — opens it, and
    /// so does ours: neither takes the other's fresh tables for another program's, nor fails
    /// to make tables that now exist.
    @Test func aProfileCreatedMeanwhileByAnotherEcholotOpens() throws {
        let url = scratch.url("profile.sqlite")
        let other = OtherEcholot(url: url)
        let profile = try Profile.open(at: url) { db in
            db.trace { event in
                if case let .statement(statement) = event, statement.sql.hasPrefix("BEGIN IMMEDIATE") { other.createOnce() }
            }
        }
        #expect(other.failure == nil)
        #expect(try profile.runs().map(\.levelID) == ["first"])
    }

    /// A profile that lost a table its schema steps made fails at the next step while no one
    /// else changes it: that is the file's fault, told at once with what SQLite said, not
    /// tried again as though another Echolot were making the file, and the file is left as it was.
    @Test func aProfileMissingATableIsRefusedAtOnceUntouched() throws {
        let url = scratch.url("profile.sqlite")
        let queue = try DatabaseQueue(path: url.path)
        _ = try queue.writeWithoutTransaction { db in try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL") }
        try ProfileSchema.migrator.migrate(queue, upTo: "v1: runs, achievements, unlocks, stories")
        try queue.write { db in try db.execute(sql: "DROP TABLE storyStep; DROP TABLE story") }
        try queue.close()
        let before = try Data(contentsOf: url)
        let steps = Tally()
        let error = #expect(throws: ProfileError.self) {
            try Profile.open(at: url) { db in
                db.trace { event in
                    if case let .statement(statement) = event, statement.sql.hasPrefix("BEGIN IMMEDIATE") { steps.add() }
                }
            }
        }
        #expect(error == .failed(path: url.path, detail: "no such table: story"))
        #expect(steps.count == 1)
        #expect(try Data(contentsOf: url) == before)
    }

    /// A profile whose record of schema steps is gone (the table dropped, or emptied) has
    /// tables no step would make again. It was told as "table run already exists" only after
    /// GRDB had made its record table in the file said to be left as it was.
    @Test func aProfileWithoutItsRecordOfStepsIsRefusedUntouched() throws {
        for loss in ["DROP TABLE grdb_migrations", "DELETE FROM grdb_migrations"] {
            let url = scratch.url("\(loss.hasPrefix("DROP") ? "dropped" : "emptied").sqlite")
            _ = try Profile.open(at: url)
            let queue = try DatabaseQueue(path: url.path)
            try queue.writeWithoutTransaction { db in
                try db.execute(sql: loss)
                _ = try db.checkpoint(.truncate)
            }
            try queue.close()
            let before = try Data(contentsOf: url)
            let detail = "it holds Echolot's tables but no record of the schema steps that made them"
            let error = #expect(throws: ProfileError.self) { try Profile.open(at: url) }
            #expect(error == .damaged(path: url.path, detail: detail))
            let reading = #expect(throws: ProfileError.self) { try Profile.openForReading(at: url) }
            #expect(reading == error)
            #expect(try Data(contentsOf: url) == before)
        }
    }

    @Test func aDamagedProfileIsReportedAndKept() throws {
        let url = try scratch.checkpointedProfile(runs: 200)
        // Scribble over everything after the first page: the header survives, the tables do not.
        var bytes = try Data(contentsOf: url)
        for index in 4096..<bytes.count { bytes[index] = UInt8(truncatingIfNeeded: index &* 31) }
        try bytes.write(to: url)
        let error = #expect(throws: ProfileError.self) {
            let reopened = try Profile.open(at: url)
            _ = try reopened.statistics(window: .month, now: Fixture.noon, calendar: Fixture.utc)
        }
        #expect(error?.description.hasPrefix("\(url.path): error:") == true)
        #expect(try Data(contentsOf: url) == bytes)
    }

    @Test func aFullDiskIsReportedAndLosesNothingCommitted() throws {
        let url = scratch.url("profile.sqlite")
        _ = try Profile.open(at: url)
        // SQLite's page limit gives the same SQLITE_FULL a full disk gives.
        let cramped = try Profile.open(at: url) { db in try db.execute(sql: "PRAGMA max_page_count = 12") }
        var kept = 0
        var failure: ProfileError?
        for index in 0..<10_000 {
            var finished = Fixture.run("level-\(index)")
            finished.tags = (0..<20).map { TagCount(tag: "tag-\(index)-\($0)", found: 1, present: 2) }
            do {
                try cramped.record(finished)
                kept += 1
            } catch {
                failure = error
                break
            }
        }
        let error = try #require(failure)
        #expect(error == .diskFull(path: url.path))
        #expect(error.description.contains("the disk is full"))
        #expect(try scratch.profile().runs().count == kept)
    }

    @Test func aPathThatIsAFolderIsRefused() throws {
        let url = scratch.url("folder.sqlite")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        let error = #expect(throws: ProfileError.self) { try Profile.open(at: url) }
        // Not "the file was left as it is": there is no file, and the way out is one in it.
        #expect(error?.description == "\(url.path): error: this is a folder; a profile is a file, which may be in it: "
            + "--profile \(url.path)/profile.sqlite", "\(String(describing: error))")
        // `stats` reads without writing, and says the same, not SQLite's "disk I/O error".
        let reading = #expect(throws: ProfileError.self) { try Profile.openForReading(at: url) }
        #expect(reading?.description.contains("this is a folder") == true)
    }
}

/// A second connection that creates the profile and records one run, once, when a trace
/// of the connection under test asks it to.
private final class OtherEcholot: @unchecked Sendable {
    let url: URL
    private let lock = NSLock()
    private var done = false
    private(set) var failure: ProfileError?

    init(url: URL) { self.url = url }

    func createOnce() {
        lock.lock()
        defer { lock.unlock() }
        guard !done else { return }
        done = true
        do {
            try Profile.open(at: url).record(Fixture.run("first"))
        } catch {
            failure = error
        }
    }
}

/// Two Echolots opening the same new profile at once, the other one run on the spot from a
/// trace of ours, at a chosen statement: the same interleaving on every run, however loaded
/// the machine is.
@Suite struct SimultaneousOpeningTests {
    let scratch: Scratch
    init() throws { scratch = try Scratch() }

    /// The second Echolot reads the mark, and the first makes every table before the second
    /// asks which schema steps the file has run: the second must not take the first's
    /// half-made file for one it cannot use (it said "no such table: grdb_migrations",
    /// and its run was lost).
    @Test func aProfileMarkedButNotYetMadeOpensWhileItIsMade() throws {
        let url = scratch.url("profile.sqlite")
        // In WAL mode, as the first Echolot leaves the file a moment after marking it: ours
        // reading it holds off no writer, so the other can make the profile in ours' trace.
        try DatabaseQueue(path: url.path).writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA application_id = \(ProfileSchema.applicationID)")
            _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
        }
        let other = OtherEcholot(url: url)
        let started = Tripwire()
        let profile = try Profile.open(at: url) { db in
            db.trace { event in
                guard case let .statement(statement) = event else { return }
                if statement.sql.contains("pragma_application_id") { started.arm(); return }
                // The header's own parts (`-- PRAGMA …`) run inside it.
                guard !statement.sql.hasPrefix("--") else { return }
                if started.fire() { other.createOnce() }
            }
        }
        try profile.record(Fixture.run("second"))
        #expect(other.failure == nil)
        #expect(try profile.runs().map(\.levelID).sorted() == ["first", "second"])
    }

    /// The other Echolot makes the whole profile at each statement of ours' first look at
    /// which schema steps the file has run (`at` counts from GRDB's `PRAGMA query_only = 1`
    /// that begins the read, to its commit). GRDB's table was missing to one statement of
    /// that look and there to the next, which said "no such table: grdb_migrations" now and
    /// then under load, and the run was lost.
    @Test(arguments: 1...5) func aProfileMadeWhileOursReadsItsStepsOpens(at position: Int) throws {
        let url = scratch.url("profile.sqlite")
        let other = OtherEcholot(url: url)
        let reading = Tripwire(firesAt: position)
        let profile = try Profile.open(at: url) { db in
            db.trace { event in
                guard case let .statement(statement) = event else { return }
                if statement.sql == "PRAGMA query_only = 1" { reading.arm(); return }
                if reading.fire() { other.createOnce() }
            }
        }
        try profile.record(Fixture.run("second"))
        #expect(other.failure == nil)
        #expect(try profile.runs().map(\.levelID).sorted() == ["first", "second"])
    }

    /// Another Echolot writes to the new file (its mark, say) just as ours turns on WAL mode.
    /// SQLite makes that switch holding a read lock while it asks for the write lock, so it
    /// fails ours at once rather than have the two wait on each other, and ours stopped with
    /// "another program … kept the profile locked" and lost its run. Here the write ends as
    /// ours tries the switch a second time.
    @Test func aProfileWrittenByAnotherEcholotAsItTurnsOnWALOpens() throws {
        let url = scratch.url("profile.sqlite")
        let writer = try Writer(url: url)
        let switching = Tally()
        let profile = try Profile.open(at: url) { db in
            db.trace { event in
                guard case let .statement(statement) = event, statement.sql == "PRAGMA journal_mode = WAL" else { return }
                switch switching.add() {
                case 1: writer.begin()
                case 2: writer.end()
                default: break
                }
            }
        }
        #expect(writer.failure == nil)
        #expect(switching.count == 2)
        try profile.record(Fixture.run("first"))
        #expect(try profile.runs().map(\.levelID) == ["first"])
        #expect(try DatabaseQueue(path: url.path).read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") } == "wal")
    }
}

/// Arms on one statement and fires once, on the chosen one of those that follow.
private final class Tripwire: @unchecked Sendable {
    private let lock = NSLock()
    private let position: Int
    private var armed = false, seen = 0

    /// Fires on the `position`th call of ``fire()`` after ``arm()``.
    init(firesAt position: Int = 1) { self.position = position }

    /// Starts counting; arming again changes nothing.
    func arm() { lock.withLock { armed = true } }

    /// Whether this is the one call that fires.
    func fire() -> Bool {
        lock.withLock {
            guard armed else { return false }
            seen += 1
            return seen == position
        }
    }
}

/// Counts calls from any thread.
private final class Tally: @unchecked Sendable {
    private let lock = NSLock()
    private var calls = 0

    /// Counts one more, and says how many that makes.
    @discardableResult
    func add() -> Int {
        lock.withLock {
            calls += 1
            return calls
        }
    }

    /// How many so far.
    var count: Int { lock.withLock { calls } }
}

/// A connection of another Echolot that keeps a write to the file open between calls, as a
/// process writing to the file at that moment does.
private final class Writer: @unchecked Sendable {
    private let queue: DatabaseQueue
    private let lock = NSLock()
    private var error: (any Error)?

    init(url: URL) throws {
        var configuration = Configuration()
        // GRDB otherwise refuses a transaction left open when a call returns.
        configuration.allowsUnsafeTransactions = true
        queue = try DatabaseQueue(path: url.path, configuration: configuration)
    }

    /// What went wrong with the write, if anything did.
    var failure: (any Error)? { lock.withLock { error } }

    /// Starts the write, marking the file as a profile: from here it holds the write lock.
    func begin() {
        run { db in
            try db.execute(sql: "BEGIN IMMEDIATE")
            try db.execute(sql: "PRAGMA application_id = \(ProfileSchema.applicationID)")
        }
    }

    /// Commits the write.
    func end() { run { db in try db.execute(sql: "COMMIT") } }

    private func run(_ body: (Database) throws -> Void) {
        do {
            try queue.writeWithoutTransaction(body)
        } catch {
            lock.withLock { self.error = error }
        }
    }
}
