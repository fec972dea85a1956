import EcholotModel

/// Headings in words: compass points and positions relative to the view.
extension Words {
    /// The sixteen points, clockwise from north (azimuth 0, the level's "ahead"), as the
    /// full screen abbreviates them.
    public var points: [String] {
        switch language {
        case .english: ["N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE", "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW"]
        case .german: ["N", "NNO", "NO", "ONO", "O", "OSO", "SO", "SSO", "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW"]
        }
    }

    /// The same points spelt out: a screen reader reads "NNE" out letter by letter, or as
    /// a word it is not.
    public var spokenPoints: [String] {
        switch language {
        case .english:
            ["north", "north-north-east", "north-east", "east-north-east", "east", "east-south-east", "south-east",
             "south-south-east", "south", "south-south-west", "south-west", "west-south-west", "west", "west-north-west",
             "north-west", "north-north-west"]
        case .german:
            ["Nord", "Nordnordost", "Nordost", "Ostnordost", "Ost", "Ostsüdost", "Südost", "Südsüdost", "Süd",
             "Südsüdwest", "Südwest", "Westsüdwest", "West", "Westnordwest", "Nordwest", "Nordnordwest"]
        }
    }

    /// The nearest of the sixteen points to `azimuth`, abbreviated: "ENE".
    public func point(_ azimuth: Double) -> String { points[Self.nearestPoint(azimuth)] }

    /// `60° east-north-east`: a heading rounded to the degree, with its compass point in
    /// words, for the lines that are said (the line mode, the `i` status).
    public func heading(_ azimuth: Double) -> String {
        "\(Self.wholeDegrees(azimuth))° \(spokenPoints[Self.nearestPoint(azimuth)])"
    }

    /// `60° ENE`: the heading as the full screen's heading line shows it, short enough to
    /// sit beside the tilt, the visuals and the steering.
    public func shortHeading(_ azimuth: Double) -> String { "\(Self.wholeDegrees(azimuth))° \(point(azimuth))" }

    /// Where something at relative azimuth `relative` is: "ahead", "20° right", "behind".
    public func relative(_ relative: Double) -> String {
        let degrees = Int(abs(relative).rounded())
        switch language {
        case .english:
            if degrees <= 2 { return "ahead" }
            if degrees >= 178 { return "behind" }
            return "\(degrees)° \(relative < 0 ? "left" : "right")"
        case .german:
            if degrees <= 2 { return "vorn" }
            if degrees >= 178 { return "hinten" }
            return "\(degrees)° \(relative < 0 ? "links" : "rechts")"
        }
    }

    /// The index of the nearest of the sixteen points to `azimuth`.
    private static func nearestPoint(_ azimuth: Double) -> Int {
        Int((Geometry.normalize(azimuth: azimuth) / 22.5).rounded()) % 16
    }

    /// The heading rounded to the whole degree, 0 to 359.
    private static func wholeDegrees(_ azimuth: Double) -> Int {
        Int(Geometry.normalize(azimuth: azimuth).rounded()) % 360
    }
}
