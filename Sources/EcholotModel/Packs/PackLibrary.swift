import Foundation

/// The packs Echolot knows by id: the shipped ones (its `levels/` folder) and the
/// installed ones (the data folder's `packs/`), or an explicit list of folders for tests.
/// It resolves what a pack builds on (`extends`, `dependencies`) against them and lists
/// them for menus, keeping packs that fail to load apart from the usable ones.
///
/// Folders are searched in order and the first pack with an id wins, so a pack copied
/// into `packs/` by hand cannot shadow a shipped one.
public struct PackLibrary: Sendable {
    /// Where a pack folder was found.
    public enum Origin: String, Sendable {
        /// Shipped with Echolot.
        case shipped
        /// Installed by the player.
        case installed
        /// Another folder (tests, authoring).
        case other
    }

    /// A folder holding pack folders.
    public struct Folder: Sendable {
        /// The folder.
        public var url: URL
        /// What kind of packs it holds.
        public var origin: Origin

        /// Creates a search folder.
        public init(url: URL, origin: Origin) {
            self.url = url
            self.origin = origin
        }
    }

    /// One pack folder found, as loaded on its own (not yet resolved).
    public struct Entry: Sendable {
        /// The pack folder.
        public var url: URL
        /// Where it was found.
        public var origin: Origin
        /// Its id, when its manifest could be read.
        public var id: String?
        /// The pack, or every problem in it.
        public var loaded: Result<Pack, PackLoadError>
    }

    /// The search folders, in order.
    public let folders: [Folder]
    /// Every pack folder found, in search order (then by folder name).
    public let entries: [Entry]
    /// Why the shipped packs are not read, as every lookup of a pack by id that finds none
    /// says it (``ShippedPacks/unreadFolder(environment:)``): set by ``standard(safe:environment:)``
    /// when `$ECHOLOT_PACKS` names no folder.
    public private(set) var shippedFolderProblem: String?
    /// Where the shipped packs are read from when `$ECHOLOT_PACKS` chose the folder, told
    /// beside a pack id found nowhere (``ShippedPacks/explicitFolderNote(environment:)``).
    public private(set) var shippedFolderNote: String?

    /// Scans `folders` for packs (each sub-folder with a `pack.json`).
    public init(folders: [Folder]) {
        self.folders = folders
        var entries: [Entry] = []
        let manager = FileManager.default
        for folder in folders {
            let names = ((try? manager.contentsOfDirectory(atPath: folder.url.path)) ?? []).sorted()
            // Hidden names are skipped: installs in progress (`.incoming-…`) live there.
            for name in names where !ArchivePath.isHidden(name) {
                let url = folder.url.appendingPathComponent(name, isDirectory: true)
                guard manager.fileExists(atPath: url.appendingPathComponent("pack.json").path) else { continue }
                let outcome = PackLoader.check(root: url, displayRoot: nil)
                let loaded: Result<Pack, PackLoadError> = outcome.pack.map { .success($0) }
                    ?? .failure(PackLoadError(diagnostics: outcome.diagnostics))
                entries.append(Entry(url: url, origin: folder.origin, id: outcome.packID, loaded: loaded))
            }
        }
        self.entries = entries
    }

    /// The shipped packs and, unless `safe`, the installed ones.
    public static func standard(safe: Bool = false,
                                environment: [String: String] = ProcessInfo.processInfo.environment) -> PackLibrary {
        var folders: [Folder] = []
        if let shipped = ShippedPacks.folder(environment: environment) {
            folders.append(Folder(url: shipped, origin: .shipped))
        }
        if !safe {
            folders.append(Folder(url: DataDirectory.packsFolder(environment: environment), origin: .installed))
        }
        var library = PackLibrary(folders: folders)
        library.shippedFolderProblem = ShippedPacks.unreadFolder(environment: environment)
        library.shippedFolderNote = ShippedPacks.explicitFolderNote(environment: environment)
        return library
    }

    /// The pack folder that answers to `id` (the first found).
    public func entry(id: String) -> Entry? {
        entries.first { $0.id == id }
    }

    /// Every pack folder with this id after the first, which are ignored.
    public func shadowed(id: String) -> [Entry] {
        Array(entries.filter { $0.id == id }.dropFirst())
    }

    /// `pack` with its bases laid under it and its dependencies found, in load order. A
    /// pack needed that is neither shipped nor installed is looked for beside `pack` (see
    /// ``besideFolder(of:)``), where an author writes an edition next to its base.
    public func resolve(_ pack: Pack) -> Result<Pack, PackLoadError> {
        var resolver = PackResolver(lookup: { id in self.entry(id: id)?.loaded }, knownIDs: entries.compactMap(\.id))
        resolver.shippedFolderProblem = shippedFolderProblem
        resolver.shippedFolderNote = shippedFolderNote
        guard let beside = besideFolder(of: pack) else { return resolver.resolve(pack) }
        // Read only when a need is missing: the folder may hold more than packs.
        var siblings: PackLibrary?
        func sibling() -> PackLibrary {
            if let siblings { return siblings }
            let found = PackLibrary(folders: [Folder(url: beside, origin: .other)])
            siblings = found
            return found
        }
        resolver.lookup = { id in self.entry(id: id)?.loaded ?? sibling().entry(id: id)?.loaded }
        // A pack in the current folder is shown as "": its parent is "..", as typed.
        resolver.besideFolder = PackLoader.parent(of: pack.displayRoot.isEmpty ? "." : pack.displayRoot)
        resolver.knownIDs = { self.entries.compactMap(\.id) + sibling().entries.compactMap(\.id) }
        return resolver.resolve(pack)
    }

