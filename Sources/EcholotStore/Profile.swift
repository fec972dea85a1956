import Foundation
import GRDB

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
        var configuration = Configuration()
        // `play` may write while `stats` reads; wait for the other process rather than fail.
        configuration.busyMode = .timeout(5)
        configuration.label = "echolot.profile"
        configuration.prepareDatabase { db in try configure(db) }
        do {
            let database = try DatabaseQueue(path: path, configuration: configuration)
            try database.writeWithoutTransaction { db in
                try ProfileSchema.checkOwnership(db, path: path)
                // Only now that the file is known to be ours (or empty) may its header change.
                let mode = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
                guard mode?.lowercased() == "wal" else {
                    throw ProfileError.failed(path: path, detail: "SQLite refused WAL mode (journal mode \(mode ?? "unknown"))")
                }
                try db.execute(sql: "PRAGMA synchronous = NORMAL")
            }
            try ProfileSchema.migrator.migrate(database)
            return Profile(url: url, database: database)
        } catch {
            throw ProfileError.from(error, path: path)
        }
    }

    private init(url: URL, database: DatabaseQueue) {
        self.url = url
        self.database = database
    }

    /// Creates the profile's folder when missing; a path that is a folder, or a folder that
    /// cannot be made, is reported before SQLite gives a vaguer message.
    private static func prepareFolder(of url: URL) throws(ProfileError) {
        let path = url.path
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
            if isFolder.boolValue { throw ProfileError.failed(path: path, detail: "this is a folder, not a file") }
            return
        }
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
