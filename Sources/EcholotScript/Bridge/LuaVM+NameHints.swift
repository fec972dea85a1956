import CLua
import CLuaBridge
import EcholotModel

/// Hints for Lua's messages about a nil name ("attempt to call a nil value (field
/// 'gaol')"): what packs use instead of a name the sandbox leaves out, or the name a
/// misspelt one was meant to be. Lua names the field, not the table it read; the engine's
/// own tables note which of them a missing name was read from (CLuaBridge/missed.c), and a
/// global is looked up in the globals of the function that failed.
extension LuaVM {
    /// What packs use instead of the names the sandbox leaves out, by the name as Lua's
    /// message gives it (a global) or with its library (`math.random`): "attempt to index
    /// a nil value (global 'os')" alone reads as a bug of the script, not as a library
    /// that is not there.
    static let sandboxHints: [String: String] = [
        "os": "there is no clock: use ctx.time; randomness comes from ctx.random(), seeded by the level",
        "io": "rules cannot read or write files; print shows what you need to see",
        "debug": "print shows what you need to see",
        "warn": "print shows what you need to see",
        "require": "every file in scripts/ is loaded, in path order, into one environment; a helper's globals are there for the files whose paths sort after its own (byte order: scripts/_lib/ before scripts/goals/)",
        "package": "every file in scripts/ is loaded, in path order, into one environment; a helper's globals are there for the files whose paths sort after its own (byte order: scripts/_lib/ before scripts/goals/)",
        "dofile": "every file in scripts/ is loaded already; load(text) compiles text",
        "loadfile": "every file in scripts/ is loaded already; load(text) compiles text",
        "math.random": "randomness comes from ctx.random(), seeded by the level",
        "math.randomseed": "randomness comes from ctx.random(), seeded by the level",
        "string.dump": "packs load only source text: keep a function's text and load(text) it",
    ]

    /// What Lua 5.4 has for a name of an older Lua that is gone from it (examples and old
    /// habits bring them in), by the name as `sandboxHints` keys them: a plain "nil value"
    /// would send the modder looking for a typo.
    static let olderLuaHints: [String: String] = [
        "unpack": "table.unpack",
        "loadstring": "load(text)",
        "setfenv": "no function environments: each pack's scripts share one environment of their own",
        "getfenv": "no function environments: each pack's scripts share one environment of their own",
        "module": "no module(): every file in scripts/ is loaded already, into one environment",
        "math.mod": "x % y (or math.fmod)",
        "math.pow": "x ^ y",
        "math.atan2": "math.atan(y, x)",
        "math.log10": "math.log(x, 10)",
        "math.ldexp": "m * 2.0 ^ e",
        "math.frexp": "math.log(math.abs(x), 2) for its exponent",
        "math.cosh": "(math.exp(x) + math.exp(-x)) / 2",
        "math.sinh": "(math.exp(x) - math.exp(-x)) / 2",
        "math.tanh": "(math.exp(2 * x) - 1) / (math.exp(2 * x) + 1)",
        "table.getn": "#t",
        "table.maxn": "#t for a list",
        "string.gfind": "string.gmatch",
    ]

    /// The hint for `name` (a global, or `library.name`) when the sandbox leaves it out or
    /// an older Lua had it; nil for any other name.
    private static func knownHint(for name: String) -> String? {
        if let hint = sandboxHints[name] { return "'\(name)' is not available to packs: \(hint)" }
        if let hint = olderLuaHints[name] { return "'\(name)' is from an older Lua; Lua 5.4 has \(hint)" }
        return nil
    }

    /// `message` with a hint appended when it is Lua's "attempt to … a nil value (global
    /// 'X')", "(field 'X')" or "(method 'X')": for a name the sandbox leaves out, what to
    /// use instead; for a near miss of a name the table read has, "(did you mean 'x'?)";
    /// for a field of the script's own data, what that table has. With it, where on the
    /// failing line the name is written (or the call an error names, ``callOffset``), when
    /// the line shows one place. The names still read as nil (`if os then` works); only the
    /// failure says why. Called by the message handler, while the failing function is on
    /// `L`'s stack.
    func withNameHint(_ message: String, in L: OpaquePointer) -> (message: String, spot: NameSpot?) {
        var bare = message
        var innermost: (sources: [ScriptSource?], line: Int)?
        while let (sources, line, _, rest) = splitPosition(bare), rest.count < bare.count {
            innermost = (sources, line)
            bare = rest
        }
        let frame = failingFrame(in: L, at: innermost)
        let line = frame.flatMap { failingLines($0.line ... $0.line, of: $0.chunk) }
        let (hinted, offset) = nameHint(message, bare: bare, frame: frame, line: line, in: L)
        guard let frame, let line, let offset = offset ?? callOffset(for: bare, on: line) ?? raiserOffset(frame, on: line, in: L) else {
            return (hinted, nil)
        }
        return (hinted, NameSpot(chunk: frame.chunk, line: frame.line, column: line.column(ofOffset: offset)))
    }

    /// Where the `error(…)` or `assert(…)` that raised the error is written on the failing
    /// line, when the line has one such call: Lua tells the line alone, and column 1 sent
    /// the author to the line's start.
    private func raiserOffset(_ frame: FailingFrame, on line: LuaLine, in L: OpaquePointer) -> Int? {
        var record = lua_Debug()
        guard frame.level > 1, lua_getstack(L, frame.level - 1, &record) != 0, lua_getinfo(L, "Sn", &record) != 0,
              let what = record.what, String(cString: what) == "C", let name = record.name else { return nil }
        let called = String(cString: name)
        guard called == "error" || called == "assert" else { return nil }
        let places = line.occurrences(of: called, kind: "global")
        return places.count == 1 ? places[0].offset : nil
    }

