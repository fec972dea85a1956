import EcholotModel
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
    /// Adds up the quarter-hour totals of the window's whole quarters (see ``Summaries``), and
    /// the runs themselves for the quarter `now` falls in — so a run recorded a moment ago
    /// counts and one stamped after `now` does not. Each level and each tag is one range of
    /// one index: the cost follows the window's quarters, never the number of runs.
    static func fetch(_ db: Database, window: StatsWindow, now: Date, calendar: Calendar) throws -> Statistics {
        var statistics = Statistics.empty(window: window, now: now, calendar: calendar)
        let first = Summaries.quarter(of: statistics.interval.start.timeIntervalSince1970)
        let current = Summaries.quarter(of: now.timeIntervalSince1970)
        let tail: StatementArguments = [
            max(statistics.interval.start.timeIntervalSince1970, Double(current) * Summaries.quarter), now.timeIntervalSince1970,
        ]

        // Each query also says whether a row it adds up breaks its table's rule; the
        // figures are then not shown, and the row is named.
        var levels: [LevelKey: Totals] = [:]
        let levelWhere = "packID = ? AND levelID = ? AND quarter >= ? AND quarter < ?"
        let levelRange = try db.cachedStatement(sql: """
            SELECT sum(runs), sum(won), sum(lost), sum(abandoned), sum(scored), total(scoreSum), max(bestScore), sum(missesSum),
                   max(\(SummedTable.quarterSummary.broken))
            FROM quarterSummary WHERE \(levelWhere)
            """)
        for row in try Row.fetchAll(db, sql: "SELECT packID, levelID FROM levelSummary") {
            let key = try LevelKey(packID: row.read(0), levelID: row.read(1))
            let arguments: StatementArguments = [key.packID, key.levelID, first, current]
            guard let sums = try Row.fetchOne(levelRange, arguments: arguments) else { continue }
            try SummedTable.quarterSummary.refuseBroken(flagged: sums.read(8), db, where: levelWhere, arguments: arguments)
            if let totals = try Totals(sums: sums) { levels[key] = totals }
        }
        var quarters: [Int: Totals] = [:]
        let quarterWhere = "quarter >= ? AND quarter < ?"
        for row in try Row.fetchAll(db, sql: """
            SELECT quarter, runs, won, 0, 0, scored, scoreSum, bestScore, 0, \(SummedTable.quarterTotal.broken) FROM quarterTotal
            WHERE \(quarterWhere)
            """, arguments: [first, current]) {
            try SummedTable.quarterTotal.refuseBroken(flagged: row.read(9), db, where: quarterWhere, arguments: [first, current])
            quarters[try row.read(0)] = try Totals(row: row, from: 1)
        }
        let tailWhere = "recordedAt >= ? AND recordedAt <= ?"
        for row in try Row.fetchAll(db, sql: """
            SELECT packID, levelID, 1, outcome = 'won', outcome = 'lost', outcome = 'abandoned',
                   score IS NOT NULL, coalesce(score, 0) AS score, score, misses, \(SummedTable.run.broken)
            FROM run WHERE \(tailWhere)
            """, arguments: tail) {
            try SummedTable.run.refuseBroken(flagged: row.read(10), db, where: tailWhere, arguments: tail)
            let run = try Totals(row: row, from: 2)
            try levels[LevelKey(packID: row.read(0), levelID: row.read(1)), default: Totals()].add(run)
            quarters[current, default: Totals()].add(run)
        }

        var overall = Totals()
        for (key, totals) in levels.sorted(by: { $0.key < $1.key }) where totals.runs > 0 {
            overall.add(totals)
            statistics.levels.append(LevelStatistics(
                packID: key.packID, levelID: key.levelID, runs: totals.runs, won: totals.won,
                averageMisses: Double(totals.missesSum) / Double(totals.runs), averageScore: totals.averageScore,
                bestScore: totals.bestScore))
        }
        statistics.runs = overall.runs
        statistics.won = overall.won
        statistics.lost = overall.lost
        statistics.abandoned = overall.abandoned
        statistics.averageScore = overall.averageScore
        statistics.bestScore = overall.bestScore
        statistics.tags = try tags(db, first: first, current: current, tail: tail)
        statistics.days = days(statistics.days, quarters: quarters, spans: window.dayIntervals(endingAt: now, calendar: calendar))
        return statistics
    }

    /// Per tag: its quarters' sums plus the current quarter's runs, sorted by tag.
    private static func tags(_ db: Database, first: Int, current: Int, tail: StatementArguments) throws -> [TagStatistics] {
        var tags: [String: TagStatistics] = [:]
        let tagWhere = "tag = ? AND quarter >= ? AND quarter < ?"
        let tagRange = try db.cachedStatement(sql: """
            SELECT sum(runs), sum(found), sum(present), max(\(SummedTable.quarterTag.broken)) FROM quarterTag WHERE \(tagWhere)
            """)
        for tag in try String.fetchAll(db, sql: "SELECT tag FROM tagSummary") {
            let arguments: StatementArguments = [tag, first, current]
            guard let row = try Row.fetchOne(tagRange, arguments: arguments) else { continue }
            try SummedTable.quarterTag.refuseBroken(flagged: row.read(3), db, where: tagWhere, arguments: arguments)
            if let runs = try row.read(0, as: Int?.self) {
                tags[tag] = try TagStatistics(tag: tag, runs: runs, found: row.read(1), present: row.read(2))
            }
        }
        let tailWhere = "runID IN (SELECT id FROM run WHERE recordedAt >= ? AND recordedAt <= ?)"
        for row in try Row.fetchAll(db, sql: """
            SELECT foundTag.tag, foundTag.found, foundTag.present, \(SummedTable.foundTag.broken)
            FROM run JOIN foundTag ON foundTag.runID = run.id
            WHERE run.recordedAt >= ? AND run.recordedAt <= ?
            """, arguments: tail) {
            try SummedTable.foundTag.refuseBroken(flagged: row.read(3), db, where: tailWhere, arguments: tail)
            let tag: String = try row.read(0)
            var entry = tags[tag] ?? TagStatistics(tag: tag, runs: 0, found: 0, present: 0)
            entry.runs = Score.add(entry.runs, 1)
            entry.found = try Score.add(entry.found, row.read(1))
            entry.present = try Score.add(entry.present, row.read(2))
            tags[tag] = entry
        }
        return tags.values.sorted { $0.tag < $1.tag }
    }

    /// Each local day: the sum of the quarters from its midnight to the next.
    private static func days(_ days: [DayStatistics], quarters: [Int: Totals], spans: [DateInterval]) -> [DayStatistics] {
        zip(days, spans).map { day, span in
            var totals = Totals()
            let from = Summaries.quarter(of: span.start.timeIntervalSince1970)
            let to = Summaries.quarter(of: span.end.timeIntervalSince1970)
            for quarter in from..<max(from, to) { if let sums = quarters[quarter] { totals.add(sums) } }
            var filled = day
            filled.runs = totals.runs
            filled.won = totals.won
            filled.averageScore = totals.averageScore
            filled.bestScore = totals.bestScore
            return filled
        }
    }
}

