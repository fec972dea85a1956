/// The last ``limit`` lines scripts printed, and how many came before them: a rule printing
/// on every tick of a day-long run must not grow memory, and a report must say what it left
/// out. What the engine keeps while no one takes its lines and what a pack test reports are
/// both this one buffer, under this one cap.
public struct PrintedLines: Sendable {
    /// How many lines are kept.
    public static let limit = 1000

    private var buffer: [String] = []
    private var dropped = 0

    /// No lines yet.
    public init() {}

    /// Keeps `line`, after the others. Lines are let go in batches, so each costs O(1)
    /// however many come.
    public mutating func append(_ line: String) {
        buffer.append(line)
        if buffer.count >= 2 * Self.limit { trim() }
    }

    private mutating func trim() {
        let excess = buffer.count - Self.limit
        guard excess > 0 else { return }
        buffer.removeFirst(excess)
        dropped += excess
    }

    /// The kept lines, oldest first, after a note of how many earlier ones were not kept.
    public var lines: [String] {
        var copy = self
        copy.trim()
        return copy.dropped == 0 ? copy.buffer : ["(\(copy.dropped) earlier lines not kept)"] + copy.buffer
    }
}
