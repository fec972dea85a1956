import EcholotCore

/// One change inside an element of a collection, as the translator hands it to an
/// object: the path below the element (empty when the element itself appeared, vanished
/// or was replaced whole) and the new value there (`nil` when it was removed).
public struct ElementChange: Sendable, Equatable {
    /// Map keys from the element down to the changed value.
    public let path: ArraySlice<String>
    /// The value there now, or `nil` when it is gone.
    public let new: Value?

    /// A change at `path` below an element.
    public init(path: ArraySlice<String>, new: Value?) {
        self.path = path
        self.new = new
    }

    /// The element as a whole is new (or must be read again from scratch).
    public static func whole(_ value: Value?) -> ElementChange { ElementChange(path: [], new: value) }

    /// Whether this change can alter the value at `attribute` (a path below the element).
    public func overlaps(_ attribute: [String]) -> Bool {
        let n = Swift.min(path.count, attribute.count)
        return path.prefix(n).elementsEqual(attribute.prefix(n))
    }
}
