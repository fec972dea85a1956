// Lua's own library functions with a guard in front, for pack code: a charge for work in
// C whose size the count hook cannot see (the sandbox charges it to the budget before the
// work starts), a mirror proxy seen through to its data, or one of the sandbox's rules.
// Each guard calls Lua's function in its own frame, so results, errors and the positions
// they name are exactly Lua's: the pack's line, the library's name for the function. (A
// Lua wrapper would put its own line into every error a pack catches.) The charge rates
// are set from `make bench BENCH_ARGS=sandbox`, which times each way of spending the
// budget against plain Lua. For the same reason the sandbox's `print` is C, and the
// engine's own Lua functions a pack calls are called through a C relay.

#include <math.h>
#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "bridge.h"

/// What a guard does before (or after) Lua's function runs: the first ten read the
/// charge from the arguments.
enum {
    CLUA_COST_POSITIONS,  // string.byte, utf8.codepoint (s, i = 1, j = i): a value per position
    CLUA_COST_DECODE,     // utf8.len (s, i = 1, j = -1): every byte decoded
    CLUA_COST_WALK,       // utf8.offset (s, n, i): the bytes walked, charged after
    CLUA_COST_TEXT,       // tonumber, arithmetic on strings: every text argument scanned
    CLUA_COST_INSERT,     // table.insert (t, pos, v): the elements from pos up moved
    CLUA_COST_REMOVE,     // table.remove (t, pos): the elements above pos moved
    CLUA_COST_MOVE,       // table.move (a1, f, e, ...): e − f + 1 elements
    CLUA_COST_UNPACK,     // table.unpack (t, i = 1, j = #t): a value per element
    CLUA_COST_CONCAT,     // table.concat (t, sep, i = 1, j = #t): each element as it is read
    CLUA_COST_REP,        // string.rep (s, n, sep): the repetitions, and room for the result
    CLUA_COST_PACK,       // string.pack, packsize, unpack (fmt, ...): the format, and strings 'z' scans
    CLUA_GUARD_SEE,       // next, rawget, rawlen: a mirror proxy is its data; a retired view refused
    CLUA_GUARD_RAWSET,    // rawset: a proxy or read-only view written through its writer
    CLUA_GUARD_META,      // setmetatable: no finalizers, no weak tables, now or later (a seal)
    CLUA_GUARD_GETMETA,   // getmetatable: a seal is not shown
    CLUA_GUARD_FORMAT,    // string.format: no %p, and objects shown without their addresses
    CLUA_GUARD_RELIMIT,   // coroutine.resume, close: a limit hit inside is raised again
    CLUA_GUARD_TOSTRING,  // tostring: an object without __tostring shown by its serial number
    CLUA_GUARD_WRAP,      // coroutine.wrap: its function resumes and closes through the sandbox's
};

/// The names `guarded(f, how, ...)` takes, in the order of the enum.
static const char *const clua_guardnames[] = {
    "positions", "decode", "walk", "text", "insert", "remove", "move", "unpack", "concat", "rep",
    "pack", "see", "rawset", "meta", "getmeta", "format", "relimit", "tostring", "wrap", NULL,
};

/// How deep coroutines may be resumed or closed inside one another.
#define CLUA_MAXNESTING 200

/// Bytes of number text that take a Lua instruction's time to read (leading spaces, then
/// the digits, tried as an integer and again as a float).
#define CLUA_TEXTBYTES 8
/// Bytes UTF-8 decoding gets through in a Lua instruction's time.
#define CLUA_DECODEBYTES 4
/// Bytes utf8.offset steps over in a Lua instruction's time.
#define CLUA_WALKBYTES 8
// string.format's `%s` with a width or precision and string.pack's and unpack's `z` scan
// their whole string for a zero: charged at CLUA_SCANBYTES (bridge.h).

/// Argument `i` as Lua's integer parameters read it, into `*value` (`fallback` when absent
/// or nil; text that reads as one has its bytes charged, since reading it scans them all);
/// 0 when Lua will refuse it (and the charge is then left to Lua's error).
static int clua_intarg(lua_State *L, int i, lua_Integer fallback, lua_Integer *value) {
    if (lua_isnoneornil(L, i)) {
        *value = fallback;
        return 1;
    }
    if (lua_type(L, i) == LUA_TSTRING) clua_spend(L, (lua_Number)lua_rawlen(L, i) / CLUA_TEXTBYTES);
    int isinteger = 0;
    *value = lua_tointegerx(L, i, &isinteger);
    return isinteger;
}

/// A required integer argument `i` into `*value`; 0 when absent, nil, or anything else
/// Lua will refuse.
static int clua_needint(lua_State *L, int i, lua_Integer *value) {
    return !lua_isnoneornil(L, i) && clua_intarg(L, i, 0, value);
}

/// The elements from `from` to `to` (as integers: bounds near the largest integer do not
/// round together), none when `to` is below `from`.
static lua_Number clua_span(lua_Integer from, lua_Integer to) {
    return to >= from ? (lua_Number)((lua_Unsigned)to - (lua_Unsigned)from) + 1 : 0;
}

/// How many of the positions `i` to `j` of a string `length` bytes long Lua visits
/// (negative positions count from the end; both are clamped to the string).
static lua_Number clua_stretch(lua_Integer length, lua_Integer i, lua_Integer j) {
    if (i < 0) i = length + i + 1;
    if (j < 0) j = length + j + 1;
    if (i < 1) i = 1;
    if (j > length) j = length;
    return clua_span(i, j);
}

/// Whether a value of this type is shown by its address, which differs from run to run.
static int clua_addressed(int type) {
    return type == LUA_TTABLE || type == LUA_TFUNCTION || type == LUA_TTHREAD || type == LUA_TUSERDATA
        || type == LUA_TLIGHTUSERDATA;
}

/// Pushes argument `i` as the sandbox shows it: an object Lua would show by its address
/// (which differs from run to run) by the serial number the function at `serialof` gives
/// it, anything else as Lua's tostring does (errors raised at the caller's line).
static void clua_pushshown(lua_State *L, int i, int serialof) {
    // The one light userdata a pack can reach is `echolot.null`, the limits' address
    // (LuaVM.nullSentinel).
    if (lua_type(L, i) == LUA_TLIGHTUSERDATA && lua_touserdata(L, i) == (void *)clua_limits(L)) {
        lua_pushliteral(L, "echolot.null");
        return;
    }
    if (clua_addressed(lua_type(L, i))) {
        if (luaL_getmetafield(L, i, "__tostring") == LUA_TNIL) {
            lua_pushvalue(L, serialof);
            lua_pushvalue(L, i);
            lua_call(L, 1, 1);
            return;
        }
        lua_pop(L, 1);
    }
    (void)luaL_tolstring(L, i, NULL);
}

/// A stand-in's `__len`: the length read once (upvalue 1).
static int clua_standinlength(lua_State *L) {
    lua_pushvalue(L, lua_upvalueindex(1));
    return 1;
}

