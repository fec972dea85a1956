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

    /// The sounds of the pack folders `packs`, nearest first (a pack, then its bases).
    public init(packs: [URL]) { self.init(PackSounds(packs: packs)) }

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
