// Lua 5.4 for Swift: the C API's macros as functions, plus the three pieces that must be
// C because Lua calls them from places where a Swift frame must never be on the stack:
// the allocator (memory cap), the count hook (instruction budget) and the trampoline that
// turns a Swift function's failure status into `lua_error`. Everything else is in Swift,
// except the hot paths of the rules engine that are C for speed: the write log
// (writelog.h), the behaviour focus's writer (focuswrite.h) and the behaviour driver's
// loop (runeach.h); and what must run in the calling pack's frame to keep Lua's own
// errors: the pattern functions on a counted matcher (patterns.h) and the guards in front
// of Lua's other library functions (guarded.h).
#ifndef ECHOLOT_CLUA_SHIM_H
#define ECHOLOT_CLUA_SHIM_H

#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>
#include <stdio.h>
#include <stdlib.h>

#include "writelog.h"

/// Which limit a script ran into; 0 while none has.
enum {
    CLUA_LIMIT_NONE = 0,
    CLUA_LIMIT_INSTRUCTIONS = 1,
    CLUA_LIMIT_MEMORY = 2,
};

/// A Swift function callable from Lua: returns the number of results it pushed, or -1
/// after pushing an error message, which the trampoline then raises.
typedef int (*clua_HostDispatch)(lua_State *L, void *context, lua_Integer function);

/// The state shared by the allocator, the hook and the trampoline (the allocator's `ud`,
/// so every thread of the VM finds it with `lua_getallocf`).
typedef struct clua_Limits {
    size_t used;            // bytes allocated now
    size_t cap;             // the memory cap: above it a running script is stopped
    size_t hardCap;         // no single script allocation may take the total above this
    long long budget;       // instructions allowed per reducer call
    long long remaining;    // instructions left in this call
    int granularity;        // instructions between two hook calls
    int limit;              // CLUA_LIMIT_*: set once a limit is hit, until the host resets it
    int inHost;             // > 0 while Swift code runs: Swift never sees a Lua error
    int limitMessageRef;    // registry ref of the preallocated limit message
    clua_HostDispatch dispatch;
    void *context;
    clua_WriteLog log;      // what the running call wrote, for Swift to read back
    const void *focus;      // the behaviour driver's view during one call (runeach.h), or NULL
    lua_Integer focusHandle;  // the handle of the entity that view stands for
    size_t uncharged;       // bytes a script allocated that make less than an instruction yet
} clua_Limits;

static inline clua_Limits *clua_limits(lua_State *L) {
    void *ud = NULL;
    (void)lua_getallocf(L, &ud);
    return (clua_Limits *)ud;
}

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
static inline void *clua_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    clua_Limits *limits = (clua_Limits *)ud;
    size_t old = ptr != NULL ? osize : 0;
    if (nsize == 0) {
        free(ptr);
        limits->used -= old;
        return NULL;
    }
    if (nsize > old && limits->inHost == 0 && limits->used + (nsize - old) > limits->hardCap) {
        limits->limit = CLUA_LIMIT_MEMORY;
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
    if (nsize > old && limits->inHost == 0) {
        // The remainder is carried: small allocations add up like large ones.
        limits->uncharged += nsize - old;
        limits->remaining -= (long long)(limits->uncharged / CLUA_ALLOCBYTES);
        limits->uncharged %= CLUA_ALLOCBYTES;
    }
    return block;
}

/// Called by Lua when an error escapes every protected call: a bug in the bridge.
static inline int clua_panic(lua_State *L) {
    const char *message = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "(not a string)";
    fprintf(stderr, "echolot: unprotected Lua error: %s\n", message);
    abort();
    return 0;
}

/// A new state whose allocations go through `limits`; NULL if even that fails.
static inline lua_State *clua_newstate(clua_Limits *limits) {
    lua_State *L = lua_newstate(clua_alloc, limits);
    if (L != NULL) lua_atpanic(L, clua_panic);
    return L;
}

static inline void clua_hook(lua_State *L, lua_Debug *ar);

/// Raises the preallocated limit message (pushing it allocates nothing, so it works even
/// when memory is what ran out) and keeps raising on every instruction from now on, so a
/// `pcall` in the script cannot carry on after catching it.
static inline int clua_raiselimit(lua_State *L, clua_Limits *limits) {
    lua_sethook(L, clua_hook, LUA_MASKCOUNT, 1);
    lua_rawgeti(L, LUA_REGISTRYINDEX, limits->limitMessageRef);
    return lua_error(L);
}