/// A stand-in's `__index`: the element of the table it stands for (upvalue 1), read as
/// Lua reads it (so its own `__index` chain is as long as without the stand-in); with a
/// cost per element (upvalue 2) charged first.
static int clua_standinget(lua_State *L) {
    lua_Number cost = lua_tonumber(L, lua_upvalueindex(2));
    if (cost > 0) clua_spend(L, cost);
    lua_settop(L, 2);
    lua_gettable(L, lua_upvalueindex(1));
    return 1;
}

/// A stand-in's `__newindex`: the write goes to the table it stands for, as Lua writes.
static int clua_standinset(lua_State *L) {
    lua_settop(L, 3);
    lua_settable(L, lua_upvalueindex(1));
    return 0;
}

/// Puts in place of the table at 1, for Lua's function, a stand-in that reads and writes
/// through to it: with `length` as its length when `fixed`, and `cost` charged per
/// element read.
static void clua_standin(lua_State *L, int fixed, lua_Integer length, lua_Number cost) {
    lua_createtable(L, 0, 0);
    lua_createtable(L, 0, 3);
    lua_pushvalue(L, 1);
    lua_pushnumber(L, cost);
    lua_pushcclosure(L, clua_standinget, 2);
    lua_setfield(L, -2, "__index");
    lua_pushvalue(L, 1);
    lua_pushcclosure(L, clua_standinset, 1);
    lua_setfield(L, -2, "__newindex");
    if (fixed) {
        lua_pushinteger(L, length);
        lua_pushcclosure(L, clua_standinlength, 1);
        lua_setfield(L, -2, "__len");
    }
    lua_setmetatable(L, -2);
    lua_replace(L, 1);
}

/// The length of the table at 1, read once: a table whose `__len` is a metamethod is
/// replaced, for Lua's function, by a stand-in of that length. Lua's table functions read
/// the length themselves, and a `__len` that answered small to the charge and huge to the
/// function would run it uncharged for hours.
static lua_Integer clua_tablelength(lua_State *L) {
    lua_Integer length = luaL_len(L, 1);
    if (luaL_getmetafield(L, 1, "__len") == LUA_TNIL) return length;
    lua_pop(L, 1);
    clua_standin(L, 1, length, 0);
    return length;
}

/// Whether `bytes` more fit: under the cap once made, and under the hard cap while
/// string.rep's buffer and its result are both alive.
static int clua_fits(clua_Limits *limits, lua_Number bytes) {
    lua_Number used = (lua_Number)limits->used;
    return used + 2 * bytes <= (lua_Number)limits->hardCap && used + bytes <= (lua_Number)limits->cap;
}

/// The length of the string or number at `i` as text (a number converted on a copy, so
/// the argument stays a number).
static lua_Number clua_textlength(lua_State *L, int i) {
    size_t length = 0;
    lua_pushvalue(L, i);
    (void)lua_tolstring(L, -1, &length);
    lua_pop(L, 1);
    return (lua_Number)length;
}

/// string.rep's charge: refuses a result larger than the memory cap with its own message,
/// makes room for it, and charges a quarter instruction per repetition (the bytes are
/// charged as memory when they are filled). Returns 1 when the result is the empty string,
/// pushed here: Lua's rep would copy nothing `n` times over. Arguments Lua will refuse
/// are left to it.
static int clua_costrep(lua_State *L) {
    int kind = lua_type(L, 1), sepkind = lua_type(L, 3);
    lua_Integer count = 0;
    if ((kind != LUA_TSTRING && kind != LUA_TNUMBER) || !clua_intarg(L, 2, 0, &count) || count <= 0) return 0;
    if (sepkind != LUA_TNONE && sepkind != LUA_TNIL && sepkind != LUA_TSTRING && sepkind != LUA_TNUMBER) return 0;
    lua_Number size = clua_textlength(L, 1) * (lua_Number)count;
    if (sepkind == LUA_TSTRING || sepkind == LUA_TNUMBER) size += clua_textlength(L, 3) * (lua_Number)count;
    if (size == 0) {
        lua_pushliteral(L, "");
        return 1;
    }
    clua_Limits *limits = clua_limits(L);
    if (size > (lua_Number)limits->cap) {
        char bytes[400];  // up to 309 digits
        snprintf(bytes, sizeof bytes, "%.0f", size);
        luaL_error(L, "string.rep: a string of %s bytes would exceed the memory limit", bytes);
    }
    // Lua's rep fills its whole buffer before the result is refused: seconds of C the
    // budget cannot see. A result that cannot fit even after a full collection hits the
    // memory limit at once.
    if (!clua_fits(limits, size)) {
        lua_gc(L, LUA_GCCOLLECT);
        if (!clua_fits(limits, size)) {
            limits->limit = CLUA_LIMIT_MEMORY;
            clua_raiselimit(L, limits);
        }
    }
    clua_spend(L, (lua_Number)count / 4);
    return 0;
}

/// utf8.offset(s, n, i), charged after it ran for the bytes it walked: a character can
/// be any number of continuation bytes long, so only the walk says what it cost (at most
/// the string's length, once; the next call finds the budget spent).
static int clua_walk(lua_State *L, lua_CFunction original) {
    lua_Integer n = 0, start = 0;
    size_t length = 0;
    int known = lua_type(L, 1) == LUA_TSTRING && clua_intarg(L, 2, 0, &n);
    if (known) {
        (void)lua_tolstring(L, 1, &length);
        known = clua_intarg(L, 3, n >= 0 ? 1 : (lua_Integer)length + 1, &start);
        if (start < 0) start = (lua_Integer)length + start + 1;
    }
    int results = original(L);
    if (known) {
        lua_Integer end = lua_isinteger(L, -1) ? lua_tointeger(L, -1) : (n > 0 ? (lua_Integer)length + 1 : 1);
        clua_spend(L, (lua_Number)(end > start ? end - start : start - end) / CLUA_WALKBYTES);
    }
    return results;
}

