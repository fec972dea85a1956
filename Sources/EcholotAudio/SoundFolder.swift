import EcholotModel
import Foundation

/// Where a pack's sound names resolve at play, by the rule the pack was checked with
/// (``PackSounds``): its `sounds/` folder, then its bases' — never a file outside the pack.
///
/// The validator refuses bad paths in level files, but scripts can write any string into
/// `sound.file` at run time, so the audio layer resolves each name again before it opens
/// a file.
public struct SoundFolder: Sendable, Equatable {
    /// The packs searched, nearest first.
    public let sounds: PackSounds

    /// The sounds of `sounds` (a pack's ``Pack/sounds``).
    public init(_ sounds: PackSounds) { self.sounds = sounds }

    /// The `sounds/` folders `urls` of a pack and its bases, nearest first (a pack's
    /// `soundFolders`); each one's pack is the folder that holds it.
    public init(urls: [URL]) {
        precondition(urls.allSatisfy { $0.lastPathComponent == "sounds" }, "a pack's sounds are in its sounds/ folder")
        self.init(PackSounds(packs: urls.map { $0.deletingLastPathComponent() }))
    }

    /// The `sounds/` folder `url` of one pack.
    public init(url: URL) { self.init(urls: [url]) }

    /// The pack's own `sounds/` folder: where a name that no folder has is reported missing.
    public var url: URL { sounds.folders[0] }

    /// The file a sound name refers to — in the nearest pack that has it, else where the
    /// pack's own would be (opening it then says what is missing) — or why it may not be opened.
    public func locate(_ name: String) throws(AudioAssetError) -> URL {
        switch sounds.resolve(name) {
        case let .found(url), let .missing(url): return url
        case let .refused(problem): throw AudioAssetError(problem)
        case let .notASound(standing): throw AudioAssetError("the sound file \(standing)")
        }
    }

    /// The path to show in messages: where the name resolves, or the own folder's path joined with it.
    func displayPath(_ name: String) -> String {
        (try? locate(name).path) ?? url.path + "/" + name
    }
}
