// Loading a chunk's text, with a position for the one parser error Lua gives none: its C
// stack overflow, raised where the code nests deeper than LUAI_MAXCCALLS levels; and where
// the lexer stood when a parse failed, for the column of a syntax error, whose message
// gives only the line.
#include <string.h>

#include "bridge.h"

/// Hands Lua the text one byte at a time, so that how much it asked for says where the
/// lexer stood when the parser gave up.
typedef struct {
    const char *text;
    size_t length;
    size_t read;
    int ended;
} clua_ByteReader;

static const char *clua_readbyte(lua_State *L, void *data, size_t *size) {
    (void)L;
    clua_ByteReader *reader = (clua_ByteReader *)data;
    if (reader->read >= reader->length) {
        reader->ended = 1;
        *size = 0;
        return NULL;
    }
    *size = 1;
    return reader->text + reader->read++;
}

/// Loads `text` again, a byte at a time: the same parse fails at the same place, and
/// `reader` then says how far the lexer read — one byte past the token it stood on (none
/// when the text ran out).
static int clua_loadbytewise(lua_State *L, const char *text, size_t length, const char *chunkname,
                             clua_ByteReader *reader) {
    *reader = (clua_ByteReader){text, length, 0, 0};
    return lua_load(L, clua_readbyte, reader, chunkname, "t");
}

/// How many bytes of `text` Lua's lexer had read when loading it failed, or 0 when it loads.
size_t clua_lexedlength(lua_State *L, const char *text, size_t length, const char *chunkname) {
    clua_ByteReader reader;
    int status = clua_loadbytewise(L, text, length, chunkname, &reader);
    lua_pop(L, 1);
    return status == LUA_OK ? 0 : reader.read;
}

static int clua_isnamebyte(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

/// Loads `text` as a chunk in text mode only: a binary chunk is refused. An error the
/// parser raises without a position (LUA_ERRRUN: its C stack overflow) is given one, in the
/// form of Lua's other messages with the column added (`chunk:line:column: message`), at
/// the token it stopped at.
int clua_loadtext(lua_State *L, const char *text, size_t length, const char *chunkname) {
    int status = luaL_loadbufferx(L, text, length, chunkname, "t");
    if (status != LUA_ERRRUN || lua_type(L, -1) != LUA_TSTRING) return status;
    clua_ByteReader reader;
    lua_pop(L, 1);
    int again = clua_loadbytewise(L, text, length, chunkname, &reader);
    if (again != LUA_ERRRUN || lua_type(L, -1) != LUA_TSTRING) return again;
    size_t back = reader.ended ? 1 : 2;
    size_t at = reader.read >= back ? reader.read - back : 0;
    while (at > 0 && clua_isnamebyte(text[at]) && clua_isnamebyte(text[at - 1])) at--;
    // Placed as the host places every position in a file, so that one line and column
    // count serves the engine's messages, this one and the JSON files'.
    int line = 1, column = 1;
    clua_limits(L)->position(text, length, at, &line, &column);
    // Lua's own short form of the chunk name, as its other messages begin.
    lua_Debug record;
    memset(&record, 0, sizeof record);
    if (luaL_loadbufferx(L, "", 0, chunkname, "t") != LUA_OK) {
        lua_pop(L, 1);
        return again;
    }
    (void)lua_getinfo(L, ">S", &record);  // pops the empty chunk
    const char *message = lua_tostring(L, -1);
    if (strcmp(message, "C stack overflow") == 0) {
        message = "C stack overflow: the code nests too deeply (brackets, tables, calls, functions "
                  "or blocks inside one another)";
    }
    lua_pushfstring(L, "%s:%d:%d: %s", record.short_src, line, column, message);
    lua_replace(L, -2);
    return again;
}

/// `loadtext(text, chunkname, env)`: the sandbox's `load` once it has checked its
/// arguments. Lua's own for text — the chunk with `env` as its globals, or nil and the
/// message — through clua_loadtext, so a modder's nesting too deep is placed as the
/// engine's loader places a script's.
int clua_loadchunk(lua_State *L) {
    size_t length = 0;
    const char *text = luaL_checklstring(L, 1, &length);
    const char *chunkname = luaL_checkstring(L, 2);
    luaL_checktype(L, 3, LUA_TTABLE);
    int status = clua_loadtext(L, text, length, chunkname);
    if (status != LUA_OK) {
        // Placing a nesting too deep parsed the text again, a byte at a time: about three
        // instructions' time a byte (a 1 MB chunk), on top of the two the sandbox charged.
        if (status == LUA_ERRRUN) clua_spend(L, 3 * (lua_Number)length);
        luaL_pushfail(L);
        lua_insert(L, -2);
        return 2;
    }
    // The chunk's one upvalue is its _ENV, as Lua's `load` sets it.
    lua_pushvalue(L, 3);
    if (lua_setupvalue(L, -2, 1) == NULL) lua_pop(L, 1);
    return 1;
}
