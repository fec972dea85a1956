// `table.sort` for pack code: Lua 5.4's own quicksort (ltablib.c, same pivots, same
// errors), with one change. Where Lua's sort finds a partition badly unbalanced, it picks
// its next pivots from `clock()` and `time()` — and with ties, or an inconsistent
// comparison, the order it leaves then depends on the moment it ran: a replay could part
// from its recording. Here such a range is finished by a heapsort instead, which needs no
// randomness and still bounds the work by n·log n whatever the input.
//
// The count hook cannot see comparisons made in C, so each is charged as it is made (a
// comparison function written in Lua pays for itself through the hook): a sort pays for
// the work it does, which no estimate from the length alone bounds on every input.
//
// Lua's code is MIT-licensed: Copyright (C) 1994–2022 Lua.org, PUC-Rio.
#include <limits.h>

#include "bridge.h"

/// Array indices, as Lua's sort has them.
typedef unsigned int clua_Index;

/// Instructions charged for a comparison made in C and the moves that go with it: about
/// the time of four Lua instructions (`make bench BENCH_ARGS=sandbox`).
#define CLUA_SORTSTEP 4

/// Whether the value at stack index `a` sorts before the one at `b`: the comparison
/// function (argument 2) or `<`.
static int clua_sortless(lua_State *L, int a, int b) {
    // The keys of a walk, charged for up front (sortkeys).
    if (lua_islightuserdata(L, 2)) return lua_compare(L, a, b, LUA_OPLT);
    if (lua_isnil(L, 2)) {
        clua_spend(L, CLUA_SORTSTEP);
        return lua_compare(L, a, b, LUA_OPLT);
    }
    if (lua_iscfunction(L, 2)) clua_spend(L, CLUA_SORTSTEP);
    lua_pushvalue(L, 2);
    lua_pushvalue(L, a - 1);  // one slot deeper: the function
    lua_pushvalue(L, b - 2);  // two: the function and a
    lua_call(L, 2, 1);
    int less = lua_toboolean(L, -1);
    lua_pop(L, 1);
    return less;
}

/// Stores the top value at t[i] and the one below it at t[j] (the swap of two elements
/// read in the order j, i).
static void clua_sortset2(lua_State *L, clua_Index i, clua_Index j) {
    lua_seti(L, 1, i);
    lua_seti(L, 1, j);
}

/// Lua's partition: the pivot P on top of the stack, a[lo] <= P == a[up - 1] <= a[up];
/// returns i with a[lo .. i - 1] <= a[i] == P <= a[i + 1 .. up].
static clua_Index clua_partition(lua_State *L, clua_Index lo, clua_Index up) {
    clua_Index i = lo, j = up - 1;
    for (;;) {
        while ((void)lua_geti(L, 1, ++i), clua_sortless(L, -1, -2)) {
            if (i == up - 1) luaL_error(L, "invalid order function for sorting");
            lua_pop(L, 1);
        }
        while ((void)lua_geti(L, 1, --j), clua_sortless(L, -3, -1)) {
            if (j < i) luaL_error(L, "invalid order function for sorting");
            lua_pop(L, 1);
        }
        if (j < i) {
            lua_pop(L, 1);
            clua_sortset2(L, up - 1, i);
            return i;
        }
        clua_sortset2(L, i, j);
    }
}

/// Moves a[lo + root - 1] down the heap a[lo .. lo + count - 1] (1-based within it) until
/// no child sorts after it.
static void clua_siftdown(lua_State *L, clua_Index lo, clua_Index root, clua_Index count) {
    for (;;) {
        clua_Index child = 2 * root;
        if (child > count) return;
        lua_geti(L, 1, lo + child - 1);
        if (child < count) {
            lua_geti(L, 1, lo + child);
            if (clua_sortless(L, -2, -1)) {
                lua_remove(L, -2);
                child++;
            } else {
                lua_pop(L, 1);
            }
        }
        lua_geti(L, 1, lo + root - 1);             // the child on top of the stack, then the root
        if (!clua_sortless(L, -1, -2)) {
            lua_pop(L, 2);
            return;
        }
        clua_sortset2(L, lo + child - 1, lo + root - 1);  // root's value to child, child's to root
        root = child;
    }
}

/// Sorts a[lo .. up] by heapsort: no pivots to choose, at most about 2·n·log₂ n comparisons.
static void clua_heapsort(lua_State *L, clua_Index lo, clua_Index up) {
    clua_Index count = up - lo + 1;
    for (clua_Index root = count / 2; root >= 1; root--) clua_siftdown(L, lo, root, count);
    for (clua_Index last = count; last > 1; last--) {
        lua_geti(L, 1, lo);
        lua_geti(L, 1, lo + last - 1);
        clua_sortset2(L, lo, lo + last - 1);  // the largest to the end of the heap
        clua_siftdown(L, lo, 1, last - 1);
    }
}

