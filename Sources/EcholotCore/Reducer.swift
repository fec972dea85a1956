/// What a reducer can do besides changing its focus: emit follow-up actions and draw from
/// the state's seeded random generator.
public struct ReducerContext {
    /// Actions emitted so far; the store queues them after the current action.
    public private(set) var emitted: [Action] = []
    /// The state's random generator; the store writes it back after the reducer.
    public var random: SeededRandom

    /// A context that draws from `random`.
    public init(random: SeededRandom) { self.random = random }

    /// Queues `action` to be processed after the current one (never recursively).
    public mutating func emit(_ action: Action) { emitted.append(action) }
}

/// A rule that turns a state and an action into a new state.
///
/// Each reducer declares which actions it handles and, through a lens, which part of the
/// state it sees; the store calls it only for matching actions and hands it only its focus.
/// Throwing rejects the whole action: the store keeps the state it had before it.
public struct Reducer<State> {
    /// A name for error messages (`goal find`, `level.select`, …).
    public let name: String
    /// The actions it handles.
    public let handles: ActionFilter
    /// Runs the reducer on the whole state.
    public let reduce: (inout State, Action, inout ReducerContext) throws -> Void

    /// A reducer over the whole state.
    public init(
        _ name: String, handles: ActionFilter,
        reduce: @escaping (inout State, Action, inout ReducerContext) throws -> Void
    ) {
        self.name = name
        self.handles = handles
        self.reduce = reduce
    }

    /// A reducer that sees only the part of the state that `lens` focuses.
    public static func scoped<Part>(
        _ name: String, handles: ActionFilter, lens: Lens<State, Part>,
        reduce: @escaping (inout Part, Action, inout ReducerContext) throws -> Void
    ) -> Reducer {
        Reducer(name, handles: handles) { state, action, context in
            try lens.modify(&state) { part in try reduce(&part, action, &context) }
        }
    }

    /// This reducer lifted to a larger state through `lens` (composition, as in TCA's `Scope`).
    public func pullback<Whole>(_ lens: Lens<Whole, State>) -> Reducer<Whole> {
        let inner = self
        return Reducer<Whole>(name, handles: handles) { whole, action, context in
            try lens.modify(&whole) { part in try inner.reduce(&part, action, &context) }
        }
    }
}

/// A state the ``Store`` can run: it keeps its random generator and can be seen as a tree.
public protocol StoreState {
    /// The seeded generator that reducers draw from.
    var random: SeededRandom { get set }
    /// The state as one value, for diffs and hashing.
    var tree: Value { get }
}

extension Node: StoreState {
    /// Kept under the reserved attribute `random`.
    public var random: SeededRandom {
        get { SeededRandom(seed: UInt64(bitPattern: Int64(attributes["random"]?.intValue ?? 0))) }
        set { attributes["random"] = .int(Int(Int64(bitPattern: newValue.state))) }
    }

    /// The node's map.
    public var tree: Value { value }
}
