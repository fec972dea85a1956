import EcholotModel

/// What the `i` key tells about a level (``StatusText``), and the heading said as the
/// player turns and tilts in line mode.
extension Words {
    /// The view's tilt, `elevation` in whole degrees: "level", "20° up".
    private func tilt(_ elevation: Int) -> String {
        switch language {
        case .english: elevation == 0 ? "level" : "\(abs(elevation))° \(elevation > 0 ? "up" : "down")"
        case .german: elevation == 0 ? "waagerecht" : "\(abs(elevation))° \(elevation > 0 ? "nach oben" : "nach unten")"
        }
    }

    /// The tilt alone, as a sentence: "Looking 20° up."
    public func looking(_ elevation: Int) -> String {
        switch language {
        case .english: "Looking \(tilt(elevation))."
        case .german: "Neigung \(tilt(elevation))."
        }
    }

    /// The heading toward `azimuth` as a sentence, with the tilt (`elevation` in whole
    /// degrees) when it is to be said: "Facing 60° east-north-east, looking 20° up."
    public func facing(_ azimuth: Double, tilt elevation: Int?) -> String {
        switch language {
        case .english: "Facing \(heading(azimuth))\(elevation.map { ", looking \(tilt($0))" } ?? "")."
        case .german: "Blickrichtung \(heading(azimuth))\(elevation.map { ", Neigung \(tilt($0))" } ?? "")."
        }
    }

    /// The view holds nothing.
    public var nothingInView: String {
        switch language {
        case .english: "Nothing in view."
        case .german: "Nichts im Blick."
        }
    }

    /// The level hides its sounds: the view is never described.
    public var nothingShown: String {
        switch language {
        case .english: "Nothing is shown or described in this level: listen for the sounds."
        case .german: "In diesem Level wird nichts gezeigt oder beschrieben: Hör auf die Klänge."
        }
    }

    /// A goal in the status: its HUD `line`, after where it stands (a constraint, which
    /// holds from the start, is holding or failed, never done).
    public func goalStatus(_ line: String, state: GoalState, constraint: Bool) -> String {
        let stands: (english: String, german: String) = switch (state, constraint) {
        case (.failed, _): ("failed", "verfehlt")
        case (_, true): ("holding", "eingehalten")
        case (.pending, false): ("to do", "offen")
        case (.met, false): ("done", "erledigt")
        }
        switch language {
        case .english: return "Goal, \(stands.english): \(line)."
        case .german: return "Ziel, \(stands.german): \(line)."
        }
    }

    /// The level's counters: entities `found`, `misses`, and its `time` in seconds.
    public func counters(found: Int, misses: Int, time: Double) -> String {
        switch language {
        case .english: "Found \(found), misses \(misses), time \(clock(time))."
        case .german: "Gefunden: \(found), Fehlgriffe: \(misses), Zeit: \(clock(time))."
        }
    }

    /// The status of a paused game ends with this.
    public var gameIsPaused: String {
        switch language {
        case .english: "The game is paused."
        case .german: "Das Spiel ist pausiert."
        }
    }
}
