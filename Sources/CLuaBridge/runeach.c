// The behaviour driver's loop over rule instances (driver.lua, runners.behaviour), in C.
// Every reducer of the batch gets the same view table, pointed at its entity before the
// call: reads through it touch the entity's data and the view's (hot) metatable, not the
// entity's own proxy and metatable, and the C writer (focuswrite.c) finds the data and
// the handle without a lookup. In Lua that bookkeeping was about twenty VM instructions
// per entity, each paying the budget's count hook.
#include "bridge.h"

/// `runeach(list, C, S, fn, action, ctx, replaced, view)`: for i = 1..list.n,
/// with the instance's entity proxy, data table, handle, id and parameters taken from the
/// lists `list.entities`, `list.datas`, `list.handles`, `list.ids` and `list.params` (as
/// collected when the structure last changed), points `view` at the entity (its
/// metatable's `__index` becomes the data table; the C writer's focus and handle are
/// set), sets `C.params`, `C.id` and `S.focus` (the entity's proxy, which
/// the Lua writers check permissions against), resets the budget and calls
/// `fn(view, action, ctx)`; a result that is neither nil, the view nor the entity's proxy
/// goes to `replaced(id, result, i)`. Errors propagate to the caller's protected call.
/// Upvalues 1–4 are the strings "params", "id", "focus" and "__index".
static int clua_runeach(lua_State *L) {
    clua_Limits *limits = clua_limits(L);
    lua_settop(L, 8);
    lua_getfield(L, 1, "entities");                             // 9
    lua_getfield(L, 1, "datas");                                // 10
    lua_getfield(L, 1, "handles");                              // 11
    lua_getfield(L, 1, "ids");                                  // 12
    lua_getfield(L, 1, "params");                               // 13
    lua_getfield(L, 1, "n");                                    // 14
    lua_Integer n = lua_tointeger(L, 14);
    if (!lua_getmetatable(L, 8)) return luaL_error(L, "runeach: the view has no metatable");  // 15
    const void *view = lua_topointer(L, 8);
    for (lua_Integer i = 1; i <= n; i++) {
        lua_pushvalue(L, lua_upvalueindex(4));
        lua_rawgeti(L, 10, i);                                  // the entity's data
        lua_rawset(L, 15);
        lua_rawgeti(L, 11, i);
        limits->focusHandle = lua_tointeger(L, -1);
        lua_pushvalue(L, lua_upvalueindex(3));
        lua_rawgeti(L, 9, i);                                   // the entity's proxy
        lua_rawset(L, 3);
        lua_pushvalue(L, lua_upvalueindex(1));
        lua_rawgeti(L, 13, i);
        lua_rawset(L, 2);
        lua_pushvalue(L, lua_upvalueindex(2));
        lua_rawgeti(L, 12, i);
        lua_rawset(L, 2);
        lua_settop(L, 15);
        limits->remaining = limits->budget;
        limits->calls++;
        limits->focus = view;
        lua_pushvalue(L, 4);
        lua_pushvalue(L, 8);
        lua_pushvalue(L, 5);
        lua_pushvalue(L, 6);
        lua_call(L, 3, 1);                                      // 16: the result
        limits->focus = NULL;
        if (!lua_isnil(L, 16) && !lua_rawequal(L, 16, 8)) {
            lua_rawgeti(L, 9, i);                               // 17
            if (!lua_rawequal(L, 16, 17)) {
                lua_pushvalue(L, 7);
                lua_rawgeti(L, 12, i);
                lua_pushvalue(L, 16);
                lua_pushinteger(L, i);
                lua_call(L, 3, 0);
            }
        }
        lua_settop(L, 15);
    }
    return 0;
}

/// Pushes `runeach` with the field names it sets, interned once.
void clua_pushruneach(lua_State *L) {
    lua_pushliteral(L, "params");
    lua_pushliteral(L, "id");
    lua_pushliteral(L, "focus");
    lua_pushliteral(L, "__index");
    lua_pushcclosure(L, clua_runeach, 4);
}
