/// Why the store rejected an action: which reducer threw, on which action, and what.
public struct Rejection: Error, CustomStringConvertible {
    /// The reducer that threw.
    public let reducer: String
    /// The action it was handling.
    public let action: Action
    /// What it threw.
    public let error: any Error

    @usableFromInline init(reducer: String, action: Action, error: any Error) {
        self.reducer = reducer
        self.action = action
        self.error = error
    }

    /// `reducer 'x' rejected action 'y': message`, naming the action once (an error about
    /// its payload says only what is wrong); an error that names its reducer and action
    /// itself (``SelfLocatingError``) is shown as it is.
    public var description: String {
        if let located = error as? any SelfLocatingError, located.namesReducerAndAction { return "\(error)" }
        return "reducer '\(reducer)' rejected action '\(action.name)': \(payloadProblem ?? "\(error)")"
    }

    /// ``description`` with a located error's file named as its pack knows it
    /// (``SelfLocatingError/descriptionInPack``): the same from any working directory.
    public var descriptionInPack: String {
        guard let located = error as? any SelfLocatingError else { return description }
        if located.namesReducerAndAction { return located.descriptionInPack }
        return "reducer '\(reducer)' rejected action '\(action.name)': \(payloadProblem ?? located.descriptionInPack)"
    }

    /// What is wrong with the rejected action's own payload, without its name, when that is
    /// the error (``ActionPayloadError``): the input's mistake, not a reducer's.
    public var payloadProblem: String? {
        guard let payload = error as? any ActionPayloadError, payload.action == action.name else { return nil }
        return payload.sentence
    }
}

/// An error about one action's payload that can be said without the action's name, so
/// that a ``Rejection`` of that action, which names it already, does not name it twice.
public protocol ActionPayloadError: Error {
    /// The name of the action whose payload is wrong.
    var action: String { get }
    /// What is wrong, without the action's name.
    var sentence: String { get }
}

/// An error whose message can say where it arose and for which reducer and action (a
/// script error: `path:line:col: error: … (pack, rule, action)`), so a ``Rejection`` need
/// not say it again.
public protocol SelfLocatingError: Error, CustomStringConvertible {
    /// Whether this error's message names its reducer and action.
    var namesReducerAndAction: Bool { get }
    /// The description with its file named as its pack knows it (`scripts/story.lua`),
    /// not as the pack's folder was typed: what a recorded expectation may hold, so that
    /// it matches from any working directory.
    var descriptionInPack: String { get }
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

    @usableFromInline init(old: State, new: State, actions: [Action], rejections: [Rejection], diff: Diff) {
        self.old = old
        self.new = new
        self.actions = actions
        self.rejections = rejections
        self.diff = diff
    }
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
    public var state: State {
        guard let storage else { preconditionFailure("Store.state was read while the store runs a batch of actions") }
        return storage
    }
    /// The reducers, in the order they run.
    public let reducers: [Reducer<State>]
    /// More follow-up actions than this in one batch means rules that emit each other
    /// forever; the rest of the batch is rejected.
    public let maxActionsPerBatch: Int

    /// `nil` only while a batch runs: the store lets go of the state it changes, so that
    /// storage nobody else shares is changed in place.
    @usableFromInline var storage: State?
    @usableFromInline var observers: [(id: Int, call: (Transition<State>) -> Void)] = []
    private var nextObserverID = 0
    @usableFromInline let routes: RouteCache

    /// A store with an initial state and its fixed reducers.
    public init(state: State, reducers: [Reducer<State>], maxActionsPerBatch: Int = 10_000) {
        self.storage = state
        self.reducers = reducers
        self.maxActionsPerBatch = maxActionsPerBatch
        self.routes = RouteCache(filters: reducers.map(\.handles))
    }

    /// Processes `action` and its follow-ups, then tells the observers.
    ///
    /// The store's hot paths are inlinable so that they are specialised for the game's
    /// state where they are used: unspecialised, every `Optional<State>` and commit list
    /// costs a generic metadata lookup per action.
    @discardableResult
    @inlinable
    public func dispatch(_ action: Action) -> Transition<State> {
        let old = state
        let (actions, rejections) = process(action)
        let new = state
        let diff = observers.isEmpty ? Diff(from: .null, to: .null) : Diff(from: old.tree, to: new.tree)
        let transition = Transition(old: old, new: new, actions: actions, rejections: rejections, diff: diff)
        for observer in observers { observer.call(transition) }
        return transition
    }