/// The instructions a call will take, read from its arguments. Table functions read the
/// length here, once (``clua_tablelength``).
static lua_Number clua_cost(lua_State *L, int how) {
    int top = lua_gettop(L);
    lua_Integer from = 0, to = 0;
    switch (how) {
    case CLUA_COST_POSITIONS: case CLUA_COST_DECODE: {
        if (lua_type(L, 1) != LUA_TSTRING || !clua_intarg(L, 2, 1, &from)
            || !clua_intarg(L, 3, how == CLUA_COST_DECODE ? -1 : from, &to)) return 0;
        lua_Number visited = clua_stretch((lua_Integer)lua_rawlen(L, 1), from, to);
        return how == CLUA_COST_DECODE ? visited / CLUA_DECODEBYTES : visited;
    }
    case CLUA_COST_TEXT: {
        lua_Number bytes = 0;
        for (int i = 1; i <= top; i++)
            if (lua_type(L, i) == LUA_TSTRING) bytes += (lua_Number)lua_rawlen(L, i);
        return bytes / CLUA_TEXTBYTES;
    }
    case CLUA_COST_INSERT: {
        // Elements move only for a position (three arguments) within 1 to length + 1.
        if (lua_type(L, 1) != LUA_TTABLE || top != 3) return 0;
        to = clua_tablelength(L);
        if (!clua_needint(L, 2, &from) || (lua_Unsigned)from - 1u >= (lua_Unsigned)to + 1u) return 0;
        return clua_span(from, to);
    }
    case CLUA_COST_REMOVE: {
        // Elements move only for a position within 1 to length + 1 (nil: the last).
        if (lua_type(L, 1) != LUA_TTABLE || top < 2) return 0;
        to = clua_tablelength(L);
        if (!clua_intarg(L, 2, to, &from) || (from != to && (lua_Unsigned)from - 1u > (lua_Unsigned)to)) return 0;
        return clua_span(from, to);
    }
    case CLUA_COST_MOVE: {
        // As many elements as Lua will move: none when it refuses the bounds.
        lua_Integer destination = 0;
        if (!clua_needint(L, 2, &from) || !clua_needint(L, 3, &to) || !clua_needint(L, 4, &destination)) return 0;
        if (to < from || (from <= 0 && to >= LUA_MAXINTEGER + from)) return 0;
        lua_Number n = clua_span(from, to);
        return destination <= LUA_MAXINTEGER - (lua_Integer)((lua_Unsigned)to - (lua_Unsigned)from) ? n : 0;
    }
    case CLUA_COST_UNPACK: {
        // A value per element, unless there are more than the stack takes (Lua refuses).
        if (lua_type(L, 1) != LUA_TTABLE) return 0;
        if (lua_isnoneornil(L, 3)) to = clua_tablelength(L);
        if (!clua_intarg(L, 2, 1, &from) || !clua_intarg(L, 3, to, &to)) return 0;
        lua_Number n = clua_span(from, to);
        return n < 1000000 ? n : 0;
    }
    case CLUA_COST_PACK: {
        // A format option takes about an instruction's time (each may push a result); a
        // 'z' scans a string to its end: pack's `z` arguments, unpack's data from its
        // start (several `z` scan it once between them). Every string after the format is
        // charged once a 'z' appears (unpack's data, pack's arguments).
        size_t length = 0;
        if (lua_type(L, 1) != LUA_TSTRING) return 0;
        const char *format = lua_tolstring(L, 1, &length);
        lua_Number cost = (lua_Number)length;
        if (memchr(format, 'z', length) != NULL) {
            lua_Number bytes = 0;
            for (int i = 2; i <= top; i++)
                if (lua_type(L, i) == LUA_TSTRING) bytes += (lua_Number)lua_rawlen(L, i);
            cost += bytes / CLUA_SCANBYTES;
        }
        return cost;
    }
    case CLUA_COST_CONCAT: {
        // Two instructions' time per element joined. A plain table's elements are charged
        // up front, from i to the length (or to j when that is not far: a huge j past a
        // short list is Lua's error, not a charge). Otherwise each element is charged as
        // it is read, through a stand-in (dearer per element): an `__index` can answer
        // past the length, and a hole can hide what follows it from the length. Lua's
        // concat reads the length whether or not it is given j.
        if (lua_type(L, 1) != LUA_TTABLE) return 0;
        int hasmeta = lua_getmetatable(L, 1);
        if (hasmeta) lua_pop(L, 1);
        lua_Integer length = luaL_len(L, 1);
        int bounded = lua_isnoneornil(L, 4);
        if (!hasmeta && clua_intarg(L, 3, 1, &from) && clua_intarg(L, 4, length, &to)) {
            lua_Number n = clua_span(from, to);
            if (bounded || n <= 65536) return 2 * n;
        }
        clua_standin(L, 1, length, 12);
        return 0;
    }
    default:
        return 0;
    }
}

/// Pushes `set[t]` for the table at `index`: raw, but for a table with a metatable, whose
/// entry `dataOf`'s `__index` may supply (the live behaviour view's data) — a pack's plain
/// table, the common case in `next`, costs no Lua call.
static int clua_getin(lua_State *L, int set, int index) {
    lua_pushvalue(L, index);
    int type = lua_rawget(L, lua_upvalueindex(set));
    if (type != LUA_TNIL || !lua_getmetatable(L, index)) return type;
    lua_pop(L, 2);
    lua_pushvalue(L, index);
    return lua_gettable(L, lua_upvalueindex(set));
}

/// Whether the table at upvalue `set` has a value for the key at `index` (read as Lua
/// reads `set[key]`: `dataOf`'s `__index` finds the live behaviour view's data).
static int clua_inset(lua_State *L, int set, int index) {
    int found = clua_getin(L, set, index) != LUA_TNIL;
    lua_pop(L, 1);
    return found;
}

/// The sandbox's rules in front of the base functions that see through mirror proxies.
/// Upvalue 3 maps proxies to their data, upvalue 4 holds the retired views, upvalue 5
/// the read-only views, upvalue 6 is the function's name. Returns 1 when `rawset` was
/// done through the writer (its result, the table, is on top); 0 to go on to Lua's.
static int clua_guardproxy(lua_State *L, int how) {
    if (how == CLUA_GUARD_SEE) {
        if (clua_getin(L, 3, 1) != LUA_TNIL) {
            lua_replace(L, 1);  // the data table stands for its proxy
            return 0;
        }
        lua_pop(L, 1);
        // A read-only view (a library, `echolot`, ctx) stands for the table it shows, its
        // metatable's `__index`: seen raw, the view itself is empty. rawget reads a field
        // as the view shows it, through that table's own `__index`, which answers ctx.id
        // in a behaviour batch (runeach.c leaves it out of the table).
        // Only a view's name is compared: rawget and rawlen of a script's own table pass by.
        // rawget without a key is left to Lua's, which says the key is missing.
        int view = clua_inset(L, 5, 1);
        int get = view && strcmp(lua_tostring(L, lua_upvalueindex(6)), "rawget") == 0;
        if (view && (!get || lua_gettop(L) >= 2) && lua_getmetatable(L, 1)) {
            lua_pushliteral(L, "__index");
            if (lua_rawget(L, -2) == LUA_TTABLE) {
                if (get) {
                    lua_pushvalue(L, 2);
                    (void)lua_gettable(L, -2);  // on top: what `rawget` returns
                    return 1;
                }
                lua_replace(L, 1);
                lua_pop(L, 1);
                return 0;
            }
            lua_pop(L, 2);
        }
    } else if (clua_inset(L, 3, 1) || clua_inset(L, 5, 1)) {
        // Through the writer: permission checks and change tracking, or refusal.
        lua_settop(L, 3);
        lua_pushvalue(L, 1);
        lua_insert(L, 2);
        lua_settable(L, 2);
        return 1;
    }
    if (clua_inset(L, 4, 1))
        luaL_error(L, "%s: the entity a behaviour receives can be used only during that call",
                   lua_tostring(L, lua_upvalueindex(6)));
    return 0;
}

