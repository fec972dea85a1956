/// Why the store rejected an action: which reducer threw, on which action, and what.
public struct Rejection: Error, CustomStringConvertible {
    /// The reducer that threw.
    public let reducer: String
    /// The action it was handling.
    public let action: Action
    /// What it threw.
    public let error: any Error

    /// `reducer 'x' rejected action 'y': message`.
    public var description: String {
        "reducer '\(reducer)' rejected action '\(action.name)': \(error)"
    }
}

/// What one dispatch did: the states before and after, what changed, which actions ran
/// (the dispatched one and every follow-up, in order) and which were rejected.
public struct Transition<State> {
    /// The state before the batch.
    public let old: State
    /// The state after the batch.
    public let new: State
    /// Every action processed, in order, rejected ones included.
    public let actions: [Action]
    /// The actions that were rejected, each with the reducer error.
    public let rejections: [Rejection]
    /// The changes from `old` to `new`.
    public let diff: Diff
}

/// The single owner of the game state: actions in, one stream of valid states out.
///
/// Reducers are fixed when the store is built and run in that order. An action runs
/// through every reducer that handles it; the actions they emit are queued and processed
/// afterwards, in order, never recursively. If a reducer throws, that action is rejected:
/// the state goes back to what it was before the action and the action's follow-ups are
/// dropped, while the rest of the batch goes on. Observers hear of each batch once.
public final class Store<State: StoreState> {
    /// The current state.
    public private(set) var state: State
    /// The reducers, in the order they run.
    public let reducers: [Reducer<State>]
    /// More follow-up actions than this in one batch means rules that emit each other
    /// forever; the rest of the batch is rejected.
    public let maxActionsPerBatch: Int

    private var observers: [(id: Int, call: (Transition<State>) -> Void)] = []
    private var nextObserverID = 0
    private let routes: RouteCache

    /// A store with an initial state and its fixed reducers.
    public init(state: State, reducers: [Reducer<State>], maxActionsPerBatch: Int = 10_000) {
        self.state = state
        self.reducers = reducers
        self.maxActionsPerBatch = maxActionsPerBatch
        self.routes = RouteCache(filters: reducers.map(\.handles))
    }

    /// Processes `action` and its follow-ups, then tells the observers.
    @discardableResult
    public func dispatch(_ action: Action) -> Transition<State> {
        let old = state
        var current = state
        var queue = [action]
        var head = 0
        var rejections: [Rejection] = []
        while head < queue.count {
            let next = queue[head]
            head += 1
            if head > maxActionsPerBatch {
                rejections.append(Rejection(
                    reducer: "store", action: next,
                    error: StoreError.cascade(limit: maxActionsPerBatch)))
                break
            }
            let before = current
            // Read the generator once: it sits in the tree, and this runs for every action.
            let random = current.random
            var context = ReducerContext(random: random)
            var failed: Rejection?
            for index in routes.reducers(for: next.name) {
                let reducer = reducers[index]
                do {
                    try reducer.reduce(&current, next, &context)
                } catch {
                    failed = Rejection(reducer: reducer.name, action: next, error: error)
                    break
                }
            }
            if let failed {
                current = before
                rejections.append(failed)
            } else {
                if context.random != random { current.random = context.random }
                queue.append(contentsOf: context.emitted)
            }
        }
        state = current
        let processed = Array(queue.prefix(head))
        let diff = observers.isEmpty ? Diff(from: .null, to: .null) : Diff(from: old.tree, to: current.tree)
        let transition = Transition(old: old, new: current, actions: processed, rejections: rejections, diff: diff)
        for observer in observers { observer.call(transition) }
        return transition
    }

    /// Calls `observer` after every batch; returns an id for ``removeObserver(_:)``.
    @discardableResult
    public func observe(_ observer: @escaping (Transition<State>) -> Void) -> Int {
        nextObserverID += 1
        observers.append((nextObserverID, observer))
        return nextObserverID
    }

    /// Stops calling the observer with this id.
    public func removeObserver(_ id: Int) {
        observers.removeAll { $0.id == id }
    }
}

/// Errors the store itself raises.
public enum StoreError: Error, CustomStringConvertible {
    /// Too many follow-up actions in one batch.
    case cascade(limit: Int)

    /// A sentence for the player or modder.
    public var description: String {
        switch self {
        case let .cascade(limit):
            return "more than \(limit) follow-up actions in one batch: rules keep emitting each other"
        }
    }
}

/// Which reducers handle an action name, computed once per name: a hot path (every tick,
/// every turn) should not test every reducer's filter again and again.
private final class RouteCache {
    let filters: [ActionFilter]
    var cache: [String: [Int]] = [:]

    init(filters: [ActionFilter]) { self.filters = filters }

    func reducers(for name: String) -> [Int] {
        if let hit = cache[name] { return hit }
        let route = filters.indices.filter { filters[$0].matches(name) }
        if cache.count < 4096 { cache[name] = route }
        return route
    }
}
