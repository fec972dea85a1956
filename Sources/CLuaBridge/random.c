// `ctx.random`: the state's seeded generator, in C. A behaviour such as `drift` draws from
// it for every entity on every tick, so it is one C call (a Lua function behind a relay
// cost twice as much); and as a C function it raises its argument errors at the pack's
// line, also when the pack tail-calls it.
#include <math.h>

#include "bridge.h"

/// The next number in [0, 1) of SplitMix64 over `limits->random` — the same generator and
/// the same 53 bits as Swift's `SeededRandom.unit()`, so a replay draws the same numbers.
static lua_Number clua_unit(clua_Limits *limits) {
    unsigned long long z = limits->random += 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    z = z ^ (z >> 31);
    return (lua_Number)(z >> 11) * 0x1.0p-53;
}

/// `ctx.random()`: a number in [0, 1); `ctx.random(n)`: an integer in 1..n;
/// `ctx.random(m, n)`: an integer in m..n. The arithmetic is Lua's: `m + math.floor(u *
/// (n - m + 1))` with integers that wrap.
int clua_random(lua_State *L) {
    clua_Limits *limits = clua_limits(L);
    lua_Number u = clua_unit(limits);
    if (lua_isnoneornil(L, 1)) {
        lua_pushnumber(L, u);
        return 1;
    }
    int one = lua_isnoneornil(L, 2);
    if (!lua_isinteger(L, 1) || (!one && !lua_isinteger(L, 2)))
        return luaL_error(L, "ctx.random(m, n): bounds must be integers");
    lua_Integer m = one ? 1 : lua_tointeger(L, 1);
    lua_Integer n = lua_tointeger(L, one ? 1 : 2);
    if (m > n) return luaL_error(L, "ctx.random(%I, %I): the interval is empty", m, n);
    lua_Integer range = (lua_Integer)((lua_Unsigned)n - (lua_Unsigned)m + 1u);
    lua_Number below = floor(u * (lua_Number)range);
    lua_Integer k;
    if (lua_numbertointeger(below, &k)) {
        lua_pushinteger(L, (lua_Integer)((lua_Unsigned)m + (lua_Unsigned)k));
    } else {
        lua_pushnumber(L, (lua_Number)m + below);
    }
    return 1;
}
