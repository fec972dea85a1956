/// One difference between two states: the value at `path` was `old` and is now `new`
/// (`nil` = absent).
public struct Change: Sendable, Equatable, CustomStringConvertible {
    /// Map keys from the root to the changed value.
    public var path: [String]
    /// The value before, or `nil` when the path did not exist.
    public var old: Value?
    /// The value after, or `nil` when the path no longer exists.
    public var new: Value?

    /// Creates a change.
    public init(path: [String], old: Value?, new: Value?) {
        self.path = path
        self.old = old
        self.new = new
    }

    /// `a.b.c: old → new`.
    public var description: String {
        "\(path.joined(separator: ".")): \(old?.description ?? "∅") → \(new?.description ?? "∅")"
    }
}

/// The differences between two states, found by walking only storage that is not shared.
///
/// Where both sides hold a map the diff descends into it, so a change is reported at the
/// deepest path that differs; a map that appears or disappears, a list and a scalar are
/// reported whole. A change's cost is proportional to the path and the entries changed,
/// not to the size of the tree.
public struct Diff: Sendable, Equatable, Sequence {
    /// Every change, grouped by subtree in the tree's stable order.
    public private(set) var changes: [Change] = []

    /// Compares two states.
    public init(from old: Value, to new: Value) {
        var changes: [Change] = []
        var path: [String] = []
        Diff.walk(old, new, &path, &changes)
        self.changes = changes
    }

    /// Whether nothing changed.
    public var isEmpty: Bool { changes.isEmpty }

    /// Iterates the changes.
    public func makeIterator() -> IndexingIterator<[Change]> { changes.makeIterator() }

    /// Whether any change lies at or below `prefix` (or above it, replacing it whole).
    public func touches(_ prefix: [String]) -> Bool {
        changes.contains { change in
            let n = Swift.min(change.path.count, prefix.count)
            return change.path.prefix(n).elementsEqual(prefix.prefix(n))
        }
    }

    /// The changes at or below `prefix`.
    public func changes(under prefix: [String]) -> [Change] {
        changes.filter { $0.path.starts(with: prefix) }
    }

    private static func walk(_ old: Value, _ new: Value, _ path: inout [String], _ out: inout [Change]) {
        guard case let .map(a) = old, case let .map(b) = new else {
            if old != new { out.append(Change(path: path, old: old, new: new)) }
            return
        }
        PersistentMap.diff(from: a, to: b, unchanged: { $0.isTriviallyEqual(to: $1) }) { key, x, y in
            path.append(key)
            defer { path.removeLast() }
            if let x, let y {
                walk(x, y, &path, &out)
            } else {
                out.append(Change(path: path, old: x, new: y))
            }
        }
    }
}
