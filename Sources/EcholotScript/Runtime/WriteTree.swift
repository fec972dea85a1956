import EcholotCore

/// The changes one Lua call made, arranged by mirror node, so that writing them into the
/// persistent state descends each shared prefix (root → level → entities) once: a
/// thousand entity updates cost a thousand small in-place node writes, not a thousand
/// walks from the root.
///
/// Order is kept where it matters: setting a field discards the writes made earlier in
/// the call below that field (they were to the value it replaced), and writes below a
/// field set in the call are applied on top of the new value.
final class WriteTree {
    /// One mirror node that was written to or lies on the way to one. Its sets and its
    /// children are singly linked lists threaded through ``sets`` and ``nodes`` (-1 ends
    /// one), so a call that touches a thousand entities allocates no array per entity.
    /// Where it sits in its parent (key and hash) is the mirror index's, found by handle:
    /// holding no string keeps the node plain data, copied without reference counting.
    private struct Node {
        var handle: Int
        var firstSet = -1, lastSet = -1
        var firstChild = -1, lastChild = -1
        var nextSibling = -1
    }

    /// One field set: (`key`, `value`) in its node, `.null` meaning removal.
    private struct FieldSet {
        var key: String
        var hash: UInt64
        var value: Value
        var next = -1
    }

    private let index: MirrorIndex
    private let positions: HandleTable
    // Touched several times per logged write; one call owns the tree, never re-entrantly,
    // so the per-access exclusivity check is skipped.
    @exclusivity(unchecked) private var nodes: [Node] = [Node(handle: 1)]
    @exclusivity(unchecked) private var sets: [FieldSet] = []
    /// Whether any write was added.
    private(set) var isEmpty = true

    /// An empty tree over the mirror's handles; `positions` is scratch space kept between
    /// calls, so a call pays for the handles it touches, not for all there are.
    init(index: MirrorIndex, positions: HandleTable) {
        self.index = index
        self.positions = positions
        begin()
    }

    /// Starts filling the tree: it knows none of the mirror's handles yet.
    func begin() {
        positions.clear()
        positions[1] = 0
    }

    /// Forgets every write, keeping the storage: a session reuses one tree call after
    /// call, so a steady tick grows no arrays (and holds no values between calls).
    func clear() {
        nodes.removeSubrange(1...)
        nodes[0].firstSet = -1
        nodes[0].lastSet = -1
        nodes[0].firstChild = -1
        nodes[0].lastChild = -1
        sets.removeAll(keepingCapacity: true)
        isEmpty = true
    }

    /// Records `value` (`.null`: remove) for `key` (whose stable hash is `hash`) of the
    /// map mirror node `handle`; false when the handle is not part of the mirror.
    func add(handle: Int, key: String, hash: UInt64, value: Value) -> Bool {
        guard let node = self.node(for: handle) else { return false }
        isEmpty = false
        if nodes[node].firstChild >= 0 { dropChildren(of: node, at: key) }
        var s = nodes[node].firstSet
        while s >= 0 {
            if sets[s].key == key {
                sets[s].value = value
                return true
            }
            s = sets[s].next
        }
        sets.append(FieldSet(key: key, hash: hash, value: value))
        let new = sets.count - 1
        if nodes[node].lastSet >= 0 { sets[nodes[node].lastSet].next = new } else { nodes[node].firstSet = new }
        nodes[node].lastSet = new
        return true
    }

    /// Forgets the writes recorded below field `key` of `node`: that field is being
    /// replaced, and they were to the value it held.
    private func dropChildren(of node: Int, at key: String) {
        var previous = -1
        var child = nodes[node].firstChild
        while child >= 0 {
            let next = nodes[child].nextSibling
            if index.key(of: nodes[child].handle) == key {
                if previous >= 0 { nodes[previous].nextSibling = next } else { nodes[node].firstChild = next }
                if nodes[node].lastChild == child { nodes[node].lastChild = previous }
            } else {
                previous = child
            }
            child = next
        }
    }

    /// The node for `handle`, linked to its parents; `nil` for a handle the mirror lost.
    private func node(for handle: Int) -> Int? {
        if let found = positions[handle] { return found }
        let parent = index.parent(of: handle)
        guard parent > 0, let above = node(for: parent) else { return nil }
        nodes.append(Node(handle: handle))
        let new = nodes.count - 1
        positions[handle] = new
        if nodes[above].lastChild >= 0 {
            nodes[nodes[above].lastChild].nextSibling = new
        } else {
            nodes[above].firstChild = new
        }
        nodes[above].lastChild = new
        return new
    }

