/// A focus on a part of a value: read it, or write it and get the whole back (thesis A.21).
///
/// Lenses compose with ``appending(_:)``, so a reducer can be scoped to one entity of one
/// level with a one-line lens. Writing through a lens changes the part in place when the
/// storage on its path is not shared, and copies only that path when it is.
public struct Lens<Whole, Part> {
    /// Reads the part.
    public let get: (Whole) -> Part
    /// Changes the part of `whole` in place with a body that cannot fail. A lens only
    /// reaches its part, so it has nothing of its own to fail at; a throwing body goes
    /// through ``modify(_:_:)``.
    public let update: (inout Whole, (inout Part) -> Void) -> Void

    /// Creates a lens from a getter and an in-place modifier, which calls its body once.
    public init(get: @escaping (Whole) -> Part, modify: @escaping (inout Whole, (inout Part) -> Void) -> Void) {
        self.get = get
        self.update = modify
    }

    /// Creates a lens from a getter and a setter that returns a changed copy.
    public init(get: @escaping (Whole) -> Part, set: @escaping (Whole, Part) -> Whole) {
        self.get = get
        self.update = { whole, body in
            var part = get(whole)
            body(&part)
            whole = set(whole, part)
        }
    }

    /// Changes the part of `whole` in place with `body`. When `body` throws, what it
    /// changed before is written back and its error comes out here: callers that must
    /// not keep a half-made change (the store) work on a state they can drop.
    @inlinable
    public func modify<E: Error>(_ whole: inout Whole, _ body: (inout Part) throws(E) -> Void) throws(E) {
        var failure: E?
        update(&whole) { part in
            do throws(E) { try body(&part) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// Returns a copy of `whole` whose part is `part`.
    public func set(_ whole: Whole, _ part: Part) -> Whole {
        var copy = whole
        update(&copy) { $0 = part }
        return copy
    }

    /// The lens that focuses `next` inside this lens's part.
    public func appending<Sub>(_ next: Lens<Part, Sub>) -> Lens<Whole, Sub> {
        let outer = self
        return Lens<Whole, Sub>(
            get: { next.get(outer.get($0)) },
            modify: { whole, body in outer.update(&whole) { part in next.update(&part, body) } }
        )
    }
}

extension Lens where Whole == Part {
    /// The lens that focuses the whole value.
    public static var identity: Lens {
        Lens(get: { $0 }, modify: { whole, body in body(&whole) })
    }
}

extension Lens {
    /// A lens onto the child with `id` of a ``NodeMap`` part; `nil` when there is none,
    /// and writing `nil` removes the child.
    public func child<Kind>(_ id: String) -> Lens<Whole, Node<Kind>?> where Part == NodeMap<Kind> {
        appending(Lens<NodeMap<Kind>, Node<Kind>?>(
            get: { $0[id] },
            modify: { map, body in
                map.storage.modifyValue(forKey: id) { slot in
                    var node: Node<Kind>? = Node<Kind>.take(&slot)
                    body(&node)
                    slot = node?.value
                }
            }
        ))
    }
}
