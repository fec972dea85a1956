import Foundation
import GRDB
import GRDBSQLite

/// The player's profile: one SQLite database holding what they did — runs, achievements,
/// unlocked scenarios and story progress. Packs stay read-only master data; the profile is
/// recorded history.
///
/// The database runs in WAL mode with `synchronous = NORMAL`: every write is one
/// transaction, and a process killed at any moment leaves a file that opens and holds every
/// transaction committed before the kill (only a power cut may lose the last few).
public final class Profile: Sendable {
    /// The database file.
    public let url: URL
    /// The connection; every access goes through it, serialised.
    let database: DatabaseQueue

    /// How long a command waits for another process to let go of the profile before it
    /// gives up (``ProfileError/busy(path:)``): `play` may write while `stats` reads.
    public static let lockWait: TimeInterval = 5

    /// Opens the profile at `url`, creating it (and its folder) when it does not exist and
    /// migrating an older one. A file that is not an Echolot profile, or was written by a
    /// newer Echolot, is refused untouched.
    public static func open(at url: URL) throws(ProfileError) -> Profile {
        try open(at: url, configure: { _ in })
    }

    /// Opens the profile with an extra step run on the connection before any check: how the
    /// tests make SQLite's limits (a full disk) happen on demand.
    static func open(at url: URL, configure: @escaping @Sendable (Database) throws -> Void) throws(ProfileError) -> Profile {
        let path = url.path
        try prepareFolder(of: url)
        try makeCompanionsWritable(of: path)
        var configuration = Configuration()
        configuration.busyMode = .timeout(lockWait)
        configuration.label = "echolot.profile"
        configuration.prepareDatabase { db in
            // SQLite opens a file it may not write read-only, without a word; the first
            // write would fail only once a level was played. Checked before any read, which
            // would leave a `-wal` and `-shm` beside a WAL file.
            if sqlite3_db_readonly(db.sqliteConnection, "main") == 1 {
                throw ProfileError.readOnly(path: path, detail: "the file is read-only")
            }
            try configure(db)
        }
        do {
            let database = try DatabaseQueue(path: path, configuration: configuration)
            try database.writeWithoutTransaction { db in
                // One read transaction: the header and the steps run come from one snapshot.
                // Apart, another Echolot could make the tables in between, and the steps
                // would be asked of a file whose header said there were none.
                try db.inTransaction(.deferred) {
                    try ProfileSchema.checkOwnership(db, path: path)
                    return .commit
                }
                // Only now that the file is known to be ours (or empty) may its header change.
                // The mark comes before any table (GRDB makes its own before the first step):
                // another Echolot opening the new file meanwhile must never see tables
                // without it, which is how another program's database looks.
                if try Int.fetchOne(db, sql: "PRAGMA application_id") != ProfileSchema.applicationID {
                    try db.execute(sql: "PRAGMA application_id = \(ProfileSchema.applicationID)")
                }
                let mode = try turnOnWAL(db)
                guard mode?.lowercased() == "wal" else {
                    throw ProfileError.failed(path: path, detail: "SQLite refused WAL mode (journal mode \(mode ?? "unknown"))")
                }
                try db.execute(sql: "PRAGMA synchronous = NORMAL")
            }
            try ProfileSchema.migrate(database)
            return Profile(url: url, database: database)
        } catch {
            throw ProfileError.from(error, path: path)
        }
    }

    /// Gives the `-wal` and `-shm` SQLite keeps beside a profile we may write the profile's
    /// mode, as SQLite gives them when it makes them, when we may not write them (an older
    /// `stats` made them with a read-only profile's mode): the profile opened, and every
    /// write failed as read-only once a level was played, with advice about the profile
    /// itself. A mode change leaves connections already open as they were, so it is safe
    /// while another Echolot has the profile open; one not ours to change is told.
    private static func makeCompanionsWritable(of path: String) throws(ProfileError) {
        var profile = stat()
        // A profile we may not write is told as it always was.
        guard stat(path, &profile) == 0, access(path, W_OK) == 0 else { return }
        for companion in [path + "-wal", path + "-shm"] {
            guard FileManager.default.fileExists(atPath: companion), access(companion, W_OK) != 0 else { continue }
            if chmod(companion, profile.st_mode & 0o666) != 0 || access(companion, W_OK) != 0 {
                throw .companionReadOnly(path: path, companion: companion)
            }
        }
    }

    /// Turns on WAL mode and says the journal mode the file is in. SQLite makes the switch
    /// holding a read lock while it asks for the write lock, so while another connection
    /// writes (another Echolot making the same new profile) it fails at once rather than have
    /// the two wait on each other. The failed switch let go of its lock, so it is tried again
    /// until ``lockWait`` has passed: the wait SQLite gives every other lock.
    private static func turnOnWAL(_ db: Database) throws -> String? {
        let deadline = Date().addingTimeInterval(lockWait)
        while true {
            do {
                return try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
            } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY && Date() < deadline {
                Thread.sleep(forTimeInterval: 0.01)
            }
        }
    }

