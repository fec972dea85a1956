/// A persistent map from strings to values: a hash array mapped trie (HAMT).
///
/// Copies are O(1) and share storage; a write copies only the path to the changed entry
/// (O(log₃₂ n) nodes) and leaves every other subtree shared with the original. Writes to
/// storage that nothing else references happen in place, so a batch of writes to a fresh
/// copy pays for the path copy once.
///
/// Unlike `TreeDictionary`, keys are hashed with ``StableHasher``: the trie's shape, and
/// therefore its iteration order, depends only on the set of keys, never on the process.
/// That makes iteration reproducible for scripts and lets ``diff(from:to:unchanged:_:)``
/// skip every subtree whose storage is shared — a diff costs what changed, not what exists.
public struct PersistentMap<Value>: @unchecked Sendable {
    @usableFromInline var root: MapNode<Value>?
    /// The number of entries.
    @inlinable public var count: Int { _count }
    @usableFromInline var _count: Int

    /// Creates an empty map.
    @inlinable
    public init() {
        root = nil
        _count = 0
    }

    /// Creates a map from key-value pairs; a later pair wins over an earlier one.
    @inlinable
    public init<S: Sequence>(_ pairs: S) where S.Element == (String, Value) {
        self.init()
        for (key, value) in pairs { self[key] = value }
    }

    /// Whether the map has no entries.
    @inlinable
    public var isEmpty: Bool { count == 0 }

    /// Whether two maps share their storage, so they are equal without looking inside.
    @inlinable
    public func isIdentical(to other: PersistentMap) -> Bool {
        root === other.root
    }

    /// The value stored for `key`, or `nil`; setting `nil` removes the key.
    @inlinable
    public subscript(key: String) -> Value? {
        get { self[key, hash: StableHasher.hash(key)] }
        set { self[key, hash: StableHasher.hash(key)] = newValue }
    }

    /// The value stored for `key`, whose stable hash the caller computed once and kept
    /// (a typed ``Key`` does), so that hot paths do not hash the same name on every access.
    /// `hash` must be `StableHasher.hash(key)`.
    @inlinable
    public subscript(key: String, hash hash: UInt64) -> Value? {
        get {
            assert(hash == StableHasher.hash(key), "a precomputed hash that is not the key's")
            return root?.find(key, hash, 0)
        }
        set {
            if let newValue {
                updateValue(newValue, forKey: key, hash: hash)
            } else {
                removeValue(forKey: key, hash: hash)
            }
        }
    }

    /// Stores `value` for `key` and returns the value it replaced, if any.
    @discardableResult
    @inlinable
    public mutating func updateValue(_ value: Value, forKey key: String) -> Value? {
        updateValue(value, forKey: key, hash: StableHasher.hash(key))
    }

    /// ``updateValue(_:forKey:)`` with the key's precomputed stable hash.
    @discardableResult
    @inlinable
    public mutating func updateValue(_ value: Value, forKey key: String, hash: UInt64) -> Value? {
        assert(hash == StableHasher.hash(key), "a precomputed hash that is not the key's")
        let node = takeUniqueRoot()
        let old = node.insert(key, hash, value, 0)
        root = node
        if old == nil { _count += 1 }
        return old
    }

    /// Removes `key` and returns its value, if it was present.
    @discardableResult
    @inlinable
    public mutating func removeValue(forKey key: String) -> Value? {
        removeValue(forKey: key, hash: StableHasher.hash(key))
    }

    /// ``removeValue(forKey:)`` with the key's precomputed stable hash.
    @discardableResult
    @inlinable
    public mutating func removeValue(forKey key: String, hash: UInt64) -> Value? {
        assert(hash == StableHasher.hash(key), "a precomputed hash that is not the key's")
        // Ask first: removing a missing key must leave shared storage shared.
        guard root?.contains(key, hash) == true else { return nil }
        let node = takeUniqueRoot()
        let old = node.remove(key, hash, 0)
        if old != nil { _count -= 1 }
        root = _count == 0 ? nil : node
        return old
    }

