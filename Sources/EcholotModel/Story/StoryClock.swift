import EcholotCore

/// The time of day as a story run, or a level `echolot play` plays, announces it: a
/// `clock` action at the start and one after every simulated minute of ticks, so scripts
/// see the hour move on and a replay of the same actions sees the same times. A
/// reference, so the sessions of a story's scenes share one clock.
public final class StoryClock {
    /// The time last announced.
    public private(set) var time: TimeOfDay
    private let ticksPerMinute: Int
    private var ticks = 0

    /// A clock at `time` that advances one minute every `60 / step` ticks.
    public init(time: TimeOfDay, step: Double) {
        self.time = time
        ticksPerMinute = max(1, Int((60 / step).rounded()))
    }

    /// The `clock {hour, minute}` action announcing the current time.
    public var announcement: Action {
        Action(ActionName.clock, ["hour": .int(time.hour), "minute": .int(time.minute)])
    }

    /// Counts one tick; after a whole minute of them, the announcement of the new time.
    public func tick() -> Action? {
        ticks += 1
        guard ticks % ticksPerMinute == 0 else { return nil }
        let minutes = (time.hour * 60 + time.minute + 1) % (24 * 60)
        time = TimeOfDay(hour: minutes / 60, minute: minutes % 60) ?? time
        return announcement
    }
}
