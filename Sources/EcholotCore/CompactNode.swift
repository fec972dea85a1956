/// The keys of a small map, in the trie's order, with their stable hashes.
///
/// Immutable, and shared by every version of the map that has the same keys: changing a
/// value (an entity's azimuth on every tick) copies the values only, never the keys.
@usableFromInline final class CompactKeys: Sendable {
    @usableFromInline let names: [String]
    @usableFromInline let hashes: [UInt64]

    /// The keys of a map with no entries.
    @usableFromInline static let empty = CompactKeys(names: [], hashes: [])

    @inlinable init(names: [String], hashes: [UInt64]) {
        self.names = names
        self.hashes = hashes
    }

    @inlinable var count: Int { names.count }

    /// The same keys without the one at `i`.
    @inlinable func removing(at i: Int) -> CompactKeys {
        var names = self.names, hashes = self.hashes
        names.remove(at: i)
        hashes.remove(at: i)
        return CompactKeys(names: names, hashes: hashes)
    }

    /// The position of `key`, if present.
    @inlinable func index(of key: String, _ hash: UInt64) -> Int? {
        hashes.withUnsafeBufferPointer { hashes in
            for i in hashes.indices where hashes[i] == hash && names[i] == key { return i }
            return nil
        }
    }

    /// Where `key` goes to keep the trie's order.
    @inlinable func insertionIndex(of key: String, _ hash: UInt64) -> Int {
        var i = 0
        while i < names.count, CompactKeys.precedes(hashes[i], names[i], hash, key) { i += 1 }
        return i
    }

    /// Whether the entry (`h1`, `k1`) comes before (`h2`, `k2`) in the trie: ordered by the
    /// hash's 5-bit chunks from the lowest up (the first chunk that differs is the one
    /// holding the lowest differing bit), and by key where the full hashes collide.
    @inlinable static func precedes(_ h1: UInt64, _ k1: String, _ h2: UInt64, _ k2: String) -> Bool {
        guard h1 != h2 else { return k1 < k2 }
        let shift = UInt64((h1 ^ h2).trailingZeroBitCount / 5 * 5)
        return (h1 >> shift) & 31 < (h2 >> shift) & 31
    }
}

/// A map of at most ``PersistentMap/compactLimit`` entries: its values in one allocation,
/// in the trie's order, behind shared ``CompactKeys``.
///
/// Most maps of the state are small (an entity has a dozen attributes). As a trie, a write
/// to one copied a 32-way node and its slot array — two allocations and a retain of every
/// key — and sometimes a child node too; here it copies the values, once. Like trie
/// nodes, a compact node is shared between maps and changed only while uniquely owned.
@usableFromInline final class CompactNode<Value>: ManagedBuffer<CompactKeys, Value> {
    /// A node with `keys` whose values `initialize` sets, all of them.
    @inlinable static func make(
        _ keys: CompactKeys, _ initialize: (UnsafeMutablePointer<Value>) -> Void
    ) -> CompactNode {
        let node = unsafeDowncast(create(minimumCapacity: keys.count) { _ in keys }, to: CompactNode.self)
        node.withUnsafeMutablePointerToElements { initialize($0) }
        return node
    }

    /// A node with one entry.
    @inlinable static func single(_ key: String, _ hash: UInt64, _ value: Value) -> CompactNode {
        make(CompactKeys(names: [key], hashes: [hash])) { $0.initialize(to: value) }
    }

    deinit {
        _ = withUnsafeMutablePointers { keys, values in values.deinitialize(count: keys.pointee.count) }
    }

    @inlinable var keys: CompactKeys { withUnsafeMutablePointerToHeader { $0.pointee } }

    @inlinable var count: Int { keys.count }

    /// The value at position `i`.
    @inlinable func value(at i: Int) -> Value {
        withUnsafeMutablePointerToElements { $0[i] }
    }

    /// The value for `key`, if present.
    @inlinable func find(_ key: String, _ hash: UInt64) -> Value? {
        guard let i = keys.index(of: key, hash) else { return nil }
        return value(at: i)
    }