    /// Writes every recorded change into the state's root map. Paths that no longer lead
    /// to a map are skipped (removed on the Swift side by the time the write arrives).
    /// The values are moved into the state, so the tree is cleared as it is applied: a
    /// second apply of what it held would remove every field it wrote.
    func apply(to root: inout PersistentMap<Value>) {
        apply(0, to: &root)
        clear()
    }

    private func apply(_ node: Int, to map: inout PersistentMap<Value>) {
        var s = nodes[node].firstSet
        while s >= 0 {
            // The value is moved out of the set (the tree is cleared after it is applied):
            // copying the set cost a copy and a destroy of its key and value per write.
            var value = Value.null
            swap(&value, &sets[s].value)
            if value.isNull {
                map.removeValue(forKey: sets[s].key, hash: sets[s].hash)
            } else {
                map.updateValue(value, forKey: sets[s].key, hash: sets[s].hash)
            }
            s = sets[s].next
        }
        // All children in one walk of the map (a tick's 1,000 moving entities), their keys
        // found by handle in the mirror index. Most nodes written (an entity) have none.
        // `positions` is scratch shared with the session's other trees, one of which may
        // have been filled since this one: the children are entered again.
        guard nodes[node].firstChild >= 0 else { return }
        var handles: [Int] = []
        var child = nodes[node].firstChild
        while child >= 0 {
            let handle = nodes[child].handle
            handles.append(handle)
            positions[handle] = child
            child = nodes[child].nextSibling
        }
        map.modifyValues(at: handles, of: index.keys, hashes: index.hashes) { handle, value in
            if let child = positions[handle] { descend(child, into: &value) }
        }
    }

    /// Applies the writes below `node` to `value`, the map it stands for (anything else is
    /// left alone: it was replaced on the Swift side by the time the writes arrive). The
    /// map is moved out first, so that it is the only reference: changed in place when
    /// nothing else shares it.
    private func descend(_ node: Int, into value: inout Value) {
        guard var inner = value.takeMap() else { return }
        apply(node, to: &inner)
        value = .map(consume inner)  // moved back, not copied (no retain and release)
    }
}

/// A map from mirror handles to small integers, cleared in O(1) by bumping a generation:
/// the write tree's index of the nodes one call touched.
final class HandleTable {
    /// One handle's entry: its value counts only when `stamp` is the table's generation.
    private struct Entry {
        var stamp: UInt32
        var value: Int
    }

    private var generation: UInt32 = 1
    // Memory the table alone owns rather than two arrays: read and written a few times per
    // logged write, where each array access checked its buffer's uniqueness (measured:
    // about 70 instructions per write of a handle). Single-threaded, never re-entrant.
    private var entries: UnsafeMutablePointer<Entry>
    private var capacity: Int

    /// An empty table.
    init() {
        capacity = 64
        entries = .allocate(capacity: capacity)
        entries.initialize(repeating: Entry(stamp: 0, value: 0), count: capacity)
    }

    deinit {
        entries.deallocate()
    }

    /// Forgets every entry.
    func clear() {
        generation &+= 1
        if generation == 0 {
            entries.update(repeating: Entry(stamp: 0, value: 0), count: capacity)
            generation = 1
        }
    }

    /// The value for `handle`, if set since the last ``clear()``.
    subscript(handle: Int) -> Int? {
        @inline(__always) get {
            guard handle >= 0, handle < capacity, entries[handle].stamp == generation else { return nil }
            return entries[handle].value
        }
        @inline(__always) set {
            guard handle >= 0 else { return }
            if handle >= capacity { grow(toHold: handle) }
            entries[handle] = newValue.map { Entry(stamp: generation, value: $0) } ?? Entry(stamp: 0, value: 0)
        }
    }

    /// Makes room for `handle`, at least doubling, with the new entries unset.
    @inline(never)
    private func grow(toHold handle: Int) {
        let grown = max(handle + 1, capacity * 2)
        let moved = UnsafeMutablePointer<Entry>.allocate(capacity: grown)
        moved.moveInitialize(from: entries, count: capacity)
        (moved + capacity).initialize(repeating: Entry(stamp: 0, value: 0), count: grown - capacity)
        entries.deallocate()
        entries = moved
        capacity = grown
    }
}
