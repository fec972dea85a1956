import EcholotCore
import EcholotModel

/// Broken and hostile variants of a file a stranger could send (a level, a manifest, a
/// story, an input log, a script), drawn from a fixed seed so a failing case comes back
/// on every run: the generated robustness tests feed them to the real readers.
public struct HostileMutator {
    private var random: SeededRandom

    /// A mutator whose variants follow from `seed` alone.
    public init(seed: UInt64) {
        random = SeededRandom(seed: seed)
    }

    /// A number in `0..<bound`.
    public mutating func below(_ bound: Int) -> Int {
        Int(random.next() % UInt64(max(1, bound)))
    }

    /// One element of `items`, which must not be empty.
    public mutating func pick<T>(_ items: [T]) -> T {
        items[below(items.count)]
    }

    /// `bytes` changed in one to three places, at the byte level: flipped, cut, repeated or
    /// truncated bytes, or something hostile put in (see ``insertions``).
    public mutating func mutateBytes(_ bytes: [UInt8]) -> [UInt8] {
        var bytes = bytes
        for _ in 0...below(3) {
            let at = below(bytes.count + 1)
            switch below(8) {
            case 0 where !bytes.isEmpty:
                bytes[min(at, bytes.count - 1)] = UInt8(truncatingIfNeeded: random.next())
            case 1:
                bytes.removeSubrange(at..<min(bytes.count, at + 1 + below(24)))
            case 2 where !bytes.isEmpty:
                let from = below(bytes.count)
                bytes.insert(contentsOf: bytes[from..<min(bytes.count, from + 1 + below(40))], at: at)
            case 3:
                bytes.removeSubrange(at...)
            case 4 where !bytes.isEmpty:
                // One byte many times: a run of digits, of brackets, of quotes.
                bytes.insert(contentsOf: repeatElement(bytes[min(at, bytes.count - 1)], count: 2 + below(3_000)), at: at)
            case 5:
                bytes = Self.byteOrderMark + bytes
            case 6:
                bytes = bytes.flatMap { $0 == 0x0A ? [0x0D, 0x0A] : [$0] }
            default:
                bytes.insert(contentsOf: pick(Self.insertions), at: at)
            }
        }
        return bytes
    }

