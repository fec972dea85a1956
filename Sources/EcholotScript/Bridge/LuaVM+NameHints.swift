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
        "require": "every file in scripts/ is loaded already, in path order, into one environment",
        "package": "every file in scripts/ is loaded already, in path order, into one environment",
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
    /// use instead; for a near miss of a name the table read has, "(did you mean 'x'?)".
    /// The names still read as nil (`if os then` works); only the failure says why. Called
    /// by the message handler, while the failing function is on `L`'s stack.
    func withNameHint(_ message: String, in L: OpaquePointer) -> String {
        guard let (kind, name) = Self.nilName(in: message) else { return message }
        if kind == "global" {
            if let hint = Self.knownHint(for: name) { return "\(message): \(hint)" }
            return message + Suggestion.nameHint(for: name, among: globalNames(in: L))
        }
        guard kind == "field" || kind == "method", let (table, names) = missedTable(named: name, in: L) else { return message }
        let qualified = "\(table).\(name)"
        if let hint = Self.knownHint(for: qualified) { return "\(message): \(hint)" }
        guard let meant = Suggestion.closest(to: name, among: names) else { return message }
        return message + " (did you mean '\(kind == "method" ? meant : "\(table).\(meant)")'?)"
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
    private func missedTable(named name: String, in L: OpaquePointer) -> (String, [String])? {
        guard clua_pushmiss(L) == 1 else { return nil }
        defer { clua_pop(L, 3) }
        guard lua_type(L, -2) == LUA_TSTRING, string(at: -2, in: L) == name,
              let table = string(at: -1, in: L) else { return nil }
        return (table, stringKeys(ofTableAt: -3, in: L))
    }

    /// The globals of the innermost Lua function on `L`'s stack (the keys of its `_ENV`),
    /// sorted: a misspelt global is near one of them.
    private func globalNames(in L: OpaquePointer) -> [String] {
        var record = lua_Debug()
        var level: Int32 = 1
        while lua_getstack(L, level, &record) != 0 {
            level += 1
            guard lua_getinfo(L, "f", &record) != 0 else { continue }
            defer { clua_pop(L, 1) }
            guard lua_iscfunction(L, -1) == 0 else { continue }
            var upvalue: Int32 = 1
            while let name = lua_getupvalue(L, -1, upvalue) {
                defer { clua_pop(L, 1) }
                if String(cString: name) == "_ENV" { return lua_type(L, -1) == LUA_TTABLE ? stringKeys(ofTableAt: -1, in: L) : [] }
                upvalue += 1
            }
            return []
        }
        return []
    }

    /// The string keys of the table at `index`, sorted (`next` visits them in an order
    /// that changes from run to run, and a near miss must be told alike in every run).
    private func stringKeys(ofTableAt index: Int32, in L: OpaquePointer) -> [String] {
        let table = lua_absindex(L, index)
        var keys: [String] = []
        lua_pushnil(L)
        while lua_next(L, table) != 0 {
            if lua_type(L, -2) == LUA_TSTRING, let key = string(at: -2, in: L) { keys.append(key) }
            clua_pop(L, 1)
        }
        return keys.sorted()
    }
}