/// setmetatable's rules: finalizers run at unpredictable times and weak tables empty
/// with garbage collection, so a run using either would not replay.
static void clua_guardmeta(lua_State *L) {
    if (lua_type(L, 2) != LUA_TTABLE) return;
    lua_pushliteral(L, "__gc");
    if (lua_rawget(L, 2) != LUA_TNIL)
        luaL_error(L, "setmetatable: __gc is not available to packs (finalizers run at unpredictable times)");
    lua_pushliteral(L, "__mode");
    if (lua_rawget(L, 2) != LUA_TNIL)
        luaL_error(L, "setmetatable: weak tables are not available to packs (runs would depend on garbage collection)");
    lua_pop(L, 2);
}

// Seals. The collector reads `__mode` and `__gc` from a metatable whenever it runs, so
// refusing them when setmetatable is called is not enough: `mt.__mode = "k"` afterwards
// would make a weak table after all. So a table the sandbox's setmetatable makes a
// metatable is sealed: it gets a metatable of the engine's whose `__newindex` refuses
// those two keys and writes every other key as Lua would (Lua calls `__newindex` only
// for keys the table lacks, and `rawset` is guarded too). The table itself is untouched
// (its fields, `pairs`, `next` are as before), and `getmetatable` does not show the
// seal. A table that already has a metatable of its own (a class inheriting from
// another) gets a seal of its own instead: a copy of that metatable's metamethods, read
// when setmetatable is called, with the seal's `__newindex` in front of its own. Copying
// or proxying the metatable itself would be the other ways, but the table would no
// longer be the one the pack changes later. The seals are the engine's; no pack code can
// reach them.

/// The registry keys of the shared seal and of the map from a copied seal to the pack's
/// metatable it stands for.
static const char clua_sealkey = 0, clua_sealbasekey = 0;

/// Whether the key at `key` is one a seal refuses; raises the refusal when `refuse`.
static int clua_collectorkey(lua_State *L, int key, int refuse) {
    if (lua_type(L, key) != LUA_TSTRING) return 0;
    const char *name = lua_tostring(L, key);
    int gc = strcmp(name, "__gc") == 0, mode = strcmp(name, "__mode") == 0;
    if (refuse && gc)
        luaL_error(L, "__gc is not available to packs (finalizers run at unpredictable times)");
    if (refuse && mode)
        luaL_error(L, "weak tables are not available to packs (runs would depend on garbage collection): "
                      "a metatable cannot gain __mode");
    return gc || mode;
}

/// A seal's `__newindex`: refuses `__mode` and `__gc`; anything else goes where Lua would
/// put it without the seal: upvalue 1 is the pack's own `__newindex` (nil: a raw write).
static int clua_sealset(lua_State *L) {
    lua_settop(L, 3);
    (void)clua_collectorkey(L, 2, 1);
    switch (lua_type(L, lua_upvalueindex(1))) {
    case LUA_TNIL:
        lua_rawset(L, 1);
        break;
    case LUA_TTABLE:
        lua_settable(L, lua_upvalueindex(1));
        break;
    default:
        lua_pushvalue(L, lua_upvalueindex(1));
        lua_insert(L, 1);
        lua_call(L, 3, 0);
    }
    return 0;
}

/// Pushes the shared seal and the map of copied seals (weak keys: a seal goes with its
/// table), made on first use.
static void clua_pushseals(lua_State *L) {
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &clua_sealkey) == LUA_TNIL) {
        lua_pop(L, 1);
        lua_createtable(L, 0, 1);
        lua_pushnil(L);
        lua_pushcclosure(L, clua_sealset, 1);
        lua_setfield(L, -2, "__newindex");
        lua_pushvalue(L, -1);
        lua_rawsetp(L, LUA_REGISTRYINDEX, &clua_sealkey);
        lua_createtable(L, 0, 0);
        lua_createtable(L, 0, 1);
        lua_pushliteral(L, "k");
        lua_setfield(L, -2, "__mode");
        lua_setmetatable(L, -2);
        lua_rawsetp(L, LUA_REGISTRYINDEX, &clua_sealbasekey);
    }
    lua_rawgetp(L, LUA_REGISTRYINDEX, &clua_sealbasekey);
}

/// Whether the table at `t` is sealed (its metatable is a seal).
static int clua_sealed(lua_State *L, int t) {
    t = lua_absindex(L, t);
    if (!lua_getmetatable(L, t)) return 0;
    clua_pushseals(L);
    int sealed = lua_rawequal(L, -3, -2);
    if (!sealed) {
        lua_pushvalue(L, -3);
        sealed = lua_rawget(L, -2) != LUA_TNIL;
        lua_pop(L, 1);
    }
    lua_pop(L, 3);
    return sealed;
}

/// Pushes the seal for a table whose metatable is the table at `meta`: the shared seal
/// for none (nil), else a copy of its metamethods (its `__` fields, one instruction each)
/// behind a `__newindex` that refuses the collector's keys first.
static void clua_pushseal(lua_State *L, int meta) {
    meta = lua_absindex(L, meta);
    clua_pushseals(L);
    if (lua_isnil(L, meta)) {
        lua_pop(L, 1);
        return;
    }
    lua_createtable(L, 0, 4);
    int seal = lua_gettop(L);
    lua_Number fields = 0;
    lua_pushnil(L);
    while (lua_next(L, meta) != 0) {
        fields++;
        size_t length = 0;
        const char *name = lua_type(L, -2) == LUA_TSTRING ? lua_tolstring(L, -2, &length) : NULL;
        if (name != NULL && length > 2 && name[0] == '_' && name[1] == '_' && strcmp(name, "__newindex") != 0) {
            lua_pushvalue(L, -2);
            lua_insert(L, -2);
            lua_rawset(L, seal);
        } else {
            lua_pop(L, 1);
        }
    }
    lua_pushliteral(L, "__newindex");
    lua_rawget(L, meta);
    lua_pushcclosure(L, clua_sealset, 1);
    lua_setfield(L, seal, "__newindex");
    lua_pushvalue(L, seal);
    lua_pushvalue(L, meta);
    lua_rawset(L, seal - 1);  // the map: this seal stands for `meta`
    lua_remove(L, seal - 2);  // the shared seal
    lua_remove(L, seal - 2);  // the map
    clua_spend(L, fields);
}

/// Pushes the metatable the pack gave the value at `i`, as Lua's getmetatable reads it
/// before `__metatable`: its metatable, unless that is a seal (the shared seal stands for
/// none, nil is pushed; a copied seal for the pack's metatable it was copied from).
/// Returns whether it is a table.
static int clua_pushpackmeta(lua_State *L, int i) {
    i = lua_absindex(L, i);
    if (!lua_getmetatable(L, i)) {
        lua_pushnil(L);
        return 0;
    }
    clua_pushseals(L);
    if (lua_rawequal(L, -3, -2)) {
        lua_pop(L, 3);
        lua_pushnil(L);
        return 0;
    }
    lua_pushvalue(L, -3);
    if (lua_rawget(L, -2) != LUA_TNIL) lua_replace(L, -4);  // the pack's, for its copy
    else lua_pop(L, 1);
    lua_pop(L, 2);
    return 1;
}

