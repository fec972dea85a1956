import EcholotModel

/// The standard goals in words (``GoalText``): one sentence each for the briefing, and a
/// short line each for the HUD and the `i` status. A pack's names go in quotes after
/// "sound" or stand without an article in German, whose articles need a gender the
/// engine does not know; a tag is an id and is quoted as it is.
extension Words {
    /// A `find` goal's briefing for the entity named `name`.
    public func findBriefing(entity name: String) -> String {
        switch language {
        case .english: "Find the \(name) and select it."
        case .german: "Finde den Klang „\(name)“ und wähle ihn aus."
        }
    }

    /// A `find` goal's briefing for any sound tagged `tag`.
    public func findBriefing(tag: String) -> String {
        switch language {
        case .english: "Find one sound tagged “\(tag)” and select it."
        case .german: "Finde einen Klang mit dem Schlagwort „\(tag)“ und wähle ihn aus."
        }
    }

    /// A `findAll` goal's briefing: every sound tagged `tag`, named `members`.
    public func findAllBriefing(tag: String, members: [String]) -> String {
        switch language {
        case .english:
            "Find all \(members.count) sounds tagged “\(tag)” — \(list(members)) — and select each of them, in any order."
        case .german:
            "Finde alle \(members.count) Klänge mit dem Schlagwort „\(tag)“ und wähle jeden davon aus, in beliebiger Reihenfolge: \(list(members))."
        }
    }

    /// A `findInOrder` goal's briefing: the entities named `named`, in this order.
    public func findInOrderBriefing(_ named: [String]) -> String {
        switch language {
        case .english:
            "Find \(named.joined(separator: ", then ")), in this order; selecting one of them out of turn loses the level."
        case .german:
            "Finde der Reihe nach: \(named.joined(separator: ", dann ")). Wählst du einen dieser Klänge außer der Reihe aus, ist das Level verloren."
        }
    }

    /// A `timeLimit` goal's briefing: the level is lost after `limit` seconds.
    public func timeLimitBriefing(seconds limit: Double) -> String {
        switch language {
        case .english: "Do it within \(seconds(limit)); when the time is up, the level is lost."
        case .german: "Schaffe es in \(seconds(limit)); ist die Zeit um, ist das Level verloren."
        }
    }

    /// A `maxMisses` goal's briefing: at most `misses` misses.
    public func maxMissesBriefing(_ misses: Int) -> String {
        switch language {
        case .english:
            misses == 0 ? "Do not miss even once: a selection that hits nothing loses the level."
                : "You may miss at most \(times(misses)); miss number \(misses + 1) loses the level."
        case .german:
            misses == 0 ? "Greif kein einziges Mal daneben: Eine Auswahl, die nichts trifft, kostet dich das Level."
                : "Du darfst höchstens \(times(misses)) danebengreifen; Fehlgriff Nummer \(misses + 1) kostet dich das Level."
        }
    }

    /// An `avoid` goal's briefing for the entity named `name`.
    public func avoidBriefing(entity name: String) -> String {
        switch language {
        case .english: "Never select the \(name): selecting it loses the level."
        case .german: "Wähle niemals den Klang „\(name)“ aus: Das kostet dich das Level."
        }
    }

    /// An `avoid` goal's briefing for every sound tagged `tag`.
    public func avoidBriefing(tag: String) -> String {
        switch language {
        case .english: "Never select a sound tagged “\(tag)”: selecting one loses the level."
        case .german: "Wähle niemals einen Klang mit dem Schlagwort „\(tag)“ aus: Das kostet dich das Level."
        }
    }

    /// The briefing of a goal of a type the engine does not know and the pack gives no
    /// words for: its `type` and its `parameters` ("count 3").
    public func genericGoal(type: String, parameters: [String]) -> String {
        switch language {
        case .english:
            parameters.isEmpty ? "Goal “\(type)”: met when its rule says so."
                : "Goal “\(type)” with \(list(parameters)): met when its rule says so."
        case .german:
            parameters.isEmpty ? "Ziel „\(type)“: erreicht, wenn seine Regel es sagt."
                : "Ziel „\(type)“ mit \(list(parameters)): erreicht, wenn seine Regel es sagt."
        }
    }

    /// A `find` goal's HUD line for the entity named `name`, `found` or not yet.
    public func findLine(entity name: String, found: Bool) -> String {
        switch language {
        case .english: found ? "\(name) found" : "Find the \(name)"
        case .german: found ? "\(name) gefunden" : "\(name) finden"
        }
    }

