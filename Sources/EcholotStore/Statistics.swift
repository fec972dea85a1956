import Foundation

/// What the player did within a window: totals, per level, per tag and per day.
public struct Statistics: Sendable, Equatable {
    /// The window these figures cover.
    public var window: StatsWindow
    /// Its first moment (local midnight) and its last (when the figures were taken).
    public var interval: DateInterval
    /// Runs recorded in the window, abandoned ones included.
    public var runs: Int
    /// Runs won.
    public var won: Int
    /// Runs lost.
    public var lost: Int
    /// Runs abandoned.
    public var abandoned: Int
    /// The mean score of the runs that have one.
    public var averageScore: Double?
    /// The best score of any run.
    public var bestScore: Int?
    /// Figures per level, sorted by pack and level id.
    public var levels: [LevelStatistics]
    /// Figures per entity tag of the sounds found, sorted by tag.
    public var tags: [TagStatistics]
    /// Figures per local day, oldest first; every day of the window is present.
    public var days: [DayStatistics]

    /// Won runs as a share of all runs (0…1); nil without runs.
    public var winRate: Double? { runs == 0 ? nil : Double(won) / Double(runs) }
}

/// One level's figures within a window.
public struct LevelStatistics: Sendable, Equatable {
    /// The pack's id.
    public var packID: String
    /// The level's id.
    public var levelID: String
    /// Runs of the level.
    public var runs: Int
    /// Runs won.
    public var won: Int
    /// Mean misses per run.
    public var averageMisses: Double
    /// Mean score of the runs that have one.
    public var averageScore: Double?
    /// Best score.
    public var bestScore: Int?
    /// The level as the game names it ("Tutorial, The First Sound"), set by whoever has the
    /// packs: the profile keeps only ids, which the text shows when this is nil.
    public var name: String? = nil
}

/// One tag's figures within a window: of the entities carrying it, how many were found.
public struct TagStatistics: Sendable, Equatable {
    /// The tag.
    public var tag: String
    /// Runs whose level had entities with the tag.
    public var runs: Int
    /// Entities with the tag found.
    public var found: Int
    /// Entities with the tag present.
    public var present: Int

    /// Found as a share of present (0…1); nil when none were present.
    public var foundRate: Double? { present == 0 ? nil : Double(found) / Double(present) }
}

/// One local day's figures: what the charts draw.
public struct DayStatistics: Sendable, Equatable {
    /// The day (its local midnight).
    public var day: Date
    /// The day as `yyyy-MM-dd` in the local calendar.
    public var date: String
    /// Runs that day.
    public var runs: Int
    /// Runs won that day.
    public var won: Int
    /// Mean score of that day's scored runs.
    public var averageScore: Double?
    /// Best score that day.
    public var bestScore: Int?
}

/// Names local days as `yyyy-MM-dd` in a given calendar (its time zone decides the day).
struct DayLabel {
    let calendar: Calendar

    /// The day of `date`.
    func text(_ date: Date) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }
}

extension Statistics {
    /// The figures of a window in which nothing was played (every day present, all zero):
    /// what `stats` shows before a profile exists.
    public static func empty(window: StatsWindow, now: Date = Date(), calendar: Calendar = .current) -> Statistics {
        let label = DayLabel(calendar: calendar)
        return Statistics(
            window: window, interval: window.interval(endingAt: now, calendar: calendar),
            runs: 0, won: 0, lost: 0, abandoned: 0, averageScore: nil, bestScore: nil, levels: [], tags: [],
            days: window.dayIntervals(endingAt: now, calendar: calendar).map { span in
                DayStatistics(day: span.start, date: label.text(span.start), runs: 0, won: 0, averageScore: nil, bestScore: nil)
            })
    }
}
