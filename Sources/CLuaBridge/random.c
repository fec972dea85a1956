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

/// A bound of `ctx.random`: an integer, or a float with an integral value (as
/// `math.random` takes them); anything else is the pack's error, at its line.
static lua_Integer clua_bound(lua_State *L, int index) {
    int isnum = 0;
    lua_Integer bound = lua_tointegerx(L, index, &isnum);
    if (!isnum || lua_type(L, index) != LUA_TNUMBER)
        luaL_error(L, "ctx.random(m, n): bounds must be integers, found %s",
                   lua_type(L, index) == LUA_TNUMBER ? "a number with a fraction" : luaL_typename(L, index));
    return bound;
}

/// `ctx.random()`: a number in [0, 1); `ctx.random(n)`: an integer in 1..n;
/// `ctx.random(m, n)`: an integer in m..n, for any m <= n. The draw is `m + floor(u *
/// (n - m + 1))` in unsigned arithmetic, as Lua's own `project` is: a span of 2^63 or more
/// does not fit a signed integer (it wrapped, and the draw fell outside m..n). Spans that
/// did fit draw what they drew before, so recorded runs replay, except where rounding above
/// 2^53 carried a draw to n + 1, outside the interval: it is n now.
int clua_random(lua_State *L) {
    clua_Limits *limits = clua_limits(L);
    int count = lua_gettop(L);
    if (count > 2) return luaL_error(L, "ctx.random takes at most two bounds, found %d arguments", count);
    lua_Number u = clua_unit(limits);
    if (count == 0) {
        lua_pushnumber(L, u);
        return 1;
    }
    lua_Integer m = count == 1 ? 1 : clua_bound(L, 1);
    lua_Integer n = clua_bound(L, count);
    if (m > n) return luaL_error(L, "ctx.random(%I, %I): the interval is empty", m, n);
    lua_Unsigned span = (lua_Unsigned)n - (lua_Unsigned)m;
    // Every integer is a possible draw when span + 1 wraps to 0: 2^64 of them.
    lua_Number size = span + 1u == 0 ? 0x1.0p64 : (lua_Number)(span + 1u);
    lua_Number below = floor(u * size);
    // Rounding may carry u * size up to size itself (size too is rounded above 2^53).
    lua_Unsigned k = below < 0x1.0p64 ? (lua_Unsigned)below : span;
    if (k > span) k = span;
    lua_pushinteger(L, (lua_Integer)((lua_Unsigned)m + k));
    return 1;
}
