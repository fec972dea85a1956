/// What the game says around its pages and levels: the head tracker, the pack's
/// languages and reloads, recordings, the sound device, and its farewell.
extension Words {
    /// The head tracker's receiver, listening from the start.
    public func trackerListening(_ address: String) -> String {
        switch language {
        case .english: "Head tracker: listening for OpenTrack on \(address) (UDP)."
        case .german: "Headtracker: wartet auf OpenTrack an \(address) (UDP)."
        }
    }

    /// How the player steers, for a level's first words and the full screen's heading
    /// line: the arrows, or the head tracker at `tracker` (its address), which turns by a
    /// tilt of the head when `tilt`.
    public func steering(tracker: String?, tilt: Bool) -> String {
        switch (tracker, language) {
        case (nil, .english): "arrow keys"
        case (nil, .german): "Pfeiltasten"
        case let (address?, .english): tilt ? "head tilt on \(address)" : "head tracker on \(address)"
        case let (address?, .german): tilt ? "Kopfneigung über \(address)" : "Headtracker über \(address)"
        }
    }

    /// A language asked for (`--lang`) that the pack has no texts in: it plays in its
    /// default language, and these are the ones it has.
    public func noTexts(in asked: String, playsIn fallback: String, has languages: [String]) -> String {
        switch language {
        case .english:
            "This pack has no texts in '\(asked)'; it plays in '\(fallback)' (it has \(languages.joined(separator: ", ")))."
        case .german:
            "Dieses Paket hat keine Texte in „\(asked)“; es spielt in „\(fallback)“ (es hat Texte in \(list(languages)))."
        }
    }

    /// `--record` that cannot record this level, and why (the file system's words).
    public func notRecording(_ problem: String) -> String {
        switch language {
        case .english: "Not recording: \(problem)"
        case .german: "Keine Aufnahme: \(problem)"
        }
    }

    /// A level's recording that could not be finished, and why.
    public func recordingIncomplete(_ path: String, problem: String) -> String {
        switch language {
        case .english: "The recording \(path) is incomplete: \(problem)"
        case .german: "Die Aufnahme \(path) ist unvollständig: \(problem)"
        }
    }

    /// A file of the game's that cannot be written (a recording's description), and why.
    public func cannotWrite(_ path: String, problem: String) -> String {
        switch language {
        case .english: "Cannot write \(path): \(problem)"
        case .german: "\(path) lässt sich nicht schreiben: \(problem)"
        }
    }

    /// What cannot start the level `id`, before why: "The level “id” cannot be started".
    public func levelCannotStart(_ id: String) -> String {
        switch language {
        case .english: "The level “\(id)” cannot be started"
        case .german: "Das Level „\(id)“ kann nicht gestartet werden"
        }
    }

    /// A level the reloaded pack (`--watch`) no longer has.
    public func noLevelAnyMore(_ id: String) -> String {
        switch language {
        case .english: "The pack has no level “\(id)” any more."
        case .german: "Das Paket hat kein Level „\(id)“ mehr."
        }
    }

    /// A level the pack, read again to start it, no longer has: an update was installed
    /// while the game was on (`install --replace`).
    public func levelGoneInUpdate(_ id: String) -> String {
        switch language {
        case .english: "The pack was updated and has no level “\(id)” any more; here are its levels now."
        case .german: "Das Paket wurde aktualisiert und hat kein Level „\(id)“ mehr; hier sind seine Level jetzt."
        }
    }

    /// The files of a watched pack that changed, in a list; the empty path is the pack
    /// itself (an archive, or a folder replaced by a file).
    private func changed(_ files: [String]) -> String {
        switch language {
        case .english: list(files.map { $0.isEmpty ? "the pack itself" : $0 })
        case .german: list(files.map { $0.isEmpty ? "dem Paket selbst" : $0 })
        }
    }

    /// The watched pack loaded again after changes to `files`.
    public func reloaded(_ files: [String]) -> String {
        switch language {
        case .english: "Reloaded after changes to \(changed(files))."
        case .german: "Neu geladen nach Änderungen an \(changed(files))."
        }
    }

    /// The watched pack's changes to `files` do not load; its problems follow, a line each.
    public func reloadFailed(_ files: [String]) -> String {
        switch language {
        case .english: "The changes to \(changed(files)) do not load; still playing the last version that did:"
        case .german: "Die Änderungen an \(changed(files)) laden nicht; es läuft weiter die letzte Version, die geladen hat:"
        }
    }

    /// The sound device's part that cannot play, and why (the audio layer's words):
    /// `previews` the packs' preview sounds, else the feedback sounds.
    public func soundsOff(previews: Bool, problem: String) -> String {
        switch language {
        case .english: "audio: \(previews ? "packs' preview sounds" : "feedback sounds") are off: \(problem)"
        case .german: "Audio: \(previews ? "Die Vorschauklänge der Pakete" : "Die Rückmeldeklänge") sind aus: \(problem)"
        }
    }

    /// Said when the game goes on after it was stopped (Ctrl-Z, then `fg`): where the
    /// player is (`place`, a level's name or a page's title), then `state` (a level's pause
    /// or start prompt, a page's selected entry). The shell's words came last meanwhile.
    public func backInTheGame(_ place: String, then state: String?) -> String {
        let then = state.map { " " + $0 } ?? ""
        switch language {
        case .english: return "Back in the game: \(place)." + then
        case .german: return "Zurück im Spiel: \(place)." + then
        }
    }

    /// The game's last words on the terminal.
    public var farewell: String {
        switch language {
        case .english: "Thanks for playing Echolot."
        case .german: "Danke, dass du Echolot gespielt hast."
        }
    }
}
