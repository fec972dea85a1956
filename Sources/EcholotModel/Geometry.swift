import Foundation

/// The geometry contract: degrees clockwise seen from above, 0 ahead, 90 right.
public enum Geometry {
    /// Any azimuth normalised into [0, 360).
    public static func normalize(azimuth: Double) -> Double {
        guard azimuth.isFinite else { return 0 }
        let r = azimuth.truncatingRemainder(dividingBy: 360)
        let n = r < 0 ? r + 360 : r
        return n >= 360 ? 0 : n + 0.0  // `+ 0.0` turns −0 into 0
    }

    /// `azimuth − center` normalised into (−180, 180]: negative is left, positive right.
    public static func relative(azimuth: Double, center: Double) -> Double {
        let d = normalize(azimuth: azimuth - center)
        return d > 180 ? d - 360 : d
    }

    /// An elevation clamped into [−90, 90].
    public static func clamp(elevation: Double) -> Double {
        guard elevation.isFinite else { return 0 }
        return min(90, max(-90, elevation))
    }

    /// The OpenAL position of a source at relative azimuth θ, elevation φ, distance d:
    /// listener at the origin facing −Z, +X right, +Y up.
    public static func cartesian(relativeAzimuth: Double, elevation: Double, distance: Double) -> (x: Double, y: Double, z: Double) {
        let theta = relativeAzimuth * .pi / 180, phi = elevation * .pi / 180
        return (distance * sin(theta) * cos(phi), distance * sin(phi), -distance * cos(theta) * cos(phi))
    }
}
