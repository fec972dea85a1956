import EcholotCore
import EcholotModel
import EcholotStore
import Foundation
import Testing

/// `stats` over windows of one week, two weeks and a month, with the clock injected.
@Suite struct StatisticsTests {
    let scratch: Scratch
    init() throws { scratch = try Scratch() }

    let day = 86_400.0

    /// Runs 0, 3, 10 and 20 days before noon of 2026-11-21, plus one in the future.
    func seeded() throws -> EcholotStore.Profile {
        let profile = try scratch.profile()
        func at(_ daysBack: Double) -> Date { Fixture.noon.addingTimeInterval(-daysBack * day) }
        var today = Fixture.run("tutorial", "first-sound", .won, score: 800, misses: 1, at: at(0))
        today.tags = [TagCount(tag: "bird", found: 2, present: 3)]
        try profile.record(today)
        var alsoToday = Fixture.run("tutorial", "first-sound", .lost, score: 200, misses: 5, at: at(0.1))
        alsoToday.tags = [TagCount(tag: "bird", found: 1, present: 3), TagCount(tag: "bell", found: 1, present: 1)]
        try profile.record(alsoToday)
        try profile.record(Fixture.run("tutorial", "two-voices", .abandoned, score: nil, misses: 2, at: at(3)))
        try profile.record(Fixture.run("tutorial", "two-voices", .won, score: 650, at: at(10)))
        try profile.record(Fixture.run("other", "x", .won, score: 999, at: at(20)))
        try profile.record(Fixture.run("other", "x", .won, score: 5, at: at(-2)))
        return profile
    }

    @Test func aWeekCountsTodayAndTheSixDaysBefore() throws {
        let stats = try seeded().statistics(window: .week, now: Fixture.noon, calendar: Fixture.utc)
        #expect(stats.runs == 3 && stats.won == 1 && stats.lost == 1 && stats.abandoned == 1)
        #expect(stats.winRate == 1.0 / 3.0)
        #expect(stats.averageScore == 500 && stats.bestScore == 800)
        #expect(stats.levels.map { "\($0.levelID) \($0.runs) \($0.won) \($0.averageMisses)" } == ["first-sound 2 1 3.0", "two-voices 1 0 2.0"])
        #expect(stats.tags.map { "\($0.tag) \($0.found)/\($0.present) in \($0.runs)" } == ["bell 1/1 in 1", "bird 3/6 in 2"])
        #expect(stats.days.map(\.date) == (15...21).map { "2026-11-\($0)" })
        #expect(stats.days.map(\.runs) == [0, 0, 0, 1, 0, 0, 2])
        #expect(stats.days.last?.won == 1 && stats.days.last?.averageScore == 500 && stats.days.last?.bestScore == 800)
        #expect(stats.interval.start == Fixture.noon.addingTimeInterval(-6 * day - 12 * 3600))
    }

    @Test func twoWeeksAndAMonthReachFurtherBack() throws {
        let profile = try seeded()
        let twoWeeks = try profile.statistics(window: .twoWeeks, now: Fixture.noon, calendar: Fixture.utc)
        #expect(twoWeeks.runs == 4 && twoWeeks.days.count == 14 && twoWeeks.bestScore == 800)
        let month = try profile.statistics(window: .month, now: Fixture.noon, calendar: Fixture.utc)
        #expect(month.runs == 5 && month.days.count == 30 && month.bestScore == 999)
        #expect(month.levels.map(\.packID) == ["other", "tutorial", "tutorial"])
    }

    @Test func aRunJustAfterMidnightBelongsToItsLocalDay() throws {
        let profile = try scratch.profile()
        var berlin = Calendar(identifier: .gregorian)
        berlin.timeZone = try #require(TimeZone(identifier: "Europe/Berlin"))
        // 23:30 UTC on the 20th is 00:30 on the 21st in Berlin.
        let late = Fixture.noon.addingTimeInterval(-12.5 * 3600)
        try profile.record(Fixture.run("p", "l", at: late))
        let stats = try profile.statistics(window: .week, now: Fixture.noon, calendar: berlin)
        #expect(stats.days.last?.date == "2026-11-21" && stats.days.last?.runs == 1)
        let utc = try profile.statistics(window: .week, now: Fixture.noon, calendar: Fixture.utc)
        #expect(utc.days.first { $0.date == "2026-11-20" }?.runs == 1)
    }

    /// Havana sets its clock back from 01:00 to midnight on 2026-11-01, so that day's
    /// midnight comes twice: its runs between the two count in that day. Before, the day
    /// began at the second, and an hour of runs counted in the totals but in no day.
    @Test func aDayWhoseMidnightComesTwiceLosesNoHour() throws {
        let profile = try scratch.profile()
        let havana = try #require(TimeZone(identifier: "America/Havana")).calendar
        let firstMidnight = try #require(havana.date(from: DateComponents(year: 2026, month: 11, day: 1)))
        let between = firstMidnight.addingTimeInterval(30 * 60)  // 04:30 UTC, 00:30 before the clock goes back
        try profile.record(Fixture.run("p", "l", at: between))
        let stats = try profile.statistics(window: .week, now: between.addingTimeInterval(2 * 86_400), calendar: havana)
        #expect(stats.runs == 1)
        #expect(stats.days.first { $0.date == "2026-11-01" }?.runs == 1, "\(stats.days.map { "\($0.date) \($0.runs)" })")
        let spans = StatsWindow.week.dayIntervals(endingAt: between.addingTimeInterval(2 * 86_400), calendar: havana)
        #expect(zip(spans, spans.dropFirst()).allSatisfy { $0.end == $1.start }, "the days leave no gap")
    }

