// Whether a string the state is to hold is UTF-8 text, checked at the write that stores
// it: Swift's conversion refuses it too, but only as the write log is read, when the line
// of the write is no longer known.
#include "bridge.h"
#include <stdint.h>
#include <string.h>

/// Whether the `n` bytes at `s` are UTF-8 as Swift reads it (RFC 3629): no overlong
/// forms, no surrogates, nothing above U+10FFFF, no sequence cut at the end.
static int clua_isutf8(const unsigned char *s, size_t n) {
    size_t i = 0;
    while (i < n) {
        // Most text is ASCII: eight bytes at a time while it is.
        uint64_t word;
        if (n - i >= 8 && (memcpy(&word, s + i, 8), (word & 0x8080808080808080ULL) == 0)) {
            i += 8;
            continue;
        }
        unsigned char c = s[i];
        if (c < 0x80) {
            i += 1;
            continue;
        }
        // The length of the sequence `c` starts, and the range its second byte must be in.
        size_t length;
        unsigned char low = 0x80, high = 0xBF;
        if (c >= 0xC2 && c <= 0xDF) length = 2;
        else if (c == 0xE0) { length = 3; low = 0xA0; }
        else if (c == 0xED) { length = 3; high = 0x9F; }
        else if (c >= 0xE1 && c <= 0xEF) length = 3;
        else if (c == 0xF0) { length = 4; low = 0x90; }
        else if (c == 0xF4) { length = 4; high = 0x8F; }
        else if (c >= 0xF1 && c <= 0xF3) length = 4;
        else return 0;
        if (n - i < length || s[i + 1] < low || s[i + 1] > high) return 0;
        for (size_t k = 2; k < length; k++) {
            if (s[i + k] < 0x80 || s[i + k] > 0xBF) return 0;
        }
        i += length;
    }
    return 1;
}

/// `istext(s)`: whether string `s` is UTF-8 text. Its bytes are charged to the budget as
/// every scan in C is (the write log's cap on what one call hands Swift bounds them too).
int clua_istext(lua_State *L) {
    size_t length = 0;
    const char *bytes = lua_tolstring(L, 1, &length);
    if (bytes == NULL) return luaL_error(L, "istext: a string expected");
    clua_spend(L, (lua_Number)(length / CLUA_SCANBYTES));
    lua_pushboolean(L, clua_isutf8((const unsigned char *)bytes, length));
    return 1;
}