/// Pushes the `__metatable` field of the metatable the pack gave the value at `i` (read
/// raw, as Lua's luaL_getmetafield does); returns its type (LUA_TNIL: none, nothing
/// pushed).
static int clua_protection(lua_State *L, int i) {
    if (!clua_pushpackmeta(L, i)) {
        lua_pop(L, 1);
        return LUA_TNIL;
    }
    lua_pushliteral(L, "__metatable");
    int type = lua_rawget(L, -2);
    if (type == LUA_TNIL) lua_pop(L, 2);
    else lua_remove(L, -2);
    return type;
}

/// Seals the table at `t`, about to be a metatable, unless it is sealed or the engine's
/// (a mirror proxy or a view, whose writes go through the engine: upvalues 3 to 5). A
/// table whose metatable is protected and not a seal's base has a metatable of the
/// engine's (a list's): sealing it would take that metatable away, so it is refused. A
/// pack's own protected metatable has been through setmetatable, so is sealed, and its
/// table can be sealed too: the protection is the sandbox's to keep (clua_setmeta,
/// clua_getmeta read `__metatable` from the pack's metatable, not from the seal).
static void clua_seal(lua_State *L, int t) {
    t = lua_absindex(L, t);
    if (clua_sealed(L, t) || clua_inset(L, 3, t) || clua_inset(L, 4, t) || clua_inset(L, 5, t)) return;
    if (!lua_getmetatable(L, t)) lua_pushnil(L);
    if (!lua_isnil(L, -1) && !clua_sealed(L, -1)) {
        lua_pushliteral(L, "__metatable");
        if (lua_rawget(L, -2) != LUA_TNIL) {
            const char *name = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "a value of the engine's";
            luaL_error(L, "setmetatable: %s cannot be a metatable (its own metatable is the engine's)", name);
        }
        lua_pop(L, 1);
    }
    clua_pushseal(L, -1);
    lua_setmetatable(L, t);
    lua_pop(L, 1);
}

/// The sandbox's setmetatable after its refusals of `__gc` and `__mode`: Lua's checks
/// first (the arguments' types, then a protected metatable, read from the metatable the
/// pack gave: a seal does not stand in the way of `__metatable`), and only then the new
/// metatable is sealed, so a call that fails leaves it as it was. A sealed table keeps a
/// seal, for the metatable it is given (returns 1 with the table pushed); 0 to go on to
/// Lua's (whose own check of `__metatable` then reads the same table this one did).
static int clua_setmeta(lua_State *L) {
    int kind = lua_type(L, 2);
    if (lua_type(L, 1) != LUA_TTABLE || (kind != LUA_TNIL && kind != LUA_TTABLE)) return 0;
    lua_settop(L, 2);
    if (clua_protection(L, 1) != LUA_TNIL) luaL_error(L, "cannot change a protected metatable");
    if (kind == LUA_TTABLE) clua_seal(L, 2);
    if (!clua_sealed(L, 1)) return 0;
    clua_pushseal(L, 2);
    lua_setmetatable(L, 1);
    lua_settop(L, 1);
    return 1;
}

/// The sandbox's getmetatable: Lua's, read from the metatable the pack gave (a seal is
/// not shown): its `__metatable` field when it has one, else the metatable, or nil.
static int clua_getmeta(lua_State *L) {
    luaL_checkany(L, 1);
    if (clua_protection(L, 1) != LUA_TNIL) return 1;
    (void)clua_pushpackmeta(L, 1);
    return 1;
}

/// string.format's rules: `%p` prints an address, which differs from run to run, and so
/// would `%s` of a table or function; those are shown by the sandbox's tostring
/// (upvalue 3) instead, as serial numbers. Every other argument is left to Lua. A `%s`
/// with a width or precision is charged for the string: Lua checks it for zeros with
/// `strlen`, all of it, even for `%.1s`.
static void clua_guardformat(lua_State *L) {
    if (lua_type(L, 1) != LUA_TSTRING) return;
    size_t length = 0;
    const char *format = lua_tolstring(L, 1, &length);
    const char *end = format + length;
    int argument = 1, top = lua_gettop(L);
    for (const char *p = memchr(format, '%', length); p != NULL && p < end;
         p = memchr(p, '%', (size_t)(end - p))) {
        const char *spec = p + 1;  // flags, width and precision, then the conversion
        while (spec < end && !isalpha((unsigned char)*spec) && *spec != '%') spec++;
        int modified = spec > p + 1;
        if (spec >= end) break;
        p = spec + 1;
        if (*spec == '%') continue;  // "%%" takes no argument
        argument++;
        if (*spec == 'p')
            luaL_error(L, "string.format: '%%p' is not available (addresses differ from run to run)");
        if (*spec == 's' && argument <= top && clua_addressed(lua_type(L, argument))) {
            clua_pushshown(L, argument, lua_upvalueindex(3));
            lua_replace(L, argument);
        }
        if (*spec == 's' && modified && argument <= top && lua_type(L, argument) == LUA_TSTRING)
            clua_spend(L, (lua_Number)lua_rawlen(L, argument) / CLUA_SCANBYTES);
    }
}

static void clua_unplaceresumed(lua_State *L, int results);  // below, with the positions
static int clua_wrapcall(lua_State *L);

/// Whether the value at `index` is the limit message (clua_raiselimit).
static int clua_islimitmessage(lua_State *L, int index) {
    index = lua_absindex(L, index);
    lua_rawgeti(L, LUA_REGISTRYINDEX, clua_limits(L)->limitMessageRef);
    int same = lua_rawequal(L, index, -1);
    lua_pop(L, 1);
    return same;
}

/// What coroutine.close gives for a coroutine a limit stopped, in place of the limit's
/// message, which names no limit and no line: a limit ends the call it is hit in, so the
/// script sees that coroutine only in a later one, dead.
#define CLUA_STOPPEDMESSAGE "cannot close a coroutine a script limit stopped in an earlier call"

/// After coroutine.resume or close (`results` on top): the limit's message, which a
/// coroutine a limit stopped keeps as its error, is told as what it means (resume says
/// `cannot resume dead coroutine` itself).
static void clua_unlimitmessage(lua_State *L, int results) {
    if (results == 2 && !lua_toboolean(L, -2) && clua_islimitmessage(L, -1)) {
        lua_pushliteral(L, CLUA_STOPPEDMESSAGE);
        lua_replace(L, -2);
    }
}

