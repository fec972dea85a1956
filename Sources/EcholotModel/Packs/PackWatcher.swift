import Foundation

/// Watches a pack while it is being authored (`echolot play DIR --watch`): each
/// ``poll()`` compares the pack's files, and those of the folders it builds on that an
/// author writes (``authoredFolders(of:installed:)``), with what they were and, when any
/// changed, reloads the pack. A reload that fails reports its diagnostics and keeps ``current``,
/// the last version that loaded, so the game can go on with it.
///
/// It polls rather than subscribing to file-system events, so it works the same on
/// every platform; a pack is small, and a poll every half second costs little. Files up
/// to 1 MiB are compared by content (editors that save twice within a clock tick, or
/// keep the size, are still seen); larger ones by size and modification time. A file's
/// content is read again only when its size or time changed or the time is recent, so a
/// poll of an unchanged pack reads no file. Use one watcher from one thread.
public final class PackWatcher {
    /// What a poll found.
    public enum Change {
        /// The pack changed and loaded: play this version. `files` are the paths that
        /// changed, relative to the pack: a file of a base or dependency starts with its
        /// folder, `../cave/levels/cave.json` for one beside the pack, else the folder's
        /// absolute path.
        case reloaded(Pack, files: [String])
        /// The pack changed but does not load; ``current`` is still the last good one.
        case failed([Diagnostic], files: [String])
    }

    /// How one file looked at the last poll.
    struct Stamp: Equatable {
        var size: Int
        var modified: Date?
        var digest: UInt64?
    }

    /// Files compared by content when at most this large.
    static let contentLimit = 1024 * 1024

    /// The pack folder (or `.zip`) watched.
    public let url: URL
    /// The last version that loaded; `nil` until one does.
    public private(set) var current: Pack?
    /// The problems of the last load that failed; empty after one that succeeded.
    public private(set) var problems: [Diagnostic] = []
    private let load: (URL) -> Result<Pack, PackLoadError>
    private let ignoring: (String) -> Bool
    private let watching: (Pack) -> [URL]
    /// The folders looked at: the pack's own (named by ``Folder/prefix`` `""`) first.
    private var folders: [Folder]
    /// Every file of ``folders``, by its folder's prefix and its path in it.
    private var stamps: [String: Stamp] = [:]

    /// A folder (or the pack's `.zip`) looked at, and what its files' paths start with.
    struct Folder: Equatable {
        var url: URL
        var prefix: String
    }

    /// Watches the pack at `url`, loading it now. `load` loads a version of it; the
    /// default resolves it against the shipped and installed packs. Front ends can wrap
    /// it to add their own checks (scripts that must load).
    /// Files for which `ignoring` (given the file's absolute path) is true are not looked
    /// at: what the game itself writes into the pack (`play --record` into its `tests/`).
    /// `watching` gives the folders besides its own that a version that loaded is watched
    /// in; until one loads, and while an edit is broken, those of the last good one are.
    public init(url: URL, ignoring: @escaping (String) -> Bool = { _ in false },
                watching: @escaping (Pack) -> [URL] = { PackWatcher.authoredFolders(of: $0) },
                load: @escaping (URL) -> Result<Pack, PackLoadError> = { PackLibrary.standard().load(at: $0) }) {
        self.url = url
        self.ignoring = ignoring
        self.watching = watching
        self.load = load
        folders = [Folder(url: url, prefix: "")]
        stamps = PackWatcher.scan(url, ignoring: ignoring)
        switch load(url) {
        case let .success(pack):
            current = pack
            watch(pack)
        case let .failure(error):
            problems = error.diagnostics
        }
    }

    /// The folders besides its own that `pack` is watched in: its bases' and
    /// dependencies', except those of packs installed in `installed` (the data folder's
    /// `packs/`), which `echolot install` writes rather than an author, and which may be
    /// large. A reload still reads those afresh; their edits just do not start one.
    public static func authoredFolders(of pack: Pack, installed: URL = DataDirectory.packsFolder()) -> [URL] {
        let own = real(pack.root)
        let installedPath = real(installed)
        return pack.folders.filter { folder in
            let path = real(folder)
            return path != own && !PathInside.isWithin(path, folder: installedPath)
        }
    }

