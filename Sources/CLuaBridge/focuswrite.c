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

/// A number on its way into an entity: the script's value read once, kept in C until it is
/// stored, so that neither normalising it nor comparing it with the old value costs a
/// call into Lua's API.
typedef struct clua_Number {
    int integer;
    lua_Integer i;
    lua_Number f;
} clua_Number;

/// Holds `n`, written to field `key` of an entity, to what the state and the engine keep
/// there (values.lua `finite`, mirror.lua `engineFields`): an azimuth is normalised into
/// [0, 360) in place (`*normalised` set); false for a number that is not finite, or an
/// elevation or a distance out of range, which the Lua writer then refuses with its
/// message.
static int clua_storablenumber(clua_Number *n, const char *key, size_t length, int *normalised) {
    if (!n->integer && !isfinite(n->f)) return 0;
    if (length == 7 && memcmp(key, "azimuth", 7) == 0) {
        if (n->integer) {
            lua_Integer a = n->i % 360;
            n->i = a < 0 ? a + 360 : a;
        } else {
            double a = fmod(n->f, 360.0);
            if (a < 0) a += 360.0;
            n->f = (a >= 360.0 ? 0.0 : a) + 0.0;  // rounding up to 360; -0
        }
        *normalised = 1;
        return 1;
    }
    double value = n->integer ? (double)n->i : n->f;
    if (length == 9 && memcmp(key, "elevation", 9) == 0) {
        return value >= -90.0 && value <= 90.0;
    }
    if (length == 8 && memcmp(key, "distance", 8) == 0) {
        return value > 0.0;
    }
    return 1;
}

/// Pushes `n` as the Lua number it stands for.
static void clua_pushstorednumber(lua_State *L, const clua_Number *n) {
    if (n->integer) lua_pushinteger(L, n->i); else lua_pushnumber(L, n->f);
}

/// `focuswrite(view, key, value)`. Upvalue 1 is the Lua writer for everything else,
/// upvalue 2 the string "__index". The fast path needs the view to be the driver's
/// current one (`limits->focus`, set by runeach.c for the length of one call): its
/// metatable's `__index` is then the entity's data table, and `limits->focusHandle` the
/// entity's handle. A number written over a number is changed and logged here (or found
/// already equal, integer or float alike, and left alone); any other write goes to the
/// Lua writer with the same arguments (an azimuth already normalised, as it always was).
/// That writer runs one stack level deeper than it would as the metamethod (this C frame
/// sits between it and the script), and its error levels say so.
static int clua_focuswrite(lua_State *L) {
    clua_Limits *limits = clua_limits(L);
    clua_Number n;
    int normalised = 0;
    if (limits->focus == NULL || lua_topointer(L, 1) != limits->focus) goto other;
    if (lua_type(L, 3) != LUA_TNUMBER || lua_type(L, 2) != LUA_TSTRING) goto other;
    size_t keyLength = 0;
    const char *key = lua_tolstring(L, 2, &keyLength);
    if (keyLength > CLUA_SHORTKEY) goto other;
    n.integer = lua_isinteger(L, 3);
    if (n.integer) n.i = lua_tointeger(L, 3); else n.f = lua_tonumber(L, 3);
    if (!clua_storablenumber(&n, key, keyLength, &normalised)) goto other;
    if (!lua_getmetatable(L, 1)) goto other;                               // 4: the view's metatable
    lua_pushvalue(L, lua_upvalueindex(2));
    if (lua_rawget(L, 4) != LUA_TTABLE) goto other;                       // 5: the entity's data
    lua_pushvalue(L, 2);
    if (lua_rawget(L, 5) != LUA_TNUMBER) goto other;                      // 6: the old value
    if (n.integer == lua_isinteger(L, 6)) {
        // Equal as rawequal has it: -0.0 equals 0.0, and no NaN gets this far.
        if (n.integer ? n.i == lua_tointeger(L, 6) : n.f == lua_tonumber(L, 6)) return 0;
    }
    clua_Write *entry = clua_logentry(L, limits);
    entry->handle = limits->focusHandle;
    entry->key = key;
    entry->keyLength = keyLength;
    entry->kind = n.integer ? CLUA_WRITE_INTEGER : CLUA_WRITE_FLOAT;
    if (n.integer) entry->integer = n.i; else entry->number = n.f;
    entry->slot = 0;
    lua_pushvalue(L, 2);
    clua_pushstorednumber(L, &n);
    lua_rawset(L, 5);
    return 0;
other:
    if (normalised) {
        clua_pushstorednumber(L, &n);
        lua_replace(L, 3);
    }
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
