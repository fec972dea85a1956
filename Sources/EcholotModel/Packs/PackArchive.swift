import Foundation
import ZIPFoundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A pack archive (`.zip`), checked entry by entry before anything is written: every
/// name lands inside the pack, nothing is a link, no two names collide, and the number of
/// entries, their sizes and compression ratios stay within ``ArchiveLimits``.
///
/// The pack is either at the archive's top (`pack.json`, `levels/…`) or in its one top
/// folder (`my-pack/pack.json`, as zipping the folder gives). macOS clutter
/// (`__MACOSX/`, `.DS_Store`) is checked like everything else but not extracted.
public final class PackArchive {
    /// A file of the pack inside the archive.
    struct File {
        /// The entry.
        var entry: Entry
        /// Its path inside the pack (the top folder, if any, removed).
        var path: String
        /// The size the directory claims it inflates to.
        var declaredSize: Int
    }

    /// The archive file.
    public let url: URL
    /// How the archive is shown in diagnostics.
    public let displayPath: String
    /// The limits it was checked against (and is extracted under).
    public let limits: ArchiveLimits
    /// The folder inside the archive that holds `pack.json` (`""` or `"name/"`).
    public let packFolder: String
    /// The pack's files, sorted by path.
    let files: [File]
    private let archive: Archive

    private init(url: URL, displayPath: String, limits: ArchiveLimits, packFolder: String,
                 files: [File], archive: Archive) {
        self.url = url
        self.displayPath = displayPath
        self.limits = limits
        self.packFolder = packFolder
        self.files = files
        self.archive = archive
    }

    /// The paths of the pack's files inside the pack, sorted.
    public var paths: [String] { files.map(\.path) }

    /// Opens and checks the archive at `url`; throws every problem found (each a
    /// diagnostic on the archive at 1:1, naming the entry).
    public static func open(_ url: URL, displayPath: String? = nil,
                            limits: ArchiveLimits = .standard) throws(PackLoadError) -> PackArchive {
        let shown = displayPath ?? PackFiles.displayPath(of: url)
        func refuse(_ messages: [String]) -> PackLoadError {
            PackLoadError(diagnostics: messages.map { Diagnostic(path: shown, at: .start, message: $0) })
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw refuse([MessageText.nothingThere])
        }
        guard !isDirectory.boolValue else { throw refuse(["a folder, not a .zip archive; make one with 'echolot pack FOLDER' and install that"]) }
        // Opening a named pipe waits for a writer, for ever (an install waits with Ctrl-C
        // held), and a device or socket is no archive either: refused before it is opened.
        if OutputGuard.isSpecialFile(url) {
            throw refuse(["not a regular file (a device, a pipe or a socket), so not a .zip archive; give the archive's file"])
        }
        let archive: Archive
        do {
            archive = try Archive(url: url, accessMode: .read)
        } catch {
            throw refuse(["not a readable ZIP archive (it may be damaged or not a .zip at all)"])
        }
        var scan = ArchiveScan(limits: limits)
        var read = 0
        var tooMany = false
        for entry in archive {
            read += 1
            if !scan.add(entry) {
                tooMany = true
                break
            }
        }
        // Before what the entries hold: read from a damaged directory, a name may run into
        // the end record, and the pack may lack files without a word.
        if !tooMany, let damage = ArchiveDirectory.damage(of: url, entriesRead: read) { throw refuse([damage]) }
        scan.finish()
        if !scan.problems.isEmpty { throw refuse(scan.problems) }
        let folder: String
        switch scan.packFolder() {
        case let .success(found): folder = found
        case let .failure(noPack): throw refuse([noPack.message])
        }
        let files = scan.files
            .filter { !ArchivePath.isClutter($0.path) }
            .compactMap { found in
                ArchivePath.relative(found.path, below: folder).map { File(entry: found.entry, path: $0, declaredSize: found.size) }
            }
            .sorted { $0.path < $1.path }
        return PackArchive(url: url, displayPath: shown, limits: limits, packFolder: folder,
                           files: files, archive: archive)
    }