    /// `url`'s path with `.`, `..` and links resolved, so two spellings of a folder compare equal.
    private static func real(_ url: URL) -> String {
        url.standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// Looks at the folders `pack` reads besides its own from now on: those new to the
    /// watcher are scanned as they are, so what this version read is not taken for a change.
    private func watch(_ pack: Pack) {
        let ownPath = PackWatcher.real(url)
        let beside = URL(fileURLWithPath: ownPath).deletingLastPathComponent().path
        var wanted = [folders[0]]
        for folder in watching(pack) {
            let path = PackWatcher.real(folder)
            guard !PathInside.isWithin(path, folder: ownPath), !wanted.contains(where: { PackWatcher.real($0.url) == path })
            else { continue }
            let parent = URL(fileURLWithPath: path).deletingLastPathComponent().path
            let prefix = parent == beside ? "../\(URL(fileURLWithPath: path).lastPathComponent)/" : path + "/"
            wanted.append(Folder(url: URL(fileURLWithPath: path, isDirectory: true), prefix: prefix))
        }
        for gone in folders where !wanted.contains(gone) {
            stamps = stamps.filter { !$0.key.hasPrefix(gone.prefix) }
        }
        for added in wanted where !folders.contains(added) {
            stamps.merge(PackWatcher.scan(added.url, prefix: added.prefix, ignoring: ignoring)) { _, new in new }
        }
        folders = wanted
    }

    /// Reloads the pack when a file changed since the last poll; `nil` when none did.
    public func poll() -> Change? {
        var now: [String: Stamp] = [:]
        for folder in folders {
            now.merge(PackWatcher.scan(folder.url, prefix: folder.prefix, previous: stamps, ignoring: ignoring)) { _, new in new }
        }
        let changed = Set(now.keys).union(stamps.keys).filter { now[$0] != stamps[$0] }.sorted()
        guard !changed.isEmpty else { return nil }
        stamps = now
        switch load(url) {
        case let .success(pack):
            current = pack
            problems = []
            watch(pack)
            return .reloaded(pack, files: changed)
        case let .failure(error):
            problems = error.diagnostics
            return .failed(error.diagnostics, files: changed)
        }
    }

    /// Seconds within which a modification time counts as recent: a file saved twice in
    /// that window may keep its size and time, so its content is compared.
    static let recentWindow: TimeInterval = 3

    /// Every file of the pack (hidden ones and those `ignoring` names left out), by
    /// relative path after `prefix`; a `.zip` is one file with the path `prefix`. Digests of
    /// files whose size and (not recent) time are as in `previous` are taken from there
    /// instead of reading the file again.
    static func scan(_ url: URL, prefix: String = "", previous: [String: Stamp] = [:],
                     ignoring: (String) -> Bool = { _ in false }) -> [String: Stamp] {
        let manager = FileManager.default
        var stamps: [String: Stamp] = [:]
        let recent = Date().addingTimeInterval(-recentWindow)
        func stamp(_ path: String, _ fileURL: URL, _ attributes: [FileAttributeKey: Any]) -> Stamp {
            let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
            let modified = attributes[.modificationDate] as? Date
            if let old = previous[path], old.size == size, old.modified == modified, let modified, modified < recent {
                return old
            }
            var digest: UInt64?
            if case let .success(bytes) = FileBytes.read(atPath: fileURL.path, limit: contentLimit) {
                digest = fnv1a(bytes)
            }
            return Stamp(size: size, modified: modified, digest: digest)
        }
        func walk(_ relative: String, depth: Int) {
            // Deep enough for any pack; a link loop cannot run away.
            guard depth < 16 else { return }
            let folder = relative.isEmpty ? url : url.appendingPathComponent(relative)
            for name in ((try? manager.contentsOfDirectory(atPath: folder.path)) ?? []) where !ArchivePath.isHidden(name) {
                let path = relative.isEmpty ? name : relative + "/" + name
                let fileURL = url.appendingPathComponent(path)
                guard let attributes = try? manager.attributesOfItem(atPath: fileURL.resolvingSymlinksInPath().path)
                else { continue }
                if attributes[.type] as? FileAttributeType == .typeDirectory {
                    walk(path, depth: depth + 1)
                } else if !ignoring(fileURL.path) {
                    stamps[prefix + path] = stamp(prefix + path, fileURL, attributes)
                }
            }
        }
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: url.path, isDirectory: &isDirectory) else { return [:] }
        if isDirectory.boolValue {
            walk("", depth: 0)
        } else if let attributes = try? manager.attributesOfItem(atPath: url.path) {
            stamps[prefix] = stamp(prefix, url, attributes)
        }
        return stamps
    }

    /// FNV-1a over the bytes: enough to notice an edit, not a security measure.
    static func fnv1a(_ data: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }
}
