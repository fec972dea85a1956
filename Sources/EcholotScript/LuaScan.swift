/// A lexer for just enough of Lua to walk table constructors: names, strings, long
/// brackets, comments, brackets and the `=` that is not `==`.
struct LuaScan {
    let text: [UInt8]

    enum Kind: Equatable { case name, string, open, close, punct, eof }
    struct Token {
        var kind: Kind
        var start: Int
        var end: Int
        /// A string's contents start (after its quote or long bracket).
        var contentStart: Int = 0
    }

    private func byte(_ i: Int) -> UInt8? { i < text.count ? text[i] : nil }

    private static func isNameStart(_ b: UInt8) -> Bool {
        b == UInt8(ascii: "_") || (b | 0x20 >= 0x61 && b | 0x20 <= 0x7A)
    }

    /// Whether `b` may be part of a name (or of a number: digits and letters).
    static func isNameByte(_ b: UInt8) -> Bool { isNameStart(b) || (b >= 0x30 && b <= 0x39) }

    /// The level of a long bracket `[==[` opening at `i`, if one does.
    private func longBracket(at i: Int) -> Int? {
        guard byte(i) == UInt8(ascii: "[") else { return nil }
        var j = i + 1
        while byte(j) == UInt8(ascii: "=") { j += 1 }
        return byte(j) == UInt8(ascii: "[") ? j - i - 1 : nil
    }

    /// The offset after the long bracket of `level` that closes one opened before `i`.
    private func skipLong(from i: Int, level: Int) -> Int {
        var j = i
        while j < text.count {
            if text[j] == UInt8(ascii: "]") {
                var k = j + 1
                while byte(k) == UInt8(ascii: "=") { k += 1 }
                if k - j - 1 == level, byte(k) == UInt8(ascii: "]") { return k + 1 }
            }
            j += 1
        }
        return text.count
    }

    /// The offset of the next token after `i`: white space and comments skipped.
    private func skipTrivia(_ i: Int) -> Int {
        var i = i
        while let b = byte(i) {
            if b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0B || b == 0x0C {
                i += 1
            } else if b == UInt8(ascii: "-"), byte(i + 1) == UInt8(ascii: "-") {
                if let level = longBracket(at: i + 2) {
                    i = skipLong(from: i + 4 + level, level: level)
                } else {
                    while let c = byte(i), c != 0x0A, c != 0x0D { i += 1 }  // a comment ends at \n or \r, as in Lua
                }
            } else {
                break
            }
        }
        return i
    }

