// The behaviour driver's loop over rule instances (driver.lua, runners.behaviour), in C.
// Every reducer of the batch gets the same view table, pointed at its entity before the
// call: reads through it touch the entity's data and the view's (hot) metatable, not the
// entity's own proxy and metatable, and the C writer (focuswrite.c) finds the data and
// the handle without a lookup. In Lua that bookkeeping was about twenty VM instructions
// per entity, each paying the budget's count hook. What only some reads and writes need is
// not set per entity but found when asked: which entity proxy is the focus (the Lua
// writers ask `focusindex`; the commonest write is C) and the instance's `ctx.id`
// (`ctxfield`, C's `__index`).
#include "bridge.h"

static int clua_ctxfield(lua_State *L);

/// `runeach(list, C, fn, action, ctx, replaced, view)`: for i = 1..list.n,
/// with the instance's entity proxy, data table, handle, id and parameters taken from the
/// lists `list.entities`, `list.datas`, `list.handles`, `list.ids` and `list.params` (as
/// collected when the structure last changed), points `view` at the entity (its
/// metatable's `__index` becomes the data table; the C writer's focus, handle and index
/// are set), sets `C.params` (when it differs from the last instance's), resets the
/// budget and calls `fn(view, action, ctx)`; a result that is neither nil, the view nor
/// the entity's proxy goes to `replaced(id, result, i)`. `C.id` is left out for the
/// batch, so that C's `__index` (`ctxfield`) answers it from `list.ids`, and set to the
/// last instance's id at the end, as it was. Errors propagate to the caller's protected
/// call. Upvalues 1–3 are the strings "params", "id" and "__index".
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
    // No instance: C.id stays as it is, since none would be left to set it back.
    if (n <= 0) return 0;
    if (!lua_getmetatable(L, 2)) return luaL_error(L, "runeach: ctx's fields have no metatable");
    lua_pushvalue(L, lua_upvalueindex(3));
    if (lua_rawget(L, -2) != LUA_TFUNCTION || lua_tocfunction(L, -1) != clua_ctxfield)
        return luaL_error(L, "runeach: ctx's __index is not ctxfield");
    lua_pushvalue(L, 11);
    lua_setupvalue(L, -2, 2);
    lua_settop(L, 13);
    lua_pushvalue(L, lua_upvalueindex(2));
    lua_pushnil(L);
    lua_rawset(L, 2);
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
    lua_pushvalue(L, lua_upvalueindex(2));
    lua_rawgeti(L, 11, n);
    lua_rawset(L, 2);
    return 0;
}

/// `ctxfield(C, key)`, the `__index` of ctx's fields: during a behaviour batch, which
/// leaves `C.id` out (runeach), the id of the instance running, or of the last one
/// started; nil for any other missing field, as a table without a metatable gives. A name
/// ctx does not have is noted (missed.c), so that its error can name the one meant; one it
/// has that is nil now (`ctx.dt` but in a tick) is not, as no hint would come of it.
/// Upvalue 1 is the string "id", upvalue 2 the batch's `list.ids` (nil before any batch),
/// upvalue 3 ctx's names (as keys) and upvalue 4 the string "ctx".
static int clua_ctxfield(lua_State *L) {
    if (lua_rawequal(L, 2, lua_upvalueindex(1)) && lua_type(L, lua_upvalueindex(2)) == LUA_TTABLE) {
        lua_rawgeti(L, lua_upvalueindex(2), clua_limits(L)->focusIndex);
        return 1;
    }
    lua_settop(L, 2);
    lua_pushvalue(L, 2);
    if (lua_rawget(L, lua_upvalueindex(3)) == LUA_TNIL) clua_notemiss(L, lua_upvalueindex(3), 2, lua_upvalueindex(4));
    return 0;
}

/// `ctxfieldindex(names)`: C's `__index` (`ctxfield`), for driver.lua to set.
int clua_makectxfield(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_pushliteral(L, "id");
    lua_pushnil(L);
    lua_pushvalue(L, 1);
    lua_pushliteral(L, "ctx");
    lua_pushcclosure(L, clua_ctxfield, 4);
    return 1;
}

/// `ctxfields(C)`: the fields `pairs(ctx)` walks — C itself, or while a behaviour batch
/// leaves `C.id` out, a copy of C with the running instance's id, so that the walk is
/// the one it was when the id was set per instance.
int clua_ctxfields(lua_State *L) {
    lua_settop(L, 1);
    lua_pushliteral(L, "id");
    if (lua_rawget(L, 1) != LUA_TNIL || lua_getfield(L, 1, "id") == LUA_TNIL) {  // 2, 3
        lua_settop(L, 1);
        return 1;
    }
    lua_newtable(L);                                            // 4
    lua_pushnil(L);
    while (lua_next(L, 1)) {
        lua_pushvalue(L, -2);
        lua_insert(L, -2);
        lua_rawset(L, 4);
    }
    lua_pushliteral(L, "id");
    lua_pushvalue(L, 3);
    lua_rawset(L, 4);
    return 1;
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
