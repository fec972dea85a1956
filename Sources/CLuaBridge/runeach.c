// The behaviour driver's loop over rule instances (driver.lua, runners.behaviour), in C.
// Every reducer of the batch gets the same view table, pointed at its entity before the
// call: reads through it touch the entity's data and the view's (hot) metatable, not the
// entity's own proxy and metatable, and the C writer (focuswrite.c) finds the data and
// the handle without a lookup. In Lua that bookkeeping was about twenty VM instructions
// per entity, each paying the budget's count hook. What only the Lua writers need — which
// entity proxy is the focus — is not set per entity: they ask `focusindex` (rare: the
// commonest write is C).
#include "bridge.h"

/// `runeach(list, C, fn, action, ctx, replaced, view)`: for i = 1..list.n,
/// with the instance's entity proxy, data table, handle, id and parameters taken from the
/// lists `list.entities`, `list.datas`, `list.handles`, `list.ids` and `list.params` (as
/// collected when the structure last changed), points `view` at the entity (its
/// metatable's `__index` becomes the data table; the C writer's focus, handle and index
/// are set), sets `C.params` (when it differs from the last instance's) and `C.id`,
/// resets the budget and calls
/// `fn(view, action, ctx)`; a result that is neither nil, the view nor the entity's proxy
/// goes to `replaced(id, result, i)`. Errors propagate to the caller's protected call.
/// Upvalues 1–3 are the strings "params", "id" and "__index".
static int clua_runeach(lua_State *L) {
    clua_Limits *limits = clua_limits(L);
    lua_settop(L, 7);
    lua_getfield(L, 1, "entities");                             // 8
    lua_getfield(L, 1, "datas");                                // 9
    lua_getfield(L, 1, "handles");                              // 10
    lua_getfield(L, 1, "ids");                                  // 11
    lua_getfield(L, 1, "params");                               // 12
    lua_getfield(L, 1, "n");                                    // 13
    lua_Integer n = lua_tointeger(L, 13);
    if (!lua_getmetatable(L, 7)) return luaL_error(L, "runeach: the view has no metatable");  // 14
    const void *view = lua_topointer(L, 7);
    // The parameters C.params holds: instances whose values are the same share one table
    // (driver.lua `paramsof`), so in a large level it seldom changes from one to the next.
    // The list keeps every table of the batch alive, so no other can take its address.
    const void *params = NULL;
    for (lua_Integer i = 1; i <= n; i++) {
        lua_pushvalue(L, lua_upvalueindex(3));
        lua_rawgeti(L, 9, i);                                   // the entity's data
        lua_rawset(L, 14);
        lua_rawgeti(L, 12, i);                                  // 15: the parameters
        const void *these = lua_topointer(L, 15);
        if (these == NULL || these != params) {
            params = these;
            lua_pushvalue(L, lua_upvalueindex(1));
            lua_pushvalue(L, 15);
            lua_rawset(L, 2);
        }
        lua_pushvalue(L, lua_upvalueindex(2));
        lua_rawgeti(L, 11, i);
        lua_rawset(L, 2);
        lua_rawgeti(L, 10, i);                                  // 16: the handle
        limits->focusHandle = lua_tointeger(L, 16);
        limits->focusIndex = i;
        limits->remaining = limits->budget;
        limits->calls++;
        limits->focus = view;
        lua_pushvalue(L, 3);
        lua_pushvalue(L, 7);
        lua_pushvalue(L, 4);
        lua_pushvalue(L, 5);
        lua_call(L, 3, 1);                                      // 17: the result
        limits->focus = NULL;
        if (!lua_isnil(L, 17) && !lua_rawequal(L, 17, 7)) {
            lua_rawgeti(L, 8, i);                               // 18
            if (!lua_rawequal(L, 17, 18)) {
                lua_pushvalue(L, 6);
                lua_rawgeti(L, 11, i);
                lua_pushvalue(L, 17);
                lua_pushinteger(L, i);
                lua_call(L, 3, 0);
            }
        }
        lua_settop(L, 14);
    }
    return 0;
}

/// `focusindex()`: the place in its batch's list of the entity the running behaviour's
/// view stands for, or nil outside a behaviour's call; the Lua writers find their focus by it.
int clua_focusindex(lua_State *L) {
    clua_Limits *limits = clua_limits(L);
    if (limits->focus == NULL) return 0;
    lua_pushinteger(L, limits->focusIndex);
    return 1;
}

/// Pushes `runeach` with the field names it sets, interned once.
void clua_pushruneach(lua_State *L) {
    lua_pushliteral(L, "params");
    lua_pushliteral(L, "id");
    lua_pushliteral(L, "__index");
    lua_pushcclosure(L, clua_runeach, 3);
}