/// The guard: upvalue 1 is Lua's own function (a C function without upvalues, run here
/// in this frame), upvalue 2 what to do first; more upvalues as the guard needs them.
static int clua_guardedcall(lua_State *L) {
    int how = (int)lua_tointeger(L, lua_upvalueindex(2));
    lua_CFunction original = lua_tocfunction(L, lua_upvalueindex(1));
    switch (how) {
    case CLUA_COST_REP:
        if (clua_costrep(L)) return 1;
        break;
    case CLUA_GUARD_SEE: case CLUA_GUARD_RAWSET:
        if (clua_guardproxy(L, how)) return 1;
        if (how == CLUA_GUARD_RAWSET && lua_type(L, 1) == LUA_TTABLE && clua_collectorkey(L, 2, 0) && clua_sealed(L, 1))
            (void)clua_collectorkey(L, 2, 1);
        break;
    case CLUA_GUARD_META:
        clua_guardmeta(L);
        if (clua_setmeta(L)) return 1;
        break;
    case CLUA_GUARD_GETMETA:
        return clua_getmeta(L);
    case CLUA_GUARD_FORMAT:
        clua_guardformat(L);
        break;
    case CLUA_COST_WALK:
        return clua_walk(L, original);
    case CLUA_GUARD_TOSTRING:
        // Lua's luaB_tostring, with an object shown by the serial number upvalue 3 gives it.
        luaL_checkany(L, 1);
        clua_pushshown(L, 1, lua_upvalueindex(3));
        return 1;
    case CLUA_GUARD_RELIMIT: {
        // Lua 5.4.4 does not bound the C stack that `__close` handlers closing coroutines
        // inside one another take: thousands deep, the process crashes. Lua's own bound
        // on nested C calls (LUAI_MAXCCALLS) is the model. A count an error skipped over
        // is reset when the next reducer call begins (clua_arm).
        clua_Limits *limits = clua_limits(L);
        if (limits->nesting >= CLUA_MAXNESTING) {
            return luaL_error(L, "coroutines resumed or closed inside one another more than %d deep", CLUA_MAXNESTING);
        }
        limits->nesting++;
        int results = original(L);
        limits->nesting--;
        if (limits->limit != CLUA_LIMIT_NONE) {
            // A dead coroutine keeps its frames: they say where the limit was hit inside
            // it when the allocator, which cannot tell which coroutine runs, did not.
            lua_State *co = lua_tothread(L, 1);
            if (co != NULL) clua_notelimitplace(limits, co, 0);
            return clua_raiselimit(L, limits);
        }
        clua_unplaceresumed(L, results);
        clua_unlimitmessage(L, results);
        return results;
    }
    case CLUA_GUARD_WRAP:
        // Lua's wrap makes the coroutine (the upvalue of the function it returns); the
        // sandbox's function runs it, with the sandbox's resume and close (upvalues 3, 4).
        (void)original(L);
        (void)lua_getupvalue(L, -1, 1);
        lua_pushvalue(L, lua_upvalueindex(3));
        lua_pushvalue(L, lua_upvalueindex(4));
        lua_pushcclosure(L, clua_wrapcall, 3);
        return 1;
    default:
        clua_spend(L, clua_cost(L, how));
    }
    return original(L);
}

/// `guarded(f, how, ...)`: Lua's library function `f` behind the guard `how` (a name of
/// `clua_guardnames`); the further arguments are the guard's upvalues 3 and on.
int clua_makeguarded(lua_State *L) {
    int extra = lua_gettop(L) - 2;
    luaL_argcheck(L, lua_tocfunction(L, 1) != NULL && lua_getupvalue(L, 1, 1) == NULL, 1,
                  "a C function without upvalues expected");
    int how = luaL_checkoption(L, 2, NULL, clua_guardnames);
    lua_pushinteger(L, how);
    lua_replace(L, 2);
    lua_pushcclosure(L, clua_guardedcall, 2 + (extra > 0 ? extra : 0));
    return 1;
}

/// The relay: upvalue 1 (one of the engine's Lua functions a pack calls: `pairs`,
/// `ctx.random`, …) called with this call's arguments, its results returned. A pack that
/// tail-calls a Lua function loses its own frame to it, so an error the function raised
/// could not name the pack's line; a C function leaves the caller's frame in place, as
/// Lua's own library functions do. The function raises its errors at level 3 (itself,
/// this relay, the pack).
/// What the relay returns: every result, also when the function yielded (a pack's
/// `__pairs` may) and the relay resumes here instead of after its call.
static int clua_relayreturn(lua_State *L, int status, lua_KContext context) {
    (void)status;
    (void)context;
    return lua_gettop(L);
}

static int clua_relaycall(lua_State *L) {
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_callk(L, lua_gettop(L) - 1, LUA_MULTRET, 0, clua_relayreturn);
    return clua_relayreturn(L, LUA_OK, 0);
}

/// `relay(f)`: the Lua function `f` called through a C frame (see clua_relaycall).
int clua_makerelay(lua_State *L) {
    luaL_checktype(L, 1, LUA_TFUNCTION);
    lua_settop(L, 1);
    lua_pushcclosure(L, clua_relaycall, 1);
    return 1;
}

/// Bytes of a printed line the engine is handed; the rest is cut, with a note of the
/// line's length. The engine checks, copies and escapes every byte it keeps, and `print`
/// is for people: without a cut, one `print` of a megabyte took the engine a second of
/// work the budget never saw.
#define CLUA_PRINTLINE 4096
/// What the engine's work on a printed text costs, in instructions: per call (it is
/// handed over and logged), per line (split off, kept or written out) and per byte kept
/// (checked, copied and escaped), set from the sandbox benchmark (`make bench
/// BENCH_ARGS=sandbox`, docs/PERFORMANCE.md) so that printing costs about what plain Lua
/// does per instruction. The scan for its lines needs no charge of its own: the text was
/// just joined into a new string, whose allocation is charged per byte (limits.c).
#define CLUA_PRINTCALLCOST 200
#define CLUA_PRINTLINECOST 16
#define CLUA_PRINTBYTES 8

/// How many bytes of the `length` at `line` a cut keeps: at most CLUA_PRINTLINE, ending
/// where a UTF-8 character does (a line cut inside one would not be valid text).
static size_t clua_keptbytes(const char *line, size_t length) {
    if (length <= CLUA_PRINTLINE) return length;
    size_t kept = CLUA_PRINTLINE;
    while (kept > 0 && ((unsigned char)line[kept] & 0xC0) == 0x80) kept--;
    return kept;
}

/// Replaces the text on top of the stack by the text the engine is handed: each line cut
/// to CLUA_PRINTLINE bytes with a note of its length (`… (10000 bytes in all)`), and
/// charges the engine's work on it before the engine does it.
static void clua_cutprinted(lua_State *L) {
    size_t length = 0;
    const char *text = lua_tolstring(L, -1, &length), *end = text + length;
    size_t lines = 1;
    int cut = 0;
    for (const char *p = text;;) {
        const char *newline = memchr(p, '\n', (size_t)(end - p));
        if ((size_t)((newline != NULL ? newline : end) - p) > CLUA_PRINTLINE) cut = 1;
        if (newline == NULL) break;
        lines++;
        p = newline + 1;
    }
    if (cut) {
        luaL_Buffer kept;
        luaL_buffinit(L, &kept);
        for (const char *p = text;;) {
            const char *newline = memchr(p, '\n', (size_t)(end - p));
            size_t line = (size_t)((newline != NULL ? newline : end) - p);
            luaL_addlstring(&kept, p, clua_keptbytes(p, line));
            if (line > CLUA_PRINTLINE) {
                char note[64];
                snprintf(note, sizeof note, "\xE2\x80\xA6 (%zu bytes in all)", line);
                luaL_addstring(&kept, note);
            }
            if (newline == NULL) break;
            luaL_addchar(&kept, '\n');
            p = newline + 1;
        }
        luaL_pushresult(&kept);
        lua_replace(L, -2);
        (void)lua_tolstring(L, -1, &length);
    }
    clua_spend(L, CLUA_PRINTCALLCOST + (lua_Number)lines * CLUA_PRINTLINECOST + (lua_Number)length * CLUA_PRINTBYTES);
}

