import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The files of one pack folder, seen safely: paths stay inside the pack (symbolic links
/// are resolved to their real targets), only regular files are read, and never more
/// than a size limit.
struct PackFiles {
    /// Files larger than this are refused (sounds, images, scripts).
    static let assetLimit = 16 * 1024 * 1024
    /// JSON files larger than this are refused.
    static let jsonLimit = 4 * 1024 * 1024

    /// The pack folder (absolute).
    let root: URL
    /// The pack folder's real path, links resolved.
    let realRoot: String
    /// How the pack folder is shown in diagnostics: as the user gave it ("" for ".").
    let displayRoot: String

    /// What is at a path inside the pack.
    enum Entry: Equatable {
        /// Nothing.
        case missing
        /// A symbolic link that leads to nothing: its target is missing, or it loops.
        case brokenLink
        /// A regular file of this many bytes.
        case file(size: Int)
        /// A folder.
        case directory
        /// A device, socket, pipe, …
        case special
        /// A link (or a path through a link) whose target is outside the pack.
        case outside
    }

    /// Why a file could not be read.
    enum ReadProblem: Error, Equatable {
        /// A link that leads nowhere, or out of the pack.
        case brokenLink, outside
        /// What reading the file itself found.
        case file(FileBytes.Problem)
    }

    /// Opening a pack folder: the files, or the problem with the folder itself.
    enum Opening {
        case opened(PackFiles)
        case failed(Diagnostic)
    }

    /// Opens the folder at `url`, or says why it is not a pack folder.
    static func open(_ url: URL) -> Opening {
        let display = displayPath(of: url)
        // The path as typed: a folder that is not there is told by it, echoed as an argument.
        let shown = display.isEmpty ? "." : MessageText.argument(display)
        let absolute = URL(fileURLWithPath: url.path).standardizedFileURL
        guard let real = realPath(absolute.path) else {
            return .failed(Diagnostic(path: shown, at: .start, message: MessageText.nothingThere))
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: real, isDirectory: &isDirectory), isDirectory.boolValue else {
            return .failed(Diagnostic(path: shown, at: .start,
                                      message: "not a pack folder (a pack is a folder holding pack.json)"))
        }
        return .opened(PackFiles(root: absolute, realRoot: real, displayRoot: display))
    }

    /// The path the user gave for `url`, cleaned: relative stays relative, "." becomes "".
    static func displayPath(of url: URL) -> String {
        var path = url.baseURL == nil ? url.path : url.relativePath
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        while path.hasPrefix("./") { path.removeFirst(2) }
        return path == "." ? "" : path
    }

    /// How a path inside the pack is shown in diagnostics.
    func display(_ relative: String) -> String {
        if displayRoot.isEmpty { return relative }
        if displayRoot.hasSuffix("/") { return displayRoot + relative }
        return displayRoot + "/" + relative
    }

    /// The absolute URL of a path inside the pack, spelt as the file's name is on disk when
    /// it differs from `relative` only in Unicode normalisation (``UnicodeFileName``);
    /// everything that reads or checks a pack's file goes through here.
    func url(_ relative: String) -> URL {
        UnicodeFileName.url(relative, in: root)
    }

    /// What is at `relative`, after resolving links; `.outside` when the real path
    /// leaves the pack.
    func entry(_ relative: String) -> Entry {
        entry(at: url(relative))
    }

    /// The regular file at `relative`, spelt as its name is on disk (``url(_:)``); nil when
    /// there is none inside the pack.
    func file(_ relative: String) -> URL? {
        let found = url(relative)
        guard case .file = entry(at: found) else { return nil }
        return found
    }

    /// What is at `found`, a URL ``url(_:)`` gave.
    func entry(at found: URL) -> Entry {
        let path = found.path
        guard let real = PackFiles.realPath(path) else {
            // A link whose target is not there reads to the player as a missing file
            // that is plainly there: say what it is.
            let isLink = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) != nil
            return isLink ? .brokenLink : .missing
        }
        guard PathInside.isWithin(real, folder: realRoot) else {
            return .outside
        }
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: real),
              let type = attributes[.type] as? FileAttributeType
        else { return .missing }
        switch type {
        case .typeRegular:
            let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
            return .file(size: size)
        case .typeDirectory:
            return .directory
        default:
            return .special
        }
    }

    /// Reads a regular file inside the pack, refusing links out, other kinds of file and
    /// files over `limit` bytes (checked before and while reading).
    func read(_ relative: String, limit: Int) -> Result<[UInt8], ReadProblem> {
        switch entry(relative) {
        case .missing: return .failure(.file(.missing))
        case .brokenLink: return .failure(.brokenLink)
        case .outside: return .failure(.outside)
        case .directory, .special: return .failure(.file(.notAFile))
        case .file: return FileBytes.read(atPath: url(relative).path, limit: limit).mapError(ReadProblem.file)
        }
    }

    /// The names in a folder inside the pack, sorted; `nil` when it is not a folder
    /// inside the pack.
    func list(_ relative: String) -> [String]? {
        guard entry(relative) == .directory,
              let names = try? FileManager.default.contentsOfDirectory(atPath: url(relative).path)
        else { return nil }
        return names.sorted()
    }

    /// Why the folder at `relative` cannot be listed, in the system's words ("Permission
    /// denied"), when it is a folder inside the pack that cannot; `nil` otherwise. ``list(_:)``
    /// gives no names either way, and a folder left unread must be told, not read as empty.
    func unlistable(_ relative: String) -> String? {
        guard entry(relative) == .directory else { return nil }
        switch FolderListing.open(url(relative).path).flatMap({ $0.entries() }) {
        case .success: return nil
        case let .failure(error): return String(cString: strerror(error.code))
        }
    }

    /// What is at the pack's folder `name` (`levels`, `strings`, `tests`) and, when that
    /// keeps it from being read, why: a link out of the pack, something that is not a folder,
    /// or a folder that cannot be listed (then `.special`, so no caller reads it as one with
    /// nothing in it). One wording for every folder of a pack.
    func folder(_ name: String) -> (entry: Entry, problem: String?) {
        let entry = entry(name)
        switch entry {
        case .missing:
            return (entry, nil)
        case .outside:
            return (entry, "the \(name) folder is a symbolic link to a folder outside the pack")
        case .directory:
            guard let reason = unlistable(name) else { return (entry, nil) }
            return (.special, "the folder cannot be read (\(reason))")
        case .brokenLink, .file, .special:
            return (entry, "\(quoted(name)) must be a folder")
        }
    }

    /// The names in a folder inside the pack that are not hidden (``ArchivePath/isHidden(_:)``:
    /// what `echolot pack` leaves out), sorted; empty when it is not a folder inside the pack.
    func visible(_ relative: String) -> [String] {
        (list(relative) ?? []).filter { !ArchivePath.isHidden($0) }
    }

    /// The message for a read problem of a file, shown at its 1:1.
    static func message(for problem: ReadProblem, limit: Int) -> String {
        switch problem {
        case .brokenLink: return PackFiles.brokenLinkMessage
        case .outside: return "a symbolic link to a file outside the pack is not allowed"
        case let .file(problem): return problem.message(limit: limit)
        }
    }

    /// What is wrong with a path a folder's listing gave, when its name is not UTF-8 (see
    /// ``FileBytes/undecodableName(_:)``); nil for a name that reads.
    func undecodableName(_ relative: String) -> String? {
        entry(relative) == .missing ? FileBytes.undecodableName(relative) : nil
    }

    /// What a link that leads nowhere is called in messages.
    static let brokenLinkMessage = "a symbolic link that leads nowhere (its target is missing, or it links to itself)"

    /// The real path of an existing file (links resolved); `nil` when it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
