/// Counts a level's rule failures so that each is told once: a rule that fails on every
/// tick fails the same way sixty times a second, and a message that changes every tick
/// would otherwise flood the screen, the screen reader or a test report.
///
/// A play tells failures as they come (``count(_:)``); a test run tells them all at the
/// end, with their counts (``summary``). Both tell the same ones: the first `limit`
/// different messages. Past those, failures are only counted, not kept: a rule whose
/// message changes every tick must not grow a long play's memory.
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
    /// How often each told message came.
    private var counts: [String: Int] = [:]
    /// The told messages, in the order they first came.
    private var order: [String] = []
    /// Failures not told, each time one came.
    private var untold = 0

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
        guard order.count < limit else {
            untold += 1
            return untold == 1 ? .tellTheRestAreNotTold : .keepQuiet
        }
        counts[message] = 1
        order.append(message)
        return .tell
    }

    /// The told messages in the order they first came, each with its count when it came
    /// more than once, then how many failures were not told.
    public var summary: [String] {
        let told = order.map { message in
            let count = counts[message, default: 1]
            return count == 1 ? message : "\(message) (\(count) times)"
        }
        return untold == 0 ? told : told + ["… and \(untold) more failure\(untold == 1 ? "" : "s"), not shown"]
    }
}
