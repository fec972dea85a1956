// The limits a Lua state runs under: the allocator (the memory cap), the count hook (the
// instruction budget), the charges for work the hook cannot see, and the trampoline that
// turns a Swift function's failure status into `lua_error`. Lua calls all of them from
// places where a Swift frame must never be on the stack.
#include <stdio.h>
#include <stdlib.h>

#include "bridge.h"

/// Bytes a script may have allocated per instruction of its budget: filling 64 bytes takes
/// about as long as a Lua instruction (`make bench BENCH_ARGS=sandbox`: concatenation
/// onto a string costs what plain Lua does per instruction).
#define CLUA_ALLOCBYTES 64

/// The allocator. While Swift code runs (`inHost`), it never fails on purpose: a failure
/// would raise a Lua error through Swift frames, so a real out-of-memory there is fatal.
/// While a script runs, the `cap` is enforced by the hook (which can say where the script
/// was, and collects garbage first); a single allocation that would take the total past
/// `hardCap` fails at once and counts as hitting the memory limit.
///
/// A script's growth is also charged to its instruction budget: C fills each new block
/// (`s .. "x"` copies all of `s`, `rep` writes every byte) where the count hook never
/// runs, so a loop that concatenates onto a long string, or repeats a large `rep`, would
/// otherwise spend minutes on a few instructions. The hook sees the charge on its next call.
static void *clua_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    clua_Limits *limits = (clua_Limits *)ud;
    size_t old = ptr != NULL ? osize : 0;
    if (nsize == 0) {
        free(ptr);
        limits->used -= old;
        return NULL;
    }
    if (nsize > old && limits->inHost == 0 && limits->used + (nsize - old) > limits->hardCap) {
        limits->limit = CLUA_LIMIT_MEMORY;
        // Lua raises this failure with no message handler, and a `pcall` in the script
        // unwinds the frame before the limit is raised again: its place is read now. Only
        // outside coroutines is the running thread known here; inside one, resume reads
        // the dead coroutine's frames (guarded.c).
        if (limits->nesting == 0 && limits->made.mainThread != NULL)
            clua_notelimitplace(limits, limits->made.mainThread, 0);
        return NULL;
    }
    void *block = realloc(ptr, nsize);
    if (block == NULL) {
        if (limits->inHost > 0 || nsize <= old) {
            fputs("echolot: out of memory in the Lua bridge\n", stderr);
            abort();
        }
        return NULL;
    }
    limits->used = limits->used - old + nsize;
    // A new object comes with its type as `osize`: tables, functions and coroutines are
    // numbered in the order they are made, the order `pairs` gives them as keys.
    if (ptr == NULL && (osize == LUA_TTABLE || osize == LUA_TFUNCTION || osize == LUA_TTHREAD)) {
        clua_mademark(&limits->made, block, (int)osize);
    }
    if (nsize > old && limits->inHost == 0) {
        // The remainder is carried: small allocations add up like large ones.
        limits->uncharged += nsize - old;
        limits->remaining -= (long long)(limits->uncharged / CLUA_ALLOCBYTES);
        limits->uncharged %= CLUA_ALLOCBYTES;
    }
    return block;
}

/// Called by Lua when an error escapes every protected call: a bug in the bridge.
static int clua_panic(lua_State *L) {
    const char *message = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "(not a string)";
    fprintf(stderr, "echolot: unprotected Lua error: %s\n", message);
    abort();
    return 0;
}

/// A new state whose allocations go through `limits`; NULL if even that fails.
lua_State *clua_newstate(clua_Limits *limits) {
    lua_State *L = lua_newstate(clua_alloc, limits);
    if (L != NULL) {
        lua_atpanic(L, clua_panic);
        limits->made.mainThread = L;
    }
    return L;
}

static void clua_hook(lua_State *L, lua_Debug *ar);

/// Frames looked at, from the top, for the script's frame where a limit was hit: the
/// engine's code a script calls into is a few frames deep.
#define CLUA_PLACEFRAMES 16

void clua_notelimitplace(clua_Limits *limits, lua_State *T, int level) {
    if (limits->place.line > 0) return;
    lua_Debug ar;
    for (int i = level; i < level + CLUA_PLACEFRAMES && lua_getstack(T, i, &ar); i++) {
        if (!lua_getinfo(T, "Sl", &ar) || ar.currentline <= 0 || clua_engineframe(&ar)) continue;
        size_t length = strlen(ar.source);
        if (length >= sizeof limits->place.source) return;
        memcpy(limits->place.source, ar.source, length + 1);
        limits->place.line = ar.currentline;
        return;
    }
}

