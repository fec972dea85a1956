import EcholotCore
import EcholotModel

/// Attribute names and defaults the engine reads on every change, taken once from the
/// typed keys (the single source of truth). The hot path reads plain ``Value``s by these
/// names: the generic typed-key subscript costs a metadata lookup per read, which showed
/// as a fifth of the mix time with 128 moving sources.
enum AudioAttributes {
    static let azimuth = EntityKeys.azimuth.name
    static let elevation = EntityKeys.elevation.name
    static let distance = EntityKeys.distance.name
    static let sound = EntityKeys.sound.name
    static let file = SoundKeys.file.name
    static let volume = SoundKeys.volume.name
    static let pitch = SoundKeys.pitch.name
    static let rolloff = SoundKeys.rolloff.name
    static let loop = SoundKeys.loop.name
    static let playing = SoundKeys.playing.name

    /// A number attribute of `node`, or `fallback` when absent or not a number.
    static func number(_ node: Value, _ name: String, _ fallback: Double) -> Double {
        node[name].doubleValue ?? fallback
    }

    /// A boolean attribute of `node`, or `fallback` when absent or not a boolean.
    static func flag(_ node: Value, _ name: String, _ fallback: Bool) -> Bool {
        node[name].boolValue ?? fallback
    }
}
