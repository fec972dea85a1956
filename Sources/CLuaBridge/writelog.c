// The write log of one call into the rules (see clua_WriteLog): its room, counted against
// the memory cap like Lua's own allocations, and the Lua writer's way into it.
#include <stdlib.h>

#include "bridge.h"

/// Entries a log keeps between calls however few the last call wrote (48 KiB).
#define CLUA_LOGKEEP 1024

/// Room for one more entry, counted against the memory cap like Lua's own allocations;
/// NULL when the cap does not allow it (the caller raises the memory limit).
static clua_Write *clua_logreserve(clua_WriteLog *log, size_t *used, size_t hardCap, int inHost) {
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

void clua_logfree(clua_WriteLog *log, size_t *used) {
    *used -= (size_t)log->capacity * sizeof(clua_Write);
    free(log->entries);
    log->entries = NULL;
    log->count = log->capacity = log->slots = 0;
}

/// Room for one more write-log entry; raises the memory limit when the cap allows none.
clua_Write *clua_logentry(lua_State *L, clua_Limits *limits) {
    clua_Write *entry = clua_logreserve(&limits->log, &limits->used, limits->hardCap, limits->inHost);
    if (entry == NULL) {
        limits->limit = CLUA_LIMIT_MEMORY;
        clua_raiselimit(L, limits);
    }
    return entry;
}

/// `logwrite(handle, key, value)`, the Lua writer's way into the write log: the key and
/// value go to the log's Lua table (upvalue 1), whatever they are.
static int clua_logwrite(lua_State *L) {
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
int clua_makelogwrite(lua_State *L) {
    lua_settop(L, 1);
    lua_pushcclosure(L, clua_logwrite, 1);
    return 1;
}

/// Empties the write log for a new call. Room a burst of writes grew beyond four times
/// what the last call used is given back, to the C heap and to the memory cap: one call
/// that wrote a million fields must not shrink the cap of every call after it.
void clua_logclear(clua_Limits *limits) {
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
