/// The level's keys in words, the same on both displays.
extension Words {
    /// The short form, for the full screen's last lines: one key each, joined with " · "
    /// as far as the width allows.
    public var levelKeysShort: [String] {
        switch language {
        case .english: ["←/→ turn", "Shift fine", "↑/↓ tilt", "space select", "i status", "p pause", "q leave"]
        case .german: ["←/→ drehen", "Umschalt fein", "↑/↓ neigen", "Leertaste wählen", "i Status", "p Pause", "q verlassen"]
        }
    }

    /// What q does, for the `?` key and the pause message: in a story it goes back to the
    /// story's page, and the place saved is where the scene began.
    public func leaving(story: Bool) -> String {
        switch language {
        case .english:
            story ? "q goes back to the story's page (your place is saved at the start of this scene)" : "q leaves the level"
        case .german:
            story ? "q führt zurück zur Seite der Geschichte (deine Stelle ist am Anfang dieser Szene gespeichert)"
                : "q verlässt das Level"
        }
    }

    /// A key as a sentence names it: "x", "Tab", "Page up", "Space", "Left arrow".
    public func keyName(_ key: Key) -> String {
        if case let .character(character) = key { return String(character) }
        let names: (english: String, german: String) = switch key {
        case .character: ("", "")
        case .backTab: ("Shift-Tab", "Umschalt-Tab")
        case .delete: ("Delete", "Entf")
        case .insert: ("Insert", "Einfg")
        case let .function(number): ("F\(number)", "F\(number)")
        // Ctrl-@ is what Ctrl-Space sends, and the key a player pressed.
        case .control("@"): ("Ctrl-Space", "Strg-Leertaste")
        case let .control(character): ("Ctrl-\(character)", "Strg-\(character)")
        case .paste: ("Pasted text", "Eingefügter Text")
        case .tab: ("Tab", "Tab")
        case .backspace: ("Backspace", "Rücktaste")
        case .home: ("Home", "Pos1")
        case .end: ("End", "Ende")
        case .pageUp: ("Page up", "Bild auf")
        case .pageDown: ("Page down", "Bild ab")
        case .f1: ("F1", "F1")
        case .up: ("Up arrow", "Pfeil nach oben")
        case .down: ("Down arrow", "Pfeil nach unten")
        case .left, .fineLeft: ("Left arrow", "Pfeil nach links")
        case .right, .fineRight: ("Right arrow", "Pfeil nach rechts")
        case .enter: ("Enter", "Eingabetaste")
        case .space: ("Space", "Leertaste")
        case .escape: ("Esc", "Esc")
        case .interrupt: ("Ctrl-C", "Strg-C")
        case .suspend: ("Ctrl-Z", "Strg-Z")
        case .endOfInput: ("Ctrl-D", "Strg-D")
        }
        switch language {
        case .english: return names.english
        case .german: return names.german
        }
    }

    /// What a pasted block of text gets (bracketed paste): one answer, none of it read as keys.
    public var pasteIgnored: String {
        switch language {
        case .english: "Pasted text is ignored."
        case .german: "Eingefügter Text wird ignoriert."
        }
    }

    /// The pause message, the same on both displays.
    public func paused(story: Bool) -> String {
        switch language {
        case .english: "Paused: p goes on, \(leaving(story: story))."
        case .german: "Pause: p spielt weiter, \(leaving(story: story))."
        }
    }

    /// The long form, one sentence per line, for the briefing and the `?` key: the steps
    /// and the tracker's mode are the player's (`--step`, `--fine-step`, `--tilt-turns`);
    /// `story` when the level is a scene of a story.
    public func levelKeys(tracker: Bool, settings: SteeringSettings, story: Bool = false) -> [String] {
        switch language {
        case .english:
            var lines = [
                "Left and right arrows turn by \(degrees(settings.step)); hold one down to turn smoothly.",
                "Shift or Ctrl with an arrow turns by \(degrees(settings.fineStep)).",
                "Up and down arrows tilt the view up and down.",
                "Space selects the sound straight ahead.",
                "i tells the heading, what is in view and how each goal stands; ? repeats these keys.",
                "p pauses and goes on; \(leaving(story: story)).",
            ]
            if tracker {
                lines.append(settings.tiltTurns
                    ? "Head tracker: tilt your head sideways to turn; the further you tilt, the faster you turn. Nod to look up and down."
                    : "Head tracker: turn your head to turn the view; the arrows shift where straight ahead is.")
            }
            return lines
        case .german:
            var lines = [
                "Pfeil nach links und rechts drehen um \(degrees(settings.step)); gedrückt gehalten drehen sie gleichmäßig.",
                "Umschalt oder Strg mit einem Pfeil dreht um \(degrees(settings.fineStep)).",
                "Pfeil nach oben und unten neigen den Blick nach oben und unten.",
                "Die Leertaste wählt den Klang direkt vor dir aus.",
                "i sagt die Blickrichtung, was im Blick ist und wie jedes Ziel steht; ? wiederholt diese Tasten.",
                "p pausiert und spielt weiter; \(leaving(story: story)).",
            ]
            if tracker {
                lines.append(settings.tiltTurns
                    ? "Headtracker: neige den Kopf zur Seite, um dich zu drehen; je weiter du ihn neigst, desto schneller. Nicke, um nach oben und unten zu sehen."
                    : "Headtracker: dreh den Kopf, um den Blick zu drehen; die Pfeiltasten verschieben, wo geradeaus ist.")
            }
            return lines
        }
    }
}
