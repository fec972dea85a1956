import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Installs a pack archive into the data folder's `packs/` (`echolot install FILE.zip`),
/// so that a refused archive leaves nothing behind and a good one appears all at once:
/// every archive check first; then extraction into a hidden folder beside the target,
/// each file and folder flushed to the disk; then the pack is loaded, its id checked
/// against the packs already there and its bases and dependencies resolved; only then is
/// the folder renamed into place, or for an update swapped with the old version's in one
/// step, so that no moment, not even a kill, leaves the pack missing.
public struct PackInstaller {
    /// What an install did.
    public struct Installed: Sendable {
        /// The pack as installed (resolved).
        public var pack: Pack
        /// Its folder.
        public var folder: URL
        /// The version it replaced, when it replaced one.
        public var replacedVersion: String?
        /// Installed packs that loaded before and no longer do, with why: they build on the
        /// pack replaced, and its new version does not suit them (a range it is outside).
        public var noLongerLoading: [LeftBehind]
        /// Whether the archive's version, file for file the same, was installed already:
        /// nothing was done, and installing it again is no failure.
        public var alreadyInstalled = false
    }

    /// An installed pack that an update left behind.
    public struct LeftBehind: Sendable {
        /// The pack's folder, id and why it no longer loads.
        public var problem: PackProblem
        /// Its version, as the library read it in the check that found the problem: the
        /// pack loads on its own, only its base or dependency no longer suits it, so
        /// nothing needs loading again to name it.
        public var version: String?
    }

    /// The folder installed packs live in.
    public var packsFolder: URL
    /// The packs already known (shipped and installed), for id claims and resolution.
    public var library: PackLibrary
    /// Whether an installed pack with the same id may be replaced.
    public var replace: Bool
    /// The archive limits.
    public var limits: ArchiveLimits
    /// Whether the player asked to stop (Ctrl-C): asked while the archive is extracted and
    /// before anything is moved into place; a yes takes back all the install wrote.
    public var interrupted: () -> Bool
    /// The checks the model cannot make (scripts load, levels fit their rules, sounds
    /// decode), run on the resolved pack before it is moved into place: a pack they find
    /// problems in is refused, as `validate` would fail it. Not `whole`: the pack of a
    /// refused one's `parameters` entries that read (``PackLoadError/partial``), whose
    /// problems are told with the others, as `validate` tells them.
    public var verify: (Pack, _ whole: Bool) -> [Diagnostic]
    /// The name a player knows a pack by, for the refusal of an id already installed: the
    /// command line's is the one `echolot packs` shows, from strings the model does not read.
    public var name: (Pack) -> String

    /// An installer for `packsFolder`; `library` defaults to the shipped packs and the
    /// packs in that folder.
    public init(packsFolder: URL = DataDirectory.packsFolder(), library: PackLibrary? = nil,
                replace: Bool = false, limits: ArchiveLimits = .standard, interrupted: @escaping () -> Bool = { false },
                verify: @escaping (Pack, _ whole: Bool) -> [Diagnostic] = { _, _ in [] }, name: @escaping (Pack) -> String = { $0.manifest.name }) {
        self.packsFolder = packsFolder
        self.library = library ?? PackLibrary(folders:
            (ShippedPacks.folder().map { [PackLibrary.Folder(url: $0, origin: .shipped)] } ?? [])
                + [PackLibrary.Folder(url: packsFolder, origin: .installed)])
        self.replace = replace
        self.limits = limits
        self.interrupted = interrupted
        self.verify = verify
        self.name = name
    }

