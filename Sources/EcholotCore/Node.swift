/// A node of the state tree: an injector whose attributes are looked up by keys.
///
/// `Kind` is a phantom type (an empty enum such as `LevelKind`): a ``Key`` declared for
/// one kind cannot be used on a node of another, so `level[Entity.azimuth]` does not
/// compile. Attributes that data or scripts define live on the same node under string
/// names (FA#5), so Lua and Swift read and write one tree.
public struct Node<Kind>: Sendable, Equatable {
    /// All attributes of the node, typed or not.
    public var attributes: PersistentMap<Value>

    /// Creates a node with the given attributes.
    @inlinable
    public init(_ attributes: PersistentMap<Value> = PersistentMap()) {
        self.attributes = attributes
    }

    /// Views a map value as a node; `nil` for any other value.
    @inlinable
    public init?(_ value: Value) {
        guard case let .map(map) = value else { return nil }
        attributes = map
    }

    /// The node as a value of the tree.
    @inlinable
    public var value: Value { .map(attributes) }

    /// The attribute for a typed key; its default when absent or of another type.
    @inlinable
    public subscript<V>(key: Key<Kind, V>) -> V {
        get { attributes[key.name, hash: key.hash].flatMap(V.init(value:)) ?? key.defaultValue }
        set { attributes[key.name, hash: key.hash] = newValue.value }
    }

    /// A dynamically named attribute (`.null` when absent); setting `.null` removes it.
    @inlinable
    public subscript(name: String) -> Value {
        get { attributes[name] ?? .null }
        set { attributes[name] = newValue.isNull ? nil : newValue }
    }

    /// Changes a typed attribute in place, so that a nested node or map inside it is
    /// uniquely referenced while `body` runs and is written without copying its path.
    @inlinable
    public mutating func modify<V, R>(_ key: Key<Kind, V>, _ body: (inout V) throws -> R) rethrows -> R {
        try attributes.modifyValue(forKey: key.name, hash: key.hash) { slot in
            var part = Node.take(&slot) ?? key.defaultValue
            defer { slot = part.value }
            return try body(&part)
        }
    }

    /// Moves a typed value out of `slot`, leaving it `nil`, so the caller holds the only
    /// reference to its storage. (`slot.flatMap(V.init)` would keep a second one alive.)
    @inlinable @inline(never)
    static func take<V: AttributeValue>(_ slot: inout Value?) -> V? {
        guard let value = slot.take() else { return nil }
        return V(value: value)
    }

    /// Whether the attribute is present at all.
    @inlinable
    public func has<V>(_ key: Key<Kind, V>) -> Bool { attributes[key.name, hash: key.hash] != nil }
}

/// A typed attribute name for nodes of one kind, with the value read when it is absent.
public struct Key<Kind, V: AttributeValue>: Sendable {
    /// The attribute's name in the tree (what scripts and data files use).
    public let name: String
    /// What reading the attribute yields when the node does not have it.
    public let defaultValue: V
    /// The name's stable hash, computed once: typed keys name the hottest attributes.
    public let hash: UInt64

    /// Declares a key.
    @inlinable
    public init(_ name: String, default defaultValue: V) {
        self.name = name
        self.defaultValue = defaultValue
        self.hash = StableHasher.hash(name)
    }

    /// The lens that focuses this attribute of a node.
    @inlinable
    public var lens: Lens<Node<Kind>, V> {
        let key = self
        return Lens(get: { $0[key] }, modify: { node, body in node.modify(key, body) })
    }
}

extension Key where V: ExpressibleByNilLiteral {
    /// Declares an optional key, absent by default.
    @inlinable
    public init(_ name: String) { self.init(name, default: nil) }
}

/// A Swift type that is stored in the tree as a ``Value``.
public protocol AttributeValue: Sendable {
    /// Reads the Swift value; `nil` when the tree holds something else.
    init?(value: Value)
    /// The tree's representation.
    var value: Value { get }
}

extension Value: AttributeValue {
    /// Any value is itself.
    @inlinable
    public init?(value: Value) { self = value }
    /// Itself.
    @inlinable
    public var value: Value { self }
}

extension Bool: AttributeValue {
    /// Reads a boolean.
    @inlinable
    public init?(value: Value) {
        guard let b = value.boolValue else { return nil }
        self = b
    }
    /// `.bool`.
    @inlinable
    public var value: Value { .bool(self) }
}

extension Int: AttributeValue {
    /// Reads an integer (or a float with no fraction).
    @inlinable
    public init?(value: Value) {
        guard let i = value.intValue else { return nil }
        self = i
    }
    /// `.int`.
    @inlinable
    public var value: Value { .int(self) }
}

extension Double: AttributeValue {
    /// Reads any number.
    @inlinable
    public init?(value: Value) {
        guard let d = value.doubleValue else { return nil }
        self = d
    }
    /// `.number`.
    @inlinable
    public var value: Value { .number(self) }
}

extension String: AttributeValue {
    /// Reads a string.
    @inlinable
    public init?(value: Value) {
        guard let s = value.stringValue else { return nil }
        self = s
    }
    /// `.string`.
    @inlinable
    public var value: Value { .string(self) }
}

extension Array: AttributeValue where Element: AttributeValue {
    /// Reads a list whose every element has the element type.
    @inlinable
    public init?(value: Value) {
        guard let list = value.listValue else { return nil }
        var result: [Element] = []
        result.reserveCapacity(list.count)
        for item in list {
            guard let element = Element(value: item) else { return nil }
            result.append(element)
        }
        self = result
    }
    /// `.list`.
    @inlinable
    public var value: Value { .list(map(\.value)) }
}

extension Optional: AttributeValue where Wrapped: AttributeValue {
    /// `.null` reads as `nil`; anything else must be a `Wrapped`.
    @inlinable
    public init?(value: Value) {
        if value.isNull {
            self = .none
        } else if let wrapped = Wrapped(value: value) {
            self = .some(wrapped)
        } else {
            return nil
        }
    }
    /// `.null` for `nil`.
    @inlinable
    public var value: Value { self?.value ?? .null }
}

extension Node: AttributeValue {
    /// Reads a map as a node.
    @inlinable
    public init?(value: Value) { self.init(value) }
}

extension PersistentMap: AttributeValue where Value == EcholotCore.Value {
    /// Reads a map.
    @inlinable
    public init?(value: EcholotCore.Value) {
        guard let map = value.mapValue else { return nil }
        self = map
    }
    /// `.map`.
    @inlinable
    public var value: EcholotCore.Value { .map(self) }
}