    /// What a byte-level mutation puts in: numbers no double or integer holds, nesting far
    /// past any limit, a long string, NUL and invalid UTF-8, escapes of what may not be in
    /// a string, and characters that would break or turn around a message.
    public static let insertions: [[UInt8]] = [
        "1e309", "-1e309", "-0", "-0.0", "1e-400", "99999999999999999999999999",
        "9223372036854775807", "9223372036854775808", "-9223372036854775809", "1e15", "4.9e-324",
        "1.7976931348623157e308", "NaN", "Infinity", "null", "true", "[]", "{}", "\"\"", ",", ":", "}", "]",
        "\\u0000", "\\ud800", "\\udc00\\ud800", "\\u202e", "\\u2028", "\\n", "\\", "\u{2028}", "\u{202E}",
        "\u{85}", "\u{1B}[2J", "\u{301}", "👩‍👩‍👧", "\r", "\t",
        String(repeating: "[", count: 100_000), String(repeating: "{\"a\":", count: 70),
        "\"" + String(repeating: "x", count: 100_000) + "\"",
    ].map { Array($0.utf8) } + [[0], [0xFF], [0xC3], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80]]

    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// `bytes` as JSON with one to three of its values replaced by hostile ones (see
    /// ``hostileValues``), a member removed or renamed, or a value repeated beside itself;
    /// the bytes as they were when they are not JSON.
    public mutating func mutateJSON(_ bytes: [UInt8]) -> [UInt8] {
        guard var root = JSONParser.parse(bytes, maxDepth: JSONParser.savedDepth).root?.value else { return bytes }
        for _ in 0...below(3) {
            let paths = Self.paths(in: root)
            root = change(root, at: pick(paths)[...])
        }
        return Array(Self.text(of: root).utf8)
    }

    /// JSON text that readers must refuse or take: numbers at and past every bound, wrong
    /// types, paths out of the pack, long and invisible text, nesting at and past the limit.
    public static let hostileValues: [String] = [
        "1e308", "-1e308", "-0.0", "0", "-1", "0.5", "-720.5", "1e-300", "9007199254740993",
        "9223372036854775807", "-9223372036854775808", "999999999999999", "1000000000000000", "86401",
        "true", "null", "\"\"", "\" \"", "\"..\"", "\"../../../etc/passwd\"", "\"/etc/passwd\"", "\"a/b\"",
        "\"\\u0000\"", "\"\\u202e\"", "\"\\n\"", "\"\\u2028x\"", "\"\\u0301\"", "\"😀\"",
        "\"" + String(repeating: "y", count: 20_000) + "\"", "[]", "{}", "[1, 2, 3]", "[\"x\", null]",
        "[" + Array(repeating: "\"t\"", count: 2_000).joined(separator: ",") + "]",
        String(repeating: "[", count: 60) + String(repeating: "]", count: 60),
        String(repeating: "[", count: 70) + String(repeating: "]", count: 70),
        "\"bell\"", "\"find\"", "\"timeLimit\"", "\"orbit\"", "\"en\"", "\"1.0.0\"", "\"tutorial\"", "\"gate\"",
    ]

    /// Every value's place in `value`: the indices of the arrays and objects on the way.
    static func paths(in value: JSONValue, at path: [Int] = []) -> [[Int]] {
        switch value {
        case let .array(items):
            return [path] + items.indices.flatMap { paths(in: items[$0].value, at: path + [$0]) }
        case let .object(members):
            return [path] + members.indices.flatMap { paths(in: members[$0].value.value, at: path + [$0]) }
        default:
            return [path]
        }
    }

    /// `value` with the value at `path` changed.
    mutating func change(_ value: JSONValue, at path: ArraySlice<Int>) -> JSONValue {
        guard let index = path.first else { return changed(value) }
        let rest = path.dropFirst()
        switch value {
        case var .array(items):
            if rest.isEmpty, below(4) == 0 {
                // Gone, or there twice (an id used again).
                if below(2) == 0 { items.remove(at: index) } else { items.insert(items[index], at: index) }
            } else {
                items[index].value = change(items[index].value, at: rest)
            }
            return .array(items)
        case var .object(members):
            if rest.isEmpty, below(4) == 0 {
                // Gone, or misspelt.
                if below(2) == 0 { members.remove(at: index) } else { members[index].key += pick(["x", "\u{2028}", "\n", ""]) }
            } else {
                members[index].value.value = change(members[index].value.value, at: rest)
            }
            return .object(members)
        default:
            return value
        }
    }

    /// A hostile stand-in for `value`, or a member added to an object.
    mutating func changed(_ value: JSONValue) -> JSONValue {
        if case var .object(members) = value, below(3) == 0 {
            let key = pick(["id", "type", "file", "entity", "seconds", "azimuth", "extends", "goto", "level", "t", "action", "attributes"])
            if !members.contains(where: { $0.key == key }) {
                members.append(JSONMember(key: key, keyPosition: .start, value: Self.node(pick(Self.hostileValues))))
                return .object(members)
            }
        }
        return Self.node(pick(Self.hostileValues)).value
    }

    /// The parsed form of hostile JSON text.
    static func node(_ text: String) -> JSONNode {
        JSONParser.parse(text, maxDepth: JSONParser.savedDepth).root ?? JSONNode(.null, at: .start)
    }

    /// `value` written as JSON text, its strings as the engine writes them (escaped as JSON
    /// needs, nothing more, so what they hold reaches the reader).
    public static func text(of value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case let .bool(b): return b ? "true" : "false"
        case let .integer(i): return String(i)
        case let .number(d): return "\(d)"
        case let .string(s): return Value.string(s).jsonText
        case let .array(items): return "[" + items.map { text(of: $0.value) }.joined(separator: ", ") + "]"
        case let .object(members):
            return "{" + members.map { Value.string($0.key).jsonText + ": " + text(of: $0.value.value) }.joined(separator: ", ") + "}"
        }
    }
}
