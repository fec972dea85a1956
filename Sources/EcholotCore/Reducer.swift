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
    /// The change a staged reducer decided on, applied once nothing in the action can fail.
    public typealias Commit = (inout State) -> Void

    /// How the store runs a reducer: in one step, or staged.
    @usableFromInline enum Body {
        case direct((inout State, Action, inout ReducerContext) throws -> Void)
        case staged((State, Action, inout ReducerContext) throws -> Commit)
    }

    /// A name for error messages (`goal find`, `level.select`, …).
    public let name: String
    /// The actions it handles.
    public let handles: ActionFilter
    @usableFromInline let body: Body
    /// Makes the error for a problem of this reducer as a whole — a cascade of follow-up
    /// actions it keeps feeding — from a message and the action it was handling, placed
    /// where a person would fix it (a script rule: its file and line); nil for the store's
    /// own message.
    public var blame: ((_ message: String, _ handling: String) -> any Error)?

    /// A reducer over the whole state.
    public init(
        _ name: String, handles: ActionFilter,
        reduce: @escaping (inout State, Action, inout ReducerContext) throws -> Void
    ) {
        self.init(name: name, handles: handles, body: .direct(reduce))
    }

    /// A reducer in two steps: `stage` reads the state and may throw, but changes nothing
    /// the store can see; the ``Commit`` it returns makes the change and cannot fail.
    ///
    /// The store holds the state from before an action only while a step of it can still
    /// fail, and applies the commits after that: a change to storage nothing else shares
    /// is then made in place, not on a copy (1,000 moving entities on every tick). A
    /// direct reducer that follows a staged one sees its change: the store commits first.
    public static func staged(
        _ name: String, handles: ActionFilter,
        stage: @escaping (State, Action, inout ReducerContext) throws -> Commit
    ) -> Reducer {
        Reducer(name: name, handles: handles, body: .staged(stage))
    }

    private init(name: String, handles: ActionFilter, body: Body) {
        self.name = name
        self.handles = handles
        self.body = body
    }

    /// Runs the reducer on the whole state in one step (a staged one stages and commits).
    public func reduce(_ state: inout State, _ action: Action, _ context: inout ReducerContext) throws {
        switch body {
        case let .direct(reduce):
            try reduce(&state, action, &context)
        case let .staged(stage):
            let commit = try stage(state, action, &context)
            commit(&state)
        }
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

    /// This reducer lifted to a larger state through `lens` (composition, as in TCA's
    /// `Scope`). A staged reducer stays staged: it stages from the part, and its commit
    /// changes the part of whatever state the store commits into.
    public func pullback<Whole>(_ lens: Lens<Whole, State>) -> Reducer<Whole> {
        switch body {
        case let .direct(reduce):
            return Reducer<Whole>(name, handles: handles) { whole, action, context in
                try lens.modify(&whole) { part in try reduce(&part, action, &context) }
            }
        case let .staged(stage):
            return .staged(name, handles: handles) { whole, action, context in
                let commit = try stage(lens.get(whole), action, &context)
                return { whole in lens.update(&whole) { part in commit(&part) } }
            }
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
