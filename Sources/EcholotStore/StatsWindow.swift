import Foundation

/// The spans statistics cover (seed 001's one week, two weeks, one month), each ending now
/// and starting at local midnight, so that every day of a chart is a whole day.
public enum StatsWindow: String, Sendable, CaseIterable {
    /// Today and the 6 days before.
    case week
    /// Today and the 13 days before.
    case twoWeeks = "2weeks"
    /// Today and the 29 days before.
    case month

    /// How many calendar days the window covers, today included.
    public var days: Int {
        switch self {
        case .week: return 7
        case .twoWeeks: return 14
        case .month: return 30
        }
    }

    /// The local days of the window ending at `now`, oldest first: each day's start and end,
    /// the end being the next day's start. A day whose midnight comes twice (a clock set
    /// back at 01:00, as Havana's is) starts at the first: "the same time a day earlier"
    /// lands on the second, and the hour between would belong to no day.
    public func dayIntervals(endingAt now: Date, calendar: Calendar) -> [DateInterval] {
        let today = calendar.startOfDay(for: now)
        return (0..<days).reversed().compactMap { back in
            guard let moment = calendar.date(byAdding: .day, value: -back, to: today) else { return nil }
            return calendar.dateInterval(of: .day, for: moment)
        }
    }

    /// The whole window ending at `now`: from the first day's midnight up to `now` inclusive.
    public func interval(endingAt now: Date, calendar: Calendar) -> DateInterval {
        let start = dayIntervals(endingAt: now, calendar: calendar).first?.start ?? now
        return DateInterval(start: start, end: max(start, now))
    }
}
