import EcholotCore

/// What a branch tests. Conditions read only the state, so a replay branches the same way.
public indirect enum StoryCondition: Sendable {
    /// The last level's outcome (`won` or `lost`).
    case outcome(String)
    /// A story variable equals a value; `name` and `value` are where the variable's name
    /// and `equals` are written (`value` is the name's place when `equals` is left out), for
    /// `validate` to report a comparison that can never hold.
    case variable(String, Value, name: SourcePosition = .start, value: SourcePosition = .start)
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
        case let .variable(name, expected, _, _):
            // As JSON tells numbers, and as a story test and `validate` compare them: a
            // variable set to 1 equals 1.0.
            return (story["vars"]?.mapValue?[name] ?? .null).equalsAsJSON(expected)
        case let .achievement(id, _):
            return state[Game.achievements][id] != nil
        case let .dayPart(part):
            return state[Game.clock]?["dayPart"]?.stringValue == part
        case let .not(inner):
            return !inner.holds(in: state)
        }
    }

    /// A variable test: the variable, the value it is compared with, where each is written,
    /// and whether it is under an odd number of `not`s (the branch is taken when it fails).
    typealias VariableTest = (name: String, value: Value, namePosition: SourcePosition, valuePosition: SourcePosition,
                              negated: Bool)

    /// The variable tests in the condition, the ones inside a `not` too.
    var variableTests: [VariableTest] {
        switch self {
        case let .variable(name, value, namePosition, valuePosition): return [(name, value, namePosition, valuePosition, false)]
        case let .not(inner): return inner.variableTests.map { ($0.name, $0.value, $0.namePosition, $0.valuePosition, !$0.negated) }
        default: return []
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
