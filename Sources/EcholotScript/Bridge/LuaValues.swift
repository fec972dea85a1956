import CLua
import CLuaBridge
import EcholotCore

/// How values cross the boundary. Nothing is lost: integers stay integers, floats stay
/// floats, lists (even empty ones) stay lists because they carry the list metatable, and
/// what the state cannot hold is refused rather than mangled.
extension LuaVM {
    /// Nesting deeper than this is refused (the state is data, not a linked structure).
    static let maxDepth = 100

    /// Pushes a value as plain Lua data: maps become tables, lists tables with the list
    /// metatable, `.null` inside a list the `echolot.null` sentinel.
    func push(_ value: Value, depth: Int = 0) throws(ConversionError) {
        switch value {
        case .null: lua_pushnil(L)
        case let .bool(b): lua_pushboolean(L, b ? 1 : 0)
        case let .int(i): lua_pushinteger(L, lua_Integer(i))
        case let .number(d): lua_pushnumber(L, d)
        case let .string(s): push(s)
        case let .list(items):
            guard depth < LuaVM.maxDepth, lua_checkstack(L, 4) != 0 else {
                throw ConversionError("the value is nested more than \(LuaVM.maxDepth) deep")
            }
            lua_createtable(L, Int32(clamping: items.count), 0)
            for (i, item) in items.enumerated() {
                if item.isNull { pushNull() } else { try push(item, depth: depth + 1) }
                lua_rawseti(L, -2, lua_Integer(i + 1))
            }
            clua_getref(L, listMetatableRef)
            lua_setmetatable(L, -2)
        case let .map(map):
            guard depth < LuaVM.maxDepth, lua_checkstack(L, 4) != 0 else {
                throw ConversionError("the value is nested more than \(LuaVM.maxDepth) deep")
            }
            lua_createtable(L, 0, Int32(clamping: map.count))
            for (key, item) in map where !item.isNull {
                push(key)
                try push(item, depth: depth + 1)
                lua_rawset(L, -3)
            }
        }
    }

    /// Pushes the sentinel that stands for null inside a list.
    func pushNull() {
        lua_pushlightuserdata(L, nullSentinel)
    }

    /// Pushes an action as a table: its payload with `name` set to the action's name.
    func push(_ action: Action) throws(ConversionError) {
        try push(.map(action.payload))
        push("name")
        push(action.name)
        lua_rawset(L, -3)
    }

    /// What Swift may copy out of Lua in one call, in bytes. Lua keeps a string once
    /// however often it is referenced, but Swift reads it for every place it is stored
    /// (and only then finds a long one it already has, ``SharedStrings``): without a
    /// bound, a megabyte stored nine thousand times is nine gigabytes copied and hashed in
    /// one call, uncharged. A call cannot hand over more than the Lua state may hold, so
    /// the memory cap is the bound.
    struct Allowance {
        /// Bytes left.
        private(set) var bytes: Int
        /// Mebibytes of the cap, for the message.
        let mebibytes: Int

        /// Takes `count` bytes; fails with the memory limit when they are not left.
        mutating func take(_ count: Int) throws(ConversionError) {
            bytes -= count
            guard bytes < 0 else { return }
            throw ConversionError("memory limit exceeded: the values one call hands to the engine may take at most "
                + "\(mebibytes) MiB (a string counts again for every place it is stored)", overLimit: true)
        }
    }

    /// What each value costs the allowance besides its string bytes (Swift's storage).
    static let bytesPerValue = 16

    /// An allowance for one call: the memory cap.
    func allowance() -> Allowance {
        Allowance(bytes: Int(limits.pointee.cap), mebibytes: Int(limits.pointee.cap) >> 20)
    }

    /// Reads the value at `index`. Mirror proxies and frozen views are read through to
    /// their data. Leaves the stack as it was.
    func value(at index: Int32) throws(ConversionError) -> Value {
        var allowance = self.allowance()
        return try value(at: index, allowance: &allowance)
    }

    /// Reads the value at `index` as ``value(at:)`` does, taking what it copies from
    /// `allowance` (shared by everything one call hands over).
    func value(at index: Int32, allowance: inout Allowance) throws(ConversionError) -> Value {
        var path: [UnsafeRawPointer] = []
        return try value(at: lua_absindex(L, index), path: &path, allowance: &allowance)
    }