/// Lua's auxsort with the middle element as every pivot; a range whose partition leaves
/// it badly unbalanced (where Lua would start choosing pivots at random) is heapsorted.
static void clua_auxsort(lua_State *L, clua_Index lo, clua_Index up) {
    while (lo < up) {
        lua_geti(L, 1, lo);
        lua_geti(L, 1, up);
        if (clua_sortless(L, -1, -2)) clua_sortset2(L, lo, up); else lua_pop(L, 2);
        if (up - lo == 1) return;
        clua_Index p = lo + (up - lo) / 2;  // Lua's (lo + up) / 2, which cannot overflow here
        lua_geti(L, 1, p);
        lua_geti(L, 1, lo);
        if (clua_sortless(L, -2, -1)) {
            clua_sortset2(L, p, lo);
        } else {
            lua_pop(L, 1);
            lua_geti(L, 1, up);
            if (clua_sortless(L, -1, -2)) clua_sortset2(L, p, up); else lua_pop(L, 2);
        }
        if (up - lo == 2) return;
        lua_geti(L, 1, p);
        lua_pushvalue(L, -1);
        lua_geti(L, 1, up - 1);
        clua_sortset2(L, p, up - 1);
        p = clua_partition(L, lo, up);
        clua_Index smaller;
        if (p - lo < up - p) {
            clua_auxsort(L, lo, p - 1);
            smaller = p - lo;
            lo = p + 1;
        } else {
            clua_auxsort(L, p + 1, up);
            smaller = up - p;
            up = p - 1;
        }
        // Lua's test for a new random pivot; it implies a range of 128 or more, above
        // Lua's RANLIMIT (100), below which it keeps the middle one anyway.
        if (up > lo && (up - lo) / 128 > smaller) {
            clua_heapsort(L, lo, up);
            return;
        }
    }
}

/// `sort(t, comp)`: Lua's table.sort, deterministic (see above).
int clua_sort(lua_State *L) {
    if (lua_type(L, 1) != LUA_TTABLE) {
        // Lua's checktab: something else may stand in for a table with all three metamethods.
        int ok = lua_getmetatable(L, 1);
        if (ok) {
            static const char *const needed[] = {"__index", "__newindex", "__len"};
            for (int i = 0; i < 3 && ok; i++) {
                lua_pushstring(L, needed[i]);
                ok = lua_rawget(L, -2) != LUA_TNIL;
                lua_pop(L, 1);
            }
            lua_pop(L, 1);
        }
        if (!ok) luaL_checktype(L, 1, LUA_TTABLE);
    }
    lua_Integer n = luaL_len(L, 1);
    if (n > 1) {
        luaL_argcheck(L, n < INT_MAX, 1, "array too big");
        if (!lua_isnoneornil(L, 2)) luaL_checktype(L, 2, LUA_TFUNCTION);
        lua_settop(L, 2);
        clua_auxsort(L, 1, (clua_Index)n);
    }
    return 0;
}

/// `sortkeysby(keys, before)`: the sort of `sortkeys` by `before`, in a protected call of
/// its own.
static int clua_sortkeysby(lua_State *L) {
    clua_auxsort(L, 1, (clua_Index)lua_rawlen(L, 1));
    return 0;
}

/// Instructions charged for each comparison of a walk's keys made by the sandbox's order
/// for keys of several types (sandbox.lua `before`, written in Lua: about fifteen a call).
#define CLUA_MIXEDSTEP 16

/// `sortkeys(keys[, before])`: sorts a table's keys for the sandbox's deterministic walks
/// (sandbox.lua `orderedkeys`): by `<` (all numbers or all strings) or by `before`. The
/// keys come in the order of Lua's hash, which moves with a seed each state picks anew
/// (and for tables and functions with their addresses), and the comparisons a sort makes
/// move with the order of its input: charged one by one, a walk close to the budget could
/// pass in play and fail in its replay. So the charge is set by the count alone, before
/// the sort, for n·⌈log₂ n⌉ comparisons, about what the sort makes on average (heapsort,
/// for a range it finishes, at most twice as many); `before`'s own instructions are not
/// counted, and the hook's period starts over after them.
int clua_sortkeys(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    int ordered = !lua_isnoneornil(L, 2);
    if (ordered) luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_Integer n = (lua_Integer)lua_rawlen(L, 1);
    if (n < 2) return 0;
    luaL_argcheck(L, n < INT_MAX, 1, "array too big");
    lua_Number steps = 0;
    for (lua_Integer m = n - 1; m > 0; m >>= 1) steps += 1;
    clua_spend(L, (lua_Number)(ordered ? CLUA_MIXEDSTEP : CLUA_SORTSTEP) * (lua_Number)n * steps);
    lua_settop(L, 2);
    if (!ordered) {
        lua_pushlightuserdata(L, L);  // the mark clua_sortless knows: `<`, charged already
        lua_replace(L, 2);
        clua_auxsort(L, 1, (clua_Index)n);
        return 0;
    }
    // `before` is the engine's, but it can still fail (a C stack that pack code filled
    // first, nesting calls): the budget is put back on every way out of the sort, or the
    // rest of the call would run unbounded. A limit hit meanwhile stays hit.
    clua_Limits *limits = clua_limits(L);
    long long remaining = limits->remaining;
    lua_pushcfunction(L, clua_sortkeysby);
    lua_insert(L, 1);
    limits->remaining = LLONG_MAX / 2;
    int status = lua_pcall(L, 2, 0, 0);
    if (limits->limit == CLUA_LIMIT_NONE) limits->remaining = remaining;
    clua_restartcount(L);
    if (status != LUA_OK) return lua_error(L);
    return 0;
}