    /// Installs the archive at `archiveURL`; throws every reason it was refused.
    public func install(_ archiveURL: URL, displayPath: String? = nil) throws(PackLoadError) -> Installed {
        let shown = displayPath ?? PackFiles.displayPath(of: archiveURL)
        func refuse(_ message: String) -> PackLoadError {
            PackLoadError(diagnostics: [Diagnostic(path: shown, at: .start, message: message)])
        }
        // A data folder that cannot be written is no fault of the archive: told at that
        // folder, with the variable that chooses another (as a profile's names --profile).
        func refuseDataFolder(_ message: String) -> PackLoadError {
            let data = packsFolder.deletingLastPathComponent().path
            let elsewhere = "set \(DataDirectory.environmentVariable) to keep installed packs in another folder"
            return PackLoadError(diagnostics: [Diagnostic(path: data, at: .start, message: "\(message); \(elsewhere)")])
        }
        let archive = try PackArchive.open(archiveURL, displayPath: shown, limits: limits)

        let manager = FileManager.default
        // The outermost folder this install creates (the data folder itself, on a first
        // install), so that a refusal can take back everything it wrote.
        var firstCreated: URL?
        var probe = packsFolder.standardizedFileURL
        while !manager.fileExists(atPath: probe.path), probe.path != "/" {
            firstCreated = probe
            probe = probe.deletingLastPathComponent()
        }
        let incoming = packsFolder.appendingPathComponent(InstallLock.incomingPrefix + UUID().uuidString, isDirectory: true)
        var keep = false
        defer {
            if !keep {
                try? manager.removeItem(at: incoming)
                if let firstCreated { try? manager.removeItem(at: firstCreated) }
            }
        }
        // The lock first: an install holding it sweeps unlocked `.incoming-` folders, which
        // this one's would be until it locked.
        do {
            try manager.createDirectory(at: packsFolder, withIntermediateDirectories: true)
        } catch {
            let folder = FileErrorText.path(of: error) ?? packsFolder.path
            throw refuseDataFolder("cannot create the folder \(folder): \(FileErrorText.describe(error))")
        }
        guard let lock = InstallLock(folder: packsFolder) else {
            throw refuse("another 'echolot install' is running in \(packsFolder.path); install this one when it has finished")
        }
        defer { lock.release() }
        do {
            try manager.createDirectory(at: incoming, withIntermediateDirectories: false)
        } catch {
            // The folder made is a hidden one of the install's own: the packs folder is
            // what the player can do something about.
            throw refuseDataFolder("cannot write in the folder \(packsFolder.path): \(FileErrorText.describe(error))")
        }
        let stopped = refuse("interrupted; nothing was installed or changed")
        do {
            try archive.extract(into: incoming, durable: true, stop: interrupted)
        } catch {
            throw interrupted() ? stopped : error
        }
        let outcome = PackLoader.check(root: incoming, displayRoot: shown)
        guard let pack = outcome.pack else { throw PackLoadError(diagnostics: outcome.diagnostics) }

        let target = packsFolder.appendingPathComponent(pack.id, isDirectory: true)
        let existing: PackLibrary.Entry?
        switch try claim(pack, extractedAt: incoming, target: target, shown: shown) {
        case let .free(replacing): existing = replacing
        case let .installed(entry, installed):
            // Checked when it went in, and the same files: told as there, not refused.
            switch library.resolve(installed) {
            case let .failure(error): throw error
            case let .success(resolved):
                return Installed(pack: resolved, folder: entry.url, replacedVersion: nil, noLongerLoading: [], alreadyInstalled: true)
            }
        }
        switch library.resolve(pack) {
        case let .failure(error):
            guard let partial = error.partial else { throw error }
            throw PackLoadError(diagnostics: FileReports.told(error.diagnostics + verify(partial, false)))
        case let .success(resolved):
            let problems = verify(resolved, true)
            if !problems.isEmpty { throw PackLoadError(diagnostics: problems) }
        }
        // The last moment to stop: from here on the install is a rename or a swap.
        if interrupted() { throw stopped }
        // Only an install that goes in changes anything beside its own pack.
        lock.sweep(packsFolder, keeping: incoming, installing: pack.id) { id in
            library.entry(id: id) != nil
        }

        // What loads now, to tell afterwards which packs an update left behind.
        let loadingBefore = existing == nil ? [] : Set(library.catalog().packs.map(\.pack.id))

        // A new pack is one rename. An update swaps the two folders in one step, the new
        // version in, the old one out under the incoming name, where the next install's
        // sweep finds it if this one is killed before it is removed.
        let old: URL?
        if let existing {
            old = try swapIn(incoming, for: existing.url, at: target, refuse: refuse)
        } else {
            guard rename(incoming.path, target.path) == 0 else {
                throw refuse("cannot move the pack into \(target.path): \(String(cString: strerror(errno)))")
            }
            old = nil
        }
        keep = true
        // The rename itself is only lasting once the folder holding it is flushed.
        _ = PackArchive.syncFolder(packsFolder)
        if var old {
            // Under an incoming name before its files go: a removal killed half-way must not
            // leave a `.replaced-` folder, which the next install would put back as the pack.
            if old.lastPathComponent.hasPrefix(InstallLock.replacedPrefix) {
                let doomed = packsFolder.appendingPathComponent(InstallLock.incomingPrefix + UUID().uuidString, isDirectory: true)
                if rename(old.path, doomed.path) == 0 { old = doomed }
            }
            try? manager.removeItem(at: old)
        }
        // Loaded again from where it now lives, so its files' paths are the final ones.
        let installed = try PackLoader.load(at: target)
        let final: Pack
        switch library.resolve(installed) {
        case let .failure(error): throw error
        case let .success(done): final = done
        }
        var broken: [LeftBehind] = []
        if !loadingBefore.isEmpty {
            let after = PackLibrary(folders: library.folders)
            broken = after.catalog().problems
                .filter { $0.id != pack.id && $0.id.map(loadingBefore.contains) == true }
                .map { problem in
                    let entry = after.entries.first { $0.url == problem.url }
                    return LeftBehind(problem: problem, version: entry.flatMap { try? $0.loaded.get().manifest.version })
                }
        }
        return Installed(pack: final, folder: target,
                         replacedVersion: existing.flatMap { try? $0.loaded.get().manifest.version },
                         noLongerLoading: broken)
    }

