/// What a string literal holds, read as Lua's lexer reads it: a key is compared with the
/// key Lua holds, byte for byte, so `["a\"b"]`, `'a"b'` and `[[a"b]]` are one key and
/// `"\u{E9}"` is `"é"`.
extension LuaScan {
    /// The bytes the string token `string` holds: escapes read, and in a long bracket its
    /// first line break dropped and every other one read as `\n`.
    func bytes(of string: Token) -> [UInt8] {
        if text[string.start] == UInt8(ascii: "\"") || text[string.start] == UInt8(ascii: "'") {
            return shortString(at: string.start, reading: true).bytes
        }
        let closing = string.contentStart - string.start  // `]==]` is as long as `[==[`
        let end = max(string.contentStart, string.end - closing)
        var out: [UInt8] = []
        var i = string.contentStart
        if i < end, let length = LuaKeySearch.lineBreak(at: i, in: text) { i += length }
        while i < end {
            if let length = LuaKeySearch.lineBreak(at: i, in: text) {
                out.append(0x0A)
                i += length
            } else {
                out.append(text[i])
                i += 1
            }
        }
        return out
    }

    /// The short string whose quote is at `start`: the offset after its closing quote (or
    /// where it breaks off unfinished), and what it holds when `reading` (else nothing, so
    /// that lexing costs no copies).
    func shortString(at start: Int, reading: Bool) -> (end: Int, bytes: [UInt8]) {
        let quote = text[start]
        var out: [UInt8] = []
        func emit(_ byte: UInt8) { if reading { out.append(byte) } }
        var i = start + 1
        while i < text.count {
            let c = text[i]
            if c == quote { return (i + 1, out) }
            if c == 0x0A || c == 0x0D { return (i, out) }
            guard c == UInt8(ascii: "\\"), i + 1 < text.count else {
                emit(c)
                i += 1
                continue
            }
            let e = text[i + 1]
            i += 2
            switch e {
            case UInt8(ascii: "a"): emit(0x07)
            case UInt8(ascii: "b"): emit(0x08)
            case UInt8(ascii: "f"): emit(0x0C)
            case UInt8(ascii: "n"): emit(0x0A)
            case UInt8(ascii: "r"): emit(0x0D)
            case UInt8(ascii: "t"): emit(0x09)
            case UInt8(ascii: "v"): emit(0x0B)
            case 0x0A, 0x0D:
                // A backslash before a line break (`\r\n` too) holds a `\n`.
                emit(0x0A)
                i += (LuaKeySearch.lineBreak(at: i - 1, in: text) ?? 1) - 1
            case UInt8(ascii: "z"):
                while i < text.count, [0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D].contains(text[i]) { i += 1 }
            case UInt8(ascii: "x"):
                let digits = hexDigits(from: i, max: 2)
                emit(UInt8(truncatingIfNeeded: digits.value))
                i += digits.count
            case UInt8(ascii: "u"):
                guard i < text.count, text[i] == UInt8(ascii: "{") else { break }
                let digits = hexDigits(from: i + 1, max: 8)
                for byte in Self.utf8(digits.value) { emit(byte) }
                i += 2 + digits.count  // `{`, the digits, `}`
            case 0x30 ... 0x39:
                // `\ddd`: up to three decimal digits.
                var code = Int(e - 0x30), count = 1
                while count < 3, i < text.count, (0x30 ... 0x39).contains(text[i]) {
                    code = code * 10 + Int(text[i] - 0x30)
                    count += 1
                    i += 1
                }
                emit(UInt8(truncatingIfNeeded: code))
            default:
                emit(e)  // `\\`, `\"`, `\'`
            }
        }
        return (text.count, out)
    }

    /// The value of up to `max` hexadecimal digits from `i`, and how many there are.
    private func hexDigits(from i: Int, max: Int) -> (value: UInt64, count: Int) {
        var value: UInt64 = 0, count = 0
        while count < max, i + count < text.count, let digit = Self.hexValue(text[i + count]) {
            value = value << 4 | UInt64(digit)
            count += 1
        }
        return (value, count)
    }

    private static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case 0x30 ... 0x39: b - 0x30
        case 0x41 ... 0x46: b - 0x41 + 10
        case 0x61 ... 0x66: b - 0x61 + 10
        default: nil
        }
    }

    /// The bytes `\u{…}` writes for `code`: UTF-8, extended as Lua extends it up to 2^31
    /// (six bytes), so a code past Unicode's is still the key Lua made.
    private static func utf8(_ code: UInt64) -> [UInt8] {
        guard code >= 0x80 else { return [UInt8(code)] }
        var out: [UInt8] = []
        var code = code
        var room: UInt64 = 0x3F  // what fits in the first byte besides its length marks
        while code > room {
            out.append(0x80 | UInt8(code & 0x3F))
            code >>= 6
            room >>= 1
        }
        out.append(UInt8(truncatingIfNeeded: (~room << 1) | code))
        return out.reversed()
    }
}