    /// Changes the value for `key` in place; `body` sees `nil` for a missing key and
    /// removes the key by leaving `nil`.
    ///
    /// The value is moved out of its slot while `body` runs, so a nested map or list inside
    /// it is uniquely referenced and can itself be changed in place; the trie keeps its
    /// shape, so nothing is shifted or rehashed on the way back.
    @inlinable
    public mutating func modifyValue<R>(forKey key: String, _ body: (inout Value?) throws -> R) rethrows -> R {
        try modifyValue(forKey: key, hash: StableHasher.hash(key), body)
    }

    /// ``modifyValue(forKey:_:)`` with the key's precomputed stable hash.
    ///
    /// One walk down the trie: the path is made unique on the way (copied where shared),
    /// and a missing key is inserted where the walk stopped. A missing key that `body`
    /// leaves missing costs that path copy — callers change keys that exist.
    @inlinable
    public mutating func modifyValue<R>(
        forKey key: String, hash: UInt64, _ body: (inout Value?) throws -> R
    ) rethrows -> R {
        assert(hash == StableHasher.hash(key), "a precomputed hash that is not the key's")
        let node = takeUniqueRoot()
        defer { root = _count == 0 ? nil : node }
        let (result, delta) = try node.modify(key, hash, 0, body)
        _count += delta
        return result
    }

    /// Moves the root out of the map, copied if anything else shares it, so the caller
    /// may change it in place and put it back.
    ///
    /// Moving out first matters: `isKnownUniquelyReferenced(&root!)` would see the
    /// temporary that unwrapping the optional makes, and copy every time.
    @inlinable mutating func takeUniqueRoot() -> MapNode<Value> {
        guard var node = root else { return MapNode() }
        root = nil
        if !isKnownUniquelyReferenced(&node) { node = node.copy() }
        return node
    }

    /// The keys, in the map's stable order.
    @inlinable
    public var keys: [String] { map(\.key) }

    /// Calls `visit` for each key whose value differs between `old` and `new`: present in
    /// only one of them, or present in both with `unchanged` returning `false`.
    ///
    /// Subtrees whose storage is shared are skipped without being read.
    @inlinable
    public static func diff(
        from old: PersistentMap, to new: PersistentMap,
        unchanged: (Value, Value) -> Bool,
        _ visit: (_ key: String, _ old: Value?, _ new: Value?) -> Void
    ) {
        MapNode.diff(old.root, new.root, unchanged: unchanged, visit)
    }
}

extension PersistentMap: Sequence {
    /// Iterates the entries in the map's stable order.
    public struct Iterator: IteratorProtocol {
        @usableFromInline var stack: [(node: MapNode<Value>, index: Int)] = []
        @usableFromInline var collision: ArraySlice<(key: String, value: Value)> = []

        @inlinable init(root: MapNode<Value>?) {
            if let root { stack.append((root, 0)) }
        }

        /// The next entry, or `nil` after the last.
        @inlinable
        public mutating func next() -> (key: String, value: Value)? {
            if let first = collision.first {
                collision = collision.dropFirst()
                return first
            }
            while let top = stack.last {
                guard top.index < top.node.slots.count else {
                    stack.removeLast()
                    continue
                }
                stack[stack.count - 1].index += 1
                switch top.node.slots[top.index] {
                case let .leaf(key, value):
                    return (key, value)
                case let .node(child):
                    stack.append((child, 0))
                case let .collision(_, entries):
                    collision = entries.dropFirst()
                    return entries[0]
                case .vacant:
                    preconditionFailure("vacant slot outside of a write")
                }
            }
            return nil
        }
    }

    /// An iterator over the entries in stable order.
    @inlinable
    public func makeIterator() -> Iterator { Iterator(root: root) }

    /// The number of entries, without iterating.
    @inlinable
    public var underestimatedCount: Int { count }
}

extension PersistentMap: ExpressibleByDictionaryLiteral {
    /// Creates a map from a literal; a repeated key keeps its last value.
    @inlinable
    public init(dictionaryLiteral elements: (String, Value)...) {
        self.init(elements)
    }
}

