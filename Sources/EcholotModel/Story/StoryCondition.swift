import EcholotCore

/// What a branch tests. Conditions read only the state, so a replay branches the same way.
public indirect enum StoryCondition: Sendable {
    /// The last level's outcome (`won` or `lost`).
    case outcome(String)
    /// A story variable equals a value.
    case variable(String, Value)
    /// An achievement has been earned in this game; `at` is where its name is written, for
    /// `validate` to report a name no script registers.
    case achievement(String, at: SourcePosition = .start)
    /// The day part the last `clock` action announced (`morning` … `night`).
    case dayPart(String)
    /// The opposite.
    case not(StoryCondition)

    /// Whether the condition holds in `state`.
    public func holds(in state: GameState) -> Bool {
        let story = state[Game.story]
        switch self {
        case let .outcome(expected):
            return story["outcome"]?.stringValue == expected
        case let .variable(name, expected):
            return (story["vars"]?.mapValue?[name] ?? .null) == expected
        case let .achievement(id, _):
            return state[Game.achievements][id] != nil
        case let .dayPart(part):
            return state[Game.clock]?["dayPart"]?.stringValue == part
        case let .not(inner):
            return !inner.holds(in: state)
        }
    }

    /// The achievements the condition names, with where, the ones inside a `not` too.
    public var achievements: [(name: String, position: SourcePosition)] {
        switch self {
        case let .achievement(name, position): return [(name, position)]
        case let .not(inner): return inner.achievements
        default: return []
        }
    }
}
