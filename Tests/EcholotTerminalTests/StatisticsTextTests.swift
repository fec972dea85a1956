import EcholotModel
import EcholotStore
import EcholotTerminal
import EcholotTestSupport
import Foundation
import Testing

/// What `stats` prints of a profile's figures: tables, charts and sentences, English byte
/// for byte as before and German beside it, from statistics a real profile adds up.
@Suite final class StatisticsTextTests {
    let folder: URL
    init() throws { folder = try temporaryFolder() }
    deinit { try? FileManager.default.removeItem(at: folder) }

    /// Saturday 2026-11-21 12:00 UTC.
    static let noon = Date(timeIntervalSince1970: 1_795_262_400)
    let day = 86_400.0

    /// UTC days, so that windows do not depend on the machine's time zone.
    static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? TimeZone.current
        return calendar
    }()

    /// A fresh profile in the test's folder.
    func profile(_ name: String = "profile.sqlite") throws -> Profile {
        try Profile.open(at: folder.appendingPathComponent(name))
    }

    /// A run of `level` in `pack` that ended `outcome`, finding `tags`.
    func run(_ pack: String, _ level: String, _ outcome: RunOutcome = .won, score: Int? = 100, misses: Int = 0,
             at date: Date = StatisticsTextTests.noon, tags: [TagCount] = []) -> FinishedRun {
        var finished = FinishedRun(run: Run(recordedAt: date, packID: pack, packVersion: "1.0.0", levelID: level, outcome: outcome,
                                            score: score, seconds: 12.5, misses: misses, seed: 1,
                                            parameters: #"{"goals":{},"scoring":null}"#))
        finished.tags = tags
        return finished
    }

    /// Runs 0, 3, 10 and 20 days before noon of 2026-11-21, plus one in the future.
    func seeded() throws -> Profile {
        let profile = try profile()
        func at(_ daysBack: Double) -> Date { Self.noon.addingTimeInterval(-daysBack * day) }
        try profile.record(run("tutorial", "first-sound", .won, score: 800, misses: 1, at: at(0),
                               tags: [TagCount(tag: "bird", found: 2, present: 3)]))
        try profile.record(run("tutorial", "first-sound", .lost, score: 200, misses: 5, at: at(0.1),
                               tags: [TagCount(tag: "bird", found: 1, present: 3), TagCount(tag: "bell", found: 1, present: 1)]))
        try profile.record(run("tutorial", "two-voices", .abandoned, score: nil, misses: 2, at: at(3)))
        try profile.record(run("tutorial", "two-voices", .won, score: 650, at: at(10)))
        try profile.record(run("other", "x", .won, score: 999, at: at(20)))
        try profile.record(run("other", "x", .won, score: 5, at: at(-2)))
        return profile
    }

    @Test func textShowsTheFigures() throws {
        let stats = try seeded().statistics(window: .week, now: Self.noon, calendar: Self.utc)
        let text = stats.text
        #expect(text.contains("runs 3 · won 1 (33%) · lost 1 · abandoned 1"))
        #expect(text.contains("tutorial/first-sound"))
        #expect(text.contains("Average score per day") && text.contains("Wins per day"))
        #expect(text.contains("█"))
        // Each day's figures are text too, in the window's order, for readers the bars say nothing to.
        let lines = text.split(separator: "\n").map(String.init)
        let header = try #require(lines.firstIndex { $0.hasPrefix("day ") })
        #expect(lines[header] == "day         runs  won  avg score  best")
        #expect(Array(lines[(header + 2)...]) == [
            "2026-11-15     0    0          –     –", "2026-11-16     0    0          –     –",
            "2026-11-17     0    0          –     –", "2026-11-18     1    0          –     –",
            "2026-11-19     0    0          –     –", "2026-11-20     0    0          –     –",
            "2026-11-21     2    1      500.0   800",
        ])
        let tables = stats.text(.tables)
        #expect(!tables.contains("█") && !tables.contains("Wins per day"))
        #expect(tables.hasSuffix("2026-11-21     2    1      500.0   800\n"))
        // For a screen reader: each figure named, no table rules, "none" for no figure.
        let sentences = stats.text(.sentences)
        #expect(!sentences.contains("─") && !sentences.contains("–") && !sentences.contains("█"))
        #expect(sentences.contains("\n3 runs: 1 won (33%), 1 lost, 1 abandoned.\n"))
        #expect(sentences.contains("\n2026-11-18: 1 run, 0 won, average score none, best none.\n"))
        #expect(sentences.hasSuffix("\n2026-11-19 to 2026-11-20: no runs.\n2026-11-21: 2 runs, 1 won, average score 500.0, best 800.\n"))
    }

    /// German, as the rest of the game speaks it to a player who chose it: its labels,
    /// a decimal comma, "33 %", and "kein …" where a sentence has no figure.
    @Test func germanTextShowsTheSameFigures() throws {
        let stats = try seeded().statistics(window: .week, now: Self.noon, calendar: Self.utc)
        let german = Words(.german)
        let tables = stats.text(.tables, in: german)
        #expect(tables.hasPrefix("""
            Statistik der letzten 7 Tage (2026-11-15 bis 2026-11-21)
            Spiele 3 · gewonnen 1 (33 %) · verloren 1 · abgebrochen 1
            Durchschnitt 500,0 · Bestwert 800

            Level                 Spiele  gewonnen  Fehlgriffe/Spiel  Durchschnitt  Bestwert
            """), "\(tables)")
        #expect(tables.contains("\nSchlagwort  gefunden  von  Quote  Spiele\n"), "\(tables)")
        #expect(tables.contains("\nbird               3    6   50 %       2\n"), "\(tables)")
        #expect(tables.hasSuffix("2026-11-21       2         1         500,0       800\n"), "\(tables)")
        let charts = stats.text(.charts, in: german)
        #expect(charts.contains("\nDurchschnitt pro Tag\n") && charts.contains("\nGewonnene Spiele pro Tag\n"), "\(charts)")
        let sentences = stats.text(.sentences, in: german)
        #expect(sentences == """
            Statistik der letzten 7 Tage (2026-11-15 bis 2026-11-21)
            3 Spiele: 1 gewonnen (33 %), 1 verloren, 1 abgebrochen.
            Durchschnitt 500,0, Bestwert 800.
            Level:
            tutorial/first-sound: 2 Spiele, 1 gewonnen, 3,0 Fehlgriffe pro Spiel, Durchschnitt 500,0, Bestwert 800.
            tutorial/two-voices: 1 Spiel, 0 gewonnen, 2,0 Fehlgriffe pro Spiel, kein Durchschnitt, kein Bestwert.
            Schlagwörter der Klänge:
            bell: 1 von 1 gefunden (100 %) in 1 Spiel.
            bird: 3 von 6 gefunden (50 %) in 2 Spielen.
            Tage:
            2026-11-15 bis 2026-11-17: keine Spiele.
            2026-11-18: 1 Spiel, 0 gewonnen, kein Durchschnitt, kein Bestwert.
            2026-11-19 bis 2026-11-20: keine Spiele.
            2026-11-21: 2 Spiele, 1 gewonnen, Durchschnitt 500,0, Bestwert 800.

            """, "\(sentences)")
        let empty = Statistics.empty(window: .week, now: Self.noon, calendar: Self.utc).text(.sentences, in: german)
        #expect(empty.hasSuffix("\nIn diesem Zeitraum ist kein Spiel aufgezeichnet. Spiel ein Level und schau dann wieder nach.\n"))
        let chart = BarChart(title: "Durchschnitt pro Tag", values: [0, 2.5], labels: ["1", "2"], height: 1, words: german).lines()
        #expect(chart.first { $0.contains("┤") } == "2,5 ┤   ██ ", "\(chart)")
    }

    /// Days without runs in a row are one sentence, a lone one its own: a month of little
    /// play was read out as 29 lines of "no runs." before the day that had some. The
    /// tables keep a row a day, beside the charts' columns.
    @Test func emptyDaysInARowAreOneSentence() throws {
        let month = try seeded().statistics(window: .month, now: Self.noon, calendar: Self.utc)
        let sentences = month.text(.sentences)
        let days = try #require(sentences.components(separatedBy: "\nDays:\n").last)
        #expect(days.split(separator: "\n") == [
            "2026-10-23 to 2026-10-31: no runs.",
            "2026-11-01: 1 run, 1 won, average score 999.0, best 999.",
            "2026-11-02 to 2026-11-10: no runs.",
            "2026-11-11: 1 run, 1 won, average score 650.0, best 650.",
            "2026-11-12 to 2026-11-17: no runs.",
            "2026-11-18: 1 run, 0 won, average score none, best none.",
            "2026-11-19 to 2026-11-20: no runs.",
            "2026-11-21: 2 runs, 1 won, average score 500.0, best 800.",
        ], "\(sentences)")
        #expect(month.text(.tables).components(separatedBy: "\n").filter { $0.hasPrefix("2026-") }.count == 30)

        let profile = try profile("lone.sqlite")
        for back in [0.0, 2, 6] {
            try profile.record(run("p", "l", .won, score: 10, at: Self.noon.addingTimeInterval(-back * day)))
        }
        let week = try profile.statistics(window: .week, now: Self.noon, calendar: Self.utc).text(.sentences)
        #expect(week.hasSuffix("""
            Days:
            2026-11-15: 1 run, 1 won, average score 10.0, best 10.
            2026-11-16 to 2026-11-18: no runs.
            2026-11-19: 1 run, 1 won, average score 10.0, best 10.
            2026-11-20: no runs.
            2026-11-21: 1 run, 1 won, average score 10.0, best 10.

            """), "\(week)")
    }

    /// A profile recorded before scores were bounded may hold scores up to `Int.max`, two
    /// of them in one quarter hour (summed by SQLite): the text still shows the best.
    @Test func hugeScoresOfAnOldProfileStillShow() throws {
        let profile = try profile()
        let earlier = Self.noon.addingTimeInterval(-2 * day)
        for date in [earlier, earlier.addingTimeInterval(1), Self.noon, Self.noon.addingTimeInterval(1)] {
            try profile.record(run("scored", "a", score: .max, at: date))
        }
        let stats = try profile.statistics(window: .week, now: Self.noon.addingTimeInterval(60), calendar: Self.utc)
        #expect(stats.text.contains("best score \(Int.max)"))
    }

    @Test func anEmptyWindowSaysSo() throws {
        let stats = try profile().statistics(window: .twoWeeks, now: Self.noon, calendar: Self.utc)
        #expect(stats.text.contains("No runs recorded"))
    }

    @Test func aChartScalesItsBarsToTheLargestValue() {
        let lines = BarChart(title: "Wins", values: [0, 2, 4, nil], labels: ["1", "2", "3", "4"], height: 2).lines()
        #expect(lines == [
            "Wins",
            "4 ┤      ██    ",
            "0 ┤   ██ ██    ",
            "  └────────────",
            "   1  2  3  4  ",
        ])
    }

    /// A pack's tag (or level id) holding a line break and escape sequences is shown with
    /// them written out, in every layout: printed raw, it cleared the screen and forged a
    /// line `fake line: found 1 of 1 (100%) in 1 run.` a screen reader read as real.
    @Test func namesFromAPackAreShownWithTheirControlCharactersWrittenOut() throws {
        let profile = try profile()
        try profile.record(run("loud\u{1B}[31m", "a\nb", tags: [TagCount(tag: "bird\u{1B}[2J\nfake line", found: 1, present: 1)]))
        let stats = try profile.statistics(window: .week, now: Self.noon, calendar: Self.utc)
        for layout in [StatisticsLayout.charts, .tables, .sentences] {
            let text = stats.text(layout)
            #expect(!text.unicodeScalars.contains("\u{1B}"), "\(text)")
            #expect(!text.split(separator: "\n").contains { $0.hasPrefix("fake line") || $0.hasPrefix("b ") || $0.hasPrefix("b:") }, "\(text)")
            #expect(text.contains(#"bird\u001B[2J\nfake line"#), "\(text)")
            #expect(text.contains(#"loud\u001B[31m/a\nb"#), "\(text)")
        }
    }

    /// A CJK name lines up by columns, and a name of 110 characters is cut with "…" rather
    /// than making every row of the table wrap.
    @Test func wideAndLongNamesKeepTheLevelTableInLine() throws {
        let profile = try profile()
        let long = String(repeating: "a-very-long-level-id-", count: 5) + "end"
        try profile.record(run("森", "鐘の音", score: 300))
        try profile.record(run("t", long, score: 400))
        let text = try profile.statistics(window: .week, now: Self.noon, calendar: Self.utc).text(.tables)
        let lines = text.split(separator: "\n").map(String.init)
        let header = try #require(lines.firstIndex { $0.hasPrefix("level") }, "\(text)")
        let table = Array(lines[header ..< header + 4])
        let widths = Set(table.map(TerminalWidth.columns))
        #expect(widths.count == 1, "every row as wide as the header: \(table)")
        #expect(try #require(widths.first) < 80, "\(table)")
        #expect(table.contains { $0.hasPrefix("森/鐘の音 ") }, "\(table)")
        #expect(table.contains { $0.hasPrefix("t/a-very-long-level-id-a-very-l…  ") }, "\(table)")
    }
}
