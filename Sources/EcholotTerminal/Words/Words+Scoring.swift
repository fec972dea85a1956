/// The scoring rule in words (``ScoringText``): its criteria on the briefing, and how a
/// final score came about on the end page.
extension Words {
    /// The criteria of a level without a scoring rule.
    public var notScored: String {
        switch language {
        case .english: "This level is not scored: winning is all that counts."
        case .german: "Dieses Level wird nicht gewertet: Es zählt nur, dass du gewinnst."
        }
    }

    /// The standard rule's criteria, one sentence each: `base` points for a win, less
    /// `missPenalty` a miss, and up to `timeBonus` more before `parTime` seconds.
    public func standardCriteria(base: Int, missPenalty: Int, timeBonus: Int, parTime: Double) -> [String] {
        switch language {
        case .english:
            [
                "A win scores \(base) points, minus \(missPenalty) for every miss (never below 0).",
                "Finishing quickly earns up to \(timeBonus) bonus points: the sooner, the more; none after \(seconds(parTime)).",
                "A lost level scores 0.",
            ]
        case .german:
            [
                "Ein Sieg bringt \(base) Punkte, abzüglich \(missPenalty) für jeden Fehlgriff (nie unter 0).",
                "Bist du schnell fertig, bekommst du bis zu \(timeBonus) Bonuspunkte: je früher, desto mehr; nach \(seconds(parTime)) keine mehr.",
                "Ein verlorenes Level bringt 0 Punkte.",
            ]
        }
    }

    /// The criteria of a rule other than the standard one: its `type` (nil when it has
    /// none) and its `parameters` ("parTime 30").
    public func scoredBy(rule type: String?, parameters: [String]) -> String {
        switch language {
        case .english:
            let rule = "Scored by the “\(type ?? "unnamed")” rule"
            return parameters.isEmpty ? rule + "." : rule + " with \(list(parameters))."
        case .german:
            let rule = type.map { "Gewertet nach der Regel „\($0)“" } ?? "Gewertet nach einer unbenannten Regel"
            return parameters.isEmpty ? rule + "." : rule + " mit \(list(parameters))."
        }
    }

    /// The end page of a scored level that ended without a score.
    public var noScoreComputed: String {
        switch language {
        case .english: "No score was computed."
        case .german: "Es wurde keine Punktzahl berechnet."
        }
    }

    /// The end page of a scored level left before it ended.
    public var noScoreUnended: String {
        switch language {
        case .english: "No score: the level did not end."
        case .german: "Keine Punktzahl: Das Level wurde nicht beendet."
        }
    }

    /// The score, as the end page's breakdown begins: "Score: 1200".
    public func score(_ score: Int) -> String {
        switch language {
        case .english: "Score: \(score)"
        case .german: "Punktzahl: \(score)"
        }
    }

    /// A breakdown's line for the `base` points of a win.
    public func forTheWin(_ base: Int) -> String {
        switch language {
        case .english: "\(base) for the win"
        case .german: "\(base) für den Sieg"
        }
    }

    /// A breakdown's line for the `points` taken off for `misses`.
    public func forMisses(_ points: Int, misses: Int) -> String {
        switch language {
        case .english: "−\(points) for \(misses == 1 ? "1 miss" : "\(misses) misses")"
        case .german: "−\(points) für \(misses == 1 ? "1 Fehlgriff" : "\(misses) Fehlgriffe")"
        }
    }

    /// A breakdown's line for the `bonus` of finishing after `time` of `parTime` seconds.
    public func speedBonus(_ bonus: Int, time: Double, parTime: Double) -> String {
        switch language {
        case .english: "+\(bonus) speed bonus (\(clock(time)) of \(seconds(parTime)))"
        case .german: "+\(bonus) Tempobonus (\(clock(time)) von \(seconds(parTime)))"
        }
    }
}