    /// Processes `action` and its follow-ups like ``dispatch(_:)`` and returns what was
    /// rejected. With no observer the state from before is not kept, so what the reducers
    /// change that nothing else shares is changed in place: the way to drive a store that
    /// only its owner reads (runs, pack tests, replays).
    @discardableResult
    @inlinable
    public func send(_ action: Action) -> [Rejection] {
        guard observers.isEmpty else { return dispatch(action).rejections }
        return process(action).rejections
    }

    /// Runs the batch started by `action` on the state; returns the actions processed, in
    /// order, and those rejected.
    @inlinable
    func process(_ action: Action) -> (actions: [Action], rejections: [Rejection]) {
        var current = storage.take()!
        defer { storage = current }
        var queue = [action]
        // Who emitted each queued action (the reducer's index and the index of the action
        // it handled; nil for the dispatched one): what a cut-off cascade names.
        var origins: [(reducer: Int, handling: Int)?] = [nil]
        var head = 0
        var rejections: [Rejection] = []
        while head < queue.count {
            let next = queue[head]
            head += 1
            if head > maxActionsPerBatch {
                let origin = origins[head - 1]
                if let origin, let blame = reducers[origin.reducer].blame {
                    rejections.append(Rejection(reducer: reducers[origin.reducer].name, action: next,
                                                error: blame(StoreError.cascadeByOne(limit: maxActionsPerBatch), queue[origin.handling].name)))
                } else {
                    let lastFrom = origin.map { (rule: reducers[$0.reducer].name, handling: queue[$0.handling].name) }
                    rejections.append(Rejection(reducer: "store", action: next,
                                                error: StoreError.cascade(limit: maxActionsPerBatch, lastFrom: lastFrom)))
                }
                break
            }
            var before: State? = current
            // Read the generator once: it sits in the tree, and this runs for every action.
            let random = current.random
            var context = ReducerContext(random: random)
            var failed: Rejection?
            var commits: [Reducer<State>.Commit] = []  // staged changes of this action, not yet made
            var emitters: [Int] = []  // the reducer of each action in `context.emitted`
            for index in routes.reducers(for: next.name) {
                let reducer = reducers[index]
                do {
                    switch reducer.body {
                    case let .direct(reduce):
                        // A direct reducer sees what the staged ones before it changed.
                        for commit in commits { commit(&current) }
                        commits = []
                        try reduce(&current, next, &context)
                    case let .staged(stage):
                        commits.append(try stage(current, next, &context))
                    }
                } catch {
                    failed = Rejection(reducer: reducer.name, action: next, error: error)
                    break
                }
                if emitters.count < context.emitted.count {
                    emitters.append(contentsOf: repeatElement(index, count: context.emitted.count - emitters.count))
                }
            }
            if let failed {
                current = before.take()!
                rejections.append(failed)
            } else {
                // Nothing of this action can fail any more: let go of the state from
                // before it, so that the commits change unshared storage in place.
                before = nil
                for commit in commits { commit(&current) }
                if context.random != random { current.random = context.random }
                queue.append(contentsOf: context.emitted)
                for emitter in emitters { origins.append((emitter, head - 1)) }
            }
        }
        return (Array(queue.prefix(head)), rejections)
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
    /// Too many follow-up actions in one batch; the last one queued came from the reducer
    /// `rule` while it handled the action `handling` (nil: it was the dispatched action).
    case cascade(limit: Int, lastFrom: (rule: String, handling: String)?)

    /// What a reducer that emitted the last action of a cut-off cascade is told, when its
    /// error names the reducer and the action itself (``Reducer/blame``).
    public static func cascadeByOne(limit: Int) -> String {
        "\(cascade(limit: limit, lastFrom: nil)), and this one emitted the last"
    }

    /// A sentence for the player or modder.
    public var description: String {
        switch self {
        case let .cascade(limit, lastFrom):
            let source = lastFrom.map { " (the last came from \($0.rule) handling '\($0.handling)')" } ?? ""
            return "more than \(limit) follow-up actions in one batch: rules keep emitting each other\(source)"
        }
    }
}

/// Which reducers handle an action name, computed once per name: a hot path (every tick,
/// every turn) should not test every reducer's filter again and again.
@usableFromInline final class RouteCache {
    let filters: [ActionFilter]
    var cache: [String: [Int]] = [:]

    init(filters: [ActionFilter]) { self.filters = filters }

    @usableFromInline func reducers(for name: String) -> [Int] {
        if let hit = cache[name] { return hit }
        let route = filters.indices.filter { filters[$0].matches(name) }
        if cache.count < 4096 { cache[name] = route }
        return route
    }
}
