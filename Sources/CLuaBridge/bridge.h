// What the bridge's C files share and Swift does not see: how a C function finds the
// limits, how it charges the budget or raises a limit, and the Lua functions each file
// gives the engine's `host` table (set by clua_setshims in shims.c).
#ifndef ECHOLOT_CLUABRIDGE_INTERNAL_H
#define ECHOLOT_CLUABRIDGE_INTERNAL_H

#include <string.h>

#include "CLuaBridge.h"

/// The limits of the state `L` belongs to (the allocator's `ud`).
static inline clua_Limits *clua_limits(lua_State *L) {
    void *ud = NULL;
    (void)lua_getallocf(L, &ud);
    return (clua_Limits *)ud;
}

/// Whether a frame (read with "Sl") runs one of the engine's chunks (named `=echolot.…`;
/// a pack's are `@pack/file`).
static inline int clua_engineframe(const lua_Debug *ar) {
    return ar->currentline >= 0 && strncmp(ar->source, "=echolot.", 9) == 0;
}

// limits.c: the budget and the limits.

/// Raises the preallocated limit message and keeps raising on every instruction from now
/// on, so a `pcall` in the script cannot carry on after catching it.
int clua_raiselimit(lua_State *L, clua_Limits *limits);
/// Notes in the limits where the limit just hit was hit, unless that is known already: the
/// innermost script frame of thread `T` from `level` up, a bounded number of frames looked
/// at, so that it costs the same however deep the stack is.
void clua_notelimitplace(clua_Limits *limits, lua_State *T, int level);
/// Takes `n` instructions from the budget at once; raises the instruction limit when it
/// runs out.
void clua_spend(lua_State *L, lua_Number n);
/// Starts the count hook's period over after work the budget does not count (limits.c).
void clua_restartcount(lua_State *L);
/// `resetbudget([n])`: a fresh budget for the next reducer in a batch, or `n` instructions.
int clua_resetbudget(lua_State *L);
/// `charge(n)`: takes `n` instructions from the budget at once.
int clua_charge(lua_State *L);
/// Bytes a scan of memory (`strlen`, a UTF-8 check) gets through in a Lua instruction's
/// time: as fast as memory is filled, the allocator's rate (limits.c).
#define CLUA_SCANBYTES 64

// textcheck.c: whether a string the state is to hold is text.

/// `istext(s)`: whether string `s` is UTF-8 as Swift reads it; its bytes are charged.
int clua_istext(lua_State *L);
/// `callnumber()`: the number of the budget running, which changes with every reducer call.
int clua_callnumber(lua_State *L);

// writelog.c: the write log.

/// Room for one more write-log entry; raises the memory limit when the cap allows none.
clua_Write *clua_logentry(lua_State *L, clua_Limits *limits);
/// `logwriter(table)`: the Lua writer's way into the write log, bound to its Lua table.
int clua_makelogwrite(lua_State *L);

// focuswrite.c, runeach.c: the behaviour driver's hot path.

/// `focuswriter(other)`: the behaviour view's `__newindex`, handing every other write to `other`.
int clua_makefocuswrite(lua_State *L);
/// Pushes `runeach`, the behaviour driver's loop, with the field names it sets.
void clua_pushruneach(lua_State *L);
/// `focusindex()`: which instance of its batch the running behaviour's view stands for, or nil.
int clua_focusindex(lua_State *L);
/// `ctxfieldindex(names)`: the `__index` of ctx's fields, which answers `ctx.id` during a
/// behaviour batch and notes the read of any other name it lacks (`names`: ctx's, as keys).
int clua_makectxfield(lua_State *L);
/// `ctxfields(C)`: what `pairs(ctx)` walks, the id included during a behaviour batch.
int clua_ctxfields(lua_State *L);

// missed.c: reads of a name the engine's own tables lack.

/// Makes the note of the last such read (in the registry), empty.
void clua_makemissnote(lua_State *L);
/// Notes that the name at `key` was read from a table whose names are the keys of the one
/// at `names` and that messages call by the string at `label`, and that it is missing.
void clua_notemiss(lua_State *L, int names, int key, int label);
/// `missindex(label)`: an `__index` for the engine table `label` that answers nil and notes the read.
int clua_makemissindex(lua_State *L);

// madeorder.c: the order objects were made in.

/// Numbers the object just made at `block`, of Lua type `type` (table, function, thread).
void clua_mademark(clua_MadeOrder *made, void *block, int type);
/// `made(v)`: the number in making order of the table, function or coroutine `v`, or 0.
int clua_made(lua_State *L);

// loadtext.c: the sandbox's `load`.

/// `loadtext(text, chunkname, env)`: a chunk of text with `env` as its globals, or nil and
/// the message (its nesting too deep placed as clua_loadtext places it).
int clua_loadchunk(lua_State *L);

// random.c: ctx.random.

/// `ctx.random([m, ] [n])` on the state's generator (`limits->random`).
int clua_random(lua_State *L);

// sort.c: table.sort.

/// `table.sort(t [, comp])`: Lua's quicksort, finished by a heapsort where Lua would pick
/// pivots from the clock.
int clua_sort(lua_State *L);
/// `sortkeys(keys[, before])`: a walk's keys sorted, charged by their count (sort.c).
int clua_sortkeys(lua_State *L);

// patterns.c: string.find, match, gmatch and gsub on a matcher that pays the budget.

/// `string.find` on the counted matcher.
int clua_strfind(lua_State *L);
/// `string.match` on the counted matcher.
int clua_strmatch(lua_State *L);
/// `string.gmatch` on the counted matcher.
int clua_gmatch(lua_State *L);
/// `string.gsub` on the counted matcher, charging the bytes it copies.
int clua_gsub(lua_State *L);

// guarded.c: Lua's library functions behind a guard.

/// `guarded(f, how, ...)`: `f` called in the caller's frame behind the guard `how`.
int clua_makeguarded(lua_State *L);
/// `relay(f)`: the engine's Lua function `f` behind a C frame, so a tail call to it keeps
/// the pack's frame and its errors name the pack's line.
int clua_makerelay(lua_State *L);
/// The sandbox's `pcall`: Lua's own, except that a limit hit inside is raised again.
int clua_packpcall(lua_State *L);
/// The sandbox's `xpcall`: Lua's own, except that a limit hit inside is raised again.
int clua_packxpcall(lua_State *L);
/// `printer(serialof, log)`: the sandbox's `print`, in C like Lua's own.
int clua_makeprinter(lua_State *L);
/// Notes Lua's functions that raise the value they are given (`error`, `assert`), from the
/// globals, for clua_noteoverflow.
void clua_noteraisers(lua_State *L);

#endif
