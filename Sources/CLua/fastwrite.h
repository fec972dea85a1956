// The state mirror's fast path for the commonest write a rule makes: a number into a
// field of its own focus that already holds a number (an orbit's azimuth, every tick).
// It is C because every Lua VM instruction pays the budget's count hook: in Lua this
// path took about thirty of them per write, here it takes none. Everything else — new
// fields, tables, removals, writes below the focus, every error — stays in the Lua writer
// (mirror.lua), which calls this first and carries on when it declines.
#ifndef ECHOLOT_CLUA_FASTWRITE_H
#define ECHOLOT_CLUA_FASTWRITE_H

#include <lua.h>

/// `t[key]` (raw) onto the stack, where `key` is a stack or upvalue index holding an
/// interned string: no lookup of a C string in Lua's string cache on every call.
static inline int clua_rawgetkey(lua_State *L, int t, int key) {
    lua_pushvalue(L, key);
    return lua_rawget(L, t);
}

/// `fastwrite(proxy, key, value)`. Upvalue 1 is the table whose `focus` field holds the
/// running reducer's focus; upvalue 2 the write log, with its length under `n`;
/// upvalues 3–6 the strings "focus", "__index", "h" and "n". Returns true when the write
/// is done (changed and logged as `(handle, key, value)`, or found already equal, integer
/// or float alike); false to leave it to the Lua writer.
static inline int clua_fastwrite(lua_State *L) {
    int log = lua_upvalueindex(2);
    if (lua_type(L, 3) != LUA_TNUMBER) goto decline;
    clua_rawgetkey(L, lua_upvalueindex(1), lua_upvalueindex(3));          // 4: the focus
    if (!lua_rawequal(L, 1, 4) || !lua_getmetatable(L, 1)) goto decline;  // 5: the node's bookkeeping
    if (clua_rawgetkey(L, 5, lua_upvalueindex(4)) != LUA_TTABLE) goto decline;  // 6: its data
    lua_pushvalue(L, 2);
    if (lua_rawget(L, 6) != LUA_TNUMBER) goto decline;                     // 7: the old value
    if (lua_isinteger(L, 3) == lua_isinteger(L, 7) && lua_rawequal(L, 3, 7)) {
        lua_pushboolean(L, 1);
        return 1;
    }
    lua_pushvalue(L, 2);
    lua_pushvalue(L, 3);
    lua_rawset(L, 6);
    clua_rawgetkey(L, 5, lua_upvalueindex(5));                             // 8: the handle
    clua_rawgetkey(L, log, lua_upvalueindex(6));
    lua_Integer n = lua_tointeger(L, 9);
    lua_pushvalue(L, 8);
    lua_rawseti(L, log, n + 1);
    lua_pushvalue(L, 2);
    lua_rawseti(L, log, n + 2);
    lua_pushvalue(L, 3);
    lua_rawseti(L, log, n + 3);
    lua_pushvalue(L, lua_upvalueindex(6));
    lua_pushinteger(L, n + 3);
    lua_rawset(L, log);
    lua_pushboolean(L, 1);
    return 1;
decline:
    lua_pushboolean(L, 0);
    return 1;
}

/// `fastwriter(state, log)`: the `fastwrite` function bound to the mirror's focus holder
/// and write log.
static inline int clua_makefastwrite(lua_State *L) {
    lua_settop(L, 2);
    lua_pushliteral(L, "focus");
    lua_pushliteral(L, "__index");
    lua_pushliteral(L, "h");
    lua_pushliteral(L, "n");
    lua_pushcclosure(L, clua_fastwrite, 6);
    return 1;
}

#endif
