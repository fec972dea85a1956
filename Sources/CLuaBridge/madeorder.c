// The order in which a state made its tables, functions and coroutines: what `pairs` and
// `next` order keys by that have no order of their own. Lua's own order of such keys
// follows their addresses, and the heap is placed anew in every process, so a set of
// tables (`seen[entity] = true`) was walked differently by a replay; the order objects
// were made in is the same in every run of the same scripts on the same inputs.
//
// The allocator numbers each new object (Lua hands it the object's type as `osize`) in a
// table from address to number. Nothing is removed when an object is freed: a live
// object's address always holds its own number, since making it wrote that number, and
// an address used again by another object gets that object's. So the table holds one
// entry per address objects were ever made at, which the heap's extent bounds. The
// table lies outside the memory cap (it is the engine's, not a script's): at most 16
// bytes a slot, at least twice as many slots as addresses, up to 2^24 slots; past that
// new addresses go unnumbered (0) and sort before the numbered ones.
#include <stdint.h>
#include <stdlib.h>

#include "bridge.h"

/// The slot an address starts looking from (Fibonacci hashing of the address).
static inline size_t clua_madeslot(uintptr_t address, size_t mask) {
    return (size_t)(((uint64_t)address * 0x9E3779B97F4A7C15ull) >> 40) & mask;
}

/// Sets `address`'s number, the table having room.
static inline void clua_madeput(clua_MadeOrder *made, uintptr_t address, unsigned long long number) {
    size_t mask = made->capacity - 1;
    clua_MadeSlot *slot = &made->slots[clua_madeslot(address, mask)];
    while (slot->address != address) {
        if (slot->address == 0) {
            slot->address = address;
            made->count++;
            break;
        }
        slot = slot == &made->slots[mask] ? made->slots : slot + 1;
    }
    slot->number = number;
}

/// Room for one more address (the table at most half full); false when memory for a
/// larger table cannot be had, and the object stays unnumbered (it sorts as unordered).
static int clua_maderoom(clua_MadeOrder *made) {
    if (made->count < made->capacity / 2) return 1;
    size_t capacity = made->capacity == 0 ? 1024 : made->capacity * 2;
    if (capacity > (size_t)1 << 24) return 0;  // the 24 bits clua_madeslot spreads over
    clua_MadeOrder larger = *made;
    larger.slots = calloc(capacity, sizeof(clua_MadeSlot));
    if (larger.slots == NULL) return 0;
    larger.capacity = capacity;
    larger.count = 0;
    for (size_t i = 0; i < made->capacity; i++) {
        if (made->slots[i].address != 0) clua_madeput(&larger, made->slots[i].address, made->slots[i].number);
    }
    free(made->slots);
    *made = larger;
    return 1;
}

static unsigned long long clua_madenumber(const clua_MadeOrder *made, uintptr_t address);

/// Numbers the object just made at `block`, of Lua type `type` (table, function, thread);
/// called by the allocator.
void clua_mademark(clua_MadeOrder *made, void *block, int type) {
    // The first thread is the state itself: `lua_topointer` gives a thread as its
    // lua_State, which sits this far into the block the allocator made.
    if (type == LUA_TTHREAD && made->firstThread == NULL) made->firstThread = block;
    made->next++;
    // Without room for a new address, one used before is still renumbered in place: its
    // old number would make the new object sort as the dead one.
    if (clua_maderoom(made) || clua_madenumber(made, (uintptr_t)block) != 0) {
        clua_madeput(made, (uintptr_t)block, made->next);
    }
}

/// The number of the object whose block is at `address`; 0 when it has none.
static unsigned long long clua_madenumber(const clua_MadeOrder *made, uintptr_t address) {
    if (made->capacity == 0 || address == 0) return 0;
    size_t mask = made->capacity - 1;
    for (size_t i = clua_madeslot(address, mask); made->slots[i].address != 0; i = (i + 1) & mask) {
        if (made->slots[i].address == address) return made->slots[i].number;
    }
    return 0;
}

/// The block of the object at `index`, as the allocator saw it; 0 for anything else.
static uintptr_t clua_madeblock(lua_State *L, clua_MadeOrder *made, int index) {
    switch (lua_type(L, index)) {
    case LUA_TTABLE:
    case LUA_TFUNCTION:  // a C function without upvalues is code, found in no table
        return (uintptr_t)lua_topointer(L, index);
    case LUA_TTHREAD:
        if (made->firstThread == NULL) return 0;
        return (uintptr_t)lua_tothread(L, index) - ((uintptr_t)made->mainThread - (uintptr_t)made->firstThread);
    default:
        return 0;
    }
}

/// `made(v)`: the number in making order of the table, function or coroutine `v` (0 for
/// anything else, and for C functions without upvalues, which are not made).
int clua_made(lua_State *L) {
    clua_MadeOrder *made = &clua_limits(L)->made;
    lua_pushinteger(L, (lua_Integer)clua_madenumber(made, clua_madeblock(L, made, 1)));
    return 1;
}

/// Frees the table (when the Lua state closes).
void clua_madefree(clua_MadeOrder *made) {
    free(made->slots);
    made->slots = NULL;
    made->capacity = 0;
    made->count = 0;
}