/// The count hook: charges the instructions run since the last call against the budget
/// and checks the memory cap (after a full collection, so garbage does not count).
static inline void clua_hook(lua_State *L, lua_Debug *ar) {
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
    if (limits->limit != CLUA_LIMIT_NONE) clua_raiselimit(L, limits);
}

/// Arms the hook on `L` for a new reducer call: a full budget, no limit hit, and no view
/// for the C writer (a batch that failed mid-call left its view set).
static inline void clua_arm(lua_State *L) {
    clua_Limits *limits = clua_limits(L);
    limits->remaining = limits->budget;
    limits->limit = CLUA_LIMIT_NONE;
    limits->focus = NULL;
    lua_sethook(L, clua_hook, LUA_MASKCOUNT, limits->granularity);
}

/// `resetbudget([n])` for the engine's driver: a fresh budget for the next reducer in a
/// batch, or `n` instructions for the engine's own bookkeeping (a limit already hit stays
/// hit).
static inline int clua_resetbudget(lua_State *L) {
    clua_Limits *limits = clua_limits(L);
    limits->remaining = lua_type(L, 1) == LUA_TNUMBER ? (long long)lua_tointeger(L, 1) : limits->budget;
    return 0;
}

/// `relimit(...)`: returns its arguments unless a limit was hit, in which case it raises
/// the limit error again. The sandbox's `pcall`, `xpcall` and `coroutine.resume` end with it.
static inline int clua_relimit(lua_State *L) {
    clua_Limits *limits = clua_limits(L);
    if (limits->limit != CLUA_LIMIT_NONE) return clua_raiselimit(L, limits);
    return lua_gettop(L);
}

/// Takes `n` instructions from the budget at once; raises the instruction limit when it
/// runs out.
static inline void clua_spend(lua_State *L, lua_Number n) {
    clua_Limits *limits = clua_limits(L);
    if (n > 0) limits->remaining -= n >= (lua_Number)limits->remaining ? limits->remaining : (long long)n;
    if (limits->remaining <= 0) {
        limits->limit = CLUA_LIMIT_INSTRUCTIONS;
        clua_raiselimit(L, limits);
    }
}

/// `charge(n)`: takes `n` instructions from the budget at once, for library functions
/// whose work in C is proportional to a size the count hook cannot see (the sandbox's
/// load, table.insert, …); hits the instruction limit when the budget runs out.
static inline int clua_charge(lua_State *L) {
    clua_spend(L, lua_tonumberx(L, 1, NULL));
    return 0;
}

/// Calls the Swift function numbered by upvalue 1. Swift never raises; it returns -1 with
/// a message on the stack, and the error is raised here, in C.
static inline int clua_trampoline(lua_State *L) {
    clua_Limits *limits = clua_limits(L);
    lua_Integer function = lua_tointeger(L, lua_upvalueindex(1));
    limits->inHost += 1;
    int results = limits->dispatch(L, limits->context, function);
    limits->inHost -= 1;
    if (results < 0) return lua_error(L);
    return results;
}

/// Pushes the Swift function numbered `function` as a Lua function.
static inline void clua_pushhost(lua_State *L, lua_Integer function) {
    lua_pushinteger(L, function);
    lua_pushcclosure(L, clua_trampoline, 1);
}

/// Room for one more write-log entry; raises the memory limit when the cap allows none.
static inline clua_Write *clua_logentry(lua_State *L, clua_Limits *limits) {
    clua_Write *entry = clua_logreserve(&limits->log, &limits->used, limits->hardCap, limits->inHost);
    if (entry == NULL) {
        limits->limit = CLUA_LIMIT_MEMORY;
        clua_raiselimit(L, limits);
    }
    return entry;
}

/// `logwrite(handle, key, value)`, the Lua writer's way into the write log: the key and
/// value go to the log's Lua table (upvalue 1), whatever they are.
static inline int clua_logwrite(lua_State *L) {
    clua_Limits *limits = clua_limits(L);
    lua_settop(L, 3);
    clua_Write *entry = clua_logentry(L, limits);
    int slot = ++limits->log.slots;
    entry->handle = lua_tointeger(L, 1);
    entry->key = NULL;
    entry->keyLength = 0;
    entry->kind = CLUA_WRITE_OTHER;
    entry->slot = slot;
    lua_pushvalue(L, 2);
    lua_rawseti(L, lua_upvalueindex(1), 2 * (lua_Integer)slot - 1);
    lua_pushvalue(L, 3);
    lua_rawseti(L, lua_upvalueindex(1), 2 * (lua_Integer)slot);
    return 0;
}

