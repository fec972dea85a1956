import EcholotModel
import Foundation

/// How ``Statistics/text(_:)`` lays the figures out, for who reads them.
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
    /// The figures for a terminal: a summary, a table per level and per tag, two charts
    /// (average score per day, wins per day) and the days as a table.
    public var text: String { text(.charts) }

    /// The figures laid out as `layout` says.
    public func text(_ layout: StatisticsLayout) -> String {
        var out: [String] = []
        let first = days.first?.date ?? "", last = days.last?.date ?? ""
        out.append("Statistics, last \(window.days) days (\(first) to \(last))")
        guard runs > 0 else {
            out.append("No runs recorded in this window. Play a level, then look again.")
            return out.joined(separator: "\n") + "\n"
        }
        if layout == .sentences { return (out + sentences).joined(separator: "\n") + "\n" }
        out.append("runs \(runs) · won \(won) (\(Self.percent(winRate))) · lost \(lost) · abandoned \(abandoned)")
        out.append("average score \(Self.decimal(averageScore)) · best score \(Self.whole(bestScore))")
        out.append("")
        out += TextTable(
            header: ["level", "runs", "won", "misses/run", "avg score", "best"],
            rows: levels.map { level in
                [Self.shown(level.shownName), "\(level.runs)", "\(level.won)",
                 Self.decimal(level.averageMisses), Self.decimal(level.averageScore), Self.whole(level.bestScore)]
            }).lines()
        if !tags.isEmpty {
            out.append("")
            out += TextTable(
                header: ["tag", "found", "of", "rate", "runs"],
                rows: tags.map { tag in
                    [Self.shown(tag.tag), "\(tag.found)", "\(tag.present)", Self.percent(tag.foundRate), "\(tag.runs)"]
                }).lines()
        }
        if layout == .charts {
            let labels = days.map { String($0.date.suffix(2)) }
            out.append("")
            out += BarChart(title: "Average score per day", values: days.map(\.averageScore), labels: labels).lines()
            out.append("")
            out += BarChart(title: "Wins per day", values: days.map { Double($0.won) }, labels: labels).lines()
        }
        // The charts' figures as text, one line a day: the charts only show the top of
        // their scale, and a day's bar cannot be read out.
        out.append("")
        out += TextTable(
            header: ["day", "runs", "won", "avg score", "best"],
            rows: days.map { day in
                [day.date, "\(day.runs)", "\(day.won)", Self.decimal(day.averageScore), Self.whole(day.bestScore)]
            }).lines()
        return out.joined(separator: "\n") + "\n"
    }

    /// Everything ``text(_:)`` shows but the charts, a sentence a line.
    private var sentences: [String] {
        var out = ["\(Self.count(runs, "run")): \(won) won (\(Self.percent(winRate))), \(lost) lost, \(abandoned) abandoned.",
                   "Average score \(Self.decimal(averageScore, none: "none")), best score \(Self.whole(bestScore, none: "none"))."]
        out.append("Levels:")
        out += levels.map { level in
            "\(Self.shown(level.shownName)): \(Self.count(level.runs, "run")), \(level.won) won, "
                + "\(Self.decimal(level.averageMisses, none: "no")) misses a run, average score "
                + "\(Self.decimal(level.averageScore, none: "none")), best \(Self.whole(level.bestScore, none: "none"))."
        }
        if !tags.isEmpty {
            out.append("Tags of the sounds:")
            out += tags.map { tag in
                "\(Self.shown(tag.tag)): found \(tag.found) of \(tag.present) (\(Self.percent(tag.foundRate, none: "no rate"))) in \(Self.count(tag.runs, "run"))."
            }
        }
        out.append("Days:")
        // Days without runs in a row are one line: a month of little play read out as
        // 29 lines of "no runs." before the one day that had some.
        var index = days.startIndex
        while index < days.endIndex {
            let day = days[index]
            let end = day.runs > 0 ? index + 1 : days[index...].firstIndex { $0.runs > 0 } ?? days.endIndex
            if day.runs > 0 {
                out.append("\(day.date): \(Self.count(day.runs, "run")), \(day.won) won, average score "
                    + "\(Self.decimal(day.averageScore, none: "none")), best \(Self.whole(day.bestScore, none: "none")).")
            } else {
                out.append(end - index == 1 ? "\(day.date): no runs." : "\(day.date) to \(days[end - 1].date): no runs.")
            }
            index = end
        }
        return out
    }

    /// A name a pack chose (a tag, a level's id or name), as messages show it: a line break or an
    /// escape sequence in it would forge a line a screen reader reads as real, or drive
    /// the terminal.
    private static func shown(_ name: String) -> String { MessageText.oneLine(name) }

    /// "1 run", "2 runs".
    private static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }

    /// A ratio as a percentage; `none` for a figure there is none of (a table's "–").
    private static func percent(_ ratio: Double?, none: String = "–") -> String {
        ratio.map { String(format: "%.0f%%", $0 * 100) } ?? none
    }

    /// A whole figure (a best score); `none` for one there is none of.
    private static func whole(_ value: Int?, none: String = "–") -> String {
        value.map(String.init) ?? none
    }

    /// A figure to one decimal; `none` for a figure there is none of.
    private static func decimal(_ value: Double?, none: String = "–") -> String {
        value.map { String(format: "%.1f", $0) } ?? none
    }
}

extension LevelStatistics {
    /// The level as the text names it: its name when known, else `pack/level`.
    fileprivate var shownName: String { name ?? "\(packID)/\(levelID)" }
}

/// A plain text table: a header, a rule, rows; numbers right-aligned, text left-aligned.
struct TextTable {
    let header: [String]
    let rows: [[String]]

    /// The table as lines.
    func lines() -> [String] {
        let widths = header.indices.map { column in
            ([header] + rows).map { $0[column].count }.max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { index, cell in
                let pad = String(repeating: " ", count: widths[index] - cell.count)
                return index == 0 ? cell + pad : pad + cell
            }.joined(separator: "  ")
        }
        return [line(header), widths.map { String(repeating: "─", count: $0) }.joined(separator: "  ")] + rows.map(line)
    }
}
