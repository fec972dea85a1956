/// Where a handler's `return` is written. When the engine refuses what a reducer returned,
/// the handler's frame is gone and Lua knows only where the function was defined; the
/// text knows more. A handler with a single `return` that gives a value gave the value
/// refused, so the message can stand at that `return` rather than at `function`.
extension LuaKeySearch {
    /// The byte offset of the one `return` giving a value (anything but nothing or `nil`)
    /// in the body of the function defined from line `first` to line `last`, not counting
    /// the returns of functions nested in it; nil when there is none or more than one (the
    /// text cannot tell which ran), or the function is not found whole on those lines.
    static func offset(ofValueReturnInFunctionFrom first: Int, to last: Int, in text: [UInt8]) -> Int? {
        guard let lineStart = offset(ofLine: first, in: text) else { return nil }
        let nextLine = offset(ofLine: first + 1, in: text) ?? text.count
        let lastLine = (offset(ofLine: last, in: text) ?? text.count, offset(ofLine: last + 1, in: text) ?? text.count)
        let scan = LuaScan(text: text)
        var t = scan.token(at: lineStart)
        while t.kind != .eof, scan.word(t) != "function" {
            guard t.start < nextLine else { return nil }
            t = scan.token(at: t.end)
        }
        guard t.kind != .eof, t.start < nextLine else { return nil }
        // The blocks open inside the function, innermost last; `nested` counts the functions
        // among them, whose returns are their own.
        var blocks: [String] = ["function"]
        var nested = 0
        var found: Int?
        var count = 0
        t = scan.token(at: t.end)
        while t.kind != .eof {
            switch scan.word(t) {
            case "function":
                blocks.append("function")
                nested += 1
            case "if", "do":
                blocks.append("block")
            case "repeat":
                blocks.append("repeat")
            case "end", "until":
                guard let closed = blocks.popLast() else { return nil }
                if closed == "function" {
                    if blocks.isEmpty {
                        guard t.start >= lastLine.0, t.start < lastLine.1, count == 1 else { return nil }
                        // Another function starting on the same line could be the one
                        // Lua means (`a = function() … end, b = function() … end`).
                        var after = scan.token(at: t.end)
                        while after.kind != .eof, after.start < nextLine {
                            if scan.word(after) == "function" { return nil }
                            after = scan.token(at: after.end)
                        }
                        return found
                    }
                    nested -= 1
                }
            case "return" where nested == 0:
                let next = scan.token(at: t.end)
                if !scan.endsReturn(next) && !(scan.word(next) == "nil" && scan.endsReturn(scan.token(at: next.end))) {
                    found = t.start
                    count += 1
                }
            default:
                break
            }
            t = scan.token(at: t.end)
        }
        return nil
    }
}

extension LuaScan {
    /// The name `token` spells, or nil for any other token.
    func word(_ token: Token) -> String? {
        token.kind == .name ? String(decoding: text[token.start ..< token.end], as: UTF8.self) : nil
    }

    /// Whether `token` can follow a `return` that gives nothing: the end of its block, a
    /// `;`, or the end of the text.
    func endsReturn(_ token: Token) -> Bool {
        if token.kind == .eof { return true }
        if token.kind == .punct, token.end - token.start == 1, text[token.start] == UInt8(ascii: ";") { return true }
        switch word(token) {
        case "end", "else", "elseif", "until": return true
        default: return false
        }
    }
}