extension PersistentMap: Equatable where Value: Equatable {
    /// Two maps are equal when they hold the same keys with equal values.
    @inlinable
    public static func == (lhs: PersistentMap, rhs: PersistentMap) -> Bool {
        if lhs.root === rhs.root { return true }
        guard lhs.count == rhs.count else { return false }
        for (key, value) in lhs where rhs[key] != value { return false }
        return true
    }
}

/// One slot of a ``MapNode``.
@usableFromInline enum MapSlot<Value> {
    /// One entry. Its hash is not stored: recomputing it on the rare split is cheaper than
    /// eight more bytes in every slot of every retained state.
    case leaf(key: String, value: Value)
    case node(MapNode<Value>)
    /// Keys whose full 64-bit hashes are equal, sorted by key.
    case collision(hash: UInt64, entries: [(key: String, value: Value)])
    /// Only while a child is taken out of its slot to be changed in place.
    case vacant
}

/// A node of the trie: a 32-bit occupancy bitmap and one slot per set bit.
///
/// Nodes are shared between maps and never changed once shared: every mutating method
/// requires that the caller holds the only reference (checked with
/// `isKnownUniquelyReferenced`, copying otherwise).
@usableFromInline final class MapNode<Value> {
    // Touched on every step of every walk; a node is changed only by the one map that
    // holds its only reference, never re-entrantly, so no dynamic exclusivity check.
    @exclusivity(unchecked) @usableFromInline var bitmap: UInt32
    @exclusivity(unchecked) @usableFromInline var slots: [MapSlot<Value>]

    @inlinable init(bitmap: UInt32 = 0, slots: [MapSlot<Value>] = []) {
        self.bitmap = bitmap
        self.slots = slots
    }

    /// A copy with its own slot storage. Copying the slots here, in specialised code,
    /// rather than sharing the array until its first write, keeps the copy out of the
    /// runtime's generic element-by-element array copy.
    @inlinable func copy() -> MapNode {
        let count = slots.count
        let fresh = slots.withUnsafeBufferPointer { source in
            [MapSlot<Value>](unsafeUninitializedCapacity: count) { buffer, initialized in
                for j in 0..<count { (buffer.baseAddress! + j).initialize(to: source[j]) }
                initialized = count
            }
        }
        return MapNode(bitmap: bitmap, slots: fresh)
    }

    @inlinable @inline(__always) static func bit(_ hash: UInt64, _ shift: Int) -> UInt32 {
        1 << UInt32(truncatingIfNeeded: (hash >> UInt64(shift)) & 31)
    }

    @inlinable @inline(__always) func index(of bit: UInt32) -> Int {
        (bitmap & (bit &- 1)).nonzeroBitCount
    }

    @inlinable
    func find(_ key: String, _ hash: UInt64, _ shift: Int) -> Value? {
        var node = self
        var shift = shift
        while true {
            let bit = MapNode.bit(hash, shift)
            guard node.bitmap & bit != 0 else { return nil }
            switch node.slots[node.index(of: bit)] {
            case let .leaf(k, v):
                return k == key ? v : nil
            case let .node(child):
                node = child
                shift += 5
            case let .collision(h, entries):
                guard h == hash else { return nil }
                return entries.first { $0.key == key }?.value
            case .vacant:
                return nil
            }
        }
    }

    /// Whether `key` is present. Unlike ``find`` it copies no value, so that a writer
    /// that asks first still holds the only reference to what it will change.
    @inlinable @inline(never)
    func contains(_ key: String, _ hash: UInt64) -> Bool {
        var node = self
        var shift = 0
        while true {
            let bit = MapNode.bit(hash, shift)
            guard node.bitmap & bit != 0 else { return false }
            let i = node.index(of: bit)
            switch node.slots[i].tag {
            case .leaf:
                guard case let .leaf(k, _) = node.slots[i] else { return false }
                return k == key
            case .node:
                guard case let .node(child) = node.slots[i] else { return false }
                node = child
                shift += 5
            case .collision:
                guard case let .collision(h, entries) = node.slots[i] else { return false }
                return h == hash && entries.contains { $0.key == key }
            case .vacant:
                return false
            }
        }
    }