/// Raises the preallocated limit message (pushing it allocates nothing, so it works even
/// when memory is what ran out). Raised again — script code ran after it, a `pcall`'s end,
/// a handler, a `__close` — it keeps raising on every instruction from then on, so the
/// script cannot carry on after catching it. Setting the hook marks every frame of the
/// thread's stack, as deep as a runaway recursion made it: the first raise leaves the
/// hook as it is (it raises again within the hook's period), so a limit no script code
/// outlives costs no walk over that stack.
int clua_raiselimit(lua_State *L, clua_Limits *limits) {
    if (limits->reraising && (lua_gethook(L) != clua_hook || lua_gethookcount(L) != 1))
        lua_sethook(L, clua_hook, LUA_MASKCOUNT, 1);
    limits->reraising = 1;
    lua_rawgeti(L, LUA_REGISTRYINDEX, limits->limitMessageRef);
    return lua_error(L);
}

/// The count hook: charges the instructions run since the last call against the budget
/// and checks the memory cap (after a full collection, so garbage does not count).
static void clua_hook(lua_State *L, lua_Debug *ar) {
    (void)ar;
    clua_Limits *limits = clua_limits(L);
    if (limits->limit == CLUA_LIMIT_NONE) {
        limits->remaining -= limits->granularity;
        if (limits->remaining <= 0) {
            limits->limit = CLUA_LIMIT_INSTRUCTIONS;
        } else if (limits->used > limits->cap) {
            lua_gc(L, LUA_GCCOLLECT);
            if (limits->used > limits->cap) limits->limit = CLUA_LIMIT_MEMORY;
        }
    }
    if (limits->limit != CLUA_LIMIT_NONE) {
        clua_notelimitplace(limits, L, 0);
        clua_raiselimit(L, limits);
    }
}

/// Starts the count hook's period over, unless a limit was hit (the hook then fires on
/// every instruction) or no budget runs: after work the budget does not take instruction
/// by instruction (the engine's sort of a walk's keys, charged by their count), so that
/// where the hook next fires does not depend on how much of that work there was.
void clua_restartcount(lua_State *L) {
    clua_Limits *limits = clua_limits(L);
    if (limits->limit == CLUA_LIMIT_NONE && lua_gethook(L) == clua_hook) {
        lua_sethook(L, clua_hook, LUA_MASKCOUNT, limits->granularity);
    }
}

/// Arms the hook on `L` for a new reducer call: a full budget, no limit hit, and no view
/// for the C writer (a batch that failed mid-call left its view set).
void clua_arm(lua_State *L) {
    clua_Limits *limits = clua_limits(L);
    limits->remaining = limits->budget;
    limits->calls++;
    limits->limit = CLUA_LIMIT_NONE;
    limits->focus = NULL;
    limits->nesting = 0;
    limits->overflow = 0;
    limits->raising = 0;
    limits->reraising = 0;
    limits->place.line = 0;
    lua_sethook(L, clua_hook, LUA_MASKCOUNT, limits->granularity);
}

/// `resetbudget([n])` for the engine's driver: a fresh budget for the next reducer in a
/// batch, or `n` instructions for the engine's own bookkeeping (a limit already hit stays
/// hit).
int clua_resetbudget(lua_State *L) {
    clua_Limits *limits = clua_limits(L);
    limits->remaining = lua_type(L, 1) == LUA_TNUMBER ? (long long)lua_tointeger(L, 1) : limits->budget;
    limits->calls++;
    return 0;
}

/// `callnumber()`: which budget is running, a number that changes with every reducer call
/// (and every engine step between them), for what the sandbox keeps for one call only.
int clua_callnumber(lua_State *L) {
    lua_pushinteger(L, (lua_Integer)clua_limits(L)->calls);
    return 1;
}

/// Takes `n` instructions from the budget at once; raises the instruction limit when it
/// runs out.
void clua_spend(lua_State *L, lua_Number n) {
    clua_Limits *limits = clua_limits(L);
    if (n > 0) limits->remaining -= n >= (lua_Number)limits->remaining ? limits->remaining : (long long)n;
    if (limits->remaining <= 0) {
        limits->limit = CLUA_LIMIT_INSTRUCTIONS;
        clua_notelimitplace(limits, L, 0);
        clua_raiselimit(L, limits);
    }
}

/// `charge(n)`: takes `n` instructions from the budget at once, for library functions
/// whose work in C is proportional to a size the count hook cannot see (the sandbox's
/// load, table.insert, …); hits the instruction limit when the budget runs out.
int clua_charge(lua_State *L) {
    clua_spend(L, lua_tonumberx(L, 1, NULL));
    return 0;
}

/// Calls the Swift function numbered by upvalue 1. Swift never raises; it returns -1 with
/// a message on the stack, and the error is raised here, in C.
static int clua_trampoline(lua_State *L) {
    clua_Limits *limits = clua_limits(L);
    lua_Integer function = lua_tointeger(L, lua_upvalueindex(1));
    limits->inHost += 1;
    int results = limits->dispatch(L, limits->context, function);
    limits->inHost -= 1;
    if (results < 0) return lua_error(L);
    return results;
}

/// Pushes the Swift function numbered `function` as a Lua function.
void clua_pushhost(lua_State *L, lua_Integer function) {
    lua_pushinteger(L, function);
    lua_pushcclosure(L, clua_trampoline, 1);
}
