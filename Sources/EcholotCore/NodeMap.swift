/// Child nodes of one kind, by id: how a level holds its entities and its goals.
///
/// Stored in the tree as a map of maps, so scripts see a plain table of tables.
public struct NodeMap<Kind>: Sendable, Equatable, AttributeValue {
    /// The children as the tree stores them.
    public var storage: PersistentMap<Value>

    /// An empty collection.
    @inlinable
    public init() { storage = PersistentMap() }

    /// Reads a map whose values are maps as children.
    @inlinable
    public init?(value: Value) {
        guard let map = value.mapValue else { return nil }
        storage = map
    }

    /// `.map` of the children.
    @inlinable
    public var value: Value { .map(storage) }

    /// The number of children.
    @inlinable
    public var count: Int { storage.count }

    /// The child with this id; setting `nil` removes it.
    @inlinable
    public subscript(id: String) -> Node<Kind>? {
        get { storage[id].flatMap { Node<Kind>(value: $0) } }
        set { storage[id] = newValue?.value }
    }

    /// Changes one child in place; does nothing when there is no child with this id.
    @discardableResult
    @inlinable
    public mutating func modify<R>(_ id: String, _ body: (inout Node<Kind>) throws -> R) rethrows -> R? {
        try storage.modifyValue(forKey: id) { slot in
            // Not `Node.take`: there the map is bound by a pattern inside the generic
            // initialiser, and the optimiser kept a second reference alive — every child
            // a Swift reducer changed was copied (measured: 1,000 entity copies a tick).
            guard let attributes = Value.takeMap(from: &slot) else { return nil }
            var node = Node<Kind>(consume attributes)
            defer { slot = .map(node.attributes) }
            return try body(&node)
        }
    }

    /// The ids in the tree's stable order.
    @inlinable
    public var ids: [String] { storage.keys }

    /// The children, in the tree's stable order.
    @inlinable
    public var nodes: [(id: String, node: Node<Kind>)] {
        storage.compactMap { entry in Node<Kind>(entry.value).map { (entry.key, $0) } }
    }
}
