/// A persistent map from strings to values: a hash array mapped trie (HAMT), with small
/// maps kept flat.
///
/// Copies are O(1) and share storage; a write copies only the path to the changed entry
/// (O(log₃₂ n) nodes) and leaves every other subtree shared with the original. Writes to
/// storage that nothing else references happen in place, so a batch of writes to a fresh
/// copy pays for the path copy once.
///
/// A map of at most ``compactLimit`` entries — most maps of the state: an entity, a sound,
/// a view — is one ``CompactNode`` instead: its values in one allocation behind shared
/// keys, so a write copies the values once and no keys. Which form a map takes depends
/// only on its count, and both iterate in the same order.
///
/// Unlike `TreeDictionary`, keys are hashed with ``StableHasher``: the trie's shape, and
/// therefore its iteration order, depends only on the set of keys, never on the process.
/// That makes iteration reproducible for scripts and lets ``diff(from:to:unchanged:_:)``
/// skip every subtree whose storage is shared — a diff costs what changed, not what exists.
public struct PersistentMap<Value>: @unchecked Sendable {
    /// `nil` when empty, a ``CompactNode`` up to ``compactLimit`` entries, a ``MapNode``
    /// (the trie's root) above. One untyped reference keeps the map, and so every `Value`,
    /// as small as before; the count says which it is.
    @usableFromInline var root: AnyObject?
    /// The number of entries.
    @inlinable public var count: Int { _count }
    @usableFromInline var _count: Int

    /// The most entries a map keeps in compact form: a linear scan of this many hashes
    /// costs less than a walk down the trie, and copying this many values less than a
    /// trie node and its slot array.
    @inlinable static var compactLimit: Int { 32 }

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

    /// Whether the map is in compact form (or empty).
    @inlinable var isCompact: Bool { _count <= PersistentMap.compactLimit }

    /// The compact node, when the map is in compact form and not empty.
    @inlinable var compactRoot: CompactNode<Value>? {
        guard isCompact, let root else { return nil }
        return unsafeDowncast(root, to: CompactNode<Value>.self)
    }

