import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One pack folder among those a game loads: the pack itself, a base it extends or a
/// dependency. The script layer loads each layer's `scripts/` in its own environment.
public struct PackLayer: Sendable {
    /// The layer's manifest.
    public var manifest: PackManifest
    /// Its folder.
    public var root: URL
    /// How its folder is shown in diagnostics.
    public var displayRoot: String
    /// Keeps an extracted archive's folder alive.
    public var storage: PackStorage?

    /// Creates a layer.
    public init(manifest: PackManifest, root: URL, displayRoot: String, storage: PackStorage? = nil) {
        self.manifest = manifest
        self.root = root
        self.displayRoot = displayRoot
        self.storage = storage
    }

    /// The pack's id.
    public var id: String { manifest.id }

    /// The id of the pack it extends, if any.
    public var extends: String? { manifest.extends }

    /// Its `sounds/` folder.
    public var soundsFolder: URL { PackSounds.soundsFolder(of: root) }

    /// Its `scripts/` folder.
    public var scriptsFolder: URL { root.appendingPathComponent("scripts", isDirectory: true) }

    /// The sound `file` in this layer alone, as ``PackSounds`` finds it.
    public func sound(_ file: String) -> URL? {
        PackSounds(packs: [root]).file(file)
    }

    /// How a path inside the layer is shown in diagnostics.
    public func display(_ relative: String) -> String {
        if displayRoot.isEmpty { return relative }
        return displayRoot.hasSuffix("/") ? displayRoot + relative : displayRoot + "/" + relative
    }
}

/// A private folder an archive was extracted to; removed when the last pack using it
/// is released.
public final class PackStorage: Sendable {
    /// The folder.
    public let folder: URL

    /// The start of every such folder's name; the process id that made it follows.
    static let prefix = "echolot-pack-"

    /// Makes a fresh folder, readable only by this user, under the system's temporary
    /// folder, named after this process so that the next one can tell it from its own.
    static func make() throws -> PackStorage {
        let temporary = FileManager.default.temporaryDirectory
        // Ctrl-C or a kill during `validate`, `run` or `play` of an archive ends the process
        // before it can remove its own folder (up to 256 MiB): the next one removes it.
        LeftOver.sweep(temporary, prefix: prefix)
        let folder = temporary.appendingPathComponent(LeftOver.name(prefix: prefix), isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false,
                                                attributes: [.posixPermissions: 0o700])
        return PackStorage(folder: folder)
    }

    private init(folder: URL) {
        self.folder = folder
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }
}