/// The sandbox's `print`: its arguments as the sandbox's `tostring` shows them (upvalue 1
/// gives objects their serial numbers), joined by tabs, each line cut and charged
/// (clua_cutprinted), handed to the engine's log (upvalue 2). C, like Lua's own print, so
/// that an argument whose `__tostring` fails names the pack's line.
static int clua_printcall(lua_State *L) {
    int n = lua_gettop(L);
    luaL_Buffer text;
    luaL_buffinit(L, &text);
    for (int i = 1; i <= n; i++) {
        if (i > 1) luaL_addchar(&text, '\t');
        clua_pushshown(L, i, lua_upvalueindex(1));
        luaL_addvalue(&text);
    }
    luaL_pushresult(&text);
    clua_cutprinted(L);
    lua_pushvalue(L, lua_upvalueindex(2));
    lua_insert(L, -2);
    lua_call(L, 1, 0);
    return 0;
}

/// `printer(serialof, log)`: the sandbox's `print` (see clua_printcall).
int clua_makeprinter(lua_State *L) {
    luaL_checktype(L, 1, LUA_TFUNCTION);
    luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_settop(L, 2);
    lua_pushcclosure(L, clua_printcall, 2);
    return 1;
}

// Positions in the engine's code. Some of the functions a pack calls are the engine's
// Lua (the sandbox's `pairs`, `next`, `ctx.random`, …), where Lua's own are C. A runtime
// error Lua raises while one of them runs (a `C stack overflow` when a `__pairs` calls
// `pairs` over and over, or calls nested that deep by the pack before it) is placed at
// the engine's line, `echolot.sandbox:220: C stack overflow`: a position no pack may see,
// where Lua's C function would have given none. So, where the error is raised, before
// the stack unwinds, the position Lua gave it in an engine frame is taken off again: in
// the message handler of the sandbox's pcall and xpcall (before the pack's own handler),
// and in coroutine.resume (so in the functions coroutine.wrap makes too) from the dead
// coroutine's frames, which Lua keeps. The frame
// that raised the message says whether Lua placed it there: a message the pack raised
// (`error("echolot.api:12: hello", 0)`, or one caught and raised again) comes from
// `error` called by the pack, and is left as it is. Rewriting at the pcall instead, by
// the text alone, cannot tell the two apart.

/// Takes off the message on top of L the position Lua gave it in an engine frame of
/// thread `co`, where the frame at `level` raised it: a runtime error names that frame
/// when it is Lua's, and a C function's luaL_error names the C function's caller
/// (luaL_where(L, 1)). Returns whether the message changed.
static int clua_unplace(lua_State *L, lua_State *co, int level) {
    lua_Debug ar;
    if (lua_type(L, -1) != LUA_TSTRING || !lua_getstack(co, level, &ar) || !lua_getinfo(co, "Sl", &ar)) return 0;
    if (ar.currentline < 0 && (!lua_getstack(co, level + 1, &ar) || !lua_getinfo(co, "Sl", &ar))) return 0;
    if (!clua_engineframe(&ar)) return 0;
    char position[LUA_IDSIZE + 32];
    int n = snprintf(position, sizeof position, "%s:%d: ", ar.short_src, ar.currentline);
    size_t length = 0;
    const char *message = lua_tolstring(L, -1, &length);
    if (n <= 0 || (size_t)n >= sizeof position || length < (size_t)n || memcmp(message, position, (size_t)n) != 0)
        return 0;
    lua_pushlstring(L, message + n, length - (size_t)n);
    lua_replace(L, -2);
    return 1;
}

// Stack overflows. Swift names a reducer's failure "stack overflow: recursion too deep"
// only when Lua raised one in that call and the message is still Lua's own: a pack's
// `error("my stack overflow")`, or its own message around one it caught, keeps its words.
// Whether Lua raised it is read where it is raised, before the stack unwinds: in every
// message handler and from a dead coroutine's frames, as for the positions above. A pack
// that passes Lua's message on unchanged (`error(e, 0)` after a pcall) passes on the
// overflow.

/// The registry key of the set of Lua's functions that raise the value they are given.
static const char clua_raiserskey = 0;

void clua_noteraisers(lua_State *L) {
    lua_createtable(L, 0, 2);
    lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS);
    // Each with the place of the argument it raises: error(message), assert(v, message).
    static const char *const names[] = {"error", "assert"};
    for (int i = 0; i < 2; i++) {
        lua_getfield(L, -1, names[i]);
        lua_pushinteger(L, i + 1);
        lua_rawset(L, -4);
    }
    lua_pop(L, 1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &clua_raiserskey);
}

/// Whether the `length` bytes at `text` are a stack overflow's message as Lua's VM raises
/// it: luaD_growstack's (the Lua stack) or luaE_checkcstack's (nested C calls).
static int clua_overflowtext(const char *text, size_t length) {
    return (length == 14 && memcmp(text, "stack overflow", 14) == 0)
        || (length == 16 && memcmp(text, "C stack overflow", 16) == 0);
}

/// Whether the message on top of L is a stack overflow Lua's VM raised where the frame at
/// `level` of thread `co` runs. The VM raises it in a call that frame makes: a Lua
/// frame's with the frame's position in front (a pack's `error` runs in a frame of its
/// own), a C function's without one. Of C functions, those that raise what they are
/// given (`error`, `assert`, a function coroutine.wrap made) raise the pack's message when
/// it is the very value they were given, or, for a wrap function, once it has begun to
/// raise what it passes on. A coroutine without a frame failed as Lua began to run its
/// body, before any code of the pack's could.
static int clua_vmoverflow(lua_State *L, lua_State *co, int level) {
    lua_Debug ar;
    if (lua_type(L, -1) != LUA_TSTRING) return 0;
    size_t length = 0;
    const char *message = lua_tolstring(L, -1, &length);
    if (!lua_getstack(co, level, &ar)) return co != L && clua_overflowtext(message, length);
    if (!lua_getinfo(co, "Sl", &ar)) return 0;
    if (strcmp(ar.what, "C") != 0) {
        char position[LUA_IDSIZE + 32];
        int n = snprintf(position, sizeof position, "%s:%d: ", ar.short_src, ar.currentline);
        if (n <= 0 || (size_t)n >= sizeof position || length < (size_t)n || memcmp(message, position, (size_t)n) != 0)
            return 0;
        return clua_overflowtext(message + n, length - (size_t)n);
    }
    if (!clua_overflowtext(message, length)) return 0;
    (void)lua_getinfo(co, "f", &ar);  // the C function, onto co's stack
    if (co != L) lua_xmove(co, L, 1);
    // Such a function raises the pack's message only as it raises it: Lua itself puts
    // "C stack overflow" in its place when calling the message handler, or any call the
    // function makes, passes the limit of nested C calls.
    if (lua_tocfunction(L, -1) == clua_wrapcall) {
        lua_pop(L, 1);
        return !clua_limits(L)->raising;
    }
    lua_Integer given = 0;  // the place of the argument it raises, for error and assert
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &clua_raiserskey) == LUA_TTABLE) {
        lua_pushvalue(L, -2);
        (void)lua_rawget(L, -2);
        given = lua_tointeger(L, -1);
        lua_pop(L, 1);
    }
    lua_pop(L, 2);  // the set, the function
    if (given == 0 || lua_getlocal(co, &ar, (int)given) == NULL) return given == 0;
    if (co != L) lua_xmove(co, L, 1);
    int passed = lua_rawequal(L, -1, -2);  // the argument, the message
    lua_pop(L, 1);
    return !passed;
}

