import EcholotCore

/// Swift's side of the mirror's bookkeeping: which state path each mirror node (by the
/// handle Lua gave it) stands for, so a logged write lands at the right place.
final class MirrorIndex {
    // Read for every logged write; only this engine's thread touches them and never
    // re-entrantly, so the per-access exclusivity check is skipped.
    @exclusivity(unchecked) private var parents: [Int] = []
    /// Every node's key in its parent, by handle ("" for handles never given out).
    @exclusivity(unchecked) private(set) var keys: [String] = []
    // Each key's stable hash, computed once when Lua makes the node rather than on every
    // write-back: an entity written on every tick is looked up by its id on every tick.
    /// The stable hash of each of ``keys``.
    @exclusivity(unchecked) private(set) var hashes: [UInt64] = []

    /// Forgets every node (the mirror is being rebuilt; handles start again at 1).
    func reset() {
        parents.removeAll(keepingCapacity: true)
        keys.removeAll(keepingCapacity: true)
        hashes.removeAll(keepingCapacity: true)
    }

    /// Records node `handle` as `key` of node `parent` (0: the root itself).
    func add(_ handle: Int, parent: Int, key: String) {
        guard handle > 0 else { return }
        if handle >= parents.count {
            let missing = handle + 1 - parents.count
            parents.append(contentsOf: repeatElement(0, count: missing))
            keys.append(contentsOf: repeatElement("", count: missing))
            hashes.append(contentsOf: repeatElement(StableHasher.hash(""), count: missing))
        }
        parents[handle] = parent
        keys[handle] = key
        hashes[handle] = StableHasher.hash(key)
    }

    /// Forgets a node that left the state.
    func remove(_ handle: Int) {
        guard handle > 0, handle < parents.count else { return }
        parents[handle] = -1
    }

    /// The handle of the node that holds `handle` (0 for the root; -1 when unknown).
    func parent(of handle: Int) -> Int {
        guard handle > 0, handle < parents.count else { return -1 }
        return parents[handle]
    }

    /// The key under which node `handle` sits in its parent.
    func key(of handle: Int) -> String {
        guard handle > 0, handle < keys.count else { return "" }
        return keys[handle]
    }
}
