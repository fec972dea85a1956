import Foundation

/// Watches a pack while it is being authored (`echolot play DIR --watch`): each
/// ``poll()`` compares the pack's files with what they were and, when any changed,
/// reloads the pack. A reload that fails reports its diagnostics and keeps ``current``,
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
        /// changed, relative to the pack.
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
    private var stamps: [String: Stamp] = [:]

    /// Watches the pack at `url`, loading it now. `load` loads a version of it; the
    /// default resolves it against the shipped and installed packs. Front ends can wrap
    /// it to add their own checks (scripts that must load).
    /// Files for which `ignoring` (given the file's absolute path) is true are not looked
    /// at: what the game itself writes into the pack (`play --record` into its `tests/`).
    public init(url: URL, ignoring: @escaping (String) -> Bool = { _ in false },
                load: @escaping (URL) -> Result<Pack, PackLoadError> = { PackLibrary.standard().load(at: $0) }) {
        self.url = url
        self.ignoring = ignoring
        self.load = load
        stamps = PackWatcher.scan(url, ignoring: ignoring)
        switch load(url) {
        case let .success(pack): current = pack
        case let .failure(error): problems = error.diagnostics
        }
    }

    /// Reloads the pack when a file changed since the last poll; `nil` when none did.
    public func poll() -> Change? {
        let now = PackWatcher.scan(url, previous: stamps, ignoring: ignoring)
        let changed = Set(now.keys).union(stamps.keys).filter { now[$0] != stamps[$0] }.sorted()
        guard !changed.isEmpty else { return nil }
        stamps = now
        switch load(url) {
        case let .success(pack):
            current = pack
            problems = []
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
    /// relative path; a `.zip` is one file with the path `""`. Digests of files whose size
    /// and (not recent) time are as in `previous` are taken from there instead of reading
    /// the file again.
    static func scan(_ url: URL, previous: [String: Stamp] = [:], ignoring: (String) -> Bool = { _ in false }) -> [String: Stamp] {
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
                    stamps[path] = stamp(path, fileURL, attributes)
                }
            }
        }
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: url.path, isDirectory: &isDirectory) else { return [:] }
        if isDirectory.boolValue {
            walk("", depth: 0)
        } else if let attributes = try? manager.attributesOfItem(atPath: url.path) {
            stamps[""] = stamp("", url, attributes)
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
