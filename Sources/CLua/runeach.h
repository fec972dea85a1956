// The behaviour driver's loop over rule instances (driver.lua, runners.behaviour), in C:
// per instance it sets `ctx.params`, `ctx.id` and the focus, gives the reducer a fresh
// instruction budget and calls it. In Lua that bookkeeping was about twenty VM
// instructions per entity, each paying the budget's count hook. Included by shim.h after
// the limits it resets.
#ifndef ECHOLOT_CLUA_RUNEACH_H
#define ECHOLOT_CLUA_RUNEACH_H

#include <lua.h>

/// `runeach(entities, ids, params, n, C, S, fn, action, ctx, replaced)`: for i = 1..n,
/// with `entity = entities[i]` (the instance's entity node, as listed when the rule's
/// instances were last collected), sets `C.params = params[i]`, `C.id = ids[i]` and
/// `S.focus = entity` — and the C map writer's focus to it — resets the budget, calls
/// `fn(entity, action, ctx)`, and calls `replaced(id, result)` when the result is neither
/// nil nor the entity. Errors propagate to the caller's protected call, as they did from
/// the Lua loop. Upvalues 1–3 are the strings "params", "id" and "focus".
static inline int clua_runeach(lua_State *L) {
    clua_Limits *limits = clua_limits(L);
    lua_Integer n = lua_tointeger(L, 4);
    lua_settop(L, 10);
    for (lua_Integer i = 1; i <= n; i++) {
        lua_rawgeti(L, 1, i);                                   // 11: entity
        lua_pushvalue(L, lua_upvalueindex(1));
        lua_rawgeti(L, 3, i);
        lua_rawset(L, 5);
        lua_pushvalue(L, lua_upvalueindex(2));
        lua_rawgeti(L, 2, i);
        lua_rawset(L, 5);
        lua_pushvalue(L, lua_upvalueindex(3));
        lua_pushvalue(L, 11);
        lua_rawset(L, 6);
        limits->remaining = limits->budget;
        limits->focus = lua_topointer(L, 11);
        lua_pushvalue(L, 7);
        lua_pushvalue(L, 11);
        lua_pushvalue(L, 8);
        lua_pushvalue(L, 9);
        lua_call(L, 3, 1);                                      // 12: result
        limits->focus = NULL;
        if (!lua_isnil(L, 12) && !lua_rawequal(L, 12, 11)) {
            lua_pushvalue(L, 10);
            lua_rawgeti(L, 2, i);
            lua_pushvalue(L, 12);
            lua_call(L, 2, 0);
        }
        lua_settop(L, 10);
    }
    return 0;
}

/// Pushes `runeach` with the field names it sets, interned once.
static inline void clua_pushruneach(lua_State *L) {
    lua_pushliteral(L, "params");
    lua_pushliteral(L, "id");
    lua_pushliteral(L, "focus");
    lua_pushcclosure(L, clua_runeach, 3);
}

#endif
