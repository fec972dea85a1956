import EcholotCore

/// The value→object translator (thesis §4.2.4): keeps one output object (an OpenAL
/// source, a sprite, …) per element of a collection in the state, identified by the
/// element's id and a primary attribute (for a sound: its file).
///
/// The state says what should exist; the translator makes the objects agree with it,
/// driven by the diff. For each element a diff touched it gets the element's changes:
/// when none of them can alter the primary attribute, the object is updated with just
/// those changes; otherwise the element is identified again, and a different primary
/// attribute releases the old object and creates a new one, none (or no element)
/// releases it. Elements the diff did not touch are not looked at, so the work per state
/// change follows the diff, not the size of the state.
public final class ValueTranslator<Object> {
    /// What an object was made for: an element's id and its primary attribute's value.
    public struct Key: Hashable, Sendable {
        /// The element's id in its collection.
        public let id: String
        /// The primary attribute's value.
        public let primary: String
    }

    /// Makes the object for an element; `nil` when it cannot (the hook reports why).
    public typealias Create = (_ key: Key, _ element: Value) -> Object?
    /// Applies an element's changes to its object; `element` reads the element's whole
    /// value, for the rare change that needs more than the changed values themselves.
    public typealias Update = (_ object: inout Object, _ changes: ArraySlice<ElementChange>, _ element: () -> Value) -> Void
    /// Frees an object that is no longer wanted.
    public typealias Release = (_ object: Object) -> Void

    private struct Entry {
        var key: Key
        var object: Object
    }

    /// The path, below an element, of the string attribute that identifies its object;
    /// an element without a string there has no object.
    public let primaryAttribute: [String]
    private let create: Create
    private let update: Update
    private let release: Release
    private var live: [String: Entry] = [:]

    /// A translator keyed by `primaryAttribute`, with its three hooks.
    public init(primaryAttribute: [String], create: @escaping Create, update: @escaping Update, release: @escaping Release) {
        self.primaryAttribute = primaryAttribute
        self.create = create
        self.update = update
        self.release = release
    }

    deinit { removeAll() }

    /// The ids of the elements that have an object.
    public var liveIDs: [String] { Array(live.keys) }

    /// The number of objects.
    public var count: Int { live.count }

    /// The object for element `id`, if it has one.
    public func object(for id: String) -> Object? { live[id]?.object }

    /// The key the object of element `id` was made for.
    public func key(for id: String) -> Key? { live[id]?.key }

    /// The key of element `id` with this value, or `nil` when it needs no object.
    public func identify(id: String, _ element: Value) -> Key? {
        var value = element
        for name in primaryAttribute { value = value[name] }
        return value.stringValue.map { Key(id: id, primary: $0) }
    }

    /// Makes the object of element `id` agree with its new state, given the changes the
    /// diff found inside it; `element` reads its current value (`nil`: the element is gone).
    public func sync(id: String, changes: ArraySlice<ElementChange>, element: () -> Value?) {
        if let index = live.index(forKey: id) {
            let mayReidentify = changes.contains { $0.overlaps(primaryAttribute) }
            let current = mayReidentify ? element() : nil
            if !mayReidentify || current.flatMap({ identify(id: id, $0) }) == live.values[index].key {
                // In place through the index: one hash lookup per change.
                update(&live.values[index].object, changes) { current ?? element() ?? .null }
                return
            }
            release(live.remove(at: index).value.object)
            guard let current else { return }
            return add(id: id, current)
        }
        guard let value = element() else { return }
        add(id: id, value)
    }

    /// Looks at element `id` from scratch (after a whole collection was replaced).
    public func resync(id: String, element: Value?) {
        sync(id: id, changes: [.whole(element)]) { element }
    }

    /// Releases every object.
    public func removeAll() {
        let entries = live
        live.removeAll()
        for entry in entries.values { release(entry.object) }
    }

    private func add(id: String, _ value: Value) {
        guard let key = identify(id: id, value), let object = create(key, value) else { return }
        live[id] = Entry(key: key, object: object)
    }
}