    private func value(at index: Int32, path: inout [UnsafeRawPointer], allowance: inout Allowance) throws(ConversionError) -> Value {
        try allowance.take(LuaVM.bytesPerValue)
        switch lua_type(L, index) {
        case LUA_TNIL:
            return .null
        case LUA_TBOOLEAN:
            return .bool(lua_toboolean(L, index) != 0)
        case LUA_TNUMBER:
            if clua_isinteger(L, index) != 0 { return .int(Int(clua_tointeger(L, index, nil))) }
            return .number(clua_tonumber(L, index, nil))
        case LUA_TSTRING:
            let length = Int(lua_rawlen(L, index))
            try allowance.take(length)
            guard let s = string(at: index) else {
                throw ConversionError("a string stored in the state must be valid UTF-8")
            }
            return .string(length < SharedStrings.threshold ? s : sharedStrings.shared(s))
        case LUA_TTABLE:
            return try table(at: index, path: &path, allowance: &allowance)
        case LUA_TLIGHTUSERDATA where lua_touserdata(L, index) == nullSentinel:
            return .null
        default:
            let name = String(cString: lua_typename(L, lua_type(L, index)))
            throw ConversionError("a \(name) value cannot be stored in the state")
        }
    }

    private func table(at original: Int32, path: inout [UnsafeRawPointer], allowance: inout Allowance) throws(ConversionError) -> Value {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        guard path.count < LuaVM.maxDepth, lua_checkstack(L, 6) != 0 else {
            throw ConversionError("tables nested more than \(LuaVM.maxDepth) deep cannot be stored in the state")
        }
        // A mirror proxy or a frozen view: its fields live in its data table.
        var table = original
        clua_getref(L, dataOfRef)
        lua_pushvalue(L, original)
        if lua_rawget(L, -2) == LUA_TTABLE {
            table = lua_gettop(L)
        }
        guard let identity = lua_topointer(L, table) else { return .emptyMap }
        if path.contains(identity) {
            throw ConversionError("a table that contains itself cannot be stored in the state")
        }
        path.append(identity)
        defer { path.removeLast() }

        var marked = false
        if lua_getmetatable(L, table) != 0 {
            clua_getref(L, listMetatableRef)
            marked = lua_rawequal(L, -1, -2) != 0
            clua_pop(L, 2)
        }
        let length = Int(lua_rawlen(L, table))
        var map = PersistentMap<Value>()
        var count = 0, named = 0
        lua_pushnil(L)
        while lua_next(L, table) != 0 {
            count += 1
            switch lua_type(L, -2) {
            case LUA_TSTRING:
                named += 1
                try allowance.take(Int(lua_rawlen(L, -2)))
                guard let key = string(at: -2) else {
                    throw ConversionError("a field name must be valid UTF-8")
                }
                let item = try value(at: lua_gettop(L), path: &path, allowance: &allowance)
                if !item.isNull { map[key] = item }
            case LUA_TNUMBER where clua_isinteger(L, -2) != 0:
                let i = Int(clua_tointeger(L, -2, nil))
                guard i >= 1, i <= length else {
                    throw ConversionError("a table stored in the state needs string keys (or 1..n for a list), found the number \(i)")
                }
            default:
                let name = String(cString: lua_typename(L, lua_type(L, -2)))
                let shown = lua_type(L, -2) == LUA_TNUMBER ? "the number \(clua_tonumber(L, -2, nil))" : "a \(name)"
                throw ConversionError("a table stored in the state needs string keys (or 1..n for a list), found \(shown)")
            }
            clua_pop(L, 1)
        }
        if named > 0 && named < count {
            throw ConversionError("a table stored in the state cannot mix list items and named fields")
        }
        guard named == 0 && (count > 0 || marked) else { return .map(map) }
        guard count == length else { throw ConversionError("a list stored in the state cannot have holes") }
        var items: [Value] = []
        items.reserveCapacity(length)
        for i in 1...max(length, 1) where i <= length {
            lua_rawgeti(L, table, lua_Integer(i))
            items.append(try value(at: lua_gettop(L), path: &path, allowance: &allowance))
            clua_pop(L, 1)
        }
        return .list(items)
    }
}
