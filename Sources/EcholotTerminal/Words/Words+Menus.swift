/// The menus' words: the list of packs, a pack's scenarios and levels, their marks, and
/// why a scenario or level cannot be played now.
extension Words {
    /// The list of packs' title.
    public var packsTitle: String {
        switch language {
        case .english: "Echolot — choose a pack"
        case .german: "Echolot — wähle ein Paket"
        }
    }

    /// What the list of packs is.
    public var packsIntroduction: String {
        switch language {
        case .english: "Packs of sound-finding games."
        case .german: "Pakete mit Spielen, in denen du Klänge findest."
        }
    }

    /// Esc on the list of packs, which has no page before it.
    public var noWayBackFromPacks: String {
        switch language {
        case .english: "This is the list of packs, the first menu: there is nothing to go back to. q quits the game."
        case .german: "Dies ist die Liste der Pakete, das erste Menü: Von hier geht es nirgends zurück. q beendet das Spiel."
        }
    }

    /// A pack listed with its id, which tells it from a pack of the same name.
    public func packID(_ id: String) -> String {
        switch language {
        case .english: "id \(id)"
        case .german: "ID \(id)"
        }
    }

    /// "1 level", "4 levels" ("4 Level").
    public func levelCount(_ count: Int) -> String {
        switch language {
        case .english: "\(count) level\(count == 1 ? "" : "s")"
        case .german: "\(count) Level"
        }
    }

    /// A pack folder's problem when its loader gave no words for it.
    public var doesNotLoad: String {
        switch language {
        case .english: "it does not load"
        case .german: "es lädt nicht"
        }
    }

    /// The word after a pack that does not load.
    public var broken: String {
        switch language {
        case .english: "broken"
        case .german: "defekt"
        }
    }

    /// The word after a scenario or level that is locked.
    public var locked: String {
        switch language {
        case .english: "locked"
        case .german: "gesperrt"
        }
    }

    /// The word after a level the pack lists but does not have.
    public var missing: String {
        switch language {
        case .english: "missing"
        case .german: "nicht vorhanden"
        }
    }

    /// The words after a scenario that lists no levels (`"levels": []`), or a pack of rules
    /// alone, which cannot be opened: a list of nothing to play is no page to send a player to.
    public var noLevels: String {
        switch language {
        case .english: "no levels"
        case .german: "keine Level"
        }
    }

    /// Picking scenario `scenario` (its name), which lists no levels: "“Later” is no levels"
    /// would not be a sentence.
    public func scenarioHasNoLevels(_ scenario: String) -> String {
        switch language {
        case .english: "“\(scenario)” has no levels: there is nothing to play in it yet."
        case .german: "„\(scenario)“ hat keine Level: Darin gibt es noch nichts zu spielen."
        }
    }

    /// Picking pack `pack` (its name), a pack of rules alone: what `echolot play` of it says,
    /// in a sentence, rather than a page of no levels.
    public func packHasNoLevels(_ pack: String) -> String {
        switch language {
        case .english: "“\(pack)” has no levels of its own to play: packs that depend on it use its rules."
        case .german: "„\(pack)“ hat keine eigenen Level zum Spielen: Pakete, die darauf aufbauen, nutzen seine Regeln."
        }
    }

    /// The levels page of a scenario that lists none: reached when a watched pack's
    /// scenario lost its levels while its page was open.
    public var noLevelsHere: String {
        switch language {
        case .english: "This scenario has no levels: there is nothing to play in it yet."
        case .german: "Dieses Szenario hat keine Level: Darin gibt es noch nichts zu spielen."
        }
    }

    /// The word after a story's level the story under way played already.
    public var playedInStory: String {
        switch language {
        case .english: "played in this story"
        case .german: "in dieser Geschichte gespielt"
        }
    }

    /// The mark of a scenario or level that is finished (won).
    public var done: String {
        switch language {
        case .english: "done"
        case .german: "geschafft"
        }
    }

    /// The mark of a level's best score.
    public func best(_ score: Int) -> String {
        switch language {
        case .english: "best \(score)"
        case .german: "Bestwert \(score)"
        }
    }

    /// The entry of a pack's levels when it has no scenarios to group them.
    public var allLevels: String {
        switch language {
        case .english: "All levels"
        case .german: "Alle Level"
        }
    }

    /// The title of a pack's scenarios.
    public func chooseScenario(in pack: String) -> String {
        switch language {
        case .english: "\(pack) — choose a scenario"
        case .german: "\(pack) — wähle ein Szenario"
        }
    }

    /// The title of a group's levels, named by its scenario or pack.
    public func chooseLevel(in group: String) -> String {
        switch language {
        case .english: "\(group) — choose a level"
        case .german: "\(group) — wähle ein Level"
        }
    }

    /// What is in the way of a scenario that opens once scenario `scenario` (its name) is
    /// finished, as a clause: "finish “The Basics” first".
    public func finishFirst(_ scenario: String) -> String {
        switch language {
        case .english: "finish “\(scenario)” first"
        case .german: "schaffe zuerst „\(scenario)“"
        }
    }

    /// What is in the way of a scenario that opens at a total score of `needed` points in
    /// its pack, for a player who has `have`.
    public func scoreFirst(_ needed: Int, have: Int) -> String {
        switch language {
        case .english: "score \(needed) points in this pack first (\(have) so far)"
        case .german: "erreiche zuerst \(needed) Punkte in diesem Paket (bisher \(have))"
        }
    }

    /// What is in the way of a story's level the story under way played already.
    public var finishedInStory: String {
        switch language {
        case .english: "already finished in the current story"
        case .german: "in der laufenden Geschichte schon beendet"
        }
    }

    /// Trying to play level `level` (its name) that a lock keeps closed; `reason` is the
    /// lock's clause (``LevelLock/reason(_:in:words:)``).
    public func cannotBePlayed(_ level: String, reason: String) -> String {
        switch language {
        case .english: "\(level) cannot be played: \(reason)."
        case .german: "„\(level)“ kann nicht gespielt werden: \(reason)."
        }
    }

    /// Trying to play a story's level that the story under way played already: what plays
    /// it again, not "locked", which beside its "done" mark read as two states at once.
    public func alreadyPlayedInStory(_ level: String) -> String {
        switch language {
        case .english:
            "\(level) was already played in this story, which plays each level once: begin the story again to play it again."
        case .german:
            "„\(level)“ wurde in dieser Geschichte schon gespielt, und sie spielt jedes Level nur einmal: "
                + "Beginne die Geschichte neu, um es noch einmal zu spielen."
        }
    }
}
