/// Turns the terminal's byte stream into keys: plain characters (UTF-8), control keys
/// and the escape sequences of arrows and friends (`ESC [ C`, `ESC O C`, `ESC [ 1 ; 2 C`,
/// F1 as `ESC O P`, `ESC [ 11 ~` or the Linux console's `ESC [ [ A`).
///
/// A sequence split across reads is kept until the rest arrives. A lone ESC is ambiguous
/// (the start of a sequence, or the Escape key); the caller resolves it with
/// `flushPending()` once no more bytes arrived for a moment.
public struct KeyDecoder: Sendable {
    private var pending: [UInt8] = []

    /// A decoder with nothing pending.
    public init() {}

    /// Whether bytes are waiting for the rest of a sequence.
    public var hasPending: Bool { !pending.isEmpty }

    /// The keys completed by `bytes`.
    public mutating func feed(_ bytes: [UInt8]) -> [Key] {
        pending.append(contentsOf: bytes)
        var keys: [Key] = []
        var index = 0
        while index < pending.count {
            switch decode(at: index) {
            case let .key(key, length):
                if let key { keys.append(key) }
                index += length
            case .incomplete:
                pending.removeFirst(index)
                return keys
            }
        }
        pending.removeAll(keepingCapacity: true)
        return keys
    }

    /// Ends a sequence that will not be completed: a lone ESC is the Escape key; the
    /// bytes after it are decoded again on their own.
    public mutating func flushPending() -> [Key] {
        guard !pending.isEmpty else { return [] }
        var rest = pending
        pending.removeAll()
        var keys: [Key] = []
        if rest.first == 0x1B {
            keys.append(.escape)
            rest.removeFirst()
        } else {
            // An unfinished UTF-8 character: nothing sensible to make of it.
            return []
        }
        keys += feed(rest)
        return keys
    }

    private enum Step {
        case key(Key?, length: Int)
        case incomplete
    }

    private func decode(at index: Int) -> Step {
        let byte = pending[index]
        switch byte {
        case 0x1B: return escape(at: index)
        case 0x0D, 0x0A: return .key(.enter, length: 1)
        case 0x20: return .key(.space, length: 1)
        case 0x7F, 0x08: return .key(.backspace, length: 1)
        case 0x09: return .key(.tab, length: 1)
        case 0x03: return .key(.interrupt, length: 1)
        case 0x04: return .key(.endOfInput, length: 1)
        case 0x1A: return .key(.suspend, length: 1)
        case 0x00 ..< 0x20: return .key(nil, length: 1)  // other control keys: ignored
        case 0x21 ..< 0x7F: return .key(.character(Character(UnicodeScalar(byte))), length: 1)
        default: return utf8(at: index)
        }
    }

    private func utf8(at index: Int) -> Step {
        let lead = pending[index]
        let length: Int
        switch lead {
        case 0xC2 ... 0xDF: length = 2
        case 0xE0 ... 0xEF: length = 3
        case 0xF0 ... 0xF4: length = 4
        default: return .key(nil, length: 1)  // a stray continuation or invalid byte
        }
        guard index + length <= pending.count else { return .incomplete }
        let bytes = pending[index ..< index + length]
        guard bytes.dropFirst().allSatisfy({ $0 & 0xC0 == 0x80 }),
              let text = String(validating: bytes, as: UTF8.self), let character = text.first
        else { return .key(nil, length: 1) }
        return .key(.character(character), length: length)
    }

    private func escape(at index: Int) -> Step {
        guard index + 1 < pending.count else { return .incomplete }
        let next = pending[index + 1]
        switch next {
        case UInt8(ascii: "["): return csi(at: index)
        case UInt8(ascii: "O"):
            guard index + 2 < pending.count else { return .incomplete }
            return .key(Self.final(pending[index + 2], modified: false), length: 3)
        case 0x1B:
            // ESC ESC: the first is a lone Escape.
            return .key(.escape, length: 1)
        default:
            // Alt+key arrives as ESC key; the game has no Alt bindings, so it is the key.
            return .key(nil, length: 1)
        }
    }

    /// `ESC [ params final`: arrows (`A`–`D`, with `1;2` Shift or `1;5` Ctrl), Home/End
    /// (`H`/`F`, `1~`/`4~`), Page up/down (`5~`/`6~`), F1 (`11~`, a modified `1;2P`, the
    /// Linux console's `[A`); anything else is skipped whole.
    private func csi(at index: Int) -> Step {
        // The Linux console's function keys, `ESC [ [ A` to `ESC [ [ E`: one byte more.
        if index + 2 < pending.count, pending[index + 2] == UInt8(ascii: "[") {
            guard index + 3 < pending.count else { return .incomplete }
            return .key(pending[index + 3] == UInt8(ascii: "A") ? .f1 : nil, length: 4)
        }
        var end = index + 2
        while end < pending.count {
            let byte = pending[end]
            if (0x40 ... 0x7E).contains(byte) { break }
            guard (0x20 ... 0x3F).contains(byte) else { return .key(nil, length: end - index) }
            end += 1
            // A runaway sequence is garbage: drop it rather than wait forever.
            if end - index > 32 { return .key(nil, length: end - index) }
        }
        guard end < pending.count else { return .incomplete }
        let params = String(decoding: pending[(index + 2) ..< end], as: UTF8.self)
        let final = pending[end]
        let length = end - index + 1
        if final == UInt8(ascii: "~") {
            switch params {
            case "1", "7": return .key(.home, length: length)
            case "4", "8": return .key(.end, length: length)
            case "5": return .key(.pageUp, length: length)
            case "6": return .key(.pageDown, length: length)
            case "11": return .key(.f1, length: length)
            default: return .key(nil, length: length)
            }
        }
        let modifier = params.split(separator: ";").dropFirst().first.flatMap { Int($0) } ?? 1
        return .key(Self.final(final, modified: modifier > 1), length: length)
    }

    private static func final(_ byte: UInt8, modified: Bool) -> Key? {
        switch byte {
        case UInt8(ascii: "A"): return .up
        case UInt8(ascii: "B"): return .down
        case UInt8(ascii: "C"): return modified ? .fineRight : .right
        case UInt8(ascii: "D"): return modified ? .fineLeft : .left
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .end
        case UInt8(ascii: "P"): return .f1
        default: return nil
        }
    }
}
