import Foundation

/// Where a pack's sound names resolve — the one rule for the check at load time
/// (``Pack/sound(_:)``) and for play (the audio layer's `SoundFolder`), so a pack that
/// passes `validate` plays the same files: the `sounds/` folder of the pack, then of each
/// base it extends, nearest first. A sound is a regular file there, or a symbolic link (or
/// a chain of them) to one anywhere inside the same pack; a link out of the pack is never
/// followed (docs/format.md: every path stays inside the pack).
public struct PackSounds: Sendable, Equatable {
    /// The pack folders searched, nearest first; the first is the pack's own.
    public let packs: [URL]

    /// The pack folders `packs`, nearest first; at least one.
    public init(packs: [URL]) {
        precondition(!packs.isEmpty, "sounds resolve in at least one pack")
        self.packs = packs.map { URL(fileURLWithPath: $0.path).standardizedFileURL }
    }

    /// The `sounds/` folder of each pack, nearest first.
    public var folders: [URL] { packs.map(Self.soundsFolder(of:)) }

    /// What a sound name resolves to.
    public enum Resolution: Sendable, Equatable {
        /// A regular file inside its pack, spelt as its name is on disk.
        case found(URL)
        /// No pack has it: where the pack's own would be (opening it says what is missing).
        case missing(URL)
        /// It may not be opened, and why.
        case refused(String)
    }

    /// Where `name` (a path inside `sounds/`) resolves. Something that is no sound — a
    /// folder, a pipe, a link that leads nowhere or out of the pack — does not hide a base's
    /// file of that name; when no pack has one, a link out is refused rather than reported
    /// missing, since opening the path would follow it.
    public func resolve(_ name: String) -> Resolution {
        if let problem = AssetChecker.pathProblem(name, folder: "sounds") { return .refused(problem) }
        let relative = "sounds/" + name
        var linkedOut = false
        for pack in packs {
            guard case let .opened(files) = PackFiles.open(pack) else { continue }
            let url = files.url(relative)
            switch files.entry(at: url) {
            case .file: return .found(url)
            case .outside: linkedOut = true
            case .missing, .brokenLink, .directory, .special: continue
            }
        }
        if linkedOut { return .refused(PackFiles.message(for: .outside, limit: PackFiles.assetLimit)) }
        return .missing(UnicodeFileName.url(name, in: Self.soundsFolder(of: packs[0])))
    }

    /// The sound file `name` names, when a pack has it (``resolve(_:)``); nil otherwise.
    public func file(_ name: String) -> URL? {
        if case let .found(url) = resolve(name) { return url }
        return nil
    }

    /// The `sounds/` folder of the pack at `root`.
    static func soundsFolder(of root: URL) -> URL {
        root.appendingPathComponent("sounds", isDirectory: true)
    }
}
