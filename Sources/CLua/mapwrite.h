// The `__newindex` of the state mirror's plain map nodes, in C. Its fast path is the
// commonest write a rule makes: a number into a field of its own focus that already holds
// a number (an orbit's azimuth, every tick). It is C, and the metamethod itself rather
// than a Lua writer that calls into C, because every Lua VM instruction pays the budget's
// count hook and every Lua call frame costs its set-up: this way the commonest write runs
// no Lua at all. Everything else — new fields, tables, removals, writes below the focus,
// every error — is handed to the Lua writer (mirror.lua), unchanged.
#ifndef ECHOLOT_CLUA_MAPWRITE_H
#define ECHOLOT_CLUA_MAPWRITE_H

#include <lua.h>

/// `t[key]` (raw) onto the stack, where `key` is a stack or upvalue index holding an
/// interned string: no lookup of a C string in Lua's string cache on every call.
static inline int clua_rawgetkey(lua_State *L, int t, int key) {
    lua_pushvalue(L, key);
    return lua_rawget(L, t);
}

/// `mapwrite(proxy, key, value)`, the `__newindex` of a plain map node. Upvalue 1 is the
/// table whose `focus` field holds the running reducer's focus; upvalue 2 the write log,
/// with its length under `n`; upvalues 3–6 the strings "focus", "__index", "h" and "n";
/// upvalue 7 the Lua writer for everything else. A number written over a number in the
/// focus itself is changed and logged as `(handle, key, value)` here (or found already
/// equal, integer or float alike, and left alone); any other write goes to the Lua writer
/// with the same arguments. That writer runs one stack level deeper than it would as the
/// metamethod (this C frame sits between it and the script), and its error levels say so.
static inline int clua_mapwrite(lua_State *L) {
    int log = lua_upvalueindex(2);
    if (lua_type(L, 3) != LUA_TNUMBER) goto other;
    clua_rawgetkey(L, lua_upvalueindex(1), lua_upvalueindex(3));          // 4: the focus
    if (!lua_rawequal(L, 1, 4) || !lua_getmetatable(L, 1)) goto other;   // 5: the node's bookkeeping
    if (clua_rawgetkey(L, 5, lua_upvalueindex(4)) != LUA_TTABLE) goto other;  // 6: its data
    lua_pushvalue(L, 2);
    if (lua_rawget(L, 6) != LUA_TNUMBER) goto other;                      // 7: the old value
    if (lua_isinteger(L, 3) == lua_isinteger(L, 7) && lua_rawequal(L, 3, 7)) return 0;
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
    return 0;
other:
    lua_settop(L, 3);
    lua_pushvalue(L, lua_upvalueindex(7));
    lua_insert(L, 1);
    lua_call(L, 3, 0);
    return 0;
}

/// `mapwriter(state, log, other)`: the `mapwrite` metamethod bound to the mirror's focus
/// holder, its write log and the Lua writer it hands every other write to.
static inline int clua_makemapwrite(lua_State *L) {
    lua_settop(L, 3);
    lua_pushliteral(L, "focus");
    lua_pushliteral(L, "__index");
    lua_pushliteral(L, "h");
    lua_pushliteral(L, "n");
    lua_pushvalue(L, 3);
    lua_remove(L, 3);
    lua_pushcclosure(L, clua_mapwrite, 7);
    return 1;
}

#endif
