import EcholotModel

/// One line of a script, read as Lua's lexer reads it (``LuaScan``), for what a runtime
/// error's message leaves out. Lua names a nil field alone ("attempt to perform arithmetic
/// on a nil value (field 'azimth')"), not the table it was read from, and places the error
/// at the line alone; the line's text shows what the name was read from when it is written
/// after a plain chain of names (`entity.azimth`, `ctx.level.player.azimth`).
struct LuaLine {
    /// One place a name is read on the line.
    struct Occurrence: Equatable {
        /// The names of the chain the field is read from (`["ctx", "level"]` for
        /// `ctx.level.x`); nil when what comes before the dot is not a plain chain of names
        /// (`f().x`, `t[i].x`), and empty for a global.
        var path: [String]?
        /// The offset in the text where the expression starts: the chain's first name, or
        /// the name itself when there is no plain chain.
        var offset: Int
    }

    /// Lua's reserved words: none of them starts a chain of names.
    private static let reserved: Set<String> = [
        "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if", "in",
        "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while",
    ]

    /// The whole text of the script.
    let text: [UInt8]
    /// The offset where the line starts.
    let start: Int
    /// The tokens that start on the line.
    let tokens: [LuaScan.Token]
    /// The last token before the line, if any: a chain may begin on the line before.
    let previous: LuaScan.Token?

    /// How a field read stands in its expression, for a message that names no field.
    struct Read {
        /// The field's name.
        var name: String
        /// Where it is read from.
        var place: Occurrence
        /// Whether it is an operand of `<`, `<=`, `>` or `>=` (`ctx.time > goal.limit`).
        var compared: Bool
        /// Whether it is a whole argument of a call (`math.floor(goal.limit)`).
        var argument: Bool
    }

    /// Lines `lines` of `text` (counted from 1; a function's, to see where a local was
    /// set), scanned from the start of the text: the first may begin inside a long string
    /// or comment. Nil when the text has no line `lines.lowerBound`.
    init?(_ lines: ClosedRange<Int>, of text: [UInt8]) {
        guard let start = LuaKeySearch.offset(ofLine: lines.lowerBound, in: text) else { return nil }
        let end = lines.upperBound == .max ? text.count : LuaKeySearch.offset(ofLine: lines.upperBound + 1, in: text) ?? text.count
        let scan = LuaScan(text: text)
        var tokens: [LuaScan.Token] = []
        var previous: LuaScan.Token?
        var t = scan.token(at: 0)
        while t.kind != .eof, t.start < end {
            if t.start >= start { tokens.append(t) } else { previous = t }
            t = scan.token(at: t.end)
        }
        self.text = text
        self.start = start
        self.tokens = tokens
        self.previous = previous
    }

    /// Line `line` of `text` (counted from 1). Nil when the text has no such line.
    init?(_ line: Int, of text: [UInt8]) {
        self.init(line ... line, of: text)
    }

    /// The column, in characters, of `offset` on this line.
    func column(ofOffset offset: Int) -> Int {
        SourcePosition.columns(of: text[start ..< max(start, min(offset, text.count))]) + 1
    }

    /// The places where `name` is read as a field (`kind` "field": after a single dot,
    /// and not assigned to), as a method (`kind` "method": after a colon, placed as a
    /// field is, where its chain starts) or as a variable (`kind` "global": not after a
    /// dot, a colon or `local`), in the order they are written. Empty for any other kind.
    func occurrences(of name: String, kind: String) -> [Occurrence] {
        guard ["field", "method", "global"].contains(kind) else { return [] }
        let word = Array(name.utf8)
        var found: [Occurrence] = []
        for (k, token) in tokens.enumerated() where token.kind == .name && text[token.start ..< token.end].elementsEqual(word) {
            let before = self.token(k - 1)
            let afterDot = before.map(isDot) ?? false
            let afterColon = before.map { isPunct($0, ":") } ?? false
            if kind == "global" {
                let declared = before.map { spelling($0) == "local" } ?? false
                if !afterDot && !afterColon && !declared { found.append(Occurrence(path: [], offset: token.start)) }
                continue
            }
            guard kind == "method" ? afterColon : afterDot && !isAssigned(k) else { continue }
            found.append(chain(endingBefore: k - 1) ?? Occurrence(path: nil, offset: token.start))
        }
        return found
    }

    /// The places where field `name` is assigned to (`goal.state = …`), each with the
    /// chain it is written after, in the order they are written.
    func writes(of name: String) -> [Occurrence] {
        let word = Array(name.utf8)
        return tokens.indices.compactMap { k in
            guard k > 0, tokens[k].kind == .name, text[tokens[k].start ..< tokens[k].end].elementsEqual(word),
                  isDot(tokens[k - 1]), isAssigned(k) else { return nil }
            return chain(endingBefore: k - 1) ?? Occurrence(path: nil, offset: tokens[k].start)
        }
    }

