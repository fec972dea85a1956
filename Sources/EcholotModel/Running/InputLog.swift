import EcholotCore

/// One line of an input log: at simulated time `t`, dispatch `action`.
public struct InputEvent: Sendable, Equatable {
    /// Seconds since the start of the level.
    public var t: Double
    /// What the player did.
    public var action: Action
    /// The line it came from (1-based), for messages; 0 when built in code.
    public var line: Int

    /// Creates an event.
    public init(t: Double, action: Action, line: Int = 0) {
        self.t = t
        self.action = action
        self.line = line
    }

    /// The event as the contract's object: `{"t": …, "action": NAME, …payload}`.
    public var object: PersistentMap<Value> {
        var object = action.payload
        object["t"] = .number(t)
        object["action"] = .string(action.name)
        return object
    }

    /// The event as one line of JSON.
    public var jsonLine: String { Value.map(object).jsonText }
}

/// A recorded or written sequence of player inputs (JSON Lines, in time order): what
/// `echolot run` plays and `play --record` writes.
public struct InputLog: Sendable, Equatable {
    /// The events in time order.
    public var events: [InputEvent]
    /// What an event's `line` counts, as messages name it: lines of a file, or the events
    /// of a list written inline (a pack test's `input`), where lines are not known.
    public var place: String
    /// The file the events were read from, as messages show it: an input the level
    /// refuses is told at its line there. Nil for events written inline or built in code.
    public var path: String?

    /// A log of these events, read from a file (`"input line"`) unless `place` says else.
    public init(_ events: [InputEvent] = [], place: String = "input line", path: String? = nil) {
        self.events = events
        self.place = place
        self.path = path
    }

    /// The log as JSON Lines text.
    public var jsonLines: String {
        events.map { $0.jsonLine + "\n" }.joined()
    }
}
