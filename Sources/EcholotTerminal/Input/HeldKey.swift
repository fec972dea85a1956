/// The last key press the game told the player about for itself (a tilt past its limit, a
/// key that does nothing), so that a held key is told about once and not for every repeat
/// the terminal sends, while a deliberate second press is told about again.
struct HeldKey {
    /// Presses of one key closer than this (seconds) are one held key: longer than the usual
    /// first delay of a key's repeat (X's is 660 ms), shorter than a deliberate second press.
    static let repeatGap = 0.7

    /// How close presses of one key must come to be one held key (``repeatGap`` unless
    /// given).
    let gap: Double

    private var last: (key: Key, since: Double)?

    /// A key held when its presses come closer than `gap` seconds.
    init(gap: Double = HeldKey.repeatGap) { self.gap = gap }

    /// Whether `key`, pressed at `since`, repeats the last press told about while held;
    /// either way it becomes the last one.
    mutating func repeats(_ key: Key, since: Double) -> Bool {
        let held = last.map { $0.key == key && since - $0.since < gap } ?? false
        last = (key, since)
        return held
    }
}
