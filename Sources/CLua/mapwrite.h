// The `__newindex` of the state mirror's plain map nodes, in C. Its fast path is the
// commonest write a rule makes: a number into a field of its own focus that already holds
// a number (an orbit's azimuth, every tick). It is C, and the metamethod itself rather
// than a Lua writer that calls into C, because every Lua VM instruction pays the budget's
// count hook and every Lua call frame costs its set-up: this way the commonest write runs
// no Lua at all, and lands in the C write log (writelog.h) without a Lua table operation.
// Everything else — new fields, tables, removals, writes below the focus, writes of any
// reducer but a behaviour's, every error — is handed to the Lua writer (mirror.lua),
// unchanged. Included by shim.h after the limits and the write log.
#ifndef ECHOLOT_CLUA_MAPWRITE_H
#define ECHOLOT_CLUA_MAPWRITE_H

#include <lua.h>

/// Field names up to this length are interned by Lua (LUAI_MAXSHORTLEN), so the key the
/// log points to is the very string the node's data table holds.
#define CLUA_SHORTKEY 40

/// `mapwrite(proxy, key, value)`, the `__newindex` of a plain map node, whose metatable
/// holds its data table at [1] and its handle at [2]. Upvalue 1 is the Lua writer for
/// everything else. A number written over a number in the behaviour driver's current
/// focus itself (`limits->focus`, set by runeach.h) is changed and logged here (or found
/// already equal, integer or float alike, and left alone); any other write goes to the
/// Lua writer with the same arguments. That writer runs one stack level deeper than it
/// would as the metamethod (this C frame sits between it and the script), and its error
/// levels say so.
static inline int clua_mapwrite(lua_State *L) {
    clua_Limits *limits = clua_limits(L);
    if (limits->focus == NULL || lua_topointer(L, 1) != limits->focus) goto other;
    if (lua_type(L, 3) != LUA_TNUMBER || lua_type(L, 2) != LUA_TSTRING) goto other;
    size_t keyLength = 0;
    const char *key = lua_tolstring(L, 2, &keyLength);
    if (keyLength > CLUA_SHORTKEY || !lua_getmetatable(L, 1)) goto other;   // 4: the node's bookkeeping
    if (lua_rawgeti(L, 4, 1) != LUA_TTABLE) goto other;                    // 5: its data
    lua_pushvalue(L, 2);
    if (lua_rawget(L, 5) != LUA_TNUMBER) goto other;                       // 6: the old value
    int integer = lua_isinteger(L, 3);
    if (integer == lua_isinteger(L, 6) && lua_rawequal(L, 3, 6)) return 0;
    lua_rawgeti(L, 4, 2);                                                   // 7: the handle
    clua_Write *entry = clua_logentry(L, limits);
    entry->handle = lua_tointeger(L, 7);
    entry->key = key;
    entry->keyLength = keyLength;
    entry->kind = integer ? CLUA_WRITE_INTEGER : CLUA_WRITE_FLOAT;
    if (integer) entry->integer = lua_tointeger(L, 3); else entry->number = lua_tonumber(L, 3);
    entry->slot = 0;
    lua_settop(L, 5);
    lua_pushvalue(L, 2);
    lua_pushvalue(L, 3);
    lua_rawset(L, 5);
    return 0;
other:
    lua_settop(L, 3);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, 3, 0);
    return 0;
}

/// `mapwriter(other)`: the `mapwrite` metamethod handing every other write to `other`.
static inline int clua_makemapwrite(lua_State *L) {
    lua_settop(L, 1);
    lua_pushcclosure(L, clua_mapwrite, 1);
    return 1;
}

#endif