    /// Inserts or replaces; returns the replaced value. `self` must be uniquely owned.
    @inlinable
    func insert(_ key: String, _ hash: UInt64, _ value: Value, _ shift: Int) -> Value? {
        let bit = MapNode.bit(hash, shift)
        let i = index(of: bit)
        guard bitmap & bit != 0 else {
            slots.insert(.leaf(key: key, value: value), at: i)
            bitmap |= bit
            return nil
        }
        // Switch on a payload-free tag read in its own statement: switching on the slot
        // would keep a copy of its payload alive and defeat the uniqueness checks below.
        let tag = slots[i].tag
        switch tag {
        case .leaf:
            guard case let .leaf(k, v) = slots[i] else { preconditionFailure() }
            if k == key {
                slots[i] = .leaf(key: k, value: value)
                return v
            }
            let h = StableHasher.hash(k)
            if h == hash {
                let pair = [(k, v), (key, value)].sorted { $0.0 < $1.0 }
                slots[i] = .collision(hash: h, entries: pair.map { (key: $0.0, value: $0.1) })
            } else {
                slots[i] = .node(MapNode.pair(h, k, v, hash, key, value, shift + 5))
            }
            return nil
        case .node:
            var child = takeChild(i)
            if !isKnownUniquelyReferenced(&child) { child = child.copy() }
            let old = child.insert(key, hash, value, shift + 5)
            slots[i] = .node(child)
            return old
        case .collision:
            guard case let .collision(h, entries) = slots[i] else { preconditionFailure() }
            if h == hash {
                var entries = entries
                if let j = entries.firstIndex(where: { $0.key == key }) {
                    let old = entries[j].value
                    entries[j].value = value
                    slots[i] = .collision(hash: h, entries: entries)
                    return old
                }
                let j = entries.firstIndex { $0.key > key } ?? entries.count
                entries.insert((key, value), at: j)
                slots[i] = .collision(hash: h, entries: entries)
                return nil
            }
            // A different hash meets the collision: push both one level down.
            let child = MapNode()
            child.bitmap = MapNode.bit(h, shift + 5)
            child.slots = [slots[i]]
            _ = child.insert(key, hash, value, shift + 5)
            slots[i] = .node(child)
            return nil
        case .vacant:
            preconditionFailure("vacant slot outside of a write")
        }
    }

    @inlinable
    static func pair(
        _ h1: UInt64, _ k1: String, _ v1: Value,
        _ h2: UInt64, _ k2: String, _ v2: Value, _ shift: Int
    ) -> MapNode {
        let b1 = bit(h1, shift), b2 = bit(h2, shift)
        if b1 == b2 {
            return MapNode(bitmap: b1, slots: [.node(pair(h1, k1, v1, h2, k2, v2, shift + 5))])
        }
        let l1 = MapSlot.leaf(key: k1, value: v1)
        let l2 = MapSlot.leaf(key: k2, value: v2)
        return MapNode(bitmap: b1 | b2, slots: b1 < b2 ? [l1, l2] : [l2, l1])
    }