    /// The trie's root, when the map is in trie form.
    @inlinable var trieRoot: MapNode<Value>? {
        guard !isCompact, let root else { return nil }
        return unsafeDowncast(root, to: MapNode<Value>.self)
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
            guard let root else { return nil }
            if isCompact { return unsafeDowncast(root, to: CompactNode<Value>.self).find(key, hash) }
            return unsafeDowncast(root, to: MapNode<Value>.self).find(key, hash, 0)
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

    /// ``updateValue(_:forKey:)`` with the key's precomputed stable hash. `value` is taken
    /// owned, so a caller that moves it in (the Lua write-back) pays no copy per write.
    @discardableResult
    @inlinable
    public mutating func updateValue(_ value: __owned Value, forKey key: String, hash: UInt64) -> Value? {
        assert(hash == StableHasher.hash(key), "a precomputed hash that is not the key's")
        guard isCompact else {
            let node = takeUniqueTrie()
            let old = node.insert(key, hash, value, 0)
            root = node
            if old == nil { _count += 1 }
            return old
        }
        guard var node = takeCompact() else {
            root = CompactNode.single(key, hash, value)
            _count = 1
            return nil
        }
        if let i = node.keys.index(of: key, hash) {
            if !isKnownUniquelyReferenced(&node) { node = node.copy() }
            let old = node.replace(at: i, with: value)
            root = node
            return old
        }
        if _count < PersistentMap.compactLimit {
            root = node.inserting(key, hash, value)
        } else {
            let trie = node.trie()
            _ = trie.insert(key, hash, value, 0)
            root = trie
        }
        _count += 1
        return nil
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
        if isCompact {
            guard let node = compactRoot, let i = node.keys.index(of: key, hash) else { return nil }
            let old = node.value(at: i)
            root = node.removing(at: i)
            _count -= 1
            return old
        }
        // Ask first: removing a missing key must leave shared storage shared.
        guard trieRoot?.contains(key, hash) == true else { return nil }
        let node = takeUniqueTrie()
        let old = node.remove(key, hash, 0)
        if old != nil { _count -= 1 }
        settle(node)
        return old
    }

    /// Changes the values of several keys in place: `body(i, &value)` for each `keys[i]`
    /// (whose stable hash is `hashes[i]`) that is present, in no particular order; missing
    /// keys are skipped. For many keys of a large map this walks the trie once instead of
    /// once per key (a tick writing back a thousand entities). `body` holds the only
    /// reference to the value while it runs, as in ``modifyValue(forKey:hash:_:)``. The keys
    /// must be distinct: a key given twice is changed once in some shapes of the map and
    /// twice in others.
    @inlinable
    public mutating func modifyValues(
        forKeys keys: [String], hashes: [UInt64], _ body: (Int, inout Value) -> Void
    ) {
        modifyValues(at: Array(keys.indices), of: keys, hashes: hashes, body)
    }

    /// ``modifyValues(forKeys:hashes:_:)`` for the keys at `positions` of `keys` (and
    /// `hashes`), which may hold many more: `body(position, &value)` for each present one.
    /// The positions must name distinct keys.
    /// A caller that keeps every key it knows in one table (the Lua mirror's index, by
    /// handle) passes the positions it touched instead of building key lists per call.
    @inlinable
    public mutating func modifyValues(
        at positions: [Int], of keys: [String], hashes: [UInt64], _ body: (Int, inout Value) -> Void
    ) {
        precondition(keys.count == hashes.count, "one hash per key")
        precondition(positions.allSatisfy { keys.indices.contains($0) }, "positions outside the keys")
        guard !positions.isEmpty else { return }
        guard !isCompact else {
            for i in positions {
                modifyCompact(keys[i], hashes[i]) { slot in
                    guard var value = slot.take() else { return }
                    body(i, &value)
                    slot = value
                }
            }
            return
        }
        let node = takeUniqueTrie()
        defer { settle(node) }
        var targets = positions
        keys.withUnsafeBufferPointer { keys in
            hashes.withUnsafeBufferPointer { hashes in
                targets.withUnsafeMutableBufferPointer { node.modifyEach($0, keys, hashes, 0, body) }
            }
        }
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
        if isCompact { return try modifyCompact(key, hash, body) }
        let node = takeUniqueTrie()
        defer { settle(node) }
        let (result, delta) = try node.modify(key, hash, 0, body)
        _count += delta
        return result
    }

    /// ``modifyValue(forKey:hash:_:)`` in compact form: the value is moved out of its
    /// position (copying the node first if it is shared) and put back, or the entry is
    /// dropped when `body` leaves `nil`.
    @inlinable
    mutating func modifyCompact<R>(
        _ key: String, _ hash: UInt64, _ body: (inout Value?) throws -> R
    ) rethrows -> R {
        guard let i = compactRoot?.keys.index(of: key, hash) else {
            var slot: Value? = nil
            let result = try body(&slot)
            if let slot { updateValue(slot, forKey: key, hash: hash) }
            return result
        }
        var node = takeCompact()!
        if !isKnownUniquelyReferenced(&node) { node = node.copy() }
        var slot: Value? = node.take(i)
        let result: R
        do {
            result = try body(&slot)
        } catch {
            putBack(node, i, slot)
            throw error
        }
        putBack(node, i, slot)
        return result
    }

    /// Ends ``modifyCompact``: fills the hole at `i` with `value`, or drops the entry.
    @inlinable
    mutating func putBack(_ node: CompactNode<Value>, _ i: Int, _ value: Value?) {
        if let value {
            node.refill(i, with: value)
            root = node
        } else {
            root = node.consume(removing: i)
            _count -= 1
        }
    }

    /// Puts a changed trie back, in compact form if it shrank to the limit.
    @inlinable
    mutating func settle(_ node: MapNode<Value>) {
        if _count == 0 {
            root = nil
        } else if isCompact {
            root = CompactNode.from(trie: node, count: _count)
        } else {
            root = node
        }
    }

    /// Moves the compact node out of the map (which must be in compact form), so the
    /// caller holds the only reference the map had.
    @inlinable mutating func takeCompact() -> CompactNode<Value>? {
        guard let object = root.take() else { return nil }
        return unsafeDowncast(object, to: CompactNode<Value>.self)
    }

    /// Moves the trie's root out of the map (which must be in trie form), copied if
    /// anything else shares it, so the caller may change it in place and put it back.
    ///
    /// Moving out first matters: `isKnownUniquelyReferenced(&root!)` would see the
    /// temporary that unwrapping the optional makes, and copy every time.
    @inlinable mutating func takeUniqueTrie() -> MapNode<Value> {
        guard let object = root.take() else { return MapNode() }
        var node = unsafeDowncast(object, to: MapNode<Value>.self)
        if !isKnownUniquelyReferenced(&node) { node = node.copy() }
        return node
    }

    /// The keys, in the map's stable order.
    @inlinable
    public var keys: [String] {
        if let compact = compactRoot { return compact.keys.names }
        return map(\.key)
    }

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
        if old.root === new.root { return }
        if !old.isCompact, !new.isCompact {
            MapNode.diff(old.trieRoot, new.trieRoot, unchanged: unchanged, visit)
        } else if let a = old.compactRoot, let b = new.compactRoot, a.keys === b.keys {
            // The same keys (a value changed in place): compare position by position.
            for i in 0..<a.count {
                let x = a.value(at: i), y = b.value(at: i)
                if !unchanged(x, y) { visit(a.keys.names[i], x, y) }
            }
        } else {
            MapNode.diffEntries(Array(old), Array(new), unchanged: unchanged, visit)
        }
    }
}

extension PersistentMap: Sequence {
    /// Iterates the entries in the map's stable order.
    public struct Iterator: IteratorProtocol {
        @usableFromInline var stack: [(node: MapNode<Value>, index: Int)] = []
        @usableFromInline var collision: ArraySlice<(key: String, value: Value)> = []

        /// The compact node being iterated, and the position of its next entry.
        @usableFromInline var compact: CompactNode<Value>?
        @usableFromInline var position = 0

        @inlinable init(_ map: PersistentMap) {
            if let node = map.compactRoot {
                compact = node
            } else if let root = map.trieRoot {
                stack.append((root, 0))
            }
        }

        /// Iterates the entries of a trie node and its children.
        @inlinable init(trie: MapNode<Value>) {
            stack.append((trie, 0))
        }

        /// The next entry, or `nil` after the last.
        @inlinable
        public mutating func next() -> (key: String, value: Value)? {
            if let compact {
                guard position < compact.count else { return nil }
                defer { position += 1 }
                return (compact.keys.names[position], compact.value(at: position))
            }
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
    public func makeIterator() -> Iterator { Iterator(self) }

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