    /// Writes the pack's files into `folder` (which must exist and be empty), counting
    /// the bytes actually inflated against the declared sizes and the limits and checking
    /// each file's CRC. `stop` is asked before each piece is written; when it says yes,
    /// extraction ends with an error. On a problem the caller removes the folder: it holds
    /// only part of the pack. When `durable` (an install), every file and folder written
    /// is flushed to the disk before this returns: renamed into place unflushed, a file
    /// could be empty after a crash. A pack played from its archive is extracted into a
    /// folder thrown away afterwards, and pays for no flush.
    public func extract(into folder: URL, durable: Bool = false, stop: () -> Bool = { false }) throws(PackLoadError) {
        let manager = FileManager.default
        var total = 0
        // The folders the files are in and those above them, flushed once the files are.
        var folders: Set<String> = [""]
        for file in files {
            var parent = ArchivePath.segments(file.path).dropLast()
            while !parent.isEmpty {
                folders.insert(parent.joined(separator: "/"))
                parent = parent.dropLast()
            }
            let target = folder.appendingPathComponent(file.path)
            let failure = { (message: String) in
                PackLoadError(diagnostics: [Diagnostic(path: self.displayPath, at: .start,
                                                       message: "entry \(quoted(self.packFolder + file.path)): \(message)")])
            }
            do {
                try manager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true,
                                            attributes: [.posixPermissions: 0o755])
            } catch {
                throw failure("cannot create its folder: \(FileErrorText.describe(error))")
            }
            // Written through a descriptor, so that a full disk or a file-size limit is told
            // by its reason instead of as a damaged archive.
            let descriptor = openFile(target.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { throw failure(cannotWrite(errno, in: folder)) }
            defer { close(descriptor) }
            var written = 0
            var overrun: String?
            var writeError: Int32?
            let checksum: CRC32
            do {
                checksum = try archive.extract(file.entry, skipCRC32: false) { chunk in
                    written += chunk.count
                    total += chunk.count
                    // The directory may lie about sizes; what inflates is what counts.
                    if written > file.declaredSize {
                        overrun = "it inflates to more than the \(file.declaredSize) bytes its header declares"
                    } else if total > self.limits.maxTotalSize {
                        overrun = "the archive inflates to more than \(ArchiveLimits.sizeText(self.limits.maxTotalSize)) in all"
                    }
                    if overrun == nil, stop() { overrun = "extraction was stopped before it was written whole" }
                    writeError = overrun == nil ? PackArchive.writeAll(chunk, to: descriptor) : nil
                    if overrun != nil || writeError != nil { throw ArchiveScan.Stop() }
                }
            } catch {
                if let overrun { throw failure(overrun) }
                if let writeError { throw failure(cannotWrite(writeError, in: folder)) }
                if case Archive.ArchiveError.invalidCompressionMethod = error {
                    throw failure("it is compressed with a method Echolot cannot read (only 'stored' and 'deflate'); "
                        + "make the archive with 'echolot pack FOLDER' or a ZIP tool's usual settings")
                }
                throw failure("cannot be read (the archive is damaged)")
            }
            if written != file.declaredSize {
                throw failure("it inflates to \(written) bytes, not the \(file.declaredSize) its header declares")
            }
            if checksum != file.entry.checksum {
                throw failure("its checksum does not match (the archive is damaged)")
            }
            guard !durable || fsync(descriptor) == 0 else { throw failure(cannotWrite(errno, in: folder)) }
        }
        for path in folders.sorted() where durable {
            let url = path.isEmpty ? folder : folder.appendingPathComponent(path, isDirectory: true)
            if let code = Self.syncFolder(url) {
                throw PackLoadError(diagnostics: [Diagnostic(path: displayPath, at: .start,
                                                             message: "the pack \(cannotWrite(code, in: folder))")])
            }
        }
    }

    /// Flushes the folder at `url` (its list of names) to the disk; the error number when
    /// the system refuses. A file flushed is found after a crash only if its folder's entry
    /// for it is too.
    static func syncFolder(_ url: URL) -> Int32? {
        let descriptor = openFile(url.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0)
        guard descriptor >= 0 else { return errno }
        defer { close(descriptor) }
        return fsync(descriptor) == 0 ? nil : errno
    }

    /// Writes all of `chunk`; the error number when the system refuses.
    private static func writeAll(_ chunk: Data, to descriptor: Int32) -> Int32? {
        chunk.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Int32? in
            guard let base = raw.baseAddress else { return nil }
            var offset = 0
            while offset < raw.count {
                let count = write(descriptor, base + offset, raw.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += count
            }
            return nil
        }
    }

    /// Why a file of the pack cannot be written into `folder`, named by where the space
    /// or the permission is lacking (the folder itself is a hidden temporary one).
    private func cannotWrite(_ code: Int32, in folder: URL) -> String {
        "cannot be written in \(folder.deletingLastPathComponent().path): \(String(cString: strerror(code)))"
    }
}

/// The C library's `open`, named apart from ``PackArchive/open(_:displayPath:)`` inside the
/// type, on either platform the file imports.
private func openFile(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
    #if canImport(Glibc)
    Glibc.open(path, flags, mode)
    #else
    Darwin.open(path, flags, mode)
    #endif
}

/// Why a file operation failed, in the system's words ("Permission denied", "No space left
/// on device"), and the path it failed on: Foundation's own description of a failed write
/// is "You don't have permission" with no path, or a dump of its error domains, not a
/// sentence a player can act on. Installing, packing and play's recordings all tell it so.
public enum FileErrorText {
    /// The sentence's reason for `error`: the POSIX error at the bottom of its chain, else
    /// Foundation's description.
    public static func describe(_ error: any Error) -> String {
        code(of: error).map { String(cString: strerror($0)) } ?? error.localizedDescription
    }

    /// The POSIX error number at the bottom of `error`'s chain of underlying errors.
    public static func code(of error: any Error) -> Int32? {
        var current = error as NSError
        while current.domain != NSPOSIXErrorDomain, let underlying = current.userInfo[NSUnderlyingErrorKey] as? any Error {
            current = underlying as NSError
        }
        return current.domain == NSPOSIXErrorDomain ? Int32(current.code) : nil
    }

    /// The path `error` says failed (the first folder that could not be made, of a path
    /// made with its parents), if it says.
    public static func path(of error: any Error) -> String? {
        (error as NSError).userInfo[NSFilePathErrorKey] as? String
    }
}
