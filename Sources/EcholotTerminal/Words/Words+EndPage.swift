import EcholotModel

/// The page after a level: how it ended, its figures, what it earned and opened, and
/// what to do next.
extension Words {
    /// The end page's title: how the level ended (won, lost, else left), then its name.
    public func endTitle(_ status: LevelStatus, level: String) -> String {
        switch (status, language) {
        case (.won, .english): "Won: \(level)"
        case (.won, .german): "Gewonnen: \(level)"
        case (.lost, .english): "Lost: \(level)"
        case (.lost, .german): "Verloren: \(level)"
        case (_, .english): "Left: \(level)"
        case (_, .german): "Verlassen: \(level)"
        }
    }

    /// A scenario this result finished (every level of it won).
    public func scenarioFinished(_ scenario: String) -> String {
        switch language {
        case .english: "“\(scenario)” is finished."
        case .german: "„\(scenario)“ ist geschafft."
        }
    }

    /// A pack this result finished.
    public func packFinished(_ pack: String) -> String {
        switch language {
        case .english: "You have finished every level of \(pack)."
        case .german: "Du hast jedes Level von „\(pack)“ geschafft."
        }
    }

    /// How a level that was neither won nor lost ended: left with q, or stopped.
    public func endedEarly(left: Bool) -> String {
        switch language {
        case .english: left ? "You left the level before the end." : "The level stopped."
        case .german: left ? "Du hast das Level vor dem Ende verlassen." : "Das Level ist beendet."
        }
    }

    /// The level's figures in commas, as the `i` line has them: a screen reader reads "·"
    /// out as "middle dot".
    public func endFigures(time: Double, misses: Int, found: Int) -> String {
        switch language {
        case .english: "Time: \(clock(time)), misses: \(misses), found: \(found)"
        case .german: "Zeit: \(clock(time)), Fehlgriffe: \(misses), gefunden: \(found)"
        }
    }

    /// A goal that failed, as its status says it.
    public func failedGoal(_ status: String) -> String {
        switch language {
        case .english: "Failed: \(status)."
        case .german: "Nicht geschafft: \(status)."
        }
    }

    /// A win that earned no achievement.
    public var noNewAchievements: String {
        switch language {
        case .english: "No new achievements."
        case .german: "Keine neuen Erfolge."
        }
    }

    /// The achievements this level earned, by their titles.
    public func achievementsEarned(_ titles: [String]) -> String {
        switch language {
        case .english: "Achievements earned: " + titles.joined(separator: ", ") + "."
        case .german: "Neue Erfolge: \(list(titles))."
        }
    }

    /// The scenarios this result opened, by their names.
    public func unlocked(_ scenarios: [String]) -> String {
        switch language {
        case .english: "Unlocked: " + list(scenarios.map { "“\($0)”" }) + "."
        case .german: "Freigeschaltet: " + list(scenarios.map { "„\($0)“" }) + "."
        }
    }

    /// The result cannot be saved: the profile could not be opened.
    public var resultNotSaved: String {
        switch language {
        case .english:
            "Not saved: the profile could not be opened, so this result and its achievements are kept "
                + "only until the game ends."
        case .german:
            "Nicht gespeichert: Das Profil ließ sich nicht öffnen, darum bleiben dieses Ergebnis und seine Erfolge "
                + "nur bis zum Ende des Spiels erhalten."
        }
    }

    /// Where a level's play was recorded and how to replay it: on its end page, or
    /// (`afterGame`) on the terminal after a full-screen game.
    public func recorded(_ path: String, afterGame: Bool = false) -> String {
        switch language {
        case .english:
            afterGame ? "Recorded \(path): replay it with: echolot replay \(Shell.word(path))"
                : "Recorded to \(path); replay it with: echolot replay \(Shell.word(path))"
        case .german: "Aufgenommen in \(path); spiel die Aufnahme ab mit: echolot replay \(Shell.word(path))"
        }
    }

    /// The end page's choice of the next level.
    public var nextLevel: String {
        switch language {
        case .english: "Next level"
        case .german: "Nächstes Level"
        }
    }

    /// The end page's choice to play the level again.
    public var retry: String {
        switch language {
        case .english: "Retry"
        case .german: "Noch einmal"
        }
    }

    /// The end page's choice back to the menu of levels.
    public var backToLevels: String {
        switch language {
        case .english: "Back to the levels"
        case .german: "Zurück zu den Leveln"
        }
    }

    /// r on an end page without Retry, and why (the lock's refusal).
    public func noRetry(_ why: String) -> String {
        switch language {
        case .english: "There is no Retry: \(why)"
        case .german: "„\(retry)“ gibt es hier nicht: \(why)"
        }
    }
}
