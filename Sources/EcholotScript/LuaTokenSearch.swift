import EcholotModel

/// Where a syntax error is in a script's text. Lua's parser gives the line alone (`12:
/// unexpected symbol near 'end'`); the token it names is looked for on that line, read as
/// Lua's lexer reads it (``LuaLine``), so that an `end` inside a string or a comment
/// does not stand in for it.
enum LuaTokenSearch {
    /// The position of what a syntax error's `message` says it is near: a token on `line`
    /// that begins with the token's text (`near 'end'`) — the last one before `lexed`, the
    /// bytes the lexer had read (it stops one past the token it stands on), else the first —
    /// or, when the text ran out (`near <eof>`), just after the last thing the text holds.
    /// Nil when the message names no token or the token is not on that line.
    static func position(ofNearIn message: String, line: Int, lexed: Int, in text: [UInt8]) -> SourcePosition? {
        if message.hasSuffix(" near <eof>") {
            let whitespace: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D]
            guard let last = text.lastIndex(where: { !whitespace.contains($0) }) else { return nil }
            return LuaKeySearch.position(ofOffset: last + 1, in: text)
        }
        guard message.hasSuffix("'"), let near = message.range(of: " near '", options: .backwards),
              near.upperBound < message.index(before: message.endIndex),
              let read = LuaLine(line, of: text) else { return nil }
        let token = Array(message[near.upperBound ..< message.index(before: message.endIndex)].utf8)
        var found: Int?
        for t in read.tokens where starts(with: token, at: t.start, in: text) {
            if found == nil || t.start < lexed { found = t.start }
        }
        return found.map { LuaKeySearch.position(ofOffset: $0, in: text) }
    }

    /// Whether `token` is written at `offset`, whole: a name or a number is not the start of a longer one.
    private static func starts(with token: [UInt8], at offset: Int, in text: [UInt8]) -> Bool {
        guard let last = token.last, text[offset...].starts(with: token) else { return false }
        let end = offset + token.count
        return !(LuaScan.isNameByte(last) && end < text.count && LuaScan.isNameByte(text[end]))
    }
}
