import Foundation
import GRDB

extension Profile {
    /// Statistics of the runs in `window`, ending at `now` (injected so windows are testable),
    /// with days cut at local midnight of `calendar`'s time zone.
    public func statistics(window: StatsWindow = .week, now: Date = Date(), calendar: Calendar = .current) throws(ProfileError) -> Statistics {
        try read { db in try Statistics.fetch(db, window: window, now: now, calendar: calendar) }
    }
}

extension Statistics {
    /// Aggregates in SQL over the `recordedAt` index: the window's runs are never all
    /// loaded into memory, which keeps a profile of 100,000 runs fast to summarise.
    static func fetch(_ db: Database, window: StatsWindow, now: Date, calendar: Calendar) throws -> Statistics {
        let interval = window.interval(endingAt: now, calendar: calendar)
        let range: StatementArguments = [interval.start.timeIntervalSince1970, interval.end.timeIntervalSince1970]
        let inWindow = "recordedAt >= ? AND recordedAt <= ?"
        let totals = try Row.fetchOne(db, sql: """
            SELECT count(*) AS runs, total(outcome = 'won') AS won, total(outcome = 'lost') AS lost,
                   total(outcome = 'abandoned') AS abandoned, avg(score) AS average, max(score) AS best
            FROM run WHERE \(inWindow)
            """, arguments: range)
        var statistics = Statistics(
            window: window, interval: interval,
            runs: totals?["runs"] ?? 0, won: Int(totals?["won"] ?? 0.0), lost: Int(totals?["lost"] ?? 0.0),
            abandoned: Int(totals?["abandoned"] ?? 0.0), averageScore: totals?["average"], bestScore: totals?["best"],
            levels: [], tags: [], days: [])
        statistics.levels = try Row.fetchAll(db, sql: """
            SELECT packID, levelID, count(*) AS runs, total(outcome = 'won') AS won, avg(misses) AS misses,
                   avg(score) AS average, max(score) AS best
            FROM run WHERE \(inWindow) GROUP BY packID, levelID ORDER BY packID, levelID
            """, arguments: range).map { row in
            LevelStatistics(packID: row["packID"], levelID: row["levelID"], runs: row["runs"], won: Int(row["won"] as Double),
                            averageMisses: row["misses"], averageScore: row["average"], bestScore: row["best"])
        }
        statistics.tags = try Row.fetchAll(db, sql: """
            SELECT tag, count(*) AS runs, total(found) AS found, total(present) AS present
            FROM foundTag JOIN run ON run.id = foundTag.runID
            WHERE \(inWindow) GROUP BY tag ORDER BY tag
            """, arguments: range).map { row in
            TagStatistics(tag: row["tag"], runs: row["runs"], found: Int(row["found"] as Double), present: Int(row["present"] as Double))
        }
        let day = try db.makeStatement(sql: """
            SELECT count(*) AS runs, total(outcome = 'won') AS won, avg(score) AS average, max(score) AS best
            FROM run WHERE recordedAt >= ? AND recordedAt < ? AND recordedAt <= ?
            """)
        let dayLabel = DayLabel(calendar: calendar)
        statistics.days = try window.dayIntervals(endingAt: now, calendar: calendar).map { span in
            let row = try Row.fetchOne(day, arguments: [
                span.start.timeIntervalSince1970, span.end.timeIntervalSince1970, interval.end.timeIntervalSince1970,
            ])
            return DayStatistics(day: span.start, date: dayLabel.text(span.start), runs: row?["runs"] ?? 0, won: Int(row?["won"] ?? 0.0),
                                 averageScore: row?["average"], bestScore: row?["best"])
        }
        return statistics
    }
}
