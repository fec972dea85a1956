// The `__newindex` of a behaviour's focus view, in C. The behaviour driver (runeach.c)
// hands every reducer of a batch the same small view table, pointed at the current
// entity's data table before each call; its commonest write — a number over a number
// (an orbit's azimuth, every tick) — runs no Lua at all and lands in the C write log
// (writelog.c) without a Lua table operation. Everything else — new fields, tables,
// removals, writes through a view whose call has ended, every error — goes to the Lua
// writer (mirror.lua), unchanged.
#include <math.h>
#include <string.h>

#include "bridge.h"

/// Field names up to this length are interned by Lua (LUAI_MAXSHORTLEN), so the key the
/// log points to is the very string the entity's data table holds.
#define CLUA_SHORTKEY 40

/// Holds the number at index 3, written to field `key` of an entity, to what the state
/// and the engine keep there (values.lua `finite`, mirror.lua `engineFields`): an azimuth
/// is normalised into [0, 360) in place; false for a number that is not finite, or an
/// elevation or a distance out of range, which the Lua writer then refuses with its
/// message.
static int clua_storablenumber(lua_State *L, const char *key, size_t length) {
    int integer = lua_isinteger(L, 3);
    if (!integer && !isfinite(lua_tonumber(L, 3))) return 0;
    if (length == 7 && memcmp(key, "azimuth", 7) == 0) {
        if (integer) {
            lua_Integer a = lua_tointeger(L, 3) % 360;
            lua_pushinteger(L, a < 0 ? a + 360 : a);
        } else {
            double a = fmod(lua_tonumber(L, 3), 360.0);
            if (a < 0) a += 360.0;
            lua_pushnumber(L, (a >= 360.0 ? 0.0 : a) + 0.0);  // rounding up to 360; -0
        }
        lua_replace(L, 3);
        return 1;
    }
    if (length == 9 && memcmp(key, "elevation", 9) == 0) {
        double e = lua_tonumber(L, 3);
        return e >= -90.0 && e <= 90.0;
    }
    if (length == 8 && memcmp(key, "distance", 8) == 0) {
        return lua_tonumber(L, 3) > 0.0;
    }
    return 1;
}

/// `focuswrite(view, key, value)`. Upvalue 1 is the Lua writer for everything else,
/// upvalue 2 the string "__index". The fast path needs the view to be the driver's
/// current one (`limits->focus`, set by runeach.c for the length of one call): its
/// metatable's `__index` is then the entity's data table, and `limits->focusHandle` the
/// entity's handle. A number written over a number is changed and logged here (or found
/// already equal, integer or float alike, and left alone); any other write goes to the
/// Lua writer with the same arguments. That writer runs one stack level deeper than it
/// would as the metamethod (this C frame sits between it and the script), and its error
/// levels say so.
static int clua_focuswrite(lua_State *L) {
    clua_Limits *limits = clua_limits(L);
    if (limits->focus == NULL || lua_topointer(L, 1) != limits->focus) goto other;
    if (lua_type(L, 3) != LUA_TNUMBER || lua_type(L, 2) != LUA_TSTRING) goto other;
    size_t keyLength = 0;
    const char *key = lua_tolstring(L, 2, &keyLength);
    if (keyLength > CLUA_SHORTKEY || !clua_storablenumber(L, key, keyLength)) goto other;
    if (!lua_getmetatable(L, 1)) goto other;                               // 4: the view's metatable
    lua_pushvalue(L, lua_upvalueindex(2));
    if (lua_rawget(L, 4) != LUA_TTABLE) goto other;                       // 5: the entity's data
    lua_pushvalue(L, 2);
    if (lua_rawget(L, 5) != LUA_TNUMBER) goto other;                      // 6: the old value
    int integer = lua_isinteger(L, 3);
    if (integer == lua_isinteger(L, 6) && lua_rawequal(L, 3, 6)) return 0;
    clua_Write *entry = clua_logentry(L, limits);
    entry->handle = limits->focusHandle;
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

/// `focuswriter(other)`: the `focuswrite` metamethod handing every other write to `other`.
int clua_makefocuswrite(lua_State *L) {
    lua_settop(L, 1);
    lua_pushliteral(L, "__index");
    lua_pushcclosure(L, clua_focuswrite, 2);
    return 1;
}
