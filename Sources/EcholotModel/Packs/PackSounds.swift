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
        /// No pack has a sound of the name, but something else stands there (in the
        /// nearest pack that has anything): what it is, as ``notASound(_:)`` says it.
        case notASound(String)
        /// The name itself may not be opened (it leaves `sounds/`, …), and why.
        case refused(String)
    }

    /// Why the name `shown` (as a message names it: `sound file "sounds/x.wav"`) may not be
    /// played though something may stand there — a refused name or no sound — as every
    /// check and play says it; nil when it is found or simply missing, which each caller
    /// words for its own case.
    public static func problem(of resolution: Resolution, shown: String) -> String? {
        switch resolution {
        case .found, .missing: nil
        case let .refused(problem): "\(shown): \(problem)"
        case let .notASound(standing): "\(shown) \(standing)"
        }
    }

    /// Where `name` (a path inside `sounds/`) resolves. Something that is no sound — a
    /// folder, a pipe, a link that leads nowhere or out of the pack — does not hide a base's
    /// file of that name; when no pack has one, that thing is told for what it is rather
    /// than as a missing file (opening a link out would follow it).
    public func resolve(_ name: String) -> Resolution {
        resolve(name, in: packs.map(PackFiles.open))
    }

    /// ``resolve(_:)`` for many names, the pack folders opened once for all of them: a pack
    /// of thousands of sounds opened each folder again for every name it checked.
    public func resolver() -> (String) -> Resolution {
        let opened = packs.map(PackFiles.open)
        return { resolve($0, in: opened) }
    }

    /// Where `name` resolves, `opened` the pack folders as ``packs`` lists them.
    private func resolve(_ name: String, in opened: [PackFiles.Opening]) -> Resolution {
        if let problem = AssetChecker.pathProblem(name, folder: "sounds") { return .refused(problem) }
        let relative = "sounds/" + name
        var standing: String?
        for opening in opened {
            guard case let .opened(files) = opening else { continue }
            let url = files.url(relative)
            let entry = files.entry(at: url)
            if case .file = entry { return .found(url) }
            if standing == nil { standing = Self.notASound(entry) }
        }
        if let standing { return .notASound(standing) }
        return .missing(UnicodeFileName.url(name, in: Self.soundsFolder(of: packs[0])))
    }

    /// What stands where a sound file should, as every message about a sound says it after
    /// the file's name ("sound file "sounds/x.wav" is …"); nil for a file or nothing.
    static func notASound(_ entry: PackFiles.Entry) -> String? {
        switch entry {
        case .file, .missing: nil
        case .brokenLink: "is \(PackFiles.brokenLinkMessage)"
        case .outside: "is a symbolic link to a file outside the pack"
        case .directory, .special: "is not a regular file; put the sound file itself there"
        }
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
