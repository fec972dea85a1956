import EcholotCore

/// A parsed JSON value together with where it starts in its file.
public struct JSONNode: Sendable, Equatable {
    /// The value.
    public var value: JSONValue
    /// Where the value's first character is.
    public var position: SourcePosition

    /// Creates a node.
    public init(_ value: JSONValue, at position: SourcePosition) {
        self.value = value
        self.position = position
    }
}

/// The shape of a JSON value; object members keep their order and their key positions.
public enum JSONValue: Sendable, Equatable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number with no fraction and no exponent that fits in `Int`.
    case integer(Int)
    /// Any other (finite) number.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONNode])
    /// An object, its members in file order (a duplicate key is a syntax error).
    case object([JSONMember])
}

/// One `"key": value` member of a JSON object.
public struct JSONMember: Sendable, Equatable {
    /// The key.
    public var key: String
    /// Where the key's opening quote is.
    public var keyPosition: SourcePosition
    /// The value.
    public var value: JSONNode

    /// Creates a member.
    public init(key: String, keyPosition: SourcePosition, value: JSONNode) {
        self.key = key
        self.keyPosition = keyPosition
        self.value = value
    }
}

extension JSONValue {
    /// The type's name with an article, for messages: "a string", "an object", "null".
    public var typeDescription: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        // JSON text cannot hold NaN or an infinity, but a Lua table read as JSON (a pack
        // test's inline input) can.
        case let .number(d) where d.isNaN: return "NaN (not a number)"
        case let .number(d) where d.isInfinite: return "an infinite number"
        case .integer, .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// The number as a `Double`, for integers and other numbers alike.
    public var doubleValue: Double? {
        switch self {
        case let .integer(i): return Double(i)
        case let .number(d): return d
        default: return nil
        }
    }

    /// The state-tree value: integers become `.int`, other numbers `.number`, arrays
    /// `.list`, objects `.map` (a `null` member is left out: the tree stores no nulls).
    public var treeValue: Value {
        switch self {
        case .null: return .null
        case let .bool(b): return .bool(b)
        case let .integer(i): return .int(i)
        case let .number(d): return .number(d)
        case let .string(s): return .string(s)
        case let .array(items): return .list(items.map(\.value.treeValue))
        case let .object(members):
            var map = PersistentMap<Value>()
            for member in members where member.value.value != .null {
                map[member.key] = member.value.value.treeValue
            }
            return .map(map)
        }
    }
}

extension JSONValue {
    /// The JSON shape of a state-tree value, every node at `position`: for checking values
    /// that come from a script, not a file, with the checks a file's values get.
    public init(_ value: Value, at position: SourcePosition = .start) {
        switch value {
        case .null: self = .null
        case let .bool(b): self = .bool(b)
        case let .int(i): self = .integer(i)
        case let .number(d): self = .number(d)
        case let .string(s): self = .string(s)
        case let .list(items): self = .array(items.map { JSONNode(JSONValue($0, at: position), at: position) })
        case let .map(map):
            self = .object(map.keys.sorted().compactMap { key in
                map[key].map { JSONMember(key: key, keyPosition: position, value: JSONNode(JSONValue($0, at: position), at: position)) }
            })
        }
    }
}
