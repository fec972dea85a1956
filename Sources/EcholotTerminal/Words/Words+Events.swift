/// What happens in a level, said as it happens (``EventText``): the same words on the
/// full screen and in line mode. A pack's names come in as they are: German ones stand
/// after a colon, never after an article whose gender the engine cannot know.
extension Words {
    /// A selection found `name`; `found` entities are found now.
    public func hit(_ name: String, found: Int) -> String {
        switch language {
        case .english: "Hit: \(name). Found \(found) so far."
        case .german: "Treffer: \(name). Bisher \(found) gefunden."
        }
    }

    /// A selection picked `name`, and that failed a goal or lost the level.
    public func wrong(_ name: String) -> String {
        switch language {
        case .english: "Wrong: \(name)."
        case .german: "Falsch: \(name)."
        }
    }

    /// A selection hit nothing; `misses` so far, then `left` (``missesLeft(_:)``).
    public func missedNothing(misses: Int, left: String) -> String {
        switch language {
        case .english: "Miss: nothing there. \(misses == 1 ? "1 miss" : "\(misses) misses") so far.\(left)"
        case .german: "Daneben: Dort ist nichts. Bisher \(misses == 1 ? "1 Fehlgriff" : "\(misses) Fehlgriffe").\(left)"
        }
    }

    /// How many more misses the tightest miss limit allows, with a space before it.
    public func missesLeft(_ left: Int) -> String {
        switch language {
        case .english: left == 0 ? " No more allowed." : " \(left) more allowed."
        case .german: left == 0 ? " Keiner mehr erlaubt." : " Noch \(left) erlaubt."
        }
    }

    /// What the player turns toward to pick an option, as an order: toward the options'
    /// `voices`, or, where none sounds, toward their directions.
    private func turnToward(voices: Bool) -> String {
        switch language {
        case .english: voices ? "turn toward a voice" : "turn toward an option's direction"
        case .german: voices ? "dreh dich zu einer Stimme" : "dreh dich in die Richtung einer Option"
        }
    }

    /// A selection in a choice hit no option: how to pick one of `count` instead, by turning
    /// (toward the `voices`, or the directions) or by number.
    public func missedTheOptions(count: Int, voices: Bool) -> String {
        let numbers = (0 ..< count).map { "\($0 + 1)" }
        switch language {
        case .english:
            return "Miss: no option there. \(capitalized(turnToward(voices: voices))) and press space, or press an option's "
                + "number (\(count < 3 ? either(numbers) : "1 to \(count)")); i says them again."
        case .german:
            return "Daneben: Dort ist keine Option. \(capitalized(turnToward(voices: voices))) und drück die Leertaste, "
                + "oder drück die Nummer einer Option (\(count < 3 ? either(numbers) : "1 bis \(count)")); i sagt sie noch einmal."
        }
    }

    /// The first line of a choice offered: how to pick one of its options (toward the
    /// `voices`, or the directions), which follow a line each.
    public func choose(voices: Bool) -> String {
        switch language {
        case .english: "Choose: \(turnToward(voices: voices)) and press space, or press its number."
        case .german: "Wähle eine Option: \(capitalized(turnToward(voices: voices))) und drück die Leertaste, oder drück ihre Nummer."
        }
    }

    /// A goal is met now; `line` is its HUD line as it reads now.
    public func goalMet(_ line: String) -> String {
        switch language {
        case .english: "Goal met: \(line)."
        case .german: "Ziel erreicht: \(line)."
        }
    }

    /// A goal failed; `line` is its HUD line as it reads now.
    public func goalFailed(_ line: String) -> String {
        switch language {
        case .english: "Goal failed: \(line)."
        case .german: "Ziel verfehlt: \(line)."
        }
    }

    /// The level is won.
    public var won: String {
        switch language {
        case .english: "You won the level!"
        case .german: "Du hast das Level gewonnen!"
        }
    }

