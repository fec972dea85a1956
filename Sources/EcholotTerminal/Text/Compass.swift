import EcholotModel

/// Headings in words: compass points and positions relative to the view.
public enum Compass {
    /// The sixteen points, clockwise from north (azimuth 0, the level's "ahead"), as the full
    /// screen abbreviates them.
    public static let points = ["N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE",
                                "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW"]

    /// The same points spelt out: a screen reader reads "NNE" out letter by letter, or as a
    /// word it is not.
    public static let spokenPoints = ["north", "north-north-east", "north-east", "east-north-east",
                                      "east", "east-south-east", "south-east", "south-south-east",
                                      "south", "south-south-west", "south-west", "west-south-west",
                                      "west", "west-north-west", "north-west", "north-north-west"]

    /// The index of the nearest of the sixteen points to `azimuth`.
    private static func nearest(_ azimuth: Double) -> Int {
        Int((Geometry.normalize(azimuth: azimuth) / 22.5).rounded()) % 16
    }

    /// The nearest of the sixteen points to `azimuth`, abbreviated: "ENE".
    public static func point(_ azimuth: Double) -> String { points[nearest(azimuth)] }

    /// `60° east-north-east`: a heading rounded to the degree, with its compass point in
    /// words, for the lines that are said (the line mode, the `i` status).
    public static func heading(_ azimuth: Double) -> String {
        "\(degrees(azimuth))° \(spokenPoints[nearest(azimuth)])"
    }

    /// `60° ENE`: the heading as the full screen's heading line shows it, short enough to
    /// sit beside the tilt, the visuals and the steering.
    public static func shortHeading(_ azimuth: Double) -> String {
        "\(degrees(azimuth))° \(point(azimuth))"
    }

    /// The heading rounded to the whole degree, 0 to 359.
    private static func degrees(_ azimuth: Double) -> Int {
        Int(Geometry.normalize(azimuth: azimuth).rounded()) % 360
    }

    /// Where something at relative azimuth `relative` is: "ahead", "20° right", "behind".
    public static func relative(_ relative: Double) -> String {
        let degrees = Int(abs(relative).rounded())
        if degrees <= 2 { return "ahead" }
        if degrees >= 178 { return "behind" }
        return "\(degrees)° \(relative < 0 ? "left" : "right")"
    }
}