    /// Puts the pack extracted at `incoming` in the place of the installed version at
    /// `installed`, at `target`; returns where the old version is now, to be removed. On
    /// a failure the old version is where it was.
    private func swapIn(_ incoming: URL, for installed: URL, at target: URL,
                        refuse: (String) -> PackLoadError) throws(PackLoadError) -> URL {
        func reason(_ code: Int32 = errno) -> String { String(cString: strerror(code)) }
        // Installed by hand under another name: it takes the id's name first, still one
        // pack of that id at every moment.
        let renamed = installed.standardizedFileURL.path != target.standardizedFileURL.path
        if renamed, rename(installed.path, target.path) != 0 {
            throw refuse("cannot move the installed version from \(installed.path) to \(target.path): \(reason())")
        }
        func putBack() { if renamed { _ = rename(target.path, installed.path) } }
        let exchanged = Self.exchange(incoming, target)
        if exchanged == 0 { return incoming }
        // A file system that cannot swap: the old version aside, the new one in, as two
        // renames; a kill between them leaves the old version under the replaced name,
        // which the next install puts back.
        guard [ENOSYS, EINVAL, ENOTSUP, EOPNOTSUPP].contains(exchanged) else {
            let why = reason(exchanged)
            putBack()
            throw refuse("cannot replace the installed version at \(target.path): \(why)")
        }
        let aside = packsFolder.appendingPathComponent(InstallLock.replacedPrefix + UUID().uuidString, isDirectory: true)
        guard rename(target.path, aside.path) == 0 else {
            let why = reason()
            putBack()
            throw refuse("cannot move the installed version at \(target.path) aside: \(why)")
        }
        guard rename(incoming.path, target.path) == 0 else {
            let why = reason()
            _ = rename(aside.path, target.path)
            putBack()
            throw refuse("cannot move the pack into \(target.path): \(why)")
        }
        return aside
    }

