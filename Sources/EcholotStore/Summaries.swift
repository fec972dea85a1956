import GRDB

/// Totals kept beside the history, so that reading progress and statistics costs what a
/// window holds in quarter hours and levels, never what the history holds in runs.
///
/// - `levelSummary`: per pack and level, plays, wins and the best score (menus, unlocks).
/// - `quarterSummary`: per level and quarter hour (UTC seconds / 900), the sums that
///   per-level statistics add up; `quarterTotal`: the same over all levels, for the charts.
/// - `tagSummary` and `quarterTag`: per tag, overall and per quarter hour.
///
/// Quarter hours, because every time zone's midnight falls on one: a local day is a whole
/// number of quarters in any zone. The totals are written in the same transaction as the
/// run they count, so they never disagree with the history; runs never change, so sums and
/// maxima only grow.
enum Summaries {
    /// Seconds in one bucket of the statistics totals.
    static let quarter = 900.0

    /// The quarter hour a moment falls in.
    static func quarter(of seconds: Double) -> Int { Int((seconds / quarter).rounded(.down)) }

    /// SQL keeping the larger of the stored and the new best score (either may be NULL).
    private static let keepBest = "bestScore = max(coalesce(bestScore, excluded.bestScore), coalesce(excluded.bestScore, bestScore))"

    /// Adds one run, and its tag counts, to every total.
    static func add(_ run: Run, tags: [TagCount], _ db: Database) throws {
        let won = run.outcome == .won ? 1 : 0, scored = run.score == nil ? 0 : 1, quarter = quarter(of: run.recordedAt.timeIntervalSince1970)
        try db.cachedStatement(sql: """
            INSERT INTO levelSummary (packID, levelID, plays, wins, bestScore) VALUES (?, ?, 1, ?, ?)
            ON CONFLICT DO UPDATE SET plays = plays + 1, wins = wins + excluded.wins, \(keepBest)
            """).execute(arguments: [run.packID, run.levelID, won, run.score])
        try db.cachedStatement(sql: """
            INSERT INTO quarterSummary
                (packID, levelID, quarter, runs, won, lost, abandoned, scored, scoreSum, bestScore, missesSum)
            VALUES (?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT DO UPDATE SET
                runs = runs + 1, won = won + excluded.won, lost = lost + excluded.lost,
                abandoned = abandoned + excluded.abandoned, scored = scored + excluded.scored,
                scoreSum = scoreSum + excluded.scoreSum, missesSum = missesSum + excluded.missesSum, \(keepBest)
            """).execute(arguments: [
                run.packID, run.levelID, quarter, won, run.outcome == .lost ? 1 : 0, run.outcome == .abandoned ? 1 : 0,
                scored, run.score ?? 0, run.score, run.misses,
            ])
        try db.cachedStatement(sql: """
            INSERT INTO quarterTotal (quarter, runs, won, scored, scoreSum, bestScore) VALUES (?, 1, ?, ?, ?, ?)
            ON CONFLICT DO UPDATE SET runs = runs + 1, won = won + excluded.won, scored = scored + excluded.scored,
                scoreSum = scoreSum + excluded.scoreSum, \(keepBest)
            """).execute(arguments: [quarter, won, scored, run.score ?? 0, run.score])
        for count in tags {
            try db.cachedStatement(sql: """
                INSERT INTO tagSummary (tag, runs, found, present) VALUES (?, 1, ?, ?)
                ON CONFLICT DO UPDATE SET runs = runs + 1, found = found + excluded.found, present = present + excluded.present
                """).execute(arguments: [count.tag, count.found, count.present])
            try db.cachedStatement(sql: """
                INSERT INTO quarterTag (tag, quarter, runs, found, present) VALUES (?, ?, 1, ?, ?)
                ON CONFLICT DO UPDATE SET runs = runs + 1, found = found + excluded.found, present = present + excluded.present
                """).execute(arguments: [count.tag, quarter, count.found, count.present])
        }
    }
}
