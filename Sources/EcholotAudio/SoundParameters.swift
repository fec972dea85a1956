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

/// Where an entity is, in OpenAL's frame with the view center at azimuth 0: the listener
/// is turned to the view (see ``Listener``), so OpenAL itself subtracts the view center
/// and the relative geometry is exactly the contract's.
struct Placement: Equatable {
    /// The entity's attributes as the state holds them (any value; sanitised below).
    var azimuth: Value?, elevation: Value?, distance: Value?

    /// Reads the three position attributes of an entity node.
    init(_ entity: Value) {
        azimuth = entity[AudioAttributes.azimuth]
        elevation = entity[AudioAttributes.elevation]
        distance = entity[AudioAttributes.distance]
    }

    /// Takes a change to one of the position attributes; `false` when `name` is not one.
    mutating func take(_ name: String, _ value: Value?) -> Bool {
        switch name {
        case AudioAttributes.azimuth: azimuth = value
        case AudioAttributes.elevation: elevation = value
        case AudioAttributes.distance: distance = value
        default: return false
        }
        return true
    }

    /// OpenAL coordinates by the geometry contract: +X right, +Y up, −Z ahead.
    var coordinates: (x: Float, y: Float, z: Float) {
        let a = Geometry.normalize(azimuth: azimuth?.doubleValue ?? EntityKeys.azimuth.defaultValue)
        let e = Geometry.clamp(elevation: elevation?.doubleValue ?? EntityKeys.elevation.defaultValue)
        // A source at the listener's own position has no direction at all.
        let d = Double(SoundParameters.clamp(distance?.doubleValue ?? EntityKeys.distance.defaultValue, 0.01 ... 10_000, default: 1.5))
        let p = Geometry.cartesian(relativeAzimuth: a, elevation: e, distance: d)
        return (Float(p.x), Float(p.y), Float(p.z))
    }
}
