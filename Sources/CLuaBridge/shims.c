// What the engine's Lua code gets from C (its `host` table), and the C API's macros as
// functions Swift can call.
#include "bridge.h"

/// Sets the bridge's own C functions into the table on top of the stack, under the names
/// the engine's Lua code reads them by (its `host` table).
void clua_setshims(lua_State *L) {
    static const luaL_Reg shims[] = {
        {"resetbudget", clua_resetbudget}, {"focuswriter", clua_makefocuswrite},
        {"logwriter", clua_makelogwrite}, {"charge", clua_charge}, {"istext", clua_istext},
        {"callnumber", clua_callnumber}, {"focusindex", clua_focusindex},
        {"ctxfieldindex", clua_makectxfield}, {"ctxfields", clua_ctxfields},
        {"find", clua_strfind}, {"match", clua_strmatch}, {"gmatch", clua_gmatch}, {"gsub", clua_gsub},
        {"guarded", clua_makeguarded}, {"relay", clua_makerelay},
        {"printer", clua_makeprinter}, {"random", clua_random}, {"sort", clua_sort}, {"sortkeys", clua_sortkeys}, {"pcall", clua_packpcall}, {"xpcall", clua_packxpcall},
        {"made", clua_made}, {"loadtext", clua_loadchunk}, {"missindex", clua_makemissindex},
        {NULL, NULL},
    };
    luaL_setfuncs(L, shims, 0);
    clua_noteraisers(L);
    clua_makemissnote(L);
    clua_pushruneach(L);  // with its interned field names as upvalues
    lua_setfield(L, -2, "runeach");
}

// The C API's macros, for Swift (declared, with what each is, in CLuaBridge.h).

int clua_pcall(lua_State *L, int nargs, int nresults, int msgh) { return lua_pcall(L, nargs, nresults, msgh); }
void clua_pop(lua_State *L, int n) { lua_pop(L, n); }
const char *clua_tostring(lua_State *L, int index, size_t *length) { return lua_tolstring(L, index, length); }
void clua_insert(lua_State *L, int index) { lua_insert(L, index); }
void clua_remove(lua_State *L, int index) { lua_remove(L, index); }
lua_Integer clua_tointeger(lua_State *L, int index, int *isnum) { return lua_tointegerx(L, index, isnum); }
lua_Number clua_tonumber(lua_State *L, int index, int *isnum) { return lua_tonumberx(L, index, isnum); }
int clua_isinteger(lua_State *L, int index) { return lua_isinteger(L, index); }
int clua_ref(lua_State *L) { return luaL_ref(L, LUA_REGISTRYINDEX); }
void clua_unref(lua_State *L, int ref) { luaL_unref(L, LUA_REGISTRYINDEX, ref); }
void clua_getref(lua_State *L, int ref) { (void)lua_rawgeti(L, LUA_REGISTRYINDEX, ref); }
void clua_collect(lua_State *L) { (void)lua_gc(L, LUA_GCCOLLECT); }
