import EcholotModel

/// What every page says of itself: the keys it names, and what a key that does not
/// choose says (a number past the end, a key that does nothing, a locked entry).
extension Words {
    /// Esc, back to the page before: "Esc back", said "Esc goes back".
    public var backKey: KeyHint {
        switch language {
        case .english: KeyHint("Esc back", spoken: "Esc goes back")
        case .german: KeyHint("Esc zurück", spoken: "Esc geht zurück")
        }
    }

    /// q, ending the game: "q quit", said "q quits".
    public var quitKey: KeyHint {
        switch language {
        case .english: KeyHint("q quit", spoken: "q quits")
        case .german: KeyHint("q beenden", spoken: "q beendet das Spiel")
        }
    }

    /// Enter, picking the selected entry: "Enter select", said "Enter chooses".
    public var chooseKey: KeyHint {
        switch language {
        case .english: .enter("select", spoken: "Enter chooses")
        case .german: KeyHint("Eingabetaste auswählen", spoken: "die Eingabetaste wählt aus")
        }
    }

    /// Enter, starting the level of a briefing: "Enter start", said "Enter starts".
    public var startKey: KeyHint {
        switch language {
        case .english: .enter("start", spoken: "Enter starts")
        case .german: KeyHint("Eingabetaste starten", spoken: "die Eingabetaste startet")
        }
    }

    /// The arrows, moving between the entries of a menu.
    public var moveKeys: KeyHint {
        switch language {
        case .english: KeyHint("↑/↓ choose", spoken: "Up and Down arrows move")
        case .german: KeyHint("↑/↓ wechseln", spoken: "Pfeil nach oben und unten wechseln den Eintrag")
        }
    }

    /// The numbers 1 to `top`, each choosing its entry at once.
    public func numberKeys(to top: Int) -> KeyHint {
        switch language {
        case .english: KeyHint("1–\(top) jump", spoken: "the numbers 1 to \(top) choose directly")
        case .german: KeyHint("1–\(top) direkt", spoken: "die Zahlen 1 bis \(top) wählen direkt")
        }
    }

    /// A page's keys as the line mode says them, in words and commas: "Keys: …, q quits."
    public func spokenKeys(_ keys: [KeyHint]) -> String {
        let spoken = keys.map(\.spoken).joined(separator: ", ")
        switch language {
        case .english: return "Keys: \(spoken)."
        case .german: return "Tasten: \(spoken)."
        }
    }

    /// What picking an entry that cannot be chosen says when the entry has no sentence of
    /// its own: "Lost Cave is locked (finish “The Basics” first)."; `unavailable` is the
    /// entry's word for why ("locked"), if any.
    public func refusal(of label: String, unavailable: String?, marks: [String]) -> String {
        let reason = marks.isEmpty ? "" : " (\(marks.joined(separator: ", ")))"
        switch language {
        case .english: return "\(label) is \(unavailable ?? "not available")\(reason)."
        case .german: return "„\(label)“ ist \(unavailable ?? "nicht verfügbar")\(reason)."
        }
    }

    /// Said for keys typed in a page's first moment, which it does not take: they were
    /// meant for the level or page before.
    public func keysNotTaken(settle: Double) -> String {
        switch language {
        case .english: "A moment: keys pressed in this page's first \(seconds(settle)) are not taken."
        case .german: "Einen Moment: Tasten, die in den ersten \(seconds(settle)) dieser Seite gedrückt werden, zählen nicht."
        }
    }

    /// Said for a key that does nothing on a page, and what does.
    public func doesNothingOnPage(_ key: Key) -> String {
        switch language {
        case .english: "\(keyName(key)) does nothing here; Enter chooses, ? says the page again."
        case .german: "\(keyName(key)) tut hier nichts; die Eingabetaste wählt aus, ? sagt die Seite noch einmal."
        }
    }

    /// PgUp at the top of a page's text.
    public var atTopOfText: String {
        switch language {
        case .english: "Already at the top of the text."
        case .german: "Schon am Anfang des Textes."
        }
    }

    /// PgDn at the end of a page's text.
    public var atEndOfText: String {
        switch language {
        case .english: "Already at the end of the text; the choices are below it."
        case .german: "Schon am Ende des Textes; die Einträge stehen darunter."
        }
    }

    /// A number with no entry on a menu of `count` entries.
    public func noEntry(_ digit: Int, count: Int) -> String {
        switch language {
        case .english: "There is no entry \(digit); the menu has \(count) \(count == 1 ? "entry" : "entries")."
        case .german: "Es gibt keinen Eintrag \(digit); das Menü hat \(count) \(count == 1 ? "Eintrag" : "Einträge")."
        }
    }

    /// An entry's preview sound (a pack's) that cannot be played, and why (the audio
    /// layer's words).
    public func previewFails(_ label: String, problem: String) -> String {
        switch language {
        case .english: "The sound of \(label) cannot be played: \(problem)"
        case .german: "Der Klang von „\(label)“ lässt sich nicht abspielen: \(problem)"
        }
    }
}

/// The briefing before a level: its goals, its scoring, how it looks, how to begin.
extension Words {
    /// The briefing's title.
    public func briefingTitle(_ level: String) -> String {
        switch language {
        case .english: "Briefing: \(level)"
        case .german: "Einweisung: \(level)"
        }
    }

    /// A level with no goals, instead of their list.
    public var noGoals: String {
        switch language {
        case .english: "Goals: none — explore as long as you like, and leave with q."
        case .german: "Ziele: keine — erkunde, so lange du magst, und verlasse das Level mit q."
        }
    }

    /// The heading of the briefing's list of goals.
    public var briefingGoalsHeading: String {
        switch language {
        case .english: "Goals:"
        case .german: "Ziele:"
        }
    }

    /// The heading of the scoring criteria's list.
    public var scoringHeading: String {
        switch language {
        case .english: "Scoring:"
        case .german: "Wertung:"
        }
    }

    /// What the player will see of the level, in one sentence.
    public func visualsSentence(_ visuals: Visuals) -> String {
        switch (visuals, language) {
        case (.shown, .english): "Visuals: every sound in view is drawn on the screen."
        case (.shown, .german): "Bilder: Jeder Klang im Blick wird auf dem Bildschirm gezeigt."
        case (.faded, .english): "Visuals: faded — only sounds near the middle of the view are drawn, faintly."
        case (.faded, .german): "Bilder: blass — nur Klänge nahe der Mitte des Blicks werden gezeigt, und nur schwach."
        case (.hidden, .english): "Visuals: hidden — nothing is drawn; find everything by ear."
        case (.hidden, .german): "Bilder: keine — nichts wird gezeigt; finde alles nach Gehör."
        }
    }

    /// The briefing's choice that starts the level.
    public var start: String {
        switch language {
        case .english: "Start"
        case .german: "Start"
        }
    }

    /// A page's choice back to the page before.
    public var back: String {
        switch language {
        case .english: "Back"
        case .german: "Zurück"
        }
    }

    /// A page's choice that ends the game.
    public var quit: String {
        switch language {
        case .english: "Quit"
        case .german: "Beenden"
        }
    }
}