/// A pack and level, sorted by pack then level.
private struct LevelKey: Hashable, Comparable {
    let packID: String
    let levelID: String

    static func < (a: LevelKey, b: LevelKey) -> Bool { (a.packID, a.levelID) < (b.packID, b.levelID) }
}

/// Sums over some runs, in the column order of the summary tables: runs, won, lost,
/// abandoned, scored, scoreSum, bestScore, missesSum.
///
/// The score sum is a `Double` (SQL `total`, not `sum`): a profile recorded before scores
/// were bounded may hold scores whose sum no `Int` holds, and it only feeds an average.
/// The counts saturate for the same reason.
private struct Totals {
    var runs = 0, won = 0, lost = 0, abandoned = 0, scored = 0, missesSum = 0
    var scoreSum = 0.0
    var bestScore: Int?

    init() {}

    /// Reads the eight sums from `row`, starting at column `from`.
    init(row: Row, from index: Int) throws {
        runs = try row.read(index, as: Int?.self) ?? 0
        won = try row.read(index + 1, as: Int?.self) ?? 0
        lost = try row.read(index + 2, as: Int?.self) ?? 0
        abandoned = try row.read(index + 3, as: Int?.self) ?? 0
        scored = try row.read(index + 4, as: Int?.self) ?? 0
        scoreSum = try row.read(index + 5, as: Double?.self) ?? 0
        bestScore = try row.read(index + 6)
        missesSum = try row.read(index + 7, as: Int?.self) ?? 0
    }

    /// Reads an aggregate row; nil when the range held no rows (SQL sums are then NULL).
    init?(sums row: Row) throws {
        guard try row.read(0, as: Int?.self) != nil else { return nil }
        try self.init(row: row, from: 0)
    }

    /// The mean score of the scored runs.
    var averageScore: Double? { scored == 0 ? nil : scoreSum / Double(scored) }

    /// Adds `other`'s sums to these.
    mutating func add(_ other: Totals) {
        runs = Score.add(runs, other.runs)
        won = Score.add(won, other.won)
        lost = Score.add(lost, other.lost)
        abandoned = Score.add(abandoned, other.abandoned)
        scored = Score.add(scored, other.scored)
        scoreSum += other.scoreSum
        missesSum = Score.add(missesSum, other.missesSum)
        if let best = other.bestScore { bestScore = max(best, bestScore ?? best) }
    }
}
