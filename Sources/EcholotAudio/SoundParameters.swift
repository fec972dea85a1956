import EcholotCore
import EcholotModel

/// An entity sound's settings as OpenAL takes them, clamped to what OpenAL accepts: a
/// script that writes a nonsense volume gets the nearest sensible sound, not an AL error.
struct SoundParameters: Equatable {
    /// Linear gain, 0…4.
    var gain: Float
    /// Playback rate, 0.25…4.
    var pitch: Float
    /// Distance attenuation factor, 0…100.
    var rolloff: Float
    /// Whether it repeats.
    var loop: Bool
    /// Whether it sounds.
    var playing: Bool

    /// Reads and clamps a sound's settings from its node (`{file, volume, …}`).
    init(_ sound: Value) {
        typealias A = AudioAttributes
        gain = Self.clamp(A.number(sound, A.volume, SoundKeys.volume.defaultValue), 0 ... 4, default: 1)
        pitch = Self.clamp(A.number(sound, A.pitch, SoundKeys.pitch.defaultValue), 0.25 ... 4, default: 1)
        rolloff = Self.clamp(A.number(sound, A.rolloff, SoundKeys.rolloff.defaultValue), 0 ... 100, default: 1)
        loop = A.flag(sound, A.loop, SoundKeys.loop.defaultValue)
        playing = A.flag(sound, A.playing, SoundKeys.playing.defaultValue)
    }

    /// `value` clamped into `range`; `fallback` when it is not a finite number.
    static func clamp(_ value: Double, _ range: ClosedRange<Double>, default fallback: Double) -> Float {
        guard value.isFinite else { return Float(fallback) }
        return Float(min(range.upperBound, max(range.lowerBound, value)))
    }
}
