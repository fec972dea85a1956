// The C side of the Lua bridge, as Swift sees it: the limits a Lua state runs under (the
// allocator's memory cap, the count hook's instruction budget), the write log a call into
// the rules fills, the trampoline Swift functions are called through, and the C API's
// macros as functions. These must be C because Lua calls them where a Swift frame must
// never be on the stack: a Lua error raised there unwinds with `longjmp`.
#ifndef ECHOLOT_CLUABRIDGE_H
#define ECHOLOT_CLUABRIDGE_H

#include <lua.h>
#include <lauxlib.h>
#include <stddef.h>
#include <stdint.h>

/// Which limit a script ran into; 0 while none has.
enum {
    CLUA_LIMIT_NONE = 0,
    CLUA_LIMIT_INSTRUCTIONS = 1,
    CLUA_LIMIT_MEMORY = 2,
};

/// What a write-log entry's value is.
enum {
    CLUA_WRITE_FLOAT = 0,    // `number`
    CLUA_WRITE_INTEGER = 1,  // `integer`
    CLUA_WRITE_OTHER = 2,    // key and value at `slot` (2·slot − 1, 2·slot) of the log's Lua table
};

/// One write: field `key` of the mirror node `handle` got a value.
typedef struct clua_Write {
    lua_Integer handle;
    /// The field name's bytes for numbers (NULL for other values, whose key is in the
    /// Lua table): an interned string the node's data table keeps alive until Swift reads it.
    const char *key;
    size_t keyLength;
    lua_Number number;
    lua_Integer integer;
    int kind;
    int slot;
} clua_Write;

/// The write log of one call into the rules: every field a reducer changed, in order, for
/// Swift to write into the persistent state afterwards. It is C memory, not a Lua table,
/// because it is written once per moving entity per tick: a number lands in it with no Lua
/// table operation, and Swift reads it back with no Lua API call. `capacity` survives
/// calls, so a steady tick allocates nothing.
typedef struct clua_WriteLog {
    clua_Write *entries;
    int count;
    int capacity;
    int slots;  // slots of the Lua table used by this call
} clua_WriteLog;

/// One slot of ``clua_MadeOrder``: an object's block and its number (address 0: empty).
typedef struct clua_MadeSlot {
    uintptr_t address;
    unsigned long long number;
} clua_MadeSlot;

/// The order in which a state made its tables, functions and coroutines (madeorder.c):
/// numbers by block address, in a table with open addressing.
typedef struct clua_MadeOrder {
    clua_MadeSlot *slots;
    size_t capacity;            // slots (a power of two, or 0)
    size_t count;               // slots used
    unsigned long long next;    // the number of the object made last
    void *firstThread;          // the main thread's block
    void *mainThread;           // the main thread as a lua_State
} clua_MadeOrder;

/// A Swift function callable from Lua: returns the number of results it pushed, or -1
/// after pushing an error message, which the trampoline then raises.
typedef int (*clua_HostDispatch)(lua_State *L, void *context, lua_Integer function);

/// Where byte `offset` of the `length` bytes of `text` is, as every `path:line:col` counts:
/// Bytes kept of the chunk name where a limit was hit (`clua_LimitPlace`): a longer one is
/// not kept, and the limit is then placed as any other error is.
#define CLUA_PLACESOURCE 1024

/// Where the running call hit its limit: the innermost script frame then running (not the
/// engine's), read as the limit is detected, before the `pcall` or coroutine the error
/// passes through unwinds it. `line` 0: not known (yet).
typedef struct clua_LimitPlace {
    int line;
    char source[CLUA_PLACESOURCE];  // the chunk name, as lua_Debug's `source`
} clua_LimitPlace;