    /// The level is lost.
    public var lost: String {
        switch language {
        case .english: "The level is lost."
        case .german: "Das Level ist verloren."
        }
    }

    /// An achievement was earned (its `title`, or its id).
    public func achievementEarned(_ title: String) -> String {
        switch language {
        case .english: "Achievement earned: \(title)."
        case .german: "Erfolg freigeschaltet: \(title)."
        }
    }

    /// What a rule failing on every tick means for the level; the English one also ends
    /// the failure's event (``EventDetector``), which logs and tests read.
    public var clockStandsStill: String {
        switch language {
        case .english: "the level's clock stands still while this rule fails"
        case .german: "solange sie fehlschlägt, steht die Uhr des Levels still"
        }
    }

    /// That a level tells no more of its rule failures; the English one is the event's
    /// (``LevelSession``), which logs and tests read.
    public var failuresNoLongerTold: String {
        switch language {
        case .english: "rules keep failing in other ways; no more of this level's failures are told"
        case .german: "Regeln schlagen weiter auf andere Weise fehl; weitere Fehler dieses Levels werden nicht mehr gemeldet"
        }
    }

    /// A rule failed and was undone: its `message` is the engine's diagnostic, in English
    /// wherever it is read; with `clockStandsStill` the rule fails on every tick.
    public func ruleFailed(_ message: String, clockStandsStill stands: Bool = false) -> String {
        switch language {
        case .english:
            "A rule failed, and what it was handling was undone: \(message)\(stands ? "; \(clockStandsStill)" : "")"
        case .german:
            // The engine's sentence first, whole, and the English diagnostic after it.
            "Eine Regel ist fehlgeschlagen, und was sie gerade behandelte, wurde rückgängig gemacht\(stands ? "; \(clockStandsStill)" : ""): \(message)"
        }
    }

    /// A story's level begins again: attempt `attempt`.
    public func tryAgain(attempt: Int) -> String {
        switch language {
        case .english: "Try again: attempt \(attempt)."
        case .german: "Noch einmal: Versuch \(attempt)."
        }
    }

    /// The player picked an option, `said` as a sentence.
    public func chosen(_ said: String) -> String {
        switch language {
        case .english: "Chosen: \(said)"
        case .german: "Gewählt: \(said)"
        }
    }

    /// The story reached an ending, `said` as a sentence.
    public func storyEnds(_ said: String) -> String {
        switch language {
        case .english: "The story ends: \(said)"
        case .german: "Die Geschichte endet: \(said)"
        }
    }

    /// The story stopped on an error: `message` is the engine's diagnostic.
    public func storyStopped(_ message: String) -> String {
        switch language {
        case .english: "The story stopped: \(message)"
        case .german: "Die Geschichte wurde abgebrochen: \(message)"
        }
    }

    /// What is in view, nearest first: `items` kept apart by semicolons when `sentences`
    /// (a name that is a sentence would run into the next one), else by commas, and `more`
    /// not named.
    public func inView(_ items: [String], sentences: Bool, more: Int = 0) -> String {
        let joined = items.joined(separator: sentences ? "; " : ", ")
        switch language {
        case .english: return "In view: \(joined)" + (more > 0 ? "\(sentences ? ";" : ",") and \(more) more." : ".")
        case .german: return "Im Blick: \(joined)" + (more > 0 ? "\(sentences ? ";" : ",") und \(more) weitere." : ".")
        }
    }

    /// After a name in view: the player found it already.
    public var foundMark: String {
        switch language {
        case .english: " (found)"
        case .german: " (gefunden)"
        }
    }

    /// After a name in view: selecting cannot pick it (a story's voice).
    public var notSelectableMark: String {
        switch language {
        case .english: " (not selectable)"
        case .german: " (nicht auswählbar)"
        }
    }

    /// `text` with its first letter upper case: a German clause that begins a sentence.
    private func capitalized(_ text: String) -> String { text.prefix(1).uppercased() + text.dropFirst() }
}