    /// The token at or after `i`.
    func token(at i: Int) -> Token {
        let start = skipTrivia(i)
        guard let b = byte(start) else { return Token(kind: .eof, start: text.count, end: text.count) }
        if Self.isNameStart(b) {
            var j = start + 1
            while let c = byte(j), Self.isNameByte(c) { j += 1 }
            return Token(kind: .name, start: start, end: j)
        }
        if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
            return Token(kind: .string, start: start, end: shortString(at: start, reading: false).end, contentStart: start + 1)
        }
        if let level = longBracket(at: start) {
            return Token(kind: .string, start: start, end: skipLong(from: start + level + 2, level: level),
                         contentStart: start + level + 2)
        }
        if b == UInt8(ascii: "{") || b == UInt8(ascii: "(") || b == UInt8(ascii: "[") {
            return Token(kind: .open, start: start, end: start + 1)
        }
        if b == UInt8(ascii: "}") || b == UInt8(ascii: ")") || b == UInt8(ascii: "]") {
            return Token(kind: .close, start: start, end: start + 1)
        }
        // `==`, `<=`, `>=`, `~=` are one token, so a lone `=` is an assignment.
        if b == UInt8(ascii: "=") || b == UInt8(ascii: "<") || b == UInt8(ascii: ">") || b == UInt8(ascii: "~"),
           byte(start + 1) == UInt8(ascii: "=") {
            return Token(kind: .punct, start: start, end: start + 2)
        }
        if b >= 0x30 && b <= 0x39 || b == UInt8(ascii: ".") && (byte(start + 1).map { $0 >= 0x30 && $0 <= 0x39 } ?? false) {
            var j = start + 1
            while let c = byte(j), Self.isNameByte(c) || c == UInt8(ascii: ".")
                || ((c == UInt8(ascii: "+") || c == UInt8(ascii: "-")) && (text[j - 1] | 0x20 == UInt8(ascii: "e") || text[j - 1] | 0x20 == UInt8(ascii: "p"))) {
                j += 1
            }
            return Token(kind: .punct, start: start, end: j)
        }
        return Token(kind: .punct, start: start, end: start + 1)
    }

    private func isPunct(_ t: Token, _ c: Character) -> Bool {
        t.kind == .punct && t.end - t.start == 1 && text[t.start] == c.asciiValue!
    }

    private func isOpen(_ t: Token, _ c: Character) -> Bool { t.kind == .open && text[t.start] == c.asciiValue! }

    /// The token after the bracket that closes the one opened by `open` (or at `eof`).
    private func afterClosing(_ open: Token) -> Token {
        var depth = 1
        var t = token(at: open.end)
        while t.kind != .eof {
            if t.kind == .open { depth += 1 } else if t.kind == .close { depth -= 1 }
            t = token(at: t.end)
            if depth == 0 { return t }
        }
        return t
    }

    /// The table constructor given as the last argument of the registration called on the
    /// line at `lineStart`: `echolot.kind(…, {` there, else the line's first call `f(…, {`
    /// (a local name for `echolot.goal`); nil when that argument is no constructor.
    func specTable(ofCallOnLineAt lineStart: Int) -> Int? {
        let lineEnd = text[lineStart...].firstIndex { $0 == 0x0A || $0 == 0x0D } ?? text.count
        var firstCall: Token?
        var previous: [Token] = []
        var t = token(at: lineStart)
        while t.kind != .eof, t.start < lineEnd {
            if isOpen(t, "(") || isOpen(t, "{") || t.kind == .string, let callee = previous.last, callee.kind == .name {
                let dotted = previous.count >= 3 && isPunct(previous[previous.count - 2], ".")
                    && previous[previous.count - 3].kind == .name
                    && text[previous[previous.count - 3].start ..< previous[previous.count - 3].end].elementsEqual("echolot".utf8)
                if dotted { return argumentTable(t) }
                if firstCall == nil, isOpen(t, "(") { firstCall = t }
            }
            previous.append(t)
            t = token(at: t.end)
        }
        return firstCall.flatMap(argumentTable)
    }

    /// The offset of the table constructor that `open` — a call's `(`, or the `{` of
    /// `f{…}` — passes last, if it is one.
    private func argumentTable(_ open: Token) -> Int? {
        if isOpen(open, "{") { return open.start }
        guard isOpen(open, "(") else { return nil }
        var last: Token?
        var t = token(at: open.end)
        var argumentStart = true
        while t.kind != .eof {
            if t.kind == .close { return last.map(\.start) }
            if argumentStart {
                let table = isOpen(t, "{")
                let after = t.kind == .open ? afterClosing(t) : token(at: t.end)
                // Only a constructor that is the whole argument: `{…}` then `,` or `)`.
                last = table && (isPunct(after, ",") || after.kind == .close) ? t : nil
                argumentStart = false
                t = after
                continue
            }
            if isPunct(t, ",") { argumentStart = true; t = token(at: t.end); continue }
            last = nil
            t = t.kind == .open ? afterClosing(t) : token(at: t.end)
        }
        return nil
    }

    /// Whether a table constructor starts at `offset` (a field's value that is one).
    func isTable(at offset: Int) -> Bool { byte(offset) == UInt8(ascii: "{") }

    /// The offsets of every table constructor's `{` in the text, in order.
    func tables() -> [Int] {
        var offsets: [Int] = []
        var t = token(at: 0)
        while t.kind != .eof {
            if isOpen(t, "{") { offsets.append(t.start) }
            t = token(at: t.end)
        }
        return offsets
    }

    /// An entry of a table constructor: its key (a positional item's is its index; nil for
    /// a key computed by an expression), whether it is a positional item, where its key's
    /// text starts (a string key's, after its quote) and where its value starts.
    struct Entry {
        var key: LuaKey?
        var positional: Bool
        var keyOffset: Int
        var valueOffset: Int
    }

    /// The named fields of the table constructor whose `{` is at `open`: `name = …`,
    /// `["name"] = …` and `[ [[name]] ] = …`.
    func fields(ofTableAt open: Int) -> [Entry] {
        entries(ofTableAt: open).filter { if case .name = $0.key { true } else { false } }
    }

    /// How many positional items Lua's compiler holds back before storing them in one go
    /// (`LFIELDS_PER_FLUSH` in lopcodes.h): the items of a constructor are stored in
    /// batches of this many, each when the field after its last item begins, the rest at
    /// the `}`.
    static let itemsPerStore = 50

    /// The entry of the table constructor at `open` that gives `key` its value: the one Lua
    /// stores last. A `[n] = …` is stored where it is written, a positional item only with
    /// its batch (``itemsPerStore``): item 3 of `{ 1, 2, 3, [3] = x }` wins over the `[3] =`
    /// after it, but a `[3] =` written after the 50th item wins over item 3.
    func entry(_ key: LuaKey, inTableAt open: Int) -> Entry? {
        let all = entries(ofTableAt: open)
        var winner: (entry: Entry, stored: Int)?
        var itemPlaces: [Int] = []
        for (place, entry) in all.enumerated() where entry.positional { itemPlaces.append(place) }
        for (place, entry) in all.enumerated() where entry.key == key {
            // A batch is stored after its last item and before the field that follows it
            // (written here as the last item's place and a half, doubled to stay whole).
            var stored = 2 * place
            if entry.positional, case let .index(item) = key {
                let last = (item - 1) / Self.itemsPerStore * Self.itemsPerStore + Self.itemsPerStore
                stored = last <= itemPlaces.count ? 2 * itemPlaces[last - 1] + 1 : 2 * all.count
            }
            if winner.map({ stored >= $0.stored }) ?? true { winner = (entry, stored) }
        }
        return winner?.entry
    }

    /// The entries `keys` lead through from the table constructor at `table`, outermost
    /// first: as many as the text writes, up to a key it does not write or a value that is
    /// no constructor. A message about a table's field (a spec's, a data file's value)
    /// stands at the last.
    func walk(_ keys: [LuaKey], from table: Int) -> [Entry] {
        var path: [Entry] = []
        var current = table
        for key in keys {
            guard isTable(at: current), let entry = entry(key, inTableAt: current) else { break }
            path.append(entry)
            current = entry.valueOffset
        }
        return path
    }

    /// Every entry of the table constructor whose `{` is at `open`, in order.
    func entries(ofTableAt open: Int) -> [Entry] {
        var entries: [Entry] = []
        var items = 0
        var t = token(at: open + 1)
        while t.kind != .eof, t.kind != .close {
            // A field's start: its key, if it has one written so.
            let next = token(at: t.end)
            if t.kind == .name, isPunct(next, "=") {
                entries.append(Entry(key: .name(Array(text[t.start ..< t.end])), positional: false,
                                     keyOffset: t.start, valueOffset: token(at: next.end).start))
            } else if isOpen(t, "[") {
                let closing = token(at: next.end), equals = token(at: closing.end)
                if closing.kind == .close, text[closing.start] == UInt8(ascii: "]"), isPunct(equals, "="),
                   let key = literalKey(next) {
                    entries.append(Entry(key: key, positional: false, keyOffset: next.kind == .string ? next.contentStart : next.start,
                                         valueOffset: token(at: equals.end).start))
                } else {
                    entries.append(Entry(key: nil, positional: false, keyOffset: t.start, valueOffset: t.start))
                }
            } else {
                items += 1
                entries.append(Entry(key: .index(items), positional: true, keyOffset: t.start, valueOffset: t.start))
            }
            // On to the next field: past `,` or `;` at this depth, or to the closing `}`.
            while t.kind != .eof, t.kind != .close, !isPunct(t, ","), !isPunct(t, ";") {
                t = t.kind == .open ? afterClosing(t) : token(at: t.end)
            }
            if t.kind != .close, t.kind != .eof { t = token(at: t.end) }
        }
        return entries
    }

    /// The key a literal in brackets writes: a string's bytes, or an integer (`[2]`,
    /// `[0x10]`, and `[2.0]`, which Lua stores as 2); nil for any other number.
    private func literalKey(_ literal: Token) -> LuaKey? {
        if literal.kind == .string { return .name(bytes(of: literal)) }
        guard literal.kind == .punct, let first = byte(literal.start), first >= 0x30 && first <= 0x39 || first == UInt8(ascii: ".") else { return nil }
        let written = String(decoding: text[literal.start ..< literal.end], as: UTF8.self)
        if let integer = Int(written) { return .index(integer) }
        if written.lowercased().hasPrefix("0x"), let integer = Int(written.dropFirst(2), radix: 16) { return .index(integer) }
        guard let number = Double(written), number.rounded() == number, let integer = Int(exactly: number) else { return nil }
        return .index(integer)
    }
}
