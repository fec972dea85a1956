/// Something that happened: a name and a payload of plain values.
///
/// Actions are the only way state changes, and they are plain serialisable values, which
/// is what makes recording and replaying a game possible.
public struct Action: Sendable, Equatable, CustomStringConvertible {
    /// The action's name: `turnBy`, `tick`, `entity.selected`, `pack.doorOpened`, …
    public var name: String
    /// The action's arguments.
    public var payload: PersistentMap<Value>

    /// Creates an action.
    @inlinable
    public init(_ name: String, _ payload: PersistentMap<Value> = PersistentMap()) {
        self.name = name
        self.payload = payload
    }

    /// One argument, `.null` when absent.
    @inlinable
    public subscript(key: String) -> Value {
        get { payload[key] ?? .null }
        set { payload[key] = newValue.isNull ? nil : newValue }
    }

    /// `name {payload}`.
    public var description: String {
        payload.isEmpty ? name : "\(name) \(Value.map(payload))"
    }
}

/// Which actions a reducer handles: named ones, and whole families by prefix
/// (`"pack."` matches every `pack.*` action).
public struct ActionFilter: Sendable, Equatable {
    /// Exact names.
    public var names: Set<String>
    /// Name prefixes.
    public var prefixes: [String]
    /// Whether every action matches.
    public var matchesAll: Bool

    /// A filter for the given names and prefixes.
    @inlinable
    public init(names: Set<String> = [], prefixes: [String] = []) {
        self.names = names
        self.prefixes = prefixes
        self.matchesAll = false
    }

    /// Every action.
    public static let all: ActionFilter = {
        var filter = ActionFilter()
        filter.matchesAll = true
        return filter
    }()

    /// Exactly these names.
    @inlinable
    public static func only(_ names: String...) -> ActionFilter { ActionFilter(names: Set(names)) }

    /// Whether an action with this name passes.
    @inlinable
    public func matches(_ name: String) -> Bool {
        matchesAll || names.contains(name) || prefixes.contains { name.hasPrefix($0) }
    }
}
