// The write log of one call into the rules: every field a reducer changed, in order, for
// Swift to write into the persistent state afterwards. It is C memory, not a Lua table,
// because it is written once per moving entity per tick: a number lands in the log with
// no Lua table operation, and Swift reads it back with no Lua API call. Values that are
// not numbers (strings, tables, removals) stay in a Lua table the entry points into.
// Included by shim.h after the limits, which hold the log.
#ifndef ECHOLOT_CLUA_WRITELOG_H
#define ECHOLOT_CLUA_WRITELOG_H

#include <lua.h>
#include <stdlib.h>

/// What an entry's value is.
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

/// Entries a log keeps between calls however few the last call wrote (48 KiB).
#define CLUA_LOGKEEP 1024

/// The entries of the running call; `capacity` survives calls so a steady tick allocates
/// nothing.
typedef struct clua_WriteLog {
    clua_Write *entries;
    int count;
    int capacity;
    int slots;  // slots of the Lua table used by this call
} clua_WriteLog;

/// Room for one more entry, counted against the memory cap like Lua's own allocations;
/// NULL when the cap does not allow it (the caller raises the memory limit).
static inline clua_Write *clua_logreserve(clua_WriteLog *log, size_t *used, size_t hardCap, int inHost) {
    if (log->count == log->capacity) {
        int capacity = log->capacity < 64 ? 64 : log->capacity * 2;
        size_t grow = (size_t)(capacity - log->capacity) * sizeof(clua_Write);
        if (inHost == 0 && *used + grow > hardCap) return NULL;
        clua_Write *entries = realloc(log->entries, (size_t)capacity * sizeof(clua_Write));
        if (entries == NULL) return NULL;
        log->entries = entries;
        log->capacity = capacity;
        *used += grow;
    }
    return &log->entries[log->count++];
}

/// Frees the entries (when the Lua state closes).
static inline void clua_logfree(clua_WriteLog *log, size_t *used) {
    *used -= (size_t)log->capacity * sizeof(clua_Write);
    free(log->entries);
    log->entries = NULL;
    log->count = log->capacity = log->slots = 0;
}

#endif