    /// Every field read (not assigned to) after a plain chain of names (`goal.limit`;
    /// `ctx.params.seconds` twice: `ctx.params` and `params.seconds`), with the field's
    /// name, in the order they are written.
    func fieldReads() -> [Read] {
        var found: [Read] = []
        for (k, token) in tokens.enumerated() where k > 0 && isDot(tokens[k - 1]) {
            guard let name = plainName(token), !isAssigned(k), let place = chain(endingBefore: k - 1) else { continue }
            let first = tokens.firstIndex { $0.start == place.offset } ?? k
            let before = self.token(first - 1), after = self.token(k + 1)
            let comparisons: Set<String> = ["<", "<=", ">", ">="]
            let compared = [before, after].contains { $0.map { $0.kind == .punct && comparisons.contains(spelling($0)) } ?? false }
            let argument = (before.map { spelling($0) == "(" || spelling($0) == "," } ?? false)
                && (after.map { spelling($0) == ")" || spelling($0) == "," } ?? false)
            found.append(Read(name: name, place: place, compared: compared, argument: argument))
        }
        return found
    }

    /// A read through brackets whose key is a chain of names (`ctx.level.entities[action.id]`),
    /// indexed further (`.azimuth`, `:m()`, `[1]`): where Lua's message says "(field '?')".
    struct BracketRead: Equatable {
        /// The chain of the table read (`["ctx", "level", "entities"]`).
        var table: [String]
        /// The chain of the key (`["action", "id"]`).
        var key: [String]
        /// Where the table's chain starts.
        var offset: Int
    }

    /// Every ``BracketRead`` on the line whose table and key are plain chains, in the
    /// order they are written.
    func bracketReads() -> [BracketRead] {
        var found: [BracketRead] = []
        for (k, open) in tokens.enumerated() where open.kind == .open && text[open.start] == UInt8(ascii: "[") {
            guard let table = chain(endingBefore: k), let path = table.path else { continue }
            var key: [String] = []
            var m = k + 1
            while let name = token(m).flatMap(plainName) {
                key.append(name)
                guard let dot = token(m + 1), isDot(dot) else { m += 1; break }
                m += 2
            }
            guard !key.isEmpty, let close = token(m), close.kind == .close, text[close.start] == UInt8(ascii: "]"),
                  let next = token(m + 1), isDot(next) || isPunct(next, ":") || (next.kind == .open && text[next.start] == UInt8(ascii: "["))
            else { continue }
            found.append(BracketRead(table: path, key: key, offset: table.offset))
        }
        return found
    }

    /// Where a local was set, for a message that names it nil ("(local 'e')"): its
    /// declaration `local e = goal.targt` or `local e = ctx.level.entities[goal.target]`.
    struct LocalSource: Equatable {
        /// The chain of the table read (`["goal"]`, `["ctx", "level", "entities"]`).
        var table: [String]
        /// What is read from the table.
        var read: Read
        /// Where the declaration's value starts.
        var offset: Int

        /// A field (`.targt`), or an entry by a key that is a plain chain (`[goal.target]`).
        enum Read: Equatable {
            case field(String)
            case key([String])
        }

        /// The value as written: `goal.targt`, `ctx.level.entities[goal.target]`.
        var written: String {
            let table = self.table.joined(separator: ".")
            switch read {
            case let .field(name): return "\(table).\(name)"
            case let .key(key): return "\(table)[\(key.joined(separator: "."))]"
            }
        }
    }

