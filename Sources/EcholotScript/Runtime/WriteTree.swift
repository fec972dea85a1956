import EcholotCore

/// The changes one Lua call made, arranged by path, so that writing them into the
/// persistent state descends each shared prefix (root → level → entities) once, and a
/// thousand entity updates cost a thousand small node writes, not a thousand full paths.
///
/// Order is kept where it matters: a later write of a field replaces earlier writes below
/// it, and a write below a field set earlier in the call changes that new value.
final class WriteTree {
    private final class Node {
        var sets: [String: Value] = [:]
        var children: [String: Node] = [:]
    }

    private let root = Node()
    /// Whether any write was added.
    private(set) var isEmpty = true

    /// Records `value` (`.null`: remove) for `key` of the map at `path`.
    func add(path: [String], key: String, value: Value) {
        isEmpty = false
        var node = root
        for (i, component) in path.enumerated() {
            if let replaced = node.sets[component] {
                node.sets[component] = WriteTree.setting(replaced, path: path[(i + 1)...], key: key, to: value)
                return
            }
            if let child = node.children[component] {
                node = child
            } else {
                let child = Node()
                node.children[component] = child
                node = child
            }
        }
        node.children[key] = nil
        node.sets[key] = value
    }

    /// Writes every recorded change into `map`. Paths that no longer lead to a map are
    /// skipped (a node removed on the Swift side by the time the write arrives).
    func apply(to map: inout PersistentMap<Value>) {
        WriteTree.apply(root, to: &map)
    }

    private static func apply(_ node: Node, to map: inout PersistentMap<Value>) {
        for (key, value) in node.sets {
            if value.isNull { map.removeValue(forKey: key) } else { map[key] = value }
        }
        for (key, child) in node.children {
            guard case var .map(inner)? = map[key] else { continue }
            apply(child, to: &inner)
            map[key] = .map(inner)
        }
    }

    /// `value` with `key` of the map at `path` inside it set to `new`.
    private static func setting(_ value: Value, path: ArraySlice<String>, key: String, to new: Value) -> Value {
        guard case var .map(map) = value else { return value }
        if let first = path.first {
            guard let inner = map[first] else { return value }
            map[first] = setting(inner, path: path.dropFirst(), key: key, to: new)
        } else if new.isNull {
            map.removeValue(forKey: key)
        } else {
            map[key] = new
        }
        return .map(map)
    }
}