/// Swift's count (LuaKeySearch.position), lines as Lua's lexer ends them and columns in
/// characters, so that the loader's column agrees with the JSON files' and the engine's.
/// It calls nothing of Lua's.
typedef void (*clua_HostPosition)(const char *text, size_t length, size_t offset, int *line, int *column);

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
    clua_HostPosition position;  // the host's count of lines and columns (clua_loadtext)
    clua_WriteLog log;      // what the running call wrote, for Swift to read back
    const void *focus;      // the behaviour driver's view during one call (runeach.c), or NULL
    lua_Integer focusHandle;  // the handle of the entity that view stands for
    lua_Integer focusIndex;   // its place in the batch's instance list, for the Lua writers (runeach.c)
    size_t uncharged;       // bytes a script allocated that make less than an instruction yet
    unsigned long long random;  // the state's generator (SplitMix64), set before a call and read after
    int nesting;            // coroutines resumed or closed inside one another now (guarded.c)
    int overflow;           // whether Lua raised a stack overflow in this call (guarded.c)
    int raising;            // whether a coroutine.wrap function is raising what it passes on (guarded.c)
    unsigned long long calls;  // budgets handed out: a reducer call's number, for what lasts one call
    clua_MadeOrder made;    // the order objects were made in, for `pairs` (madeorder.c)
    int reraising;          // whether the limit hit in this call has been raised already (limits.c)
    clua_LimitPlace place;  // where the running call hit its limit (limits.c)
} clua_Limits;

/// A new state whose allocations go through `limits`; NULL if even that fails.
lua_State *clua_newstate(clua_Limits *limits);

/// Arms the hook on `L` for a new reducer call: a full budget, no limit hit, and no view
/// for the C writer (a batch that failed mid-call left its view set).
void clua_arm(lua_State *L);

/// Pushes the Swift function numbered `function` as a Lua function (through the limits'
/// `dispatch`).
void clua_pushhost(lua_State *L, lua_Integer function);

/// Sets the bridge's own C functions into the table on top of the stack, under the names
/// the engine's Lua code reads them by (its `host` table).
void clua_setshims(lua_State *L);

/// Empties the write log for a new call (giving back room a burst of writes grew).
void clua_logclear(clua_Limits *limits);

/// Frees the write log's entries (when the Lua state closes).
void clua_logfree(clua_WriteLog *log, size_t *used);

/// Frees the table of the order objects were made in (when the Lua state closes).
void clua_madefree(clua_MadeOrder *made);

/// Loads `text` as a chunk in text mode only: a binary chunk is refused. The parser's C
/// stack overflow, which Lua reports with no position, is placed at the token where the
/// code nested too deeply: `chunk:line:column: message`.
int clua_loadtext(lua_State *L, const char *text, size_t length, const char *chunkname);

/// How many bytes of `text` Lua's lexer had read when loading it as a chunk failed (it is
/// loaded again, a byte at a time), or 0 when it loads: a syntax error is at the token that
/// ends just before the last byte read, where Lua gives only a line.
size_t clua_lexedlength(lua_State *L, const char *text, size_t length, const char *chunkname);

/// Notes in the limits (`overflow`) that Lua raised a stack overflow in this call when the
/// message on top of `L` is one, raised where the frame at `level` of thread `co` runs:
/// the VM's, not a pack's `error` in the same words.
void clua_noteoverflow(lua_State *L, lua_State *co, int level);

/// Pushes what the last read of a name missing from one of the engine's own tables noted —
/// the table whose keys are that table's names, the name read, and the table's name in
/// messages (`echolot`, `ctx`, `math`) — when it was made in the call running now, and
/// returns 1; else pushes nothing and returns 0 (missed.c).
int clua_pushmiss(lua_State *L);

// The C API's macros, as functions Swift can call.

/// `lua_pcall`.
int clua_pcall(lua_State *L, int nargs, int nresults, int msgh);
/// `lua_pop`.
void clua_pop(lua_State *L, int n);
/// `lua_tolstring`, under the name of the macro Swift code reads like.
const char *clua_tostring(lua_State *L, int index, size_t *length);
/// `lua_insert`.
void clua_insert(lua_State *L, int index);
/// `lua_remove`.
void clua_remove(lua_State *L, int index);
/// `lua_tointegerx`.
lua_Integer clua_tointeger(lua_State *L, int index, int *isnum);
/// `lua_tonumberx`.
lua_Number clua_tonumber(lua_State *L, int index, int *isnum);
/// `lua_isinteger`.
int clua_isinteger(lua_State *L, int index);
/// `luaL_ref` in the registry.
int clua_ref(lua_State *L);
/// `luaL_unref` in the registry.
void clua_unref(lua_State *L, int ref);
/// Pushes the registry's value for `ref`.
void clua_getref(lua_State *L, int ref);
/// A full garbage collection.
void clua_collect(lua_State *L);

#endif
