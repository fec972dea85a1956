/// Counts a level's rule failures so that each is told once: a rule that fails on every
/// tick fails the same way sixty times a second, and a message that changes every tick
/// would otherwise flood the screen, the screen reader or a test report.
///
/// A play tells failures as they come (``count(_:)``); a test run tells them all at the
/// end, with their counts (``summary``). Both tell the same ones: the first `limit`
/// different messages.
public struct FailureTally: Sendable {
    /// What to do with a failure just counted.
    public enum Verdict: Sendable, Equatable {
        /// Tell it: one of the first `limit` different messages, seen for the first time.
        case tell
        /// Say, once, that further different failures are no longer told.
        case tellTheRestAreNotTold
        /// Say nothing: told already, or past the limit.
        case keepQuiet
    }

    /// How many different messages are told.
    public let limit: Int
    /// The limit for a report read after the run (`run`, `test`, `render`, the audio
    /// engine's complaints); a play tells fewer as they come.
    public static let reportLimit = 20
    private var counts: [String: Int] = [:]
    private var order: [String] = []

    /// A tally that tells at most `limit` different messages.
    public init(limit: Int) {
        precondition(limit > 0, "a tally tells at least one message")
        self.limit = limit
    }

    /// Counts `message`; says whether to tell it now.
    public mutating func count(_ message: String) -> Verdict {
        if let seen = counts[message] {
            counts[message] = seen + 1
            return .keepQuiet
        }
        counts[message] = 1
        order.append(message)
        switch order.count {
        case ...limit: return .tell
        case limit + 1: return .tellTheRestAreNotTold
        default: return .keepQuiet
        }
    }

    /// The told messages in the order they first came, each with its count when it came
    /// more than once, then how many different ones were not told.
    public var summary: [String] {
        let told = order.prefix(limit).map { message in
            let count = counts[message, default: 1]
            return count == 1 ? message : "\(message) (\(count) times)"
        }
        let untold = order.count - told.count
        return untold == 0 ? told : told + ["… and \(untold) other failure\(untold == 1 ? "" : "s"), not shown"]
    }

    /// The summary of `messages` counted in order.
    public static func summary(of messages: [String], limit: Int) -> [String] {
        var tally = FailureTally(limit: limit)
        for message in messages { _ = tally.count(message) }
        return tally.summary
    }
}
