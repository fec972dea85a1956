import Foundation

extension Statistics {
    /// The figures for a terminal: a summary, a table per level and per tag, two charts
    /// (average score per day, wins per day) and the days as a table.
    public var text: String { text(charts: true) }

    /// The figures as ``text``; `charts: false` leaves out the bar charts, whose columns a
    /// screen reader or braille display cannot read — the day table under them says it all.
    public func text(charts: Bool) -> String {
        var out: [String] = []
        let first = days.first?.date ?? "", last = days.last?.date ?? ""
        out.append("Statistics, last \(window.days) days (\(first) to \(last))")
        guard runs > 0 else {
            out.append("No runs recorded in this window. Play a level, then look again.")
            return out.joined(separator: "\n") + "\n"
        }
        out.append("runs \(runs) · won \(won) (\(Self.percent(winRate))) · lost \(lost) · abandoned \(abandoned)")
        out.append("average score \(Self.decimal(averageScore)) · best score \(bestScore.map(String.init) ?? "–")")
        out.append("")
        out += TextTable(
            header: ["level", "runs", "won", "misses/run", "avg score", "best"],
            rows: levels.map { level in
                ["\(level.packID)/\(level.levelID)", "\(level.runs)", "\(level.won)",
                 Self.decimal(level.averageMisses), Self.decimal(level.averageScore), level.bestScore.map(String.init) ?? "–"]
            }).lines()
        if !tags.isEmpty {
            out.append("")
            out += TextTable(
                header: ["tag", "found", "of", "rate", "runs"],
                rows: tags.map { tag in
                    [tag.tag, "\(tag.found)", "\(tag.present)", Self.percent(tag.foundRate), "\(tag.runs)"]
                }).lines()
        }
        if charts {
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
                [day.date, "\(day.runs)", "\(day.won)", Self.decimal(day.averageScore), day.bestScore.map(String.init) ?? "–"]
            }).lines()
        return out.joined(separator: "\n") + "\n"
    }

    private static func percent(_ ratio: Double?) -> String {
        ratio.map { String(format: "%.0f%%", $0 * 100) } ?? "–"
    }

    private static func decimal(_ value: Double?) -> String {
        value.map { String(format: "%.1f", $0) } ?? "–"
    }
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
