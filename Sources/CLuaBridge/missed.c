// Reads of a name that one of the engine's own tables lacks (`echolot.gaol`, `ctx.parms`,
// `math.random`): they give nil, as they always did, and leave a note of which table was
// read. Lua's message for what fails next names the field alone ("attempt to call a nil
// value (field 'gaol')"); with the note, the message handler can say what the table has.
// Only a miss reaches this code: a name the table holds is read as fast as before.
#include "bridge.h"

/// The registry key of the note: a table of four slots, made once (clua_setshims), so
/// that noting allocates nothing and costs no instruction of the budget.
static char clua_missnotekey;

/// Makes the note, empty.
void clua_makemissnote(lua_State *L) {
    lua_createtable(L, 4, 0);
    for (int i = 1; i <= 4; i++) {
        lua_pushboolean(L, 0);
        lua_rawseti(L, -2, i);
    }
    lua_rawsetp(L, LUA_REGISTRYINDEX, &clua_missnotekey);
}

/// Notes that the name at `key` was read and is missing: from the table whose names are the
/// keys of the one at `names`, which messages call by the string at `label`; in this call.
void clua_notemiss(lua_State *L, int names, int key, int label) {
    names = lua_absindex(L, names);
    key = lua_absindex(L, key);
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &clua_missnotekey) != LUA_TTABLE) {
        lua_pop(L, 1);
        return;
    }
    lua_pushvalue(L, names);
    lua_rawseti(L, -2, 1);
    lua_pushvalue(L, key);
    lua_rawseti(L, -2, 2);
    lua_pushvalue(L, label);
    lua_rawseti(L, -2, 3);
    lua_pushinteger(L, (lua_Integer)clua_limits(L)->calls);
    lua_rawseti(L, -2, 4);
    lua_pop(L, 1);
}

/// The `__index` of an engine table: nil, and a note that the name was read. Upvalue 1
/// is the table's name in messages.
static int clua_missindex(lua_State *L) {
    clua_notemiss(L, 1, 2, lua_upvalueindex(1));
    return 0;
}

/// `missindex(label)`: the `__index` of the engine table that messages call `label`.
int clua_makemissindex(lua_State *L) {
    luaL_checktype(L, 1, LUA_TSTRING);
    lua_settop(L, 1);
    lua_pushcclosure(L, clua_missindex, 1);
    return 1;
}

/// Pushes the names, the key and the label of the last miss when it was made in the call
/// running now, and returns 1; else pushes nothing and returns 0.
int clua_pushmiss(lua_State *L) {
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &clua_missnotekey) != LUA_TTABLE) {
        lua_pop(L, 1);
        return 0;
    }
    int isnum = 0;
    lua_rawgeti(L, -1, 4);
    lua_Integer call = lua_tointegerx(L, -1, &isnum);
    lua_pop(L, 1);
    if (!isnum || (unsigned long long)call != clua_limits(L)->calls) {
        lua_pop(L, 1);
        return 0;
    }
    lua_rawgeti(L, -1, 1);
    lua_rawgeti(L, -2, 2);
    lua_rawgeti(L, -3, 3);
    lua_remove(L, -4);
    return 1;
}