void clua_noteoverflow(lua_State *L, lua_State *co, int level) {
    clua_Limits *limits = clua_limits(L);
    if (clua_vmoverflow(L, co, level)) limits->overflow = 1;
    limits->raising = 0;
}

/// The message handler of the sandbox's pcall and xpcall: runs where the error was raised
/// (level 1), notes an overflow Lua raised, takes off an engine position, and then, for
/// xpcall, calls the pack's handler (upvalue 1) with the message — unless a limit is
/// being raised: the count hook raises it, and Lua runs the handler before it turns hooks
/// back on, so a pack's handler would run uncharged (an endless loop in it hung the
/// engine); its result would be dropped anyway, as the limit is raised again once the
/// xpcall ends (clua_finishprotected).
static int clua_placehandler(lua_State *L) {
    lua_settop(L, 1);
    clua_noteoverflow(L, L, 1);
    (void)clua_unplace(L, L, 1);
    if (lua_isnoneornil(L, lua_upvalueindex(1)) || clua_limits(L)->limit != CLUA_LIMIT_NONE) return 1;
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, 1, 1);
    return 1;
}

/// After coroutine.resume (`results` on top, the coroutine at 1): when it ended the
/// coroutine with an error, notes an overflow Lua raised and takes off an engine position
/// from the message, reading the dead coroutine's frames, which Lua keeps as they were
/// when the error was raised (for tracebacks). The coroutine keeps a copy of the message
/// for coroutine.close to return: that copy is replaced too. Moving a value in and out of
/// a dead coroutine allocates nothing there.
static void clua_unplaceresumed(lua_State *L, int results) {
    lua_State *co = lua_tothread(L, 1);
    if (co == NULL || results != 2 || lua_toboolean(L, -2) || lua_status(co) <= LUA_YIELD) return;
    clua_noteoverflow(L, co, 0);
    lua_pushvalue(L, -1);  // the message as raised
    if (!clua_unplace(L, co, 0)) {
        lua_pop(L, 1);
        return;
    }
    if (lua_gettop(co) > 0) {
        lua_xmove(co, L, 1);  // its copy
        if (lua_rawequal(L, -1, -3)) {
            lua_pop(L, 1);
            lua_pushvalue(L, -1);
        }
        lua_xmove(L, co, 1);
    }
    lua_replace(L, -2);
}

/// A function the sandbox's coroutine.wrap made: Lua's (lcorolib.c's auxwrap) on the
/// sandbox's coroutine.resume and close (upvalues 2, 3; the coroutine is 1). Lua's resets
/// a coroutine that failed before it reads the message, so the frames that say whether
/// Lua gave it an engine position would be gone; resume reads them first, and raises a
/// limit hit inside again. As Lua's does, it then closes that coroutine, puts the
/// caller's position in front of a message that is a string, and raises it.
static int clua_wrapcall(lua_State *L) {
    lua_pushvalue(L, lua_upvalueindex(2));
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_rotate(L, 1, 2);
    lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
    if (lua_toboolean(L, 1)) return lua_gettop(L) - 1;
    lua_State *co = lua_tothread(L, lua_upvalueindex(1));
    int status = lua_status(co);
    lua_settop(L, 2);  // the message
    if (status != LUA_OK && status != LUA_YIELD) {
        // A coroutine a limit stopped (in an earlier call) is dead like any other: resume's
        // `cannot resume dead coroutine` is kept, not close's word for the limit's message.
        int stopped = 0;
        if (lua_gettop(co) > 0) {
            lua_xmove(co, L, 1);  // its copy of the message, and back
            stopped = clua_islimitmessage(L, -1);
            lua_xmove(L, co, 1);
        }
        lua_pushvalue(L, lua_upvalueindex(3));
        lua_pushvalue(L, lua_upvalueindex(1));
        lua_call(L, 1, 2);  // false and the message (its copy, or a `__close` handler's error)
        if (!lua_toboolean(L, 3) && !stopped) lua_replace(L, 2);
        lua_settop(L, 2);
    }
    if (status != LUA_ERRMEM && lua_type(L, 2) == LUA_TSTRING) {
        luaL_where(L, 1);
        lua_insert(L, 2);
        lua_concat(L, 2);
    }
    clua_limits(L)->raising = 1;  // what it raises now is passed on, not Lua's own overflow
    return lua_error(L);
}

/// How `pcall` and `xpcall` end, directly or as the continuation Lua resumes in after a
/// yield or an error inside a coroutine (lbaselib.c's finishpcall): a limit hit inside is
/// raised again, so a script cannot catch it; otherwise `false, message` after an error,
/// else `true` and the results.
static int clua_finishprotected(lua_State *L, int status, lua_KContext extra) {
    clua_Limits *limits = clua_limits(L);
    if (limits->limit != CLUA_LIMIT_NONE) return clua_raiselimit(L, limits);
    if (status != LUA_OK && status != LUA_YIELD) {
        lua_pushboolean(L, 0);
        lua_pushvalue(L, -2);
        return 2;
    }
    return lua_gettop(L) - (int)extra;
}

/// The sandbox's `pcall`: Lua's own (lbaselib.c) with clua_placehandler as its message
/// handler (below the `true`: its results start after it), ending in
/// clua_finishprotected.
int clua_packpcall(lua_State *L) {
    luaL_checkany(L, 1);
    lua_pushcfunction(L, clua_placehandler);
    lua_pushboolean(L, 1);
    lua_rotate(L, 1, 2);  // handler, true, f, arguments
    int status = lua_pcallk(L, lua_gettop(L) - 3, LUA_MULTRET, 1, 1, clua_finishprotected);
    return clua_finishprotected(L, status, 1);
}

/// The sandbox's `xpcall`: Lua's own (lbaselib.c), the pack's handler called from
/// clua_placehandler, ending in clua_finishprotected.
int clua_packxpcall(lua_State *L) {
    int n = lua_gettop(L);
    luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_pushvalue(L, 2);
    lua_pushcclosure(L, clua_placehandler, 1);
    lua_replace(L, 2);
    lua_pushboolean(L, 1);
    lua_pushvalue(L, 1);
    lua_rotate(L, 3, 2);
    int status = lua_pcallk(L, n - 2, LUA_MULTRET, 2, 2, clua_finishprotected);
    return clua_finishprotected(L, status, 2);
}
