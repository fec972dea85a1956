import Foundation
import ZIPFoundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Builds a pack's archive (`echolot pack DIR`): every file of the folder except hidden
/// ones, under one top folder named after the pack id, in sorted order with fixed dates
/// and permissions, so the same folder always gives the same bytes.
public enum PackArchiver {
    /// The modification date every entry gets: 1980-01-01 00:00 UTC, the first a ZIP
    /// can store. A real date would make each build of the same pack differ.
    static let fixedDate = Date(timeIntervalSince1970: 315_532_800)

    /// What was written.
    public struct Summary: Sendable {
        /// The archive.
        public var url: URL
        /// How many files it holds.
        public var fileCount: Int
        /// Their total size before compression.
        public var totalSize: Int
    }

    /// The files of the pack folder at `folder` to archive, relative and sorted. Hidden
    /// files and folders (`.git`, `.DS_Store`) are left out; links and special files are
    /// refused, as installing would refuse them; so are folders over the archive limits.
    public static func files(in folder: URL, displayRoot: String,
                             limits: ArchiveLimits = .standard) throws(PackLoadError) -> [(path: String, size: Int)] {
        var problems: [Diagnostic] = []
        var found: [(path: String, size: Int)] = []
        func problem(_ relative: String, _ message: String) {
            let shown = relative.isEmpty ? (displayRoot.isEmpty ? "." : displayRoot)
                : displayRoot.isEmpty ? relative : displayRoot + "/" + relative
            problems.append(Diagnostic(path: shown, at: .start, message: message))
        }
        // Each folder is read once, and its entries looked at through it, not by path.
        func walk(_ relative: String, _ opened: Result<FolderListing, FolderError>) {
            let listing: FolderListing
            switch opened {
            case let .success(opened): listing = opened
            case let .failure(error):
                // A folder or file that cannot be read is named, never left out: the
                // archive would lack it without a word.
                problem(relative, unreadable(error.code, "folder"))
                return
            }
            let entries: [FolderListing.Entry]
            switch listing.entries() {
            case let .success(listed): entries = listed
            case let .failure(error):
                problem(relative, unreadable(error.code, "folder"))
                return
            }
            for entry in entries where !ArchivePath.isHidden(entry.name) {
                let path = relative.isEmpty ? entry.name : relative + "/" + entry.name
                guard entry.isUTF8 else {
                    // A name from another system, shown with a stand-in character.
                    problem(path, "its name is not valid UTF-8 (shown here with \u{FFFD}); rename it, or move it out of the pack")
                    continue
                }
                var status = stat()
                guard fstatat(listing.descriptor, entry.name, &status, AT_SYMLINK_NOFOLLOW) == 0 else {
                    // Listed, then gone before it could be looked at.
                    problem(path, unreadable(errno, "file"))
                    continue
                }
                switch status.st_mode & S_IFMT {
                case S_IFDIR:
                    // Nothing below a path this long may go into an archive: told here,
                    // rather than walked down, a descriptor held for every folder, until
                    // the process runs out of them and says so in words that blame
                    // permissions.
                    if path.utf8.count >= ArchivePath.maxLength, let refused = ArchivePath.problem(path + "/") {
                        problem(path, refused)
                    } else {
                        walk(path, listing.open(entry.name))
                    }
                case S_IFREG:
                    let size = Int(status.st_size)
                    if faccessat(listing.descriptor, entry.name, R_OK, 0) != 0 {
                        problem(path, unreadable(errno, "file"))
                    } else if let refused = ArchivePath.problem(path) {
                        problem(path, refused)
                    } else if size > limits.maxFileSize {
                        problem(path, "file is \(ArchiveLimits.sizeText(size)), "
                            + "over the \(ArchiveLimits.sizeText(limits.maxFileSize)) limit")
                    } else {
                        found.append((path, size))
                    }
                case S_IFLNK:
                    problem(path, "a symbolic link; archives may not hold links (installing would refuse it), put the file itself here")
                default:
                    problem(path, "not a regular file or folder")
                }
            }
        }
        walk("", FolderListing.open(folder.path))
        let total = found.reduce(0) { $0 + $1.size }
        let shownRoot = displayRoot.isEmpty ? "." : displayRoot
        if found.count > limits.maxEntries {
            problems.append(Diagnostic(path: shownRoot, at: .start,
                                       message: "the pack has \(found.count) files, over the limit of \(limits.maxEntries)"))
        }
        if total > limits.maxTotalSize {
            problems.append(Diagnostic(path: shownRoot, at: .start, message: "the pack's files add up to "
                + "\(ArchiveLimits.sizeText(total)), over the \(ArchiveLimits.sizeText(limits.maxTotalSize)) limit"))
        }
        if !problems.isEmpty { throw PackLoadError(diagnostics: problems.sortedForDisplay()) }
        return found.sorted { Array($0.path.utf8).lexicographicallyPrecedes(Array($1.path.utf8)) }
    }

