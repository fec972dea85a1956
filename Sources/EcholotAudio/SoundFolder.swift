import Foundation

/// A pack's `sounds/` folder: where sound names resolve, never to a file outside it.
///
/// The validator refuses bad paths in level files, but scripts can write any string into
/// `sound.file` at run time, so the audio layer checks again before it opens a file.
public struct SoundFolder: Sendable, Equatable {
    /// The folder.
    public let url: URL

    /// The folder at `url`.
    public init(url: URL) { self.url = url.standardizedFileURL }

    /// The `sounds/` folder of the pack at `packRoot`.
    public init(packRoot: URL) { self.init(url: packRoot.appendingPathComponent("sounds", isDirectory: true)) }

    /// The file a sound name refers to, or why it may not be opened.
    public func locate(_ name: String) throws(AudioAssetError) -> URL {
        if name.isEmpty { throw AudioAssetError("the sound has no file name") }
        if name.hasPrefix("/") || name.contains("\\") {
            throw AudioAssetError("sound file names are relative to the pack's sounds/ folder and use '/'")
        }
        if name.split(separator: "/", omittingEmptySubsequences: false).contains("..") {
            throw AudioAssetError("'..' is not allowed: sound files must stay inside the pack")
        }
        let file = url.appendingPathComponent(name).standardizedFileURL
        let folder = url.resolvingSymlinksInPath().path
        let resolved = file.resolvingSymlinksInPath().path
        guard resolved.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/") else {
            throw AudioAssetError("the sound file is a link to a file outside the pack's sounds/ folder")
        }
        return file
    }

    /// The path to show in messages: the folder's path joined with the name.
    func displayPath(_ name: String) -> String { url.path + "/" + name }
}