    /// Where these lines (a function's) set local `name` before `offset`: its one
    /// declaration, `local name =` a plain chain of names ending in a field or a bracket
    /// read and then the end of the expression. Nil when there is none, or when any other
    /// place on the lines could set a variable of the name (`name =`, `name, b =`, `for
    /// name`, `function(name)`, another `local name`) or hands it to a call (`f(name)`),
    /// which the engine cannot follow.
    func source(ofLocal name: String, before offset: Int) -> LocalSource? {
        let word = Array(name.utf8)
        var declaration: Int?
        for (k, token) in tokens.enumerated() where token.kind == .name && text[token.start ..< token.end].elementsEqual(word) {
            if declaration == nil, token.start < offset, let before = self.token(k - 1), spelling(before) == "local",
               let after = self.token(k + 1), isPunct(after, "=") {
                declaration = k
                continue
            }
            if mayChange(k) { return nil }
        }
        guard let declaration, let root = token(declaration + 2).flatMap(plainName) else { return nil }
        var table = [root]
        var read: LocalSource.Read?
        var m = declaration + 3
        while let t = token(m) {
            if isDot(t), let field = token(m + 1).flatMap(plainName) {
                guard let last = read else { read = .field(field); m += 2; continue }
                guard case let .field(previous) = last else { return nil }
                table.append(previous)
                read = .field(field)
                m += 2
            } else if t.kind == .open, text[t.start] == UInt8(ascii: "[") {
                var key: [String] = []
                m += 1
                while let part = token(m).flatMap(plainName) {
                    key.append(part)
                    guard let dot = token(m + 1), isDot(dot) else { m += 1; break }
                    m += 2
                }
                guard !key.isEmpty, let close = token(m), close.kind == .close, text[close.start] == UInt8(ascii: "]") else { return nil }
                if let last = read {
                    guard case let .field(previous) = last else { return nil }
                    table.append(previous)
                }
                read = .key(key)
                m += 1
            } else {
                break
            }
        }
        // What follows must end the expression: a new statement's name or keyword, `;`, or
        // nothing; an operator, a call or `and`/`or` would make the value another one.
        if let next = token(m), !(isPunct(next, ";") || (next.kind == .name && !["and", "or"].contains(spelling(next)))) { return nil }
        guard let read else { return nil }
        // The read is told with the values its names have now: none of them may have been
        // set again since (`k = "x"`, `t = {…}`, `t.bel = nil`), or handed to a call.
        var names = Set(table)
        switch read {
        case let .field(field): names.insert(field)
        case let .key(key): names.formUnion(key)
        }
        for k in (declaration + 3) ..< tokens.count where tokens[k].kind == .name && plainName(tokens[k]).map(names.contains) == true {
            if mayChange(k) || (k > 0 && isDot(tokens[k - 1]) && isAssigned(k)) { return nil }
        }
        return LocalSource(table: table, read: read, offset: tokens[declaration + 2].start)
    }

    /// Whether the variable named at `k` (not a field: after no dot or colon) may be given
    /// another value there: assigned (`e =`, `e, f =`), declared again (`local e`, `for e`,
    /// `function(e)`) or handed to a call (`f(e)`), which the engine cannot follow.
    private func mayChange(_ k: Int) -> Bool {
        let before = token(k - 1), after = token(k + 1)
        if let before, isDot(before) || isPunct(before, ":") { return false }
        let declared = before.map { ["local", "for", "function"].contains(spelling($0)) } ?? false
        let setsOrHands = after.map { isPunct($0, "=") || isPunct($0, ",") || spelling($0) == ")" || spelling($0) == "in" } ?? false
        return declared || setsOrHands
    }

    /// The token at `k` of the line; the one before the line at -1.
    private func token(_ k: Int) -> LuaScan.Token? {
        k >= 0 ? (k < tokens.count ? tokens[k] : nil) : (k == -1 ? previous : nil)
    }

    /// What `token` is written as.
    private func spelling(_ token: LuaScan.Token) -> String {
        String(decoding: text[token.start ..< token.end], as: UTF8.self)
    }

    /// The plain chain of names whose last name is the token before the dot at `dot`, with
    /// where it starts; nil when there is none.
    private func chain(endingBefore dot: Int) -> Occurrence? {
        var j = dot - 1
        guard j >= 0, let last = plainName(tokens[j]) else { return nil }
        var path = [last]
        while j >= 2, isDot(tokens[j - 1]), let name = plainName(tokens[j - 2]) {
            path.insert(name, at: 0)
            j -= 2
        }
        // `f().x.y`, `t[1].y`, `s:m().y`: a chain that goes on to the left is not plain (a
        // name after a bracket with no dot between, `{} t.x`, starts a new expression).
        // So is one whose first name is after a dot at the end of the line before.
        if let before = token(j - 1), isDot(before) || isPunct(before, ":") { return nil }
        return Occurrence(path: path, offset: tokens[j].start)
    }

    /// Whether the name at `k` is the target of an assignment (`goal.x = …`): written,
    /// not read, so it is not what a nil came from.
    private func isAssigned(_ k: Int) -> Bool {
        k + 1 < tokens.count && isPunct(tokens[k + 1], "=")
    }

    /// The name `token` is, if it is one and not a reserved word.
    private func plainName(_ token: LuaScan.Token) -> String? {
        guard token.kind == .name, let name = String(bytes: text[token.start ..< token.end], encoding: .utf8),
              !Self.reserved.contains(name) else { return nil }
        return name
    }

    /// Whether `token` is the one-character punctuation `c`.
    private func isPunct(_ token: LuaScan.Token, _ c: Character) -> Bool {
        token.kind == .punct && token.end - token.start == 1 && text[token.start] == c.asciiValue!
    }

    /// Whether `token` is a dot that indexes: one the lexer gives alone, not part of `..`
    /// (concatenation) or `...` (varargs), which it gives dot by dot.
    private func isDot(_ token: LuaScan.Token) -> Bool {
        guard isPunct(token, ".") else { return false }
        let dot = UInt8(ascii: ".")
        return !(token.start > 0 && text[token.start - 1] == dot) && !(token.end < text.count && text[token.end] == dot)
    }
}