    /// Removes `key`; returns its value. `self` must be uniquely owned.
    ///
    /// Keeps the trie canonical: a child left with a single leaf or collision is folded
    /// into its parent, so the shape depends only on the keys.
    @inlinable
    func remove(_ key: String, _ hash: UInt64, _ shift: Int) -> Value? {
        let bit = MapNode.bit(hash, shift)
        guard bitmap & bit != 0 else { return nil }
        let i = index(of: bit)
        // Switch on a payload-free tag read in its own statement: switching on the slot
        // would keep a copy of its payload alive and defeat the uniqueness checks below.
        let tag = slots[i].tag
        switch tag {
        case .leaf:
            guard case let .leaf(k, v) = slots[i] else { preconditionFailure() }
            guard k == key else { return nil }
            slots.remove(at: i)
            bitmap &= ~bit
            return v
        case .collision:
            guard case let .collision(h, entries) = slots[i] else { preconditionFailure() }
            guard h == hash, let j = entries.firstIndex(where: { $0.key == key }) else { return nil }
            var rest = entries
            let old = rest.remove(at: j).value
            slots[i] = rest.count == 1
                ? .leaf(key: rest[0].key, value: rest[0].value)
                : .collision(hash: h, entries: rest)
            return old
        case .node:
            var child = takeChild(i)
            if !isKnownUniquelyReferenced(&child) { child = child.copy() }
            let old = child.remove(key, hash, shift + 5)
            if child.slots.count == 1, !child.slots[0].isNode {
                slots[i] = child.slots[0]
            } else {
                slots[i] = .node(child)
            }
            return old
        case .vacant:
            preconditionFailure("vacant slot outside of a write")
        }
    }

    /// Runs `body` on the value of `key`, moving the value out of its slot so that `body`
    /// holds the only reference, or on `nil` when the key is missing (inserting what
    /// `body` leaves). `self` must be uniquely owned. Returns the change in the number of
    /// entries; a removal compacts the trie as in ``remove``.
    @inlinable
    func modify<R>(
        _ key: String, _ hash: UInt64, _ shift: Int, _ body: (inout Value?) throws -> R
    ) rethrows -> (R, delta: Int) {
        let bit = MapNode.bit(hash, shift)
        guard bitmap & bit != 0 else { return try modifyMissing(key, hash, shift, body) }
        let i = index(of: bit)
        // Switch on a payload-free tag read in its own statement: switching on the slot
        // would keep a copy of its payload alive and defeat the uniqueness checks below.
        let tag = slots[i].tag
        switch tag {
        case .leaf:
            guard slots[i].hasLeafKey(key) else { return try modifyMissing(key, hash, shift, body) }
            // Swap the slot out rather than binding `slots[i]`: a pattern match on the
            // array element keeps a hidden copy alive, and the value would never be unique.
            let (k, value) = takeLeaf(i)
            var slot: Value? = consume value
            let result: R
            do {
                result = try body(&slot)
            } catch {
                if let slot { slots[i] = .leaf(key: k, value: slot) } else { removeSlot(i, bit) }
                throw error
            }
            if let slot {
                slots[i] = .leaf(key: k, value: slot)
                return (result, 0)
            }
            removeSlot(i, bit)
            return (result, -1)
        case .node:
            var child = takeChild(i)
            if !isKnownUniquelyReferenced(&child) { child = child.copy() }
            defer {
                if child.slots.count == 1, !child.slots[0].isNode {
                    slots[i] = child.slots[0]
                } else {
                    slots[i] = .node(child)
                }
            }
            return try child.modify(key, hash, shift + 5, body)
        case .collision:
            guard case let .collision(h, entries) = slots[i] else { preconditionFailure() }
            guard h == hash, let j = entries.firstIndex(where: { $0.key == key }) else {
                return try modifyMissing(key, hash, shift, body)
            }
            // Rare: equal 64-bit hashes. Take the simple road: change a copy of the entries.
            var rest = entries
            var slot: Value? = rest[j].value
            let result = try body(&slot)
            if let slot {
                rest[j].value = slot
                slots[i] = .collision(hash: h, entries: rest)
                return (result, 0)
            }
            rest.remove(at: j)
            slots[i] = rest.count == 1
                ? .leaf(key: rest[0].key, value: rest[0].value)
                : .collision(hash: h, entries: rest)
            return (result, -1)
        case .vacant:
            preconditionFailure("vacant slot outside of a write")
        }
    }

