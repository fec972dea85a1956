/// What the level's loop and the line mode say of a level as it is played: its start,
/// keys that do nothing, a story's scenes, the view's limits, the head tracker, the time
/// running out.
extension Words {
    /// What a level that waits for its start says, after its goals (and again on `i`, `?`
    /// and when the window is large enough once more).
    public var startPrompt: String {
        switch language {
        case .english: "Press Enter or space to start; the level's clock waits until you do."
        case .german: "Drück die Eingabetaste oder die Leertaste, um zu starten; die Uhr des Levels wartet, bis du es tust."
        }
    }

    /// Said when Enter or space starts a level that waited.
    public var started: String {
        switch language {
        case .english: "Started."
        case .german: "Gestartet."
        }
    }

    /// Said for a key pressed while the level waits for its start.
    public var notStartedYet: String {
        switch language {
        case .english: "Not started yet: Enter or space starts the level."
        case .german: "Noch nicht gestartet: Die Eingabetaste oder die Leertaste startet das Level."
        }
    }

    /// Said for a key the level has no use for: silence would leave a player who cannot
    /// see the screen wondering whether it was heard.
    public func doesNothing(_ key: Key) -> String {
        switch language {
        case .english: "\(keyName(key)) does nothing here; ? says the keys."
        case .german: "\(keyName(key)) bewirkt hier nichts; ? nennt die Tasten."
        }
    }

    /// A cut-scene's first words, and what `i` adds in one.
    public var cutsceneBegins: String {
        switch language {
        case .english: "A cut-scene. Enter skips it."
        case .german: "Eine Zwischensequenz. Die Eingabetaste überspringt sie."
        }
    }

    /// Enter in a cut-scene whose end a rule refuses (it fails on `cutscene.done`): the
    /// rule's error was told once, and the key would otherwise do nothing, for ever.
    public var cutsceneCannotEnd: String {
        switch language {
        case .english: "This cut-scene cannot end: a story rule fails on it. q leaves; the story keeps its place."
        case .german: "Diese Zwischensequenz kann nicht enden: Eine Regel der Geschichte scheitert daran. q verlässt sie; die Geschichte behält ihren Platz."
        }
    }

    /// A choice's first words; its question and options follow.
    public var choiceBegins: String {
        switch language {
        case .english: "A choice."
        case .german: "Eine Entscheidung."
        }
    }

    /// What `?` adds in a choice.
    public var choiceNumbers: String {
        switch language {
        case .english: "In a choice, an option's number picks it at once."
        case .german: "In einer Entscheidung wählt die Nummer einer Option diese sofort aus."
        }
    }

    /// Said for a number key past a choice's `count` options.
    public func noOption(_ number: Int, count: Int) -> String {
        switch language {
        case .english: "There is no option \(number); the choice has \(count) \(count == 1 ? "option" : "options")."
        case .german: "Es gibt keine Option \(number); die Entscheidung hat \(count) \(count == 1 ? "Option" : "Optionen")."
        }
    }

    /// Said for a tilt key at the end of the tilt, `up` or down, where the view does not
    /// change and nothing else would be said.
    public func tiltLimit(up: Bool) -> String {
        switch language {
        case .english: "The view tilts no further \(up ? "up" : "down")."
        case .german: "Der Blick neigt sich nicht weiter nach \(up ? "oben" : "unten")."
        }
    }

    /// The level's first words: its (pack-given) name, how the player steers (``steering(tracker:tilt:)``)
    /// and the keys that tell more.
    public func levelBegins(_ name: String, steering: String) -> String {
        switch language {
        case .english: "Level \(name) begins. Steering: \(steering). Press i for the status, ? for the keys."
        case .german: "Level „\(name)“ beginnt. Steuerung: \(steering). Drück i für den Status, ? für die Tasten."
        }
    }

    /// One of a story level's goals, said as it begins (it has no briefing page).
    public func goal(_ briefing: String) -> String {
        switch language {
        case .english: "Goal: \(briefing)"
        case .german: "Ziel: \(briefing)"
        }
    }

    /// Said when the pause ends.
    public var goingOn: String {
        switch language {
        case .english: "Going on."
        case .german: "Es geht weiter."
        }
    }

    /// A time limit's countdown mark (60, 30, 10, 5 seconds).
    public func secondsLeft(_ mark: Int) -> String {
        switch language {
        case .english: "\(mark) seconds left."
        case .german: "Noch \(seconds(Double(mark)))."
        }
    }

    /// Said when the window that was too small fits the level again, followed by `state`
    /// (the pause, the start prompt or ``gameGoesOn``): the keys work again.
    public func largeEnoughNow(_ state: String) -> String {
        switch language {
        case .english: "The terminal is large enough now. " + state
        case .german: "Das Terminal ist jetzt groß genug. " + state
        }
    }

    /// What goes on after a too-small window, when the game was neither paused nor waiting.
    public var gameGoesOn: String {
        switch language {
        case .english: "The game goes on."
        case .german: "Das Spiel geht weiter."
        }
    }

    /// Said when the head tracker fails; `error` is the system's diagnostic, in English.
    public func trackerStopped(_ error: String) -> String {
        switch language {
        case .english: "Head tracker stopped: \(error). Keys still turn."
        case .german: "Headtracker ausgefallen: \(error). Die Tasten drehen weiterhin."
        }
    }

    /// Said the first time the head tracker drops a datagram for `reason`.
    public func trackerIgnoring(_ reason: HeadPose.Rejection) -> String {
        switch language {
        case .english: return "Head tracker: ignoring datagrams that are \(reason.rawValue)."
        case .german:
            let that = switch reason {
            case .wrongSize: "nicht 48 Bytes lang sind"
            case .notFinite: "keine endlichen Zahlen enthalten"
            case .outOfRange: "außerhalb des gültigen Bereichs liegen"
            }
            return "Headtracker: Datagramme, die \(that), werden ignoriert."
        }
    }

    /// The head tracker's state, shown under the level and said with the status: where
    /// it listens, whether it `stopped`, the poses `received` and the datagrams `rejected`.
    public func trackerStatus(address: String, stopped: Bool, received: Int, rejected: Int) -> String {
        switch language {
        case .english:
            if stopped { return "Head tracker on \(address): stopped" }
            var text = "Head tracker on \(address): "
            text += received == 0 ? "waiting for poses" : "\(received) poses"
            if rejected > 0 { text += ", \(rejected) bad datagrams ignored" }
            return text
        case .german:
            if stopped { return "Headtracker über \(address): ausgefallen" }
            var text = "Headtracker über \(address): "
            text += received == 0 ? "wartet auf Posen" : received == 1 ? "1 Pose" : "\(received) Posen"
            if rejected > 0 { text += rejected == 1 ? ", 1 fehlerhaftes Datagramm ignoriert" : ", \(rejected) fehlerhafte Datagramme ignoriert" }
            return text
        }
    }
}