    /// Why a file or folder of the pack cannot be read, and what to do.
    private static func unreadable(_ code: Int32, _ what: String) -> String {
        "the \(what) cannot be read (\(String(cString: strerror(code)))); give yourself read permission, or move it out of the pack"
    }

    /// Writes the archive of the pack folder at `folder` (whose id is `id`) to `output`,
    /// atomically: into a temporary file beside it, checked as installing checks it, then
    /// renamed over it. An `output` that is a link is written through, to the file it names;
    /// one that is not a regular file (a device, a pipe) is refused, never replaced.
    public static func write(folder: URL, id: String, to output: URL, displayRoot: String,
                             limits: ArchiveLimits = .standard) throws(PackLoadError) -> Summary {
        let shownOutput = PackFiles.displayPath(of: output)
        let output = OutputGuard.destination(of: output)
        if OutputGuard.isSpecialFile(output) {
            throw PackLoadError(diagnostics: [Diagnostic(path: shownOutput, at: .start,
                                                         message: "exists and is not a regular file (a device, a pipe or a socket); nothing was written")])
        }
        let files = try files(in: folder, displayRoot: displayRoot, limits: limits)
        let temporary = OutputGuard.temporary(beside: output)
        do {
            try writeEntries(files, from: folder, prefix: id + "/", to: temporary)
        } catch let error as UnreadableFile {
            // Listed readable, then gone or changed while the archive was written.
            try? FileManager.default.removeItem(at: temporary)
            let shown = displayRoot.isEmpty ? error.path : displayRoot + "/" + error.path
            throw PackLoadError(diagnostics: [Diagnostic(path: shown, at: .start, message:
                "the file cannot be read (\(FileErrorText.describe(error.underlying))) while the archive is written; nothing was written")])
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            // The file written is a hidden temporary one: its folder is what is named.
            let message = "cannot write the archive in the folder \(output.deletingLastPathComponent().path): "
                + FileErrorText.describe(error)
            throw PackLoadError(diagnostics: [Diagnostic(path: shownOutput, at: .start, message: message)])
        }
        // What installing checks, checked here on the archive written: names that differ
        // only in case are two files here but one on macOS, and a file of silence packs
        // like a zip bomb. An archive that players cannot install is not shared.
        do {
            _ = try PackArchive.open(temporary, displayPath: shownOutput, limits: limits)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw PackLoadError(diagnostics: error.diagnostics.map {
                Diagnostic(path: $0.path, at: $0.position, message: "not written, since installing would refuse it: \($0.message)")
            })
        }
        // rename(2) replaces an existing file atomically: a reader sees the old archive or
        // the new one, never half of one.
        OutputGuard.keepMode(of: output, on: temporary)
        guard rename(temporary.path, output.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw PackLoadError(diagnostics: [Diagnostic(path: shownOutput, at: .start,
                                                         message: "cannot write the archive: \(reason)")])
        }
        return Summary(url: output, fileCount: files.count, totalSize: files.reduce(0) { $0 + $1.size })
    }

    /// A pack file that could not be read while the archive was written: its fault is not
    /// the output folder's.
    private struct UnreadableFile: Error {
        let path: String
        let underlying: any Error
    }

    /// Writes the entries; the archive is closed (its directory flushed) when this returns.
    private static func writeEntries(_ files: [(path: String, size: Int)], from folder: URL, prefix: String,
                                     to url: URL) throws {
        let archive = try Archive(url: url, accessMode: .create)
        for file in files {
            let data: Data
            do {
                data = try Data(contentsOf: folder.appendingPathComponent(file.path))
            } catch {
                throw UnreadableFile(path: file.path, underlying: error)
            }
            try archive.addEntry(with: prefix + file.path, type: .file, uncompressedSize: Int64(data.count),
                                 modificationDate: fixedDate, permissions: 0o644, compressionMethod: .deflate) {
                position, size in
                let start = Int(position)
                return data.subdata(in: start..<min(start + size, data.count))
            }
        }
    }
}
