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
    /// One mirror node that was written to or lies on the way to one.
    private struct Node {
        var handle: Int
        var sets: [(key: String, value: Value)] = []
        var children: [Int] = []
    }

    private let index: MirrorIndex
    private let positions: HandleTable
    // Touched several times per logged write; one call owns the tree, never re-entrantly,
    // so the per-access exclusivity check is skipped.
    @exclusivity(unchecked) private var nodes: [Node] = [Node(handle: 1)]
    /// Whether any write was added.
    private(set) var isEmpty = true

    /// An empty tree over the mirror's handles; `positions` is scratch space kept between
    /// calls, so a call pays for the handles it touches, not for all there are.
    init(index: MirrorIndex, positions: HandleTable) {
        self.index = index
        self.positions = positions
        positions.clear()
        positions[1] = 0
    }

    /// Records `value` (`.null`: remove) for `key` of the map mirror node `handle`; false
    /// when the handle is not part of the mirror.
    func add(handle: Int, key: String, value: Value) -> Bool {
        guard let node = self.node(for: handle) else { return false }
        isEmpty = false
        if !nodes[node].children.isEmpty {
            let replaced = nodes[node].children.filter { index.key(of: nodes[$0].handle) == key }
            if !replaced.isEmpty { nodes[node].children.removeAll { replaced.contains($0) } }
        }
        if let i = nodes[node].sets.firstIndex(where: { $0.key == key }) {
            nodes[node].sets[i].value = value
        } else {
            nodes[node].sets.append((key, value))
        }
        return true
    }

    /// The node for `handle`, linked to its parents; `nil` for a handle the mirror lost.
    private func node(for handle: Int) -> Int? {
        if let found = positions[handle] { return found }
        let parent = index.parent(of: handle)
        guard parent > 0, let above = node(for: parent) else { return nil }
        nodes.append(Node(handle: handle))
        let new = nodes.count - 1
        positions[handle] = new
        nodes[above].children.append(new)
        return new
    }

    /// Writes every recorded change into the state's root map. Paths that no longer lead
    /// to a map are skipped (removed on the Swift side by the time the write arrives).
    func apply(to root: inout PersistentMap<Value>) {
        apply(0, to: &root)
    }

    private func apply(_ node: Int, to map: inout PersistentMap<Value>) {
        for (key, value) in nodes[node].sets {
            if value.isNull { map.removeValue(forKey: key) } else { map[key] = value }
        }
        for child in nodes[node].children {
            map.modifyValue(forKey: index.key(of: nodes[child].handle)) { slot in
                var taken = slot.take()
                guard case var .map(inner) = taken else {
                    slot = taken
                    return
                }
                taken = nil  // `inner` is now the only reference: changed in place when unshared
                apply(child, to: &inner)
                slot = .map(inner)
            }
        }
    }
}

/// A map from mirror handles to small integers, cleared in O(1) by bumping a generation:
/// the write tree's index of the nodes one call touched.
final class HandleTable {
    private var generation: UInt32 = 1
    // Hot and single-threaded, never accessed re-entrantly: no per-access exclusivity check.
    @exclusivity(unchecked) private var stamps: [UInt32] = []
    @exclusivity(unchecked) private var values: [Int] = []

    /// Forgets every entry.
    func clear() {
        generation &+= 1
        if generation == 0 {
            stamps = Array(repeating: 0, count: stamps.count)
            generation = 1
        }
    }

    /// The value for `handle`, if set since the last ``clear()``.
    subscript(handle: Int) -> Int? {
        get {
            guard handle >= 0, handle < stamps.count, stamps[handle] == generation else { return nil }
            return values[handle]
        }
        set {
            guard handle >= 0 else { return }
            if handle >= stamps.count {
                let grown = max(handle + 1, stamps.count * 2)
                stamps.append(contentsOf: repeatElement(0, count: grown - stamps.count))
                values.append(contentsOf: repeatElement(0, count: grown - values.count))
            }
            stamps[handle] = newValue == nil ? 0 : generation
            values[handle] = newValue ?? 0
        }
    }
}