/// `logwriter(table)`: `logwrite` bound to the log's Lua table.
static inline int clua_makelogwrite(lua_State *L) {
    lua_settop(L, 1);
    lua_pushcclosure(L, clua_logwrite, 1);
    return 1;
}

/// Empties the write log for a new call. Room a burst of writes grew beyond four times
/// what the last call used is given back, to the C heap and to the memory cap: one call
/// that wrote a million fields must not shrink the cap of every call after it.
static inline void clua_logclear(clua_Limits *limits) {
    clua_WriteLog *log = &limits->log;
    if (log->capacity > CLUA_LOGKEEP && log->count * 4 < log->capacity) {
        int capacity = log->count * 2 < CLUA_LOGKEEP ? CLUA_LOGKEEP : log->count * 2;
        clua_Write *entries = realloc(log->entries, (size_t)capacity * sizeof(clua_Write));
        if (entries != NULL) {
            limits->used -= (size_t)(log->capacity - capacity) * sizeof(clua_Write);
            log->entries = entries;
            log->capacity = capacity;
        }
    }
    log->count = 0;
    log->slots = 0;
}

#include "focuswrite.h"
#include "runeach.h"
#include "patterns.h"
#include "guarded.h"

/// Sets the shim's own C functions into the table on top of the stack, under the names
/// the engine's Lua code reads them by (its `host` table).
static inline void clua_setshims(lua_State *L) {
    static const luaL_Reg shims[] = {
        {"resetbudget", clua_resetbudget}, {"relimit", clua_relimit}, {"focuswriter", clua_makefocuswrite},
        {"logwriter", clua_makelogwrite}, {"charge", clua_charge},
        {"find", clua_strfind}, {"match", clua_strmatch}, {"gmatch", clua_gmatch}, {"gsub", clua_gsub},
        {"guarded", clua_makeguarded},
        {NULL, NULL},
    };
    luaL_setfuncs(L, shims, 0);
    clua_pushruneach(L);  // with its interned field names as upvalues
    lua_setfield(L, -2, "runeach");
}

// The C API's macros, as functions Swift can call.
static inline int clua_pcall(lua_State *L, int nargs, int nresults, int msgh) {
    return lua_pcall(L, nargs, nresults, msgh);
}
static inline void clua_pop(lua_State *L, int n) { lua_pop(L, n); }
static inline void clua_newtable(lua_State *L) { lua_newtable(L); }
static inline const char *clua_tostring(lua_State *L, int index, size_t *length) {
    return lua_tolstring(L, index, length);
}
static inline int clua_upvalueindex(int i) { return lua_upvalueindex(i); }
static inline int clua_registryindex(void) { return LUA_REGISTRYINDEX; }
static inline void clua_insert(lua_State *L, int index) { lua_insert(L, index); }
static inline void clua_remove(lua_State *L, int index) { lua_remove(L, index); }
static inline void clua_replace(lua_State *L, int index) { lua_replace(L, index); }
static inline lua_Integer clua_tointeger(lua_State *L, int index, int *isnum) {
    return lua_tointegerx(L, index, isnum);
}
static inline lua_Number clua_tonumber(lua_State *L, int index, int *isnum) {
    return lua_tonumberx(L, index, isnum);
}
static inline int clua_isinteger(lua_State *L, int index) { return lua_isinteger(L, index); }
static inline int clua_loadtext(lua_State *L, const char *text, size_t length, const char *chunkname) {
    return luaL_loadbufferx(L, text, length, chunkname, "t");
}
static inline int clua_ref(lua_State *L) { return luaL_ref(L, LUA_REGISTRYINDEX); }
static inline void clua_unref(lua_State *L, int ref) { luaL_unref(L, LUA_REGISTRYINDEX, ref); }
static inline void clua_getref(lua_State *L, int ref) { (void)lua_rawgeti(L, LUA_REGISTRYINDEX, ref); }
static inline void clua_collect(lua_State *L) { (void)lua_gc(L, LUA_GCCOLLECT); }
/// `lua_gc` (variadic in C): `a`, `b` and `c` are the option's arguments, if it takes any.
static inline int clua_gc(lua_State *L, int what, int a, int b, int c) { return lua_gc(L, what, a, b, c); }

#endif
