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
            guard let taken: Node<Kind> = Node<Kind>.take(&slot) else { return nil }
            var node = taken
            defer { slot = node.value }
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