    /// The folder that holds the folder of `pack`, when it is not one the library reads
    /// (a shipped or installed pack's neighbours are the library's own) and the pack is a
    /// folder, not an extracted archive.
    func besideFolder(of pack: Pack) -> URL? {
        guard pack.layer.storage == nil else { return nil }
        let parent = pack.root.standardizedFileURL.resolvingSymlinksInPath().deletingLastPathComponent()
        let read = folders.map { $0.url.standardizedFileURL.resolvingSymlinksInPath().path }
        return read.contains(parent.path) ? nil : parent
    }

    /// The pack with this id, resolved.
    public func load(id: String) -> Result<Pack, PackLoadError>? {
        entry(id: id).map { $0.loaded.flatMap(resolve) }
    }

    /// The pack in the folder or `.zip` at `url` (which need not be in the library),
    /// resolved against the library.
    public func load(at url: URL) -> Result<Pack, PackLoadError> {
        let outcome = PackLoader.check(root: url, displayRoot: nil)
        guard let pack = outcome.pack else { return .failure(PackLoadError(diagnostics: outcome.diagnostics)) }
        return resolve(pack)
    }

    /// Every usable pack, resolved and in search order, and every pack that is not, with
    /// its problems. `verify` adds checks the model cannot make (scripts load, sounds
    /// decode); a pack it finds problems in is listed with them instead of offered.
    public func catalog(verify: (Pack) -> [Diagnostic] = { _ in [] }) -> PackCatalogListing {
        var listing = PackCatalogListing()
        var seen: Set<String> = []
        for entry in entries {
            if let id = entry.id, !seen.insert(id).inserted {
                let first = self.entry(id: id)?.url.path ?? "?"
                listing.problems.append(PackProblem(entry: entry, diagnostics: [Diagnostic(
                    path: entry.url.appendingPathComponent("pack.json").path, at: .start,
                    message: "pack id \(quoted(id)) is already taken by \(first); this copy is ignored")]))
                continue
            }
            switch entry.loaded.flatMap(resolve) {
            case let .failure(error):
                listing.problems.append(PackProblem(entry: entry, diagnostics: error.diagnostics))
            case let .success(pack):
                let problems = verify(pack)
                if problems.isEmpty {
                    listing.packs.append(CatalogPack(pack: pack, origin: entry.origin))
                } else {
                    listing.problems.append(PackProblem(entry: entry, diagnostics: problems))
                }
            }
        }
        // A problem several packs share (a cycle they are all in) is told once, with the
        // first pack that has it; the others are still listed as broken.
        var told = ToldDiagnostics()
        for index in listing.problems.indices {
            listing.problems[index].diagnostics = told.untold(listing.problems[index].diagnostics)
        }
        return listing
    }
}

/// What a menu can offer: the packs that load, and those that do not with the reason.
public struct PackCatalogListing: Sendable {
    /// Usable packs, resolved, in search order.
    public var packs: [CatalogPack] = []
    /// Packs that failed to load or verify, and why.
    public var problems: [PackProblem] = []

    /// Creates an empty listing.
    public init() {}
}

/// A usable pack in a catalog listing.
public struct CatalogPack: Sendable {
    /// The pack, resolved.
    public var pack: Pack
    /// Whether it was shipped or installed.
    public var origin: PackLibrary.Origin
}

/// A pack that cannot be offered, and why.
public struct PackProblem: Sendable {
    /// The pack folder.
    public var url: URL
    /// Where it was found.
    public var origin: PackLibrary.Origin
    /// Its id, when its manifest could be read.
    public var id: String?
    /// Every problem, each naming the pack's file and line, but for those an earlier pack
    /// of the listing has too (a cycle both are in), told there.
    public var diagnostics: [Diagnostic]
    /// Why it does not load, in one line: its first problem, even one told for an earlier
    /// pack, for a menu that names each pack's reason.
    public var reason: Diagnostic?

    /// How lists and messages name it: its id, else its folder's name written out on one
    /// line (a folder in `packs/` is named by whoever put it there).
    public var name: String { id ?? folder }

    /// Its folder's name written out on one line: what the play menu names it by, and what
    /// tells apart a copy of a pack (under another folder, with the same id) from the pack.
    public var folder: String { MessageText.oneLine(url.lastPathComponent) }

    /// The pack as its own files read, unresolved, when they read (a copy whose id is
    /// taken, a pack whose scripts or base do not load): its version and name are known.
    public var pack: Pack?

    init(entry: PackLibrary.Entry, diagnostics: [Diagnostic]) {
        url = entry.url
        origin = entry.origin
        id = entry.id
        pack = try? entry.loaded.get()
        self.diagnostics = diagnostics
        reason = diagnostics.first
    }
}