    /// A copy with the same keys. Its values are copied in specialised code.
    @inlinable func copy() -> CompactNode {
        let keys = self.keys
        return withUnsafeMutablePointerToElements { source in
            CompactNode.make(keys) { $0.initialize(from: source, count: keys.count) }
        }
    }

    /// Replaces the value at `i`, returning the old one. `self` must be uniquely owned.
    /// `value` is taken owned, as in ``PersistentMap/updateValue(_:forKey:hash:)``.
    @inlinable func replace(at i: Int, with value: __owned Value) -> Value {
        withUnsafeMutablePointerToElements { values in
            let old = (values + i).move()
            (values + i).initialize(to: value)
            return old
        }
    }

    /// Moves the value at `i` out, leaving the position uninitialised until
    /// ``refill(_:with:)`` or ``consume(removing:)``. `self` must be uniquely owned.
    @inlinable func take(_ i: Int) -> Value {
        withUnsafeMutablePointerToElements { ($0 + i).move() }
    }

    /// Puts a value back where ``take(_:)`` left a hole.
    @inlinable func refill(_ i: Int, with value: Value) {
        withUnsafeMutablePointerToElements { ($0 + i).initialize(to: value) }
    }

    /// The values moved into a new node without position `i` (a hole left by ``take(_:)``),
    /// or `nil` when none are left; `self` is left empty.
    @inlinable func consume(removing i: Int) -> CompactNode? {
        let keys = self.keys
        let n = keys.count
        defer { withUnsafeMutablePointerToHeader { $0.pointee = CompactKeys.empty } }
        guard n > 1 else { return nil }
        return withUnsafeMutablePointerToElements { source in
            CompactNode.make(keys.removing(at: i)) { target in
                target.moveInitialize(from: source, count: i)
                (target + i).moveInitialize(from: source + i + 1, count: n - i - 1)
            }
        }
    }

    /// A new node without the entry at `i`, or `nil` when it was the only one.
    @inlinable func removing(at i: Int) -> CompactNode? {
        let keys = self.keys
        let n = keys.count
        guard n > 1 else { return nil }
        return withUnsafeMutablePointerToElements { source in
            CompactNode.make(keys.removing(at: i)) { target in
                target.initialize(from: source, count: i)
                (target + i).initialize(from: source + i + 1, count: n - i - 1)
            }
        }
    }

    /// A new node with one more entry, in the trie's order.
    @inlinable func inserting(_ key: String, _ hash: UInt64, _ value: Value) -> CompactNode {
        let keys = self.keys
        let n = keys.count
        let p = keys.insertionIndex(of: key, hash)
        var names = keys.names, hashes = keys.hashes
        names.insert(key, at: p)
        hashes.insert(hash, at: p)
        return withUnsafeMutablePointerToElements { source in
            CompactNode.make(CompactKeys(names: names, hashes: hashes)) { target in
                target.initialize(from: source, count: p)
                (target + p).initialize(to: value)
                (target + p + 1).initialize(from: source + p, count: n - p)
            }
        }
    }

    /// The same entries as a trie, for a map that outgrows the compact form.
    @inlinable func trie() -> MapNode<Value> {
        let node = MapNode<Value>()
        let keys = self.keys
        for i in 0..<keys.count { _ = node.insert(keys.names[i], keys.hashes[i], value(at: i), 0) }
        return node
    }

    /// The entries of a trie in compact form, for a map that shrinks to the limit.
    @inlinable static func from(trie: MapNode<Value>, count: Int) -> CompactNode {
        var names: [String] = [], values: [Value] = []
        names.reserveCapacity(count)
        values.reserveCapacity(count)
        var entries = PersistentMap<Value>.Iterator(trie: trie)
        while let (key, value) = entries.next() {
            names.append(key)
            values.append(value)
        }
        let keys = CompactKeys(names: names, hashes: names.map(StableHasher.hash))
        return values.withUnsafeBufferPointer { source in
            make(keys) { $0.initialize(from: source.baseAddress!, count: source.count) }
        }
    }
}
