import EcholotModel
import Foundation

/// Where a pack's sound names resolve: its `sounds/` folder, then its bases' (a pack that
/// extends another inherits the sounds it does not override) — never a file outside them.
///
/// The validator refuses bad paths in level files, but scripts can write any string into
/// `sound.file` at run time, so the audio layer checks again before it opens a file.
public struct SoundFolder: Sendable, Equatable {
    /// The folders searched, nearest first; the first is the pack's own.
    public let urls: [URL]

    /// The pack's own folder: where a name that no folder has is reported missing.
    public var url: URL { urls[0] }

    /// The single folder at `url`.
    public init(url: URL) { self.init(urls: [url]) }

    /// The folders `urls`, nearest first (a pack's `soundFolders`); at least one.
    public init(urls: [URL]) {
        precondition(!urls.isEmpty, "a sound folder needs at least one folder")
        self.urls = urls.map(\.standardizedFileURL)
    }

    /// The `sounds/` folder of the pack at `packRoot`.
    public init(packRoot: URL) { self.init(url: packRoot.appendingPathComponent("sounds", isDirectory: true)) }

    /// The file a sound name refers to — in the nearest folder that has it, else where the
    /// pack's own would be (opening it then says what is missing) — or why it may not be opened.
    public func locate(_ name: String) throws(AudioAssetError) -> URL {
        // The validator's own rules, read by Unicode scalar (an accent after a '/' hides
        // nothing from them).
        if let problem = AssetChecker.pathProblem(name, folder: "sounds") { throw AudioAssetError(problem) }
        for folder in urls {
            // As the validator finds it: a name that differs only in Unicode normalisation
            // (a pack made on macOS) is the same file.
            // A regular file only, as the pack's own check finds it (Pack.sound): a folder of
            // the name in an extending pack does not hide its base's sound.
            let file = try Self.contained(UnicodeFileName.onDisk(name, in: folder.path), in: folder)
            if Self.isRegularFile(file) { return file }
        }
        return try Self.contained(name, in: url)
    }

    /// Whether `url` is a regular file, or a link to one: a folder, a pipe or a device of a
    /// sound's name is no sound.
    private static func isRegularFile(_ url: URL) -> Bool {
        var status = stat()
        return stat(url.path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
    }

    /// The path to show in messages: where the name resolves, or the own folder's path joined with it.
    func displayPath(_ name: String) -> String {
        (try? locate(name).path) ?? url.path + "/" + name
    }

    /// `name` inside `folder`, refused when a link leads out of it.
    private static func contained(_ name: String, in folder: URL) throws(AudioAssetError) -> URL {
        let file = folder.appendingPathComponent(name).standardizedFileURL
        let root = folder.resolvingSymlinksInPath().path
        let resolved = file.resolvingSymlinksInPath().path
        guard PathInside.isBelow(resolved, folder: root) else {
            throw AudioAssetError("the sound file is a link to a file outside the pack's sounds/ folder")
        }
        return file
    }
}