    @Test func jsonShowsTheFigures() throws {
        let stats = try seeded().statistics(window: .week, now: Fixture.noon, calendar: Fixture.utc)
        let json = stats.json
        #expect(json["window"] == "week" && json["runs"] == 3 && json["winRate"] == .number(0.3333))
        #expect(json["from"] == "2026-11-15T00:00:00Z" && json["to"] == "2026-11-21T12:00:00Z")
        #expect(json["levels"].listValue?.first?["averageMisses"] == .number(3))
        #expect(json["days"].listValue?.count == 7)
    }

    /// A profile recorded before scores were bounded may hold scores up to `Int.max`: two
    /// of them in one quarter hour (summed by SQLite), and two more just now (summed in
    /// Swift). Statistics, their JSON, and a pack's total score still read.
    @Test func hugeScoresOfAnOldProfileStillAddUp() throws {
        let profile = try scratch.profile()
        let earlier = Fixture.noon.addingTimeInterval(-2 * day)
        for date in [earlier, earlier.addingTimeInterval(1), Fixture.noon, Fixture.noon.addingTimeInterval(1)] {
            try profile.record(Fixture.run("a", score: .max, at: date))
        }
        try profile.record(Fixture.run("b", score: .max, at: earlier))
        let stats = try profile.statistics(window: .week, now: Fixture.noon.addingTimeInterval(60), calendar: Fixture.utc)
        #expect(stats.runs == 5 && stats.bestScore == .max)
        #expect(stats.averageScore == Double(Int.max))
        #expect(stats.json["runs"] == 5)
        let manifest = Fixture.manifest(scenarios: [Scenario(id: "all", name: "All", levels: ["a", "b"])])
        #expect(try profile.progress(in: manifest).totalScore == .max)
    }

    @Test func anEmptyWindowSaysSo() throws {
        let stats = Statistics.empty(window: .twoWeeks, now: Fixture.noon, calendar: Fixture.utc)
        #expect(stats.runs == 0 && stats.winRate == nil && stats.days.count == 14)
        #expect(try scratch.profile().statistics(window: .twoWeeks, now: Fixture.noon, calendar: Fixture.utc) == stats)
    }

    /// Statistics add up quarter-hour totals; counted run by run, the figures must agree
    /// for any mix of runs, including ones a moment before `now` and ones stamped after it.
    @Test func theTotalsAgreeWithTheHistoryRunByRun() throws {
        let profile = try scratch.profile()
        var random = SystemRandomNumberGenerator()
        let now = Fixture.noon.addingTimeInterval(437)  // inside a quarter, not on its edge
        var batch: [FinishedRun] = []
        for index in 0..<600 {
            let back = index % 10 == 0 ? Double.random(in: -600...600, using: &random) : Double.random(in: -86_400...(40 * 86_400), using: &random)
            var finished = Fixture.run(index % 3 == 0 ? "p" : "q", "l\(index % 4)", [.won, .lost, .abandoned][index % 3],
                                       score: index % 5 == 0 ? nil : Int.random(in: 0...1000, using: &random),
                                       misses: index % 6, at: now.addingTimeInterval(-back))
            finished.tags = [TagCount(tag: "t\(index % 2)", found: index % 3, present: 3)]
            batch.append(finished)
        }
        try profile.record(contentsOf: batch)
        let calendar = try #require(TimeZone(identifier: "Asia/Kolkata")).calendar
        for window in StatsWindow.allCases {
            let stats = try profile.statistics(window: window, now: now, calendar: calendar)
            let inWindow = batch.map(\.run).filter { $0.recordedAt >= stats.interval.start && $0.recordedAt <= now }
            #expect(stats.runs == inWindow.count, "\(window)")
            #expect(stats.won == inWindow.filter { $0.outcome == .won }.count)
            #expect(stats.bestScore == inWindow.compactMap(\.score).max())
            let scores = inWindow.compactMap(\.score)
            #expect(stats.averageScore == (scores.isEmpty ? nil : Double(scores.reduce(0, +)) / Double(scores.count)))
            #expect(stats.levels.map(\.runs).reduce(0, +) == inWindow.count)
            #expect(stats.days.map(\.runs).reduce(0, +) == inWindow.count)
            for day in stats.days {
                let end = try #require(calendar.date(byAdding: .day, value: 1, to: day.day))
                #expect(day.runs == inWindow.filter { $0.recordedAt >= day.day && $0.recordedAt < end }.count, "\(day.date)")
            }
            let found = batch.filter { inWindow.contains($0.run) }.flatMap(\.tags).map(\.found).reduce(0, +)
            #expect(stats.tags.map(\.found).reduce(0, +) == found)
        }
    }
}

extension TimeZone {
    /// A Gregorian calendar in this zone.
    var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = self
        return calendar
    }
}