    /// ``modify`` for a key this node (at `shift`) does not hold: `body` sees `nil`, and
    /// a value it leaves is inserted here.
    @inlinable
    func modifyMissing<R>(
        _ key: String, _ hash: UInt64, _ shift: Int, _ body: (inout Value?) throws -> R
    ) rethrows -> (R, delta: Int) {
        var slot: Value? = nil
        let result = try body(&slot)
        guard let slot else { return (result, 0) }
        _ = insert(key, hash, slot, shift)
        return (result, 1)
    }

    /// Moves the child node out of slot `i`, leaving it vacant, with no copy left behind.
    @inlinable @inline(never)
    func takeChild(_ i: Int) -> MapNode {
        var taken = MapSlot<Value>.vacant
        swap(&taken, &slots[i])
        guard case let .node(child) = consume taken else { preconditionFailure("not a node slot") }
        return child
    }

    /// Moves the leaf out of slot `i`, leaving it vacant, with no copy left behind.
    @inlinable @inline(never)
    func takeLeaf(_ i: Int) -> (key: String, value: Value) {
        var taken = MapSlot<Value>.vacant
        swap(&taken, &slots[i])
        guard case let .leaf(k, v) = consume taken else { preconditionFailure("not a leaf slot") }
        return (k, v)
    }

    @inlinable func removeSlot(_ i: Int, _ bit: UInt32) {
        slots.remove(at: i)
        bitmap &= ~bit
    }

    @inlinable
    static func diff(
        _ old: MapNode?, _ new: MapNode?,
        unchanged: (Value, Value) -> Bool,
        _ visit: (String, Value?, Value?) -> Void
    ) {
        if old === new { return }
        let oldBits = old?.bitmap ?? 0, newBits = new?.bitmap ?? 0
        var bits = oldBits | newBits
        while bits != 0 {
            let bit = bits & (~bits &+ 1)
            bits &= ~bit
            let a = oldBits & bit != 0 ? old!.slots[old!.index(of: bit)] : nil
            let b = newBits & bit != 0 ? new!.slots[new!.index(of: bit)] : nil
            switch (a, b) {
            case let (.node(x)?, .node(y)?):
                diff(x, y, unchanged: unchanged, visit)
            case let (.leaf(k1, v1)?, .leaf(k2, v2)?) where k1 == k2:
                if !unchanged(v1, v2) { visit(k1, v1, v2) }
            default:
                diffEntries(a?.entries ?? [], b?.entries ?? [], unchanged: unchanged, visit)
            }
        }
    }

    /// The slow path for slots of different shapes: match the few entries by key.
    @inlinable
    static func diffEntries(
        _ old: [(key: String, value: Value)], _ new: [(key: String, value: Value)],
        unchanged: (Value, Value) -> Bool,
        _ visit: (String, Value?, Value?) -> Void
    ) {
        var remaining = Dictionary(old.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
        for (key, value) in new {
            if let before = remaining.removeValue(forKey: key) {
                if !unchanged(before, value) { visit(key, before, value) }
            } else {
                visit(key, nil, value)
            }
        }
        for (key, value) in old where remaining[key] != nil {
            visit(key, value, nil)
        }
    }
}

/// A slot's case without its payload, to switch on without copying the payload.
@usableFromInline enum SlotTag {
    case leaf, node, collision, vacant
}

extension MapSlot {
    /// The slot's case.
    @inlinable var tag: SlotTag {
        switch self {
        case .leaf: return .leaf
        case .node: return .node
        case .collision: return .collision
        case .vacant: return .vacant
        }
    }

    /// Whether this is a leaf for `key`; reads the key without copying the value.
    @inlinable func hasLeafKey(_ key: String) -> Bool {
        if case let .leaf(k, _) = self { return k == key }
        return false
    }

    @inlinable var isNode: Bool {
        if case .node = self { return true }
        return false
    }

    /// Every entry at or below this slot, in stable order.
    @inlinable var entries: [(key: String, value: Value)] {
        switch self {
        case let .leaf(key, value): return [(key, value)]
        case let .collision(_, entries): return entries
        case let .node(node): return Array(IteratorSequence(PersistentMap<Value>.Iterator(root: node)))
        case .vacant: return []
        }
    }
}