    /// Opens a profile only to read it (`stats`): nothing is written, so a read-only file
    /// or folder reads. No profile yet, an empty file (made by `touch`, or another tool),
    /// or a SQLite database with nothing in it, reads as a profile with nothing in it, and
    /// stays as it is: opening it as ``open(at:)`` does would make a profile of it. A profile an older Echolot wrote must
    /// be migrated first, which writes; it is opened as ``open(at:)`` does, and when it
    /// cannot be written the error says that the upgrade is what needs to write.
    public static func openForReading(at url: URL) throws(ProfileError) -> Profile {
        let path = url.path
        try refuseFolder(at: path)
        // Through a file there is nothing to read, nor can anything be made there.
        if let unreachable = ProfileError.unreachableFolder(of: path) { throw unreachable }
        if holdsNothing(path) { return try empty(at: url) }
        // SQLite would say only that it cannot open the file, which read as the folder's fault.
        if access(path, R_OK) != 0, errno == EACCES {
            throw ProfileError.failed(path: path, detail: "the file cannot be read: \(String(cString: strerror(EACCES)))")
        }
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(lockWait)
        configuration.label = "echolot.profile.reader"
        func connect(_ location: String) throws -> (DatabaseQueue, current: Bool, blank: Bool) {
            let database = try DatabaseQueue(path: location, configuration: configuration)
            let (current, blank) = try database.read { db in
                let blank = try ProfileSchema.checkOwnership(db, path: path) == .blank
                return (try ProfileSchema.migrator.hasCompletedMigrations(db), blank)
            }
            return (database, current, blank)
        }
        let current: Bool, blank: Bool
        let database: DatabaseQueue
        let immutable = "file:\(path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path)?immutable=1"
        // Reads a profile that may be written meanwhile: through its WAL.
        func connectBesideTheWAL() throws -> (DatabaseQueue, current: Bool, blank: Bool) {
            // With no `-wal` beside it no connection is open and the file alone is the whole
            // profile: it is checked as that first, since a connection to a WAL file makes
            // its `-wal` and `-shm`, which a file refused here (damaged, another program's) kept.
            // Read so, without locks, the file could change under the check only if another
            // Echolot opened it meanwhile, which makes the `-wal`: then it is read as usual.
            if !FileManager.default.fileExists(atPath: path + "-wal") {
                do {
                    try connect(immutable).0.close()
                } catch {
                    if !FileManager.default.fileExists(atPath: path + "-wal") { throw error }
                }
            }
            do {
                return try connect(path)
            } catch let error as DatabaseError
                where [.SQLITE_READONLY, .SQLITE_CANTOPEN].contains(error.resultCode) && noWritePending(path) {
                // SQLite reads a WAL database through a `-shm` file beside it, which a
                // read-only folder or file system cannot hold (READONLY, or CANTOPEN when the
                // file system is mounted read-only). Without a `-wal` holding anything no
                // write is pending, so the file alone is the whole profile: read it as immutable.
                return try connect(immutable)
            }
        }
        do {
            if access(path, W_OK) != 0, noWritePending(path) {
                // A connection to a WAL file we may not write makes its `-wal` and `-shm` with
                // the file's read-only mode, and cannot remove them as it closes: once the
                // player makes the file writable again, as told, those stay unwritable and
                // every write fails. With no write pending the file alone is the whole
                // profile, so it is read as immutable, making nothing beside it.
                (database, current, blank) = try connect(immutable)
            } else {
                (database, current, blank) = try connectBesideTheWAL()
            }
        } catch {
            throw ProfileError.from(error, path: path)
        }
        if current { return Profile(url: url, database: database) }
        try? database.close()
        if blank { return try empty(at: url) }
        do {
            return try open(at: url)
        } catch let .readOnly(path, detail) {
            throw .readOnly(path: path, detail: "it was written by an older Echolot and must be upgraded to be read, which writes to it: \(detail)")
        }
    }

    /// Whether there is nothing at `path` to read: no file, or an empty regular one with no
    /// write pending beside it. A link that leads nowhere, a path through a file
    /// (`notes.txt/p.sqlite`), or one that cannot be looked at, is not nothing: opening it
    /// says what is wrong.
    private static func holdsNothing(_ path: String) -> Bool {
        var info = stat()
        if stat(path, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFREG, info.st_size == 0 else { return false }
            return noWritePending(path)
        }
        guard errno == ENOENT else { return false }
        return lstat(path, &info) != 0
    }

