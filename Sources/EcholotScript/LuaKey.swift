import CLua
import CLuaBridge

/// One step of a path into a Lua table, as Lua holds the key: compared byte for byte, so a
/// key with a quote, a line break, a `]` or bytes that are not UTF-8 is found however the
/// text writes it (`["a\"b"]`, `'a"b'`, `[[a"b]]`).
enum LuaKey: Equatable {
    /// A string key: its bytes.
    case name([UInt8])
    /// An integer key: a list's item, 1-based.
    case index(Int)

    /// The string key `name`.
    init(_ name: String) { self = .name(Array(name.utf8)) }
}

extension LuaVM {
    /// The path of keys the engine's Lua code left at `index`: a list of strings and
    /// integers, outermost first, as it tells where below a value the problem is. Nil when
    /// there is no list there; the list stops at anything else. Read raw, so no metamethod
    /// runs and nothing can raise.
    func keyPath(at index: Int32) -> [LuaKey]? {
        guard lua_type(L, index) == LUA_TTABLE else { return nil }
        let list = lua_absindex(L, index)
        var keys: [LuaKey] = []
        var i: lua_Integer = 1
        while true {
            let type = lua_rawgeti(L, list, i)
            defer { clua_pop(L, 1) }
            if type == LUA_TSTRING {
                guard let bytes = bytes(at: -1) else { break }
                keys.append(.name(bytes))
            } else if lua_isinteger(L, -1) != 0 {
                keys.append(.index(Int(clua_tointeger(L, -1, nil))))
            } else {
                break
            }
            i += 1
        }
        return keys
    }
}