    /// A `find` goal's HUD line for any sound tagged `tag`, `found` or not yet.
    public func findLine(tag: String, found: Bool) -> String {
        switch language {
        case .english: found ? "A “\(tag)” found" : "Find one “\(tag)”"
        case .german: found ? "Klang „\(tag)“ gefunden" : "Einen Klang „\(tag)“ finden"
        }
    }

    /// A `findAll` goal's HUD line: `found` of `count` sounds tagged `tag`, and the names
    /// `left` to find when they are to be said.
    public func findAllLine(tag: String, found: Int, of count: Int, left: [String]) -> String {
        switch language {
        case .english: "“\(tag)” found: \(found) of \(count)" + (left.isEmpty ? "" : "; still to find: \(list(left))")
        case .german: "„\(tag)“ gefunden: \(found) von \(count)" + (left.isEmpty ? "" : "; noch zu finden: \(list(left))")
        }
    }

    /// A `findInOrder` goal's HUD line: `done` of `count` found, the `next` one's name when
    /// it is to be said, and whether the order was `broken`.
    public func inOrderLine(done: Int, of count: Int, next: String?, broken: Bool) -> String {
        switch language {
        case .english:
            "In order: \(done) of \(count)" + (next.map { "; next: \($0)" } ?? "") + (broken ? "; the order was broken" : "")
        case .german:
            "Der Reihe nach: \(done) von \(count)" + (next.map { "; als Nächstes: \($0)" } ?? "")
                + (broken ? "; die Reihenfolge wurde nicht eingehalten" : "")
        }
    }

    /// A `timeLimit` goal's HUD line: whole seconds `left`, or `nil` once the time is up.
    public func timeLine(left: Int?) -> String {
        switch language {
        case .english: left.map { "Time left: \($0) s" } ?? "Time is up"
        case .german: left.map { "Restzeit: \($0) s" } ?? "Die Zeit ist um"
        }
    }

    /// A `maxMisses` goal's HUD line: `misses` so far of the `allowed`, or too many once
    /// it `failed`.
    public func missesLine(misses: Int, allowed: Int, failed: Bool) -> String {
        // "0 of 0" would be read out as a sum to work out.
        switch language {
        case .english:
            failed ? "Too many misses (\(misses))" : allowed == 0 ? "No miss allowed" : "Misses left: \(max(0, allowed - misses)) of \(allowed)"
        case .german:
            failed ? "Zu viele Fehlgriffe (\(misses))" : allowed == 0 ? "Kein Fehlgriff erlaubt"
                : "Fehlgriffe übrig: \(max(0, allowed - misses)) von \(allowed)"
        }
    }

    /// What an `avoid` goal keeps the player from selecting.
    public enum Avoided: Sendable {
        /// The entity of this name.
        case entity(String)
        /// Every sound with this tag.
        case tag(String)
        /// A decoy the goal does not name.
        case decoy
    }

    /// An `avoid` goal's HUD line: to leave `what` alone, or, once it `failed`, that it was
    /// selected.
    public func avoidLine(_ what: Avoided, failed: Bool) -> String {
        switch language {
        case .english:
            let named = switch what {
            case let .entity(name): "the \(name)"
            case let .tag(tag): "every “\(tag)”"
            case .decoy: "the decoy"
            }
            return failed ? "You selected \(named)" : "Leave \(named) alone"
        case .german:
            // Past participles and infinitives need no article before a pack's name.
            switch what {
            case let .entity(name): return failed ? "\(name) ausgewählt" : "\(name) in Ruhe lassen"
            case let .tag(tag): return failed ? "Einen Klang „\(tag)“ ausgewählt" : "Jeden Klang „\(tag)“ in Ruhe lassen"
            case .decoy: return failed ? "Den Köder ausgewählt" : "Den Köder in Ruhe lassen"
            }
        }
    }

    /// The HUD line of a goal the engine and the pack tell nothing more of: its `id` and
    /// its `state`.
    public func goalState(id: String, state: GoalState) -> String {
        switch language {
        case .english: return "\(id): \(state.rawValue)"
        case .german:
            let word = switch state {
            case .pending: "offen"
            case .met: "erreicht"
            case .failed: "verfehlt"
            }
            return "\(id): \(word)"
        }
    }

    /// Between the values of a list a goal or a rule holds: a semicolon in German, where
    /// a comma would run into the decimal commas of its numbers ("1,5, 2").
    public var valueSeparator: String {
        switch language {
        case .english: ", "
        case .german: "; "
        }
    }

    /// After a goal's HUD line: the whole seconds `left` before its deadline.
    public func timeLeftNote(_ left: Int) -> String {
        switch language {
        case .english: " (\(left) s left)"
        case .german: " (noch \(left) s)"
        }
    }
}
