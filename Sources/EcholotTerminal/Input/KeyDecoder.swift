/// Turns the terminal's byte stream into keys: plain characters (UTF-8), control keys
/// and the escape sequences of arrows and friends (`ESC [ C`, `ESC O C`, `ESC [ 1 ; 2 C`,
/// F1 as `ESC O P`, `ESC [ 11 ~` or the Linux console's `ESC [ [ A`, the other function
/// keys, Insert, Delete, Shift-Tab), and a pasted block (`ESC [ 200 ~` … `ESC [ 201 ~`) as
/// one ``Key/paste``, its text dropped. Every key a player can press decodes to a key, so
/// that it can be answered; a sequence the game does not know is dropped whole.
///
/// A sequence split across reads is kept until the rest arrives. A lone ESC is ambiguous
/// (the start of a sequence, or the Escape key); the caller resolves it with
/// `flushPending()` once no more bytes arrived for a moment.
public struct KeyDecoder: Sendable {
    private var pending: [UInt8] = []
    // Inside a pasted block: bytes are dropped until its end marker.
    private var inPaste = false
    private static let pasteEnd = Array("\u{1B}[201~".utf8)

    /// A decoder with nothing pending.
    public init() {}

    /// Whether bytes are waiting for the rest of a sequence.
    public var hasPending: Bool { !pending.isEmpty && !inPaste }

    /// The keys completed by `bytes`.
    public mutating func feed(_ bytes: [UInt8]) -> [Key] {
        pending.append(contentsOf: bytes)
        var keys: [Key] = []
        var index = 0
        while index < pending.count {
            if inPaste {
                guard let end = Self.pasteEnd(in: pending, from: index) else {
                    // Only what may begin the end marker is kept: a long paste is not held.
                    let kept = Self.markerStart(in: pending, from: index)
                    pending.removeFirst(pending.count - kept)
                    return keys
                }
                inPaste = false
                index = end
                continue
            }
            switch decode(at: index) {
            case let .key(key, length):
                if let key { keys.append(key) }
                index += length
            case let .pasteStarts(length):
                keys.append(.paste)
                inPaste = true
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
        // In a paste an ESC is part of the text (or of its end marker), never the Escape key.
        guard !pending.isEmpty, !inPaste else { return [] }
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
        case pasteStarts(length: Int)
        case incomplete
    }

    /// The index just past the first paste end marker at or after `start`.
    private static func pasteEnd(in bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while index + pasteEnd.count <= bytes.count {
            if bytes[index] == 0x1B, bytes[index ..< index + pasteEnd.count].elementsEqual(pasteEnd) {
                return index + pasteEnd.count
            }
            index += 1
        }
        return nil
    }

    /// How many of the last bytes (from `start` on) may be the start of a paste end marker.
    private static func markerStart(in bytes: [UInt8], from start: Int) -> Int {
        let available = bytes.count - start
        for length in stride(from: min(pasteEnd.count - 1, available), to: 0, by: -1)
        where bytes[(bytes.count - length)...].elementsEqual(pasteEnd.prefix(length)) {
            return length
        }
        return 0
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
        // Ctrl-A … Ctrl-Y and Ctrl-@ \ ] ^ _: named by the key pressed with Ctrl.
        case 0x00 ..< 0x20: return .key(.control(Character(UnicodeScalar(byte + 0x40))), length: 1)
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
    /// (`H`/`F`, `1~`/`4~`), Page up/down (`5~`/`6~`), Insert/Delete (`2~`/`3~`), function
    /// keys (`11~`–`34~`, `P`–`S`, a modified `1;2P`, the Linux console's `[A`–`[E`),
    /// Shift-Tab (`Z`), a paste's start (`200~`); anything else is skipped whole.
    private func csi(at index: Int) -> Step {
        // The Linux console's function keys, `ESC [ [ A` to `ESC [ [ E`: one byte more.
        if index + 2 < pending.count, pending[index + 2] == UInt8(ascii: "[") {
            guard index + 3 < pending.count else { return .incomplete }
            let number = Int(pending[index + 3]) - Int(UInt8(ascii: "A")) + 1
            return .key((1 ... 5).contains(number) ? Self.function(number) : nil, length: 4)
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
            // A modifier after the number (`5;5~`, Ctrl-Page up) leaves the key as it is.
            switch params.split(separator: ";", omittingEmptySubsequences: false).first ?? "" {
            case "1", "7": return .key(.home, length: length)
            case "2": return .key(.insert, length: length)
            case "3": return .key(.delete, length: length)
            case "4", "8": return .key(.end, length: length)
            case "5": return .key(.pageUp, length: length)
            case "6": return .key(.pageDown, length: length)
            case "200": return .pasteStarts(length: length)
            case let code:
                // xterm's numbers for F1–F20, with gaps where VT220 keyboards had none.
                let codes = [11, 12, 13, 14, 15, 17, 18, 19, 20, 21, 23, 24, 25, 26, 28, 29, 31, 32, 33, 34]
                guard let number = Int(code).flatMap({ codes.firstIndex(of: $0) }) else { return .key(nil, length: length) }
                return .key(Self.function(number + 1), length: length)
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
        case UInt8(ascii: "Q"): return .function(2)
        case UInt8(ascii: "R"): return .function(3)
        case UInt8(ascii: "S"): return .function(4)
        case UInt8(ascii: "Z"): return .backTab
        default: return nil
        }
    }

    /// Function key `number`: F1 has a key of its own, as the help key.
    private static func function(_ number: Int) -> Key { number == 1 ? .f1 : .function(number) }
}
