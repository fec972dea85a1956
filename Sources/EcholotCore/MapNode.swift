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

    /// Runs `body` on the values of the keys `targets` names (positions into `keys` and
    /// `hashes`) that are present, each moved out of its slot while `body` holds it: one
    /// walk of the trie for all of them, every node taken and put back once, not once per
    /// key. Missing keys are skipped; entries are neither added nor removed, so the trie
    /// keeps its shape. `self` must be uniquely owned.
    @inlinable
    func modifyEach(
        _ targets: UnsafeMutableBufferPointer<Int>, _ keys: UnsafeBufferPointer<String>,
        _ hashes: UnsafeBufferPointer<UInt64>, _ shift: Int, _ body: (Int, inout Value) -> Void
    ) {
        // Group the targets by their slot: a bucket sort on the hash's 5 bits at `shift`.
        // Only the buckets a target falls into are touched (`occupied`): below the trie's
        // first level a node gets two or three targets, and clearing and scanning all 32
        // buckets there cost more than the targets themselves (about 0.4 k instructions
        // for each of the 270 such nodes of a 1,000-entity tick). Counts, then starts, at
        // 0..<32; fill positions at 32..<64.
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 64) { buckets in
            var occupied: UInt32 = 0
            for t in targets {
                let c = Int(truncatingIfNeeded: (hashes[t] >> UInt64(shift)) & 31)
                let bit = UInt32(1) << UInt32(c)
                if occupied & bit == 0 {
                    occupied |= bit
                    buckets[c] = 1
                } else {
                    buckets[c] += 1
                }
            }
            var start = 0
            var rest = occupied
            while rest != 0 {
                let c = rest.trailingZeroBitCount
                rest &= rest &- 1
                let n = buckets[c]
                buckets[c] = start
                buckets[32 + c] = start
                start += n
            }
            withUnsafeTemporaryAllocation(of: Int.self, capacity: targets.count) { grouped in
                for t in targets {
                    let c = Int(truncatingIfNeeded: (hashes[t] >> UInt64(shift)) & 31)
                    grouped.initializeElement(at: buckets[32 + c], to: t)
                    buckets[32 + c] += 1
                }
                var present = occupied & bitmap
                while present != 0 {
                    let c = present.trailingZeroBitCount
                    present &= present &- 1
                    modifySlot(index(of: UInt32(1) << UInt32(c)),
                               UnsafeMutableBufferPointer(rebasing: grouped[buckets[c]..<buckets[32 + c]]),
                               keys, hashes, shift, body)
                }
            }
        }
    }

    /// ``modifyEach(_:_:_:_:_:)`` for the targets that fall into slot `i`.
    @inlinable
    func modifySlot(
        _ i: Int, _ targets: UnsafeMutableBufferPointer<Int>, _ keys: UnsafeBufferPointer<String>,
        _ hashes: UnsafeBufferPointer<UInt64>, _ shift: Int, _ body: (Int, inout Value) -> Void
    ) {
        // Take the slot out before looking at its case, and switch on the moved value:
        // reading the case in place (`slots[i].tag`) copied a leaf's key and value only
        // to drop them — a retain and a release per entity a write-back touches.
        switch takeSlot(i) {
        case .leaf(let k, var value):
            if let target = targets.first(where: { keys[$0] == k }) { body(target, &value) }
            // `consume`: otherwise the value is copied into the slot and the local then
            // destroyed — a retain and a release on every entity a tick changes.
            slots[i] = .leaf(key: k, value: consume value)
        case .node(var child):
            if !isKnownUniquelyReferenced(&child) { child = child.copy() }
            child.modifyEach(targets, keys, hashes, shift + 5, body)
            slots[i] = .node(consume child)
        case .vacant:
            preconditionFailure("vacant slot outside of a write")
        case let .collision(h, entries):
            slots[i] = .collision(hash: h, entries: entries)
            // Rare (equal 64-bit hashes): the one-key path.
            for target in targets {
                _ = modify(keys[target], hashes[target], shift) { slot in
                    guard var value = slot.take() else { return }
                    body(target, &value)
                    slot = value
                }
            }
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
        guard case let .node(child) = takeSlot(i) else { preconditionFailure("not a node slot") }
        return child
    }

    /// Moves slot `i` out whatever its case, leaving it vacant, with no copy left behind.
    @inlinable @inline(never)
    func takeSlot(_ i: Int) -> MapSlot<Value> {
        var taken = MapSlot<Value>.vacant
        swap(&taken, &slots[i])
        return taken
    }

    /// Moves the leaf out of slot `i`, leaving it vacant, with no copy left behind.
    @inlinable @inline(never)
    func takeLeaf(_ i: Int) -> (key: String, value: Value) {
        guard case let .leaf(k, v) = takeSlot(i) else { preconditionFailure("not a leaf slot") }
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
        case let .node(node): return Array(IteratorSequence(PersistentMap<Value>.Iterator(trie: node)))
        case .vacant: return []
        }
    }
}