    /// Swaps the folders at `a` and `b` in one step (`renameat2` with `RENAME_EXCHANGE`);
    /// 0, or the error number: `ENOSYS` where the C library or the kernel lacks the call,
    /// `EINVAL` where the file system cannot swap.
    static func exchange(_ a: URL, _ b: URL) -> Int32 {
        #if canImport(Glibc)
        // Swift's Glibc module leaves out renameat2 (declared only under _GNU_SOURCE), and
        // the variadic syscall(2) cannot be called from Swift: it is looked up by name.
        guard let symbol = dlsym(nil, "renameat2") else { return ENOSYS }
        typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
        let renameat2 = unsafeBitCast(symbol, to: RenameAt2.self)
        let renameExchange: UInt32 = 1 << 1  // RENAME_EXCHANGE, from <linux/fs.h>
        return renameat2(AT_FDCWD, a.path, AT_FDCWD, b.path, renameExchange) == 0 ? 0 : errno
        #else
        return renamex_np(a.path, b.path, UInt32(RENAME_SWAP)) == 0 ? 0 : errno
        #endif
    }

    /// What the packs already there make of a new pack's id.
    private enum Claim {
        /// The id is free, or its installed pack (`replacing`) is to be replaced.
        case free(replacing: PackLibrary.Entry?)
        /// The installed pack of the id is the same version with the same files.
        case installed(PackLibrary.Entry, Pack)
    }

    /// What installing `pack`, extracted at `extracted`, does to the packs there; throws
    /// when the id belongs to a shipped pack, to another version or other files installed
    /// and replacing was not asked for, or the target folder holds something else.
    private func claim(_ pack: Pack, extractedAt extracted: URL, target: URL, shown: String) throws(PackLoadError) -> Claim {
        let idPosition = pack.manifestSource.position(of: "id")
        func refuse(_ message: String) -> PackLoadError {
            PackLoadError(diagnostics: [Diagnostic(path: pack.display("pack.json"), at: idPosition, message: message)])
        }
        let owners = library.entries.filter { $0.id == pack.id }
        if let shipped = library.shippedIDProblem(of: pack) { throw PackLoadError(diagnostics: [shipped]) }
        let installed = owners.first { $0.origin == .installed }
        if let installed, !replace {
            let other = try? installed.loaded.get()
            let version = pack.manifest.version
            // Compared byte for byte, which the archive limits keep to a few hundred MiB, and
            // only when the versions match, as those of the same files do.
            if let other, other.manifest.version == version,
               FileManager.default.contentsEqual(atPath: extracted.path, andPath: installed.url.path) {
                return .installed(installed, other)
            }
            // Not a problem of the archive's files but of what is installed, so told at the
            // archive; the author is the pack's own text too: quoted, so a control character
            // in it stays text in the message.
            func named(_ one: Pack) -> String {
                "\(quoted(name(one))) \(one.manifest.version)" + (one.manifest.author.map { " by \(quoted($0))" } ?? "")
            }
            let what = other.map(named) ?? "a pack with the id \(quoted(pack.id))"
            let replacement: String
            if let other, name(other) != name(pack) || other.manifest.author != pack.manifest.author {
                // Another pack that took the same id: named, so the player does not replace
                // the pack they have with one they did not mean to.
                replacement = "; the archive holds \(named(pack)), a different pack under the same id; "
                    + "to replace the installed pack with it"
            } else if other?.manifest.version == version {
                replacement = ", with other files than this archive's; to replace it with the archive's"
            } else if let other, let installedVersion = SemanticVersion(other.manifest.version),
                      let archiveVersion = SemanticVersion(version), archiveVersion < installedVersion {
                // Not an update: told as what it is, so it is not taken for one.
                replacement = ", newer than this archive's \(version); to replace it with the older version (a downgrade)"
            } else {
                replacement = "; to replace it with version \(version)"
            }
            throw PackLoadError(diagnostics: [Diagnostic(path: shown, at: .start, message:
                "\(what) is already installed\(replacement), run: echolot install --replace \(Shell.word(shown))")])
        }
        let targetTaken = FileManager.default.fileExists(atPath: target.path)
        if targetTaken, installed?.url.standardizedFileURL.path != target.standardizedFileURL.path {
            throw refuse("id: the folder \(target.path) already exists and holds another pack (or none); "
                + "move it away and install again")
        }
        return .free(replacing: installed)
    }
}
