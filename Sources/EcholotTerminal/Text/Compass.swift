import EcholotModel

/// Headings in words: compass points and positions relative to the view.
public enum Compass {
    /// The sixteen points, clockwise from north (azimuth 0, the level's "ahead").
    public static let points = ["N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE",
                                "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW"]

    /// The nearest of the sixteen points to `azimuth`.
    public static func point(_ azimuth: Double) -> String {
        let normalized = Geometry.normalize(azimuth: azimuth)
        return points[Int((normalized / 22.5).rounded()) % 16]
    }

    /// `60° ENE`: a heading rounded to the degree, with its compass point.
    public static func heading(_ azimuth: Double) -> String {
        let degrees = Int(Geometry.normalize(azimuth: azimuth).rounded()) % 360
        return "\(degrees)° \(point(azimuth))"
    }

    /// Where something at relative azimuth `relative` is: "ahead", "20° right", "behind".
    public static func relative(_ relative: Double) -> String {
        let degrees = Int(abs(relative).rounded())
        if degrees <= 2 { return "ahead" }
        if degrees >= 178 { return "behind" }
        return "\(degrees)° \(relative < 0 ? "left" : "right")"
    }
}
