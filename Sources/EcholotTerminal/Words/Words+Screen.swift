import EcholotModel

/// What the displays say of their own lists and layout: where a menu's highlight is, the
/// pointer to the line mode, a text that scrolls, a window too small, the level screen's
/// headings and counters.
extension Words {
    /// An end of a list that a move stopped at, in words: "the first entry".
    public func edge(_ edge: ListEdge) -> String {
        switch (language, edge) {
        case (.english, .first): "the first entry"
        case (.english, .last): "the last entry"
        case (.english, .only): "the only entry"
        case (.german, .first): "der erste Eintrag"
        case (.german, .last): "der letzte Eintrag"
        case (.german, .only): "der einzige Eintrag"
        }
    }

    /// The full screen's note for a key that stopped at `edge`: "That is the first entry."
    public func thatIs(_ edge: ListEdge) -> String {
        switch language {
        case .english: "That is \(self.edge(edge))."
        case .german: "Das ist \(self.edge(edge))."
        }
    }

    /// The line mode's highlighted entry `line`, number `index` (from 1) of `count`, and the
    /// end of the list a key stopped at: "Levels, 2 of 5, the last entry".
    public func entry(_ line: String, _ index: Int, of count: Int, stoppedAt edge: ListEdge?) -> String {
        let end = edge.map { ", \(self.edge($0))" } ?? ""
        switch language {
        case .english: return "\(line), \(index) of \(count)" + end
        case .german: return "\(line), \(index) von \(count)" + end
        }
    }

    /// The line mode's last line of a menu: where Enter goes.
    public func selected(_ line: String) -> String {
        switch language {
        case .english: "Selected: \(line)"
        case .german: "Ausgewählt: \(line)"
        }
    }

    /// What the full screen's first page says, at its top, to players who would rather
    /// hear lines than a screen: how to get them now, and for good. One row of an 80-column
    /// terminal in each language.
    public var plainHint: String {
        switch language {
        case .english: "Screen reader? Play with --plain, or set ECHOLOT_PLAIN=1 to always get lines."
        case .german: "Screenreader? Spiel mit --plain; mit ECHOLOT_PLAIN=1 gibt es immer Zeilen."
        }
    }

    /// The pointer on a window too narrow for ``plainHint`` in one row: the flag alone.
    public var shortPlainHint: String {
        switch language {
        case .english: "Screen reader? Use --plain."
        case .german: "Screenreader? Nutze --plain."
        }
    }

    /// The mark under a page's text longer than the screen: the keys that scroll it, as
    /// far as there is text `above` and `below` what is in sight.
    public func scrollMark(above: Bool, below: Bool) -> String {
        switch language {
        case .english: below ? (above ? " ↑ PgUp · ↓ more: PgDn" : " ↓ more: PgDn") : " ↑ PgUp"
        case .german: below ? (above ? " ↑ Bild auf · ↓ mehr: Bild ab" : " ↓ mehr: Bild ab") : " ↑ Bild auf"
        }
    }

    /// Why the level screen cannot be drawn: the terminal's size and the size the level
    /// needs, in words (a screen reader reads "60×12" as "60 multiplication sign 12").
    public func tooSmall(columns: Int, rows: Int, needs fits: (columns: Int, rows: Int)) -> String {
        switch language {
        case .english:
            "The terminal is \(columns) columns by \(rows) rows; this level needs at least "
                + "\(fits.columns) columns by \(fits.rows) rows. Enlarge the window (the game waits), or play with --plain."
        case .german:
            "Das Terminal hat \(columns) Spalten und \(rows) Zeilen; dieses Level braucht mindestens "
                + "\(fits.columns) Spalten und \(fits.rows) Zeilen. Vergrößere das Fenster (das Spiel wartet) oder spiel mit --plain."
        }
    }

    /// Why a page (a menu, a briefing, the end of a level) cannot be drawn, as
    /// ``tooSmall(columns:rows:needs:)`` says it of a level.
    public func pageTooSmall(columns: Int, rows: Int, needs fits: (columns: Int, rows: Int)) -> String {
        switch language {
        case .english:
            "The terminal is \(columns) columns by \(rows) rows; this page needs at least "
                + "\(fits.columns) columns by \(fits.rows) rows. Enlarge the window, or play with --plain."
        case .german:
            "Das Terminal hat \(columns) Spalten und \(rows) Zeilen; diese Seite braucht mindestens "
                + "\(fits.columns) Spalten und \(fits.rows) Zeilen. Vergrößere das Fenster oder spiel mit --plain."
        }
    }

    /// ``tooSmall(columns:rows:needs:)`` for a window too small for the whole of it: what
    /// to do is never cut off.
    public func tooSmallShort(needs fits: (columns: Int, rows: Int)) -> String {
        switch language {
        case .english: "Too small: needs \(fits.columns) columns by \(fits.rows) rows. Enlarge it, or use --plain."
        case .german: "Zu klein: braucht \(fits.columns) Spalten und \(fits.rows) Zeilen. Vergrößere es oder nutze --plain."
        }
    }

    /// The mark beside the level screen's title while the game is paused.
    public var pausedMark: String {
        switch language {
        case .english: "PAUSED"
        case .german: "PAUSE"
        }
    }

    /// The heading over the level screen's goals.
    public var goalsHeading: String {
        switch language {
        case .english: "Goals"
        case .german: "Ziele"
        }
    }

    /// The level screen's counters: finds, misses and the time in whole `tens` of seconds.
    public func counters(found: Int, misses: Int, tens: Int) -> String {
        switch language {
        case .english: "Found \(found) · misses \(misses) · time \(tens) s"
        case .german: "Gefunden \(found) · Fehlgriffe \(misses) · Zeit \(tens) s"
        }
    }

    /// The moving part of the level screen's heading line: "Heading 90° E · tilt 0°".
    public func headingLine(_ azimuth: Double, tilt: Int) -> String {
        switch language {
        case .english: "Heading \(shortHeading(azimuth)) · tilt \(tilt)°"
        case .german: "Blickrichtung \(shortHeading(azimuth)) · Neigung \(tilt)°"
        }
    }

    /// The visuals mode in force, for the heading line: "visuals shown".
    public func visuals(_ visuals: Visuals) -> String {
        switch language {
        case .english: return "visuals \(visuals.rawValue)"
        case .german:
            // As the tutorial's German texts call them: "Die Bilder sind jetzt nur noch blass zu sehen".
            switch visuals {
            case .shown: return "Bilder sichtbar"
            case .faded: return "Bilder blass"
            case .hidden: return "Bilder aus"
            }
        }
    }

    /// What the level screen's title calls a cut-scene.
    public var cutsceneTitle: String {
        switch language {
        case .english: "cut-scene (Enter skips)"
        case .german: "Zwischensequenz (Eingabetaste überspringt)"
        }
    }

    /// What the level screen's title calls a choice.
    public var choiceTitle: String {
        switch language {
        case .english: "a choice (turn and select, or press a number)"
        case .german: "Entscheidung (dreh dich und wähle aus oder drück eine Zahl)"
        }
    }
}
