/// A story's own pages and what its play says around its scenes: its page (continue,
/// begin, single levels), the question before a new beginning, its end, its recording.
extension Words {
    /// The story's page's title.
    public func storyTitle(_ pack: String) -> String {
        switch language {
        case .english: "\(pack) — a story"
        case .german: "\(pack) — eine Geschichte"
        }
    }

    /// The story's end page's title.
    public func storyEndTitle(_ pack: String) -> String {
        switch language {
        case .english: "\(pack) — the end"
        case .german: "\(pack) — das Ende"
        }
    }

    /// The choice that goes on from the saved place.
    public var continueStory: String {
        switch language {
        case .english: "Continue the story"
        case .german: "Geschichte fortsetzen"
        }
    }

    /// The saved place's chapter, by its name, beside ``continueStory``.
    public func chapter(_ name: String) -> String {
        switch language {
        case .english: "chapter “\(name)”"
        case .german: "Kapitel „\(name)“"
        }
    }

    /// The choice that plays the story from its start: `again` when it was begun before.
    public func beginStory(again: Bool) -> String {
        switch language {
        case .english: again ? "Begin the story again" : "Begin the story"
        case .german: again ? "Geschichte neu beginnen" : "Geschichte beginnen"
        }
    }

    /// The choice of the story's levels one by one.
    public var playSingleLevels: String {
        switch language {
        case .english: "Play single levels"
        case .german: "Einzelne Level spielen"
        }
    }

    /// Said on the story's page after the player left it with q; `saved` is false when the
    /// profile could not be opened and the place lasts only as long as the game.
    public func leftTheStory(saved: Bool) -> String {
        switch language {
        case .english:
            "You left the story; your place is \(saved ? "saved" : "kept until the game ends (the profile could not be opened)"): "
                + "Continue plays the scene you left from its start."
        case .german:
            "Du hast die Geschichte verlassen; deine Stelle ist "
                + (saved ? "gespeichert" : "bis zum Ende des Spiels aufbewahrt (das Profil ließ sich nicht öffnen)")
                + ": „\(continueStory)“ spielt die verlassene Szene von ihrem Anfang an."
        }
    }

    /// A story played to one of its endings.
    public var storyPlayedToItsEnd: String {
        switch language {
        case .english: "You have played this story to its end."
        case .german: "Du hast diese Geschichte bis zu ihrem Ende gespielt."
        }
    }

    /// A saved place the story as it is now cannot continue, and why (the story's words).
    public func placeDoesNotFit(_ problem: String) -> String {
        switch language {
        case .english: "The saved place in this story cannot be continued: \(problem). Begin the story to save a new place."
        case .german:
            "Die gespeicherte Stelle in dieser Geschichte lässt sich nicht fortsetzen: \(problem). "
                + "Beginne die Geschichte, um eine neue Stelle zu speichern."
        }
    }

    /// The title of the question before a new beginning replaces the saved place.
    public var beginAgainTitle: String {
        switch language {
        case .english: "Begin again?"
        case .german: "Neu beginnen?"
        }
    }

    /// What a new beginning does to the saved place.
    public var beginAgainWarning: String {
        switch language {
        case .english: "Your saved place will be replaced: the story begins from its start."
        case .german: "Deine gespeicherte Stelle wird ersetzt: Die Geschichte beginnt von vorn."
        }
    }

    /// The answer that begins again.
    public var yesBeginAgain: String {
        switch language {
        case .english: "Yes, begin again"
        case .german: "Ja, neu beginnen"
        }
    }

    /// The answer that keeps the saved place.
    public var noKeepMyPlace: String {
        switch language {
        case .english: "No, keep my place"
        case .german: "Nein, meine Stelle behalten"
        }
    }

    /// The story's end page's choice back to its page.
    public var backToTheStory: String {
        switch language {
        case .english: "Back to the story"
        case .german: "Zurück zur Geschichte"
        }
    }

    /// A story pack without its story file (`fileName`).
    public func noStory(_ fileName: String) -> String {
        switch language {
        case .english: "The pack has no story (\(fileName))."
        case .german: "Das Paket hat keine Geschichte (\(fileName))."
        }
    }

    /// What cannot start a story, before why: "The story cannot be started".
    public var storyCannotStart: String {
        switch language {
        case .english: "The story cannot be started"
        case .german: "Die Geschichte kann nicht gestartet werden"
        }
    }

    /// A story's next scene whose rules do not load, and why.
    public func storyCannotGoOn(_ error: String) -> String {
        switch language {
        case .english: "The story cannot go on: its rules for the next scene do not load: \(error)"
        case .german: "Die Geschichte kann nicht weitergehen: Ihre Regeln für die nächste Szene laden nicht: \(error)"
        }
    }

    /// A story stopped as it loops through a cut-scene, and why (which rule, what to do).
    public func storyLoops(_ error: String) -> String {
        switch language {
        case .english: "The story stopped: \(error)"
        case .german: "Die Geschichte wurde angehalten: \(error)"
        }
    }

    /// A story's level that turns the player from where the scene before left them.
    public func levelTurnsYou(to azimuth: Double) -> String {
        switch language {
        case .english: "This level turns you to face \(heading(azimuth))."
        case .german: "Dieses Level dreht dich nach \(heading(azimuth))."
        }
    }

    /// `--record` of a story resumed, not begun: a recording must play it from the start.
    public var storyResumedNotRecorded: String {
        switch language {
        case .english: "Not recorded: a story is recorded only when it is played from the beginning."
        case .german: "Nicht aufgenommen: Eine Geschichte wird nur aufgenommen, wenn sie von Anfang an gespielt wird."
        }
    }

    /// `--record` of a story the pack's reload (`--watch`) interrupted.
    public var storyReloadedNotRecorded: String {
        switch language {
        case .english:
            "Not recorded: the pack was reloaded during the story, and a story is recorded only "
                + "when it is played from its beginning without a reload."
        case .german:
            "Nicht aufgenommen: Das Paket wurde während der Geschichte neu geladen, und eine Geschichte wird nur "
                + "aufgenommen, wenn sie ohne Neuladen von Anfang an gespielt wird."
        }
    }

    /// Where a story's play was recorded as a transcript test: said as it is written, or
    /// (`afterGame`) on the terminal after a full-screen game.
    public func storyRecorded(_ path: String, afterGame: Bool = false) -> String {
        switch language {
        case .english:
            afterGame ? "Recorded the story to \(path): a transcript test for 'echolot test'."
                : "Recorded the story to \(path): put it in the pack's tests/ and 'echolot test' replays it."
        case .german:
            afterGame ? "Die Geschichte ist aufgenommen in \(path): ein Transkript-Test für 'echolot test'."
                : "Die Geschichte ist aufgenommen in \(path): Leg die Datei in den Ordner tests/ des Pakets, "
                + "dann spielt 'echolot test' sie nach."
        }
    }

    /// A story's recording that cannot be written, and why (the file system's words).
    public func storyRecordingNotWritten(_ path: String, problem: String) -> String {
        switch language {
        case .english: "Cannot write the story's recording \(path): \(problem)"
        case .german: "Die Aufnahme der Geschichte \(path) lässt sich nicht schreiben: \(problem)"
        }
    }
}
