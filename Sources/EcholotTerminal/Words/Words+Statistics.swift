import Foundation

/// `echolot stats`: the headings, the tables' columns, the charts' titles and the
/// sentences a screen reader gets. Tables show a figure there is none of as "–"; the
/// sentences name it, as a screen reader reads a dash as nothing.
extension Words {
    /// The first line: how many days the window covers, and its first and last day.
    func statsHeading(days: Int, from first: String, to last: String) -> String {
        switch language {
        case .english: "Statistics, last \(days) days (\(first) to \(last))"
        case .german: "Statistik der letzten \(days) Tage (\(first) bis \(last))"
        }
    }

    /// What a window without runs says under the heading.
    var statsNoRunsInWindow: String {
        switch language {
        case .english: "No runs recorded in this window. Play a level, then look again."
        case .german: "In diesem Zeitraum ist kein Spiel aufgezeichnet. Spiel ein Level und schau dann wieder nach."
        }
    }

    /// The tables' summary of the outcomes.
    func statsTotals(runs: Int, won: Int, rate: Double?, lost: Int, abandoned: Int) -> String {
        switch language {
        case .english: "runs \(runs) · won \(won) (\(statsPercent(rate))) · lost \(lost) · abandoned \(abandoned)"
        case .german: "Spiele \(runs) · gewonnen \(won) (\(statsPercent(rate))) · verloren \(lost) · abgebrochen \(abandoned)"
        }
    }

    /// The tables' summary of the scores.
    func statsScores(average: Double?, best: Int?) -> String {
        switch language {
        case .english: "average score \(statsDecimal(average)) · best score \(statsWhole(best))"
        case .german: "Durchschnitt \(statsDecimal(average)) · Bestwert \(statsWhole(best))"
        }
    }

    /// The columns of the table of levels.
    var statsLevelHeader: [String] {
        switch language {
        case .english: ["level", "runs", "won", "misses/run", "avg score", "best"]
        case .german: ["Level", "Spiele", "gewonnen", "Fehlgriffe/Spiel", "Durchschnitt", "Bestwert"]
        }
    }

    /// The columns of the table of tags.
    var statsTagHeader: [String] {
        switch language {
        case .english: ["tag", "found", "of", "rate", "runs"]
        case .german: ["Schlagwort", "gefunden", "von", "Quote", "Spiele"]
        }
    }

    /// The columns of the table of days.
    var statsDayHeader: [String] {
        switch language {
        case .english: ["day", "runs", "won", "avg score", "best"]
        case .german: ["Tag", "Spiele", "gewonnen", "Durchschnitt", "Bestwert"]
        }
    }

    /// The title of the chart of average scores.
    var statsScoreChart: String {
        switch language {
        case .english: "Average score per day"
        case .german: "Durchschnitt pro Tag"
        }
    }

    /// The title of the chart of wins.
    var statsWinChart: String {
        switch language {
        case .english: "Wins per day"
        case .german: "Gewonnene Spiele pro Tag"
        }
    }

    /// A chart with nothing to draw, in place of its bars.
    func statsEmptyChart(_ title: String) -> String {
        switch language {
        case .english: "\(title): nothing in this window"
        case .german: "\(title): nichts in diesem Zeitraum"
        }
    }

    /// The sentence of the outcomes.
    func statsTotalsSentence(runs: Int, won: Int, rate: Double?, lost: Int, abandoned: Int) -> String {
        switch language {
        case .english: "\(statsRuns(runs)): \(won) won (\(statsPercent(rate))), \(lost) lost, \(abandoned) abandoned."
        case .german: "\(statsRuns(runs)): \(won) gewonnen (\(statsPercent(rate))), \(lost) verloren, \(abandoned) abgebrochen."
        }
    }

    /// The sentence of the scores.
    func statsScoresSentence(average: Double?, best: Int?) -> String {
        switch language {
        case .english: "Average score \(statsDecimal(average, none: "none")), best score \(statsWhole(best, none: "none"))."
        case .german: "\(statsGermanScores(average, best))."
        }
    }

