import EcholotCore
import Foundation

extension Statistics {
    /// The figures as one JSON value (what `echolot stats --json` prints): keys sorted,
    /// absent figures as `null`, times as ISO 8601 in UTC, days as local `yyyy-MM-dd`.
    public var json: Value {
        let iso = ISO8601DateFormatter()
        return [
            "window": .string(window.rawValue),
            "from": .string(iso.string(from: interval.start)),
            "to": .string(iso.string(from: interval.end)),
            "runs": .int(runs),
            "won": .int(won),
            "lost": .int(lost),
            "abandoned": .int(abandoned),
            "winRate": Self.number(winRate),
            "averageScore": Self.number(averageScore),
            "bestScore": bestScore.map(Value.int) ?? .null,
            "levels": .list(levels.map(\.json)),
            "tags": .list(tags.map(\.json)),
            "days": .list(days.map(\.json)),
        ]
    }

    /// A ratio or mean rounded to 4 decimals: enough to read, stable to compare.
    static func number(_ value: Double?) -> Value {
        guard let value else { return .null }
        return .number((value * 10_000).rounded() / 10_000)
    }
}

extension LevelStatistics {
    /// One level's figures as JSON, with its name when one was found (else `null`).
    public var json: Value {
        [
            "pack": .string(packID), "level": .string(levelID), "name": name.map(Value.string) ?? .null,
            "runs": .int(runs), "won": .int(won),
            "averageMisses": Statistics.number(averageMisses), "averageScore": Statistics.number(averageScore),
            "bestScore": bestScore.map(Value.int) ?? .null,
        ]
    }
}

extension TagStatistics {
    /// One tag's figures as JSON.
    public var json: Value {
        [
            "tag": .string(tag), "runs": .int(runs), "found": .int(found), "present": .int(present),
            "foundRate": Statistics.number(foundRate),
        ]
    }
}

extension DayStatistics {
    /// One day's figures as JSON.
    public var json: Value {
        [
            "date": .string(date), "runs": .int(runs), "won": .int(won),
            "averageScore": Statistics.number(averageScore), "bestScore": bestScore.map(Value.int) ?? .null,
        ]
    }
}