    /// ``withNameHint(_:in:)``'s hint, for `message` (`bare` without its positions) raised
    /// in `frame`, whose failing line is `line`: the message with the hint, and the offset
    /// in the line's text where the name is written, when one place shows it.
    private func nameHint(_ message: String, bare: String, frame: FailingFrame?, line: LuaLine?,
                          in L: OpaquePointer) -> (message: String, offset: Int?) {
        guard let (kind, name) = Self.nilName(in: bare) else {
            guard let compared = Self.unnamedNil(bare), let frame, let line,
                  let (hint, offset) = unnamedNilHint(on: line, compared: compared, level: frame.level, in: L) else { return (message, nil) }
            return (message + hint, offset)
        }
        // A local or an upvalue is written as a global is: a name after no dot.
        let places = line?.occurrences(of: name, kind: kind == "local" || kind == "upvalue" ? "global" : kind) ?? []
        let only = places.count == 1 ? places[0].offset : nil
        if kind == "local", let frame, let line {
            return (message + (localHint(for: name, in: frame, failingOn: line, in: L) ?? ""), only)
        }
        if kind == "global" {
            if let hint = Self.knownHint(for: name) { return ("\(message): \(hint)", only) }
            return (message + Suggestion.nameHint(for: name, among: globalNames(of: frame, in: L)), only)
        }
        guard kind == "field" || kind == "method" else { return (message, only) }
        if kind == "field", name == "?", let frame, let line {
            guard let (hint, offset) = bracketHint(on: line, level: frame.level, in: L) else { return (message, nil) }
            return (message + hint, offset)
        }
        guard let (table, names) = missedTable(named: name, in: L) else {
            guard kind == "field", let frame else { return (message, only) }
            let (hint, offset) = fieldHint(for: name, at: places, level: frame.level, in: L)
            return (message + (hint ?? ""), offset ?? only)
        }
        let at = places.first(where: { $0.path?.last == table })?.offset ?? only
        let qualified = "\(table).\(name)"
        if let hint = Self.knownHint(for: qualified) { return ("\(message): \(hint)", at) }
        guard let meant = Suggestion.closest(to: name, among: names) else { return (message, at) }
        return (message + " (did you mean '\(kind == "method" ? meant : "\(table).\(meant)")'?)", at)
    }

    /// For one of Lua's messages (its position taken off) about a nil it cannot name,
    /// whether it is a comparison ("attempt to compare nil with number": true) or a
    /// library function's argument ("bad argument #1 to 'floor' (number expected, got
    /// nil)": false); nil for any other message.
    static func unnamedNil(_ message: String) -> Bool? {
        if message.hasPrefix("attempt to compare "),
           message.hasPrefix("attempt to compare nil with ") || message.hasSuffix(" with nil") || message == "attempt to compare two nil values" {
            return true
        }
        return message.hasPrefix("bad argument #") && message.hasSuffix(", got nil)") ? false : nil
    }

    /// The kind (`global`, `field`, …) and the name of a nil value Lua's message is about.
    private static func nilName(in message: String) -> (kind: String, name: String)? {
        guard let open = message.range(of: "a nil value ("),
              let space = message[open.upperBound...].firstIndex(of: " "),
              message[space...].hasPrefix(" '"),
              let close = message[message.index(space, offsetBy: 2)...].range(of: "')") else { return nil }
        return (String(message[open.upperBound ..< space]), String(message[message.index(space, offsetBy: 2) ..< close.lowerBound]))
    }

    /// The name of the engine table (`echolot`, `ctx`, `math`) whose missing `name` the
    /// running call read last, and the names it has, sorted; nil when the last such read
    /// was another name or in another call.
    func missedTable(named name: String, in L: OpaquePointer) -> (String, [String])? {
        guard clua_pushmiss(L) == 1 else { return nil }
        defer { clua_pop(L, 3) }
        guard lua_type(L, -2) == LUA_TSTRING, string(at: -2, in: L) == name,
              let table = string(at: -1, in: L) else { return nil }
        return (table, stringKeys(ofTableAt: -3, in: L))
    }

    /// The globals (the keys of `_ENV`) of the function an error was raised in — `frame`,
    /// or when the message names a function no longer on the stack (an error a coroutine
    /// passed on), the innermost Lua function, which shares the pack's globals — sorted: a
    /// misspelt global is near one of them.
    private func globalNames(of frame: FailingFrame?, in L: OpaquePointer) -> [String] {
        guard let frame = frame ?? failingFrame(in: L, at: nil), pushVariable(named: "_ENV", level: frame.level, in: L) else { return [] }
        defer { clua_pop(L, 1) }
        return lua_type(L, -1) == LUA_TTABLE ? stringKeys(ofTableAt: -1, in: L) : []
    }

    /// The string keys of the table at `index`, sorted (`next` visits them in an order
    /// that changes from run to run, and a near miss must be told alike in every run); once
    /// there are more than `limit`, the walk stops there and what it found so far is given.
    func stringKeys(ofTableAt index: Int32, in L: OpaquePointer, atMost limit: Int = .max) -> [String] {
        let table = lua_absindex(L, index)
        var keys: [String] = []
        lua_pushnil(L)
        while lua_next(L, table) != 0 {
            if lua_type(L, -2) == LUA_TSTRING, let key = string(at: -2, in: L) { keys.append(key) }
            guard keys.count <= limit else {
                clua_pop(L, 2)
                break
            }
            clua_pop(L, 1)
        }
        return keys.sorted()
    }
}
