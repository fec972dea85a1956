import EcholotCore

extension Game {
    /// The time of day last announced by a `clock` action: `{hour, minute, dayPart}`.
    public static let clock = Key<GameKind, PersistentMap<Value>?>("clock")
}

extension LevelReducers {
    /// `clock {hour, minute}`: records the time of day and its day part in the state, where
    /// scripts read it (the runner announces it at the start and every minute; logs replay it).
    public static var clock: Reducer<GameState> {
        Reducer(ActionName.clock, handles: .only(ActionName.clock)) { state, action, _ in
            guard let hour = action["hour"].intValue, let minute = action["minute"].intValue,
                let time = TimeOfDay(hour: hour, minute: minute)
            else {
                throw ActionError("clock", "'hour' must be 0…23 and 'minute' 0…59, found \(action["hour"]) and \(action["minute"])")
            }
            state[Game.clock] = [
                "hour": .int(time.hour), "minute": .int(time.minute), "dayPart": .string(time.dayPart.rawValue),
            ]
        }
    }
}

extension TimeOfDay {
    /// The time the last `clock` action announced in `state`; `nil` before any.
    public init?(announcedIn state: GameState) {
        guard let clock = state[Game.clock], let hour = clock["hour"]?.intValue, let minute = clock["minute"]?.intValue else { return nil }
        self.init(hour: hour, minute: minute)
    }
}
