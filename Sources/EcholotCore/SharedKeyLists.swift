/// Key lists met so far, by their keys: maps with the same keys — a level's entities,
/// each with the same dozen attributes — can then share one list instead of a copy each.
///
/// A map built one key at a time gets a key list of its own, kept by every later version
/// of it. A thousand entities of one shape thus hold a thousand equal lists: memory in
/// every retained state, and on every write-back a cold list to search per entity, where
/// one shared list stays in the cache. Sharing changes no map's contents, order or hash.
public struct SharedKeyLists {
    @usableFromInline var lists: [[String]: CompactKeys] = [:]

    /// No lists yet.
    public init() {}

    /// How many distinct key lists have been met.
    public var count: Int { lists.count }

    /// The list to use for maps with `keys`' keys: the first such list met.
    @inlinable mutating func canonical(_ keys: CompactKeys) -> CompactKeys {
        if let found = lists[keys.names] { return found }
        lists[keys.names] = keys
        return keys
    }
}

extension Value {
    /// Makes every small map in this value share its key list with the same-keyed maps
    /// met before (in `lists`). Storage shared with other values is copied first, so
    /// they are not touched.
    @inlinable
    public mutating func shareKeyLists(_ lists: inout SharedKeyLists) {
        // Moved out and back, not bound in place, so nothing below is copied.
        if var inner = takeMap() {
            inner.shareKeyLists(&lists)
            self = .map(consume inner)
        } else if var items = takeList() {
            for i in items.indices { items[i].shareKeyLists(&lists) }
            self = .list(consume items)
        }
    }
}

extension PersistentMap where Value == EcholotCore.Value {
    /// ``Value/shareKeyLists(_:)`` for this map and every map inside it.
    @inlinable
    public mutating func shareKeyLists(_ lists: inout SharedKeyLists) {
        guard isCompact else {
            let nested = filter { $0.value.isContainer }.map(\.key)
            modifyValues(forKeys: nested, hashes: nested.map(StableHasher.hash)) { _, value in
                value.shareKeyLists(&lists)
            }
            return
        }
        guard var node = takeCompact() else { return }
        if !isKnownUniquelyReferenced(&node) { node = node.copy() }
        let keys = lists.canonical(node.keys)
        if keys !== node.keys { node.withUnsafeMutablePointerToHeader { $0.pointee = keys } }
        for i in 0..<keys.count where node.value(at: i).isContainer {
            var value = node.take(i)
            value.shareKeyLists(&lists)
            node.refill(i, with: value)
        }
        root = node
    }
}

extension Value {
    /// Whether this is a map or a list, which may hold maps.
    @inlinable var isContainer: Bool {
        switch self {
        case .map, .list: return true
        case .null, .bool, .int, .number, .string: return false
        }
    }
}

extension Node {
    /// Makes the node's same-keyed maps (its entities, their sounds) share one key list
    /// each, as a loaded level's do; see ``SharedKeyLists``.
    public mutating func shareKeyLists() {
        var lists = SharedKeyLists()
        attributes.shareKeyLists(&lists)
    }
}