    /// Whether no write waits beside the database at `path`: no `-wal`, or an empty one (a
    /// reader leaves one behind after reading a profile that was closed cleanly).
    private static func noWritePending(_ path: String) -> Bool {
        var info = stat()
        return stat(path + "-wal", &info) != 0 || info.st_size == 0
    }

    /// A profile with nothing in it, held in memory for `url`: what reading no profile
    /// gives, every query answered as by a profile just made.
    private static func empty(at url: URL) throws(ProfileError) -> Profile {
        var configuration = Configuration()
        configuration.label = "echolot.profile.empty"
        do {
            let database = try DatabaseQueue(configuration: configuration)
            try ProfileSchema.migrate(database)
            return Profile(url: url, database: database)
        } catch {
            throw ProfileError.from(error, path: url.path)
        }
    }

    private init(url: URL, database: DatabaseQueue) {
        self.url = url
        self.database = database
    }

    /// Sets how long later reads and writes wait for another program to let go of the
    /// profile before they fail with ``ProfileError/busy(path:)`` (``lockWait`` after
    /// opening). A game waits briefly, so a locked profile does not freeze it, and keeps
    /// what it could not write for later (``ProgressRecorder/unsaved``).
    public func waitForLock(upTo seconds: TimeInterval) throws(ProfileError) {
        let milliseconds = Int((max(0, seconds) * 1000).rounded())
        do {
            try database.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA busy_timeout = \(milliseconds)") }
        } catch {
            throw ProfileError.from(error, path: url.path)
        }
    }

    /// Refuses a profile that ``open(at:)`` could not make at `url`, making nothing: a path
    /// that is a folder, or one whose nearest existing folder cannot be written. `run`
    /// checks before it plays, and makes the profile only once it has a run to record.
    public static func checkCanMake(at url: URL) throws(ProfileError) {
        let path = url.path
        try refuseFolder(at: path)
        if FileManager.default.fileExists(atPath: path) { return }
        if let unreachable = ProfileError.unreachableFolder(of: path) { throw unreachable }
        let folder = ProfileError.nearestExistingFolder(of: path)
        if !FileManager.default.isWritableFile(atPath: folder.path) {
            throw .readOnly(path: path, detail: "the folder \(folder.path) is read-only")
        }
    }

    /// Creates the profile's folder when missing; a path that is a folder, or a folder that
    /// cannot be made, is reported before SQLite gives a vaguer message.
    private static func prepareFolder(of url: URL) throws(ProfileError) {
        let path = url.path
        try checkCanMake(at: url)
        if FileManager.default.fileExists(atPath: path) { return }
        let folder = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw ProfileError.readOnly(path: path, detail: "cannot create the folder \(folder.path): \(error.localizedDescription)")
        }
        if !FileManager.default.isWritableFile(atPath: folder.path) {
            throw ProfileError.readOnly(path: path, detail: "the folder \(folder.path) is read-only")
        }
    }

    /// Refuses a profile path that names a folder, before SQLite says only "disk I/O error".
    private static func refuseFolder(at path: String) throws(ProfileError) {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            throw ProfileError.folder(path: path)
        }
    }

    /// Reads the database, translating every failure into a message about this profile.
    func read<T>(_ body: (Database) throws -> T) throws(ProfileError) -> T {
        do {
            return try database.read(body)
        } catch {
            throw ProfileError.from(error, path: url.path)
        }
    }

    /// Writes in one transaction (all or nothing), translating every failure into a message
    /// about this profile.
    func write<T>(_ body: (Database) throws -> T) throws(ProfileError) -> T {
        do {
            return try database.write(body)
        } catch {
            throw ProfileError.from(error, path: url.path)
        }
    }

    /// Runs SQLite's full consistency check; `["ok"]` for a sound file.
    public func integrityCheck() throws(ProfileError) -> [String] {
        try read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
    }
}

extension Profile {
    /// Throws when a run could not be recorded at its end: SQLite's quick check finds the
    /// file damaged, or another program holds it for writing past ``lockWait``. `run` asks
    /// before it plays, so that a run is refused rather than played and then lost.
    public func checkReadyToRecord() throws(ProfileError) {
        let path = url.path
        do {
            try database.writeWithoutTransaction { db in
                let report = try String.fetchAll(db, sql: "PRAGMA quick_check")
                guard report == ["ok"] else {
                    throw ProfileError.damaged(path: path, detail: report.prefix(3).joined(separator: "; "))
                }
                // Taken and given back at once: only whether the write lock can be had now.
                try db.execute(sql: "BEGIN IMMEDIATE")
                try db.execute(sql: "ROLLBACK")
            }
        } catch let error as ProfileError {
            throw error
        } catch {
            throw ProfileError.from(error, path: path)
        }
    }
}
