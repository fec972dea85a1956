import EcholotModel
import EcholotStore

/// How ``Statistics/text(_:in:)`` lays the figures out, for who reads them.
public enum StatisticsLayout: Sendable {
    /// Tables and bar charts: a sighted reader's terminal.
    case charts
    /// Tables without the charts, whose columns say nothing piped into a file.
    case tables
    /// A sentence a line, each figure named: a screen reader reads a table's row as bare
    /// numbers, its rule as symbols, and "–" as a dash or not at all.
    case sentences
}

extension Statistics {
    /// The figures for a terminal, in English: a summary, a table per level and per tag,
    /// two charts (average score per day, wins per day) and the days as a table.
    public var text: String { text(.charts) }

    /// The figures laid out as `layout` says, in the language of `words`.
    public func text(_ layout: StatisticsLayout, in words: Words = .english) -> String {
        var out: [String] = []
        out.append(words.statsHeading(days: window.days, from: days.first?.date ?? "", to: days.last?.date ?? ""))
        guard runs > 0 else {
            out.append(words.statsNoRunsInWindow)
            return out.joined(separator: "\n") + "\n"
        }
        if layout == .sentences { return (out + sentences(words)).joined(separator: "\n") + "\n" }
        out.append(words.statsTotals(runs: runs, won: won, rate: winRate, lost: lost, abandoned: abandoned))
        out.append(words.statsScores(average: averageScore, best: bestScore))
        out.append("")
        out += TextTable(
            header: words.statsLevelHeader,
            rows: levels.map { level in
                [Self.shown(level.shownName), "\(level.runs)", "\(level.won)", words.statsDecimal(level.averageMisses),
                 words.statsDecimal(level.averageScore), words.statsWhole(level.bestScore)]
            }).lines()
        if !tags.isEmpty {
            out.append("")
            out += TextTable(
                header: words.statsTagHeader,
                rows: tags.map { tag in
                    [Self.shown(tag.tag), "\(tag.found)", "\(tag.present)", words.statsPercent(tag.foundRate), "\(tag.runs)"]
                }).lines()
        }
        if layout == .charts {
            let labels = days.map { String($0.date.suffix(2)) }
            out.append("")
            out += BarChart(title: words.statsScoreChart, values: days.map(\.averageScore), labels: labels, words: words).lines()
            out.append("")
            out += BarChart(title: words.statsWinChart, values: days.map { Double($0.won) }, labels: labels, words: words).lines()
        }
        // The charts' figures as text, one line a day: the charts only show the top of
        // their scale, and a day's bar cannot be read out.
        out.append("")
        out += TextTable(
            header: words.statsDayHeader,
            rows: days.map { day in
                [day.date, "\(day.runs)", "\(day.won)", words.statsDecimal(day.averageScore), words.statsWhole(day.bestScore)]
            }).lines()
        return out.joined(separator: "\n") + "\n"
    }

    /// Everything ``text(_:in:)`` shows but the charts, a sentence a line.
    private func sentences(_ words: Words) -> [String] {
        var out = [words.statsTotalsSentence(runs: runs, won: won, rate: winRate, lost: lost, abandoned: abandoned),
                   words.statsScoresSentence(average: averageScore, best: bestScore)]
        out.append(words.statsLevelsHeading)
        out += levels.map { level in
            words.statsLevelSentence(Self.shown(level.shownName), runs: level.runs, won: level.won, misses: level.averageMisses,
                                     average: level.averageScore, best: level.bestScore)
        }
        if !tags.isEmpty {
            out.append(words.statsTagsHeading)
            out += tags.map { tag in
                words.statsTagSentence(Self.shown(tag.tag), found: tag.found, present: tag.present, rate: tag.foundRate, runs: tag.runs)
            }
        }
        out.append(words.statsDaysHeading)
        // Days without runs in a row are one line: a month of little play read out as
        // 29 lines of "no runs." before the one day that had some.
        var index = days.startIndex
        while index < days.endIndex {
            let day = days[index]
            let end = day.runs > 0 ? index + 1 : days[index...].firstIndex { $0.runs > 0 } ?? days.endIndex
            if day.runs > 0 {
                out.append(words.statsDaySentence(day.date, runs: day.runs, won: day.won, average: day.averageScore, best: day.bestScore))
            } else {
                out.append(words.statsNoRuns(from: day.date, to: end - index == 1 ? nil : days[end - 1].date))
            }
            index = end
        }
        return out
    }

    /// A name a pack chose (a tag, a level's id or name), as messages show it: a line break or an
    /// escape sequence in it would forge a line a screen reader reads as real, or drive
    /// the terminal.
    private static func shown(_ name: String) -> String { MessageText.oneLine(name) }
}

extension LevelStatistics {
    /// The level as the text names it: its name when known, else `pack/level`.
    fileprivate var shownName: String { name ?? "\(packID)/\(levelID)" }
}
