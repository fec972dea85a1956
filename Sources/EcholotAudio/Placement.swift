import EcholotCore
import EcholotModel

/// Where an entity is, in OpenAL's frame with the view center at azimuth 0: the listener
/// is turned to the view (see ``Listener``), so OpenAL itself subtracts the view center
/// and the relative geometry is exactly the contract's.
struct Placement {
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

    /// The distance in metres the sound is played at.
    var metres: Double {
        // A source at the listener's own position has no direction at all.
        Double(SoundParameters.clamp(distance?.doubleValue ?? EntityKeys.distance.defaultValue, 0.01 ... 10_000, default: 1.5))
    }

    /// OpenAL coordinates by the geometry contract: +X right, +Y up, −Z ahead.
    var coordinates: (x: Float, y: Float, z: Float) {
        let a = Geometry.normalize(azimuth: azimuth?.doubleValue ?? EntityKeys.azimuth.defaultValue)
        let e = Geometry.clamp(elevation: elevation?.doubleValue ?? EntityKeys.elevation.defaultValue)
        let p = Geometry.cartesian(relativeAzimuth: a, elevation: e, distance: metres)
        return (Float(p.x), Float(p.y), Float(p.z))
    }
}