    /// The line before the levels' sentences.
    var statsLevelsHeading: String {
        switch language {
        case .english: "Levels:"
        case .german: "Level:"
        }
    }

    /// The line before the tags' sentences.
    var statsTagsHeading: String {
        switch language {
        case .english: "Tags of the sounds:"
        case .german: "Schlagwörter der Klänge:"
        }
    }

    /// The line before the days' sentences.
    var statsDaysHeading: String {
        switch language {
        case .english: "Days:"
        case .german: "Tage:"
        }
    }

    /// One level's figures as a sentence.
    func statsLevelSentence(_ level: String, runs: Int, won: Int, misses: Double, average: Double?, best: Int?) -> String {
        switch language {
        case .english:
            "\(level): \(statsRuns(runs)), \(won) won, \(statsDecimal(misses)) misses a run, average score "
                + "\(statsDecimal(average, none: "none")), best \(statsWhole(best, none: "none"))."
        case .german:
            "\(level): \(statsRuns(runs)), \(won) gewonnen, \(statsDecimal(misses)) Fehlgriffe pro Spiel, \(statsGermanScores(average, best))."
        }
    }

    /// One tag's figures as a sentence.
    func statsTagSentence(_ tag: String, found: Int, present: Int, rate: Double?, runs: Int) -> String {
        switch language {
        case .english: "\(tag): found \(found) of \(present) (\(statsPercent(rate, none: "no rate"))) in \(statsRuns(runs))."
        case .german:
            "\(tag): \(found) von \(present) gefunden (\(statsPercent(rate, none: "keine Quote"))) in \(runs) Spiel\(runs == 1 ? "" : "en")."
        }
    }

    /// One day's figures as a sentence.
    func statsDaySentence(_ date: String, runs: Int, won: Int, average: Double?, best: Int?) -> String {
        switch language {
        case .english:
            "\(date): \(statsRuns(runs)), \(won) won, average score \(statsDecimal(average, none: "none")), "
                + "best \(statsWhole(best, none: "none"))."
        case .german: "\(date): \(statsRuns(runs)), \(won) gewonnen, \(statsGermanScores(average, best))."
        }
    }

    /// A day without runs, or days in a row from `first` to `last`.
    func statsNoRuns(from first: String, to last: String?) -> String {
        let days = last.map { last in
            switch language {
            case .english: "\(first) to \(last)"
            case .german: "\(first) bis \(last)"
            }
        } ?? first
        switch language {
        case .english: return "\(days): no runs."
        case .german: return "\(days): keine Spiele."
        }
    }

    /// "1 run", "2 runs" ("1 Spiel", "2 Spiele").
    private func statsRuns(_ count: Int) -> String {
        switch language {
        case .english: "\(count) run\(count == 1 ? "" : "s")"
        case .german: "\(count) Spiel\(count == 1 ? "" : "e")"
        }
    }

    /// A German sentence's scores: "Durchschnitt 500,0, Bestwert 800", or "kein …" for
    /// a figure there is none of, which reads as German where "none" after it would not.
    private func statsGermanScores(_ average: Double?, _ best: Int?) -> String {
        (average.map { "Durchschnitt \(statsDecimal($0))" } ?? "kein Durchschnitt") + ", "
            + (best.map { "Bestwert \($0)" } ?? "kein Bestwert")
    }

    /// A ratio as a percentage ("33%", German "33 %"); `none` for a figure there is none of.
    func statsPercent(_ ratio: Double?, none: String = "–") -> String {
        guard let ratio else { return none }
        switch language {
        case .english: return String(format: "%.0f%%", ratio * 100)
        case .german: return String(format: "%.0f %%", ratio * 100)
        }
    }

    /// A figure to one decimal ("500.0", German "500,0"); `none` for one there is none of.
    func statsDecimal(_ value: Double?, none: String = "–") -> String {
        value.map { decimal(String(format: "%.1f", $0)) } ?? none
    }

    /// A whole figure (a best score); `none` for one there is none of.
    func statsWhole(_ value: Int?, none: String = "–") -> String {
        value.map(String.init) ?? none
    }
}
