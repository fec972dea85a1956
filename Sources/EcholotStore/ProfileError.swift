import Foundation
import GRDB

/// Why the profile cannot be used. Every case names the file and says what to do, and
/// none of them has changed the file: a profile that is not ours, or not readable by this
/// version, is left exactly as it was found.
public enum ProfileError: Error, Equatable, CustomStringConvertible {
    /// The file is not a SQLite database at all (or not one SQLite can read).
    case notADatabase(path: String)
    /// A SQLite database that another program made.
    case foreign(path: String)
    /// A profile written by a newer Echolot: its schema has migrations this one does not know.
    case newerVersion(path: String, unknownMigrations: [String])
    /// The database is damaged (SQLite reports corruption).
    case damaged(path: String, detail: String)
    /// The file or its folder cannot be written.
    case readOnly(path: String, detail: String)
    /// The profile may be written, but a file SQLite keeps beside it (`-wal`, `-shm`) may
    /// not, and is not ours to make writable.
    case companionReadOnly(path: String, companion: String)
    /// The disk (or the file system's quota) is full.
    case diskFull(path: String)
    /// Another process holds the database locked for too long.
    case busy(path: String)
    /// The file was deleted or replaced while the game had it open: what is written goes
    /// to a file no one will open again.
    case removed(path: String)
    /// The path names a folder: a profile is a file, which may well be meant to go in it.
    case folder(path: String)
    /// Anything else SQLite or the file system reported.
    case failed(path: String, detail: String)
    /// The saved place in a pack's story does not read back (the file was edited by hand);
    /// the story can only begin again.
    case unreadableCheckpoint(path: String, packID: String, detail: String)

    /// The file the error is about.
    public var path: String {
        switch self {
        case let .notADatabase(path), let .foreign(path), let .diskFull(path), let .busy(path), let .removed(path),
             let .folder(path):
            return path
        case let .newerVersion(path, _), let .damaged(path, _), let .readOnly(path, _), let .failed(path, _),
             let .unreadableCheckpoint(path, _, _), let .companionReadOnly(path, _):
            return path
        }
    }

    /// `PATH: error: what happened; what to do` — the command line's message format.
    public var description: String {
        let keep = "the file was left as it is"
        let elsewhere = "or use --profile PATH (or ECHOLOT_PROFILE) to keep your progress in another file"
        switch self {
        case let .notADatabase(path):
            return "\(path): error: this is not an Echolot profile (not a SQLite database); \(keep). Move it away, \(elsewhere)"
        case let .foreign(path):
            return "\(path): error: this SQLite database belongs to another program, not to Echolot; \(keep). Move it away, \(elsewhere)"
        case let .newerVersion(path, unknown):
            return "\(path): error: this profile was written by a newer Echolot (unknown schema steps: \(unknown.joined(separator: ", "))); \(keep). Update Echolot, \(elsewhere)"
        case let .damaged(path, detail):
            return "\(path): error: the profile is damaged (\(detail)); \(keep). Restore a backup or move it away to start a new profile, \(elsewhere)"
        case let .readOnly(path, detail):
            return "\(path): error: the profile cannot be written (\(detail)). Make the file and its folder writable, \(elsewhere)"
        case let .companionReadOnly(path, companion):
            return "\(path): error: the profile cannot be written: \(companion), a file SQLite keeps beside it, is read-only "
                + "and not yours to change; \(keep). Make it writable (chmod u+w \(companion)), or remove it while no "
                + "Echolot has the profile open, \(elsewhere)"
        case let .diskFull(path):
            return "\(path): error: the disk is full, so progress cannot be saved; nothing was lost from the profile. Free some space, \(elsewhere)"
        case let .busy(path):
            return "\(path): error: another program (another Echolot, or a database tool) kept the profile locked; "
                + "close it and try again"
        case let .removed(path):
            return "\(path): error: the profile was deleted or replaced while Echolot ran, so this session's progress "
                + "is not in it. Keep the file while playing, \(elsewhere)"
        case let .folder(path):
            let inside = URL(fileURLWithPath: path).appendingPathComponent("profile.sqlite").path
            return "\(path): error: this is a folder; a profile is a file, which may be in it: --profile \(inside)"
        case let .failed(path, detail):
            return "\(path): error: the profile cannot be used (\(detail)); \(keep). Check the file and its folder, \(elsewhere)"
        case let .unreadableCheckpoint(path, packID, detail):
            return "\(path): error: the saved place in the story of pack '\(packID)' cannot be read (\(detail)); \(keep). Begin the story to save a new place"
        }
    }

    /// Translates whatever SQLite or the file system threw into a message about `path`.
    static func from(_ error: any Error, path: String) -> ProfileError {
        if let profileError = error as? ProfileError { return profileError }
        if let unreadable = error as? UnreadableValue { return .damaged(path: path, detail: unreadable.detail) }
        if let decoding = error as? RowDecodingError {
            // GRDB's text goes on with the whole row and the SQL; what and where is enough.
            let text = String(describing: decoding)
            return .damaged(path: path, detail: String(text[..<(text.range(of: ", row: ")?.lowerBound ?? text.endIndex)]))
        }
        if error is DecodingError { return .damaged(path: path, detail: "a stored record cannot be read back") }
        guard let database = error as? DatabaseError else {
            return .failed(path: path, detail: String(describing: error))
        }
        let detail = database.message ?? "\(database.resultCode)"
        switch database.resultCode {
        case .SQLITE_NOTADB: return .notADatabase(path: path)
        case .SQLITE_CORRUPT: return .damaged(path: path, detail: detail)
        case .SQLITE_FULL: return .diskFull(path: path)
        case .SQLITE_READONLY, .SQLITE_PERM: return .readOnly(path: path, detail: detail)
        case .SQLITE_BUSY, .SQLITE_LOCKED: return .busy(path: path)
        case .SQLITE_ERROR where detail == "integer overflow":
            // SQL `sum` of counts no real history reaches: the file was edited or damaged.
            return .damaged(path: path, detail: "a total is too large to add up")
        case .SQLITE_CANTOPEN:
            // SQLite says only "unable to open"; the way to the file, then the folder's
            // permissions, say why.
            if let unreachable = unreachableFolder(of: path) { return unreachable }
            // Not NSString's `deletingLastPathComponent`: Foundation traps on a name without a `/`.
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
            if !FileManager.default.isWritableFile(atPath: folder) {
                return .readOnly(path: path, detail: "the folder \(folder) is read-only")
            }
            return .failed(path: path, detail: detail)
        default:
            return .failed(path: path, detail: detail)
        }
    }

    /// The nearest folder that exists on the way to the profile at `path`, the one a missing
    /// profile (and the folders above it) would be made in.
    static func nearestExistingFolder(of path: String) -> URL {
        var folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.path), folder.pathComponents.count > 1 {
            folder = folder.deletingLastPathComponent()
        }
        return folder
    }

    /// Why the profile at `path` cannot be reached, when a file stands where one of its
    /// folders should be (HOME a file, `notes.txt/profile.sqlite`): the one reason every
    /// command gives, whether it would make the profile or only read it; `nil` otherwise.
    static func unreachableFolder(of path: String) -> ProfileError? {
        let folder = nearestExistingFolder(of: path)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            return .failed(path: path, detail: "\(folder.path) is a file, not a folder")
        }
        return nil
    }
}
