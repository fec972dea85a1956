// Lua pattern matching that pays the instruction budget. The standard library matches in
// C, where the count hook never runs: ("a"):rep(2000):find(".-.-.-.-b") backtracks for
// hours, and a plain find of a long near-miss needle is quadratic. This matcher follows
// the reference manual's semantics (§6.4.1) and charges one instruction per
// CLUA_MATCHSTEPS steps, so such a search ends in the instruction limit like a loop.
// The sandbox builds string.find, match, gmatch and gsub on `patfind` (sandbox.lua).
// Included by shim.h after the limits it charges.
#ifndef ECHOLOT_CLUA_PATTERNS_H
#define ECHOLOT_CLUA_PATTERNS_H

#include <ctype.h>
#include <string.h>
#include <lua.h>
#include <lauxlib.h>

/// Matching steps (one item tried at one position, or 16 bytes compared) per instruction.
#define CLUA_MATCHSTEPS 4
/// Nested backtracking calls before "pattern too complex" (each is a C stack frame).
#define CLUA_MATCHDEPTH 200
/// Captures one pattern may have (as in Lua's own library).
#define CLUA_MAXCAPTURES 32
#define CLUA_CAP_UNFINISHED (-1)
#define CLUA_CAP_POSITION (-2)

typedef struct clua_Match {
    const char *src, *end;      // the subject
    const char *pend;           // the pattern's end
    lua_State *L;
    clua_Limits *limits;
    long long steps;            // steps not yet charged
    int depth;                  // nested calls left
    int level;                  // captures open or closed so far
    struct { const char *init; ptrdiff_t len; } capture[CLUA_MAXCAPTURES];
} clua_Match;

static inline void clua_matchstep(clua_Match *ms, long long steps) {
    ms->steps += steps;
    if (ms->steps < CLUA_MATCHSTEPS) return;
    ms->limits->remaining -= ms->steps / CLUA_MATCHSTEPS;
    ms->steps %= CLUA_MATCHSTEPS;
    if (ms->limits->remaining <= 0) {
        ms->limits->limit = CLUA_LIMIT_INSTRUCTIONS;
        clua_raiselimit(ms->L, ms->limits);
    }
}

/// Whether `c` is in class `cl` (%a, %d, …; an upper-case letter is the complement).
static inline int clua_classmatch(int c, int cl) {
    int in;
    switch (tolower(cl)) {
    case 'a': in = isalpha(c); break;
    case 'c': in = iscntrl(c); break;
    case 'd': in = isdigit(c); break;
    case 'g': in = isgraph(c); break;
    case 'l': in = islower(c); break;
    case 'p': in = ispunct(c); break;
    case 's': in = isspace(c); break;
    case 'u': in = isupper(c); break;
    case 'w': in = isalnum(c); break;
    case 'x': in = isxdigit(c); break;
    case 'z': in = c == 0; break;  // deprecated, still Lua 5.4's
    default: return cl == c;
    }
    if (isupper(cl)) in = !in;
    return in != 0;
}

/// The end of the single-character class at `p`.
static inline const char *clua_classend(clua_Match *ms, const char *p) {
    char c = *p++;
    if (c == '%') {
        if (p == ms->pend) luaL_error(ms->L, "malformed pattern (ends with '%%')");
        return p + 1;
    }
    if (c == '[') {
        if (*p == '^') p++;
        do {  // the first character after '[' or '[^' is a member even when it is ']'
            if (p == ms->pend) luaL_error(ms->L, "malformed pattern (missing ']')");
            if (*(p++) == '%' && p < ms->pend) p++;
        } while (*p != ']');
        return p + 1;
    }
    return p;
}

/// Whether `c` is in the set from `p` ('[') to `last` (its ']').
static inline int clua_setmatch(int c, const char *p, const char *last) {
    int member = 1;
    p++;
    if (*p == '^') {
        member = 0;
        p++;
    }
    while (p < last) {
        if (*p == '%') {
            p++;
            if (clua_classmatch(c, (unsigned char)*p)) return member;
            p++;
        } else if (p[1] == '-' && p + 2 < last) {
            if ((unsigned char)p[0] <= c && c <= (unsigned char)p[2]) return member;
            p += 3;
        } else {
            if ((unsigned char)*p == c) return member;
            p++;
        }
    }
    return !member;
}

static inline int clua_singlematch(clua_Match *ms, const char *s, const char *p, const char *ep) {
    if (s >= ms->end) return 0;
    int c = (unsigned char)*s;
    switch (*p) {
    case '.': return 1;
    case '%': return clua_classmatch(c, (unsigned char)p[1]);
    case '[': return clua_setmatch(c, p, ep - 1);
    default: return (unsigned char)*p == c;
    }
}

static const char *clua_domatch(clua_Match *ms, const char *s, const char *p);

static inline const char *clua_maxexpand(clua_Match *ms, const char *s, const char *p, const char *ep) {
    ptrdiff_t i = 0;
    while (clua_singlematch(ms, s + i, p, ep)) {
        clua_matchstep(ms, 1);
        i++;
    }
    for (; i >= 0; i--) {
        const char *r = clua_domatch(ms, s + i, ep + 1);
        if (r != NULL) return r;
    }
    return NULL;
}

static inline const char *clua_minexpand(clua_Match *ms, const char *s, const char *p, const char *ep) {
    for (;;) {
        const char *r = clua_domatch(ms, s, ep + 1);
        if (r != NULL) return r;
        if (!clua_singlematch(ms, s, p, ep)) return NULL;
        s++;
    }
}

static inline const char *clua_startcapture(clua_Match *ms, const char *s, const char *p, ptrdiff_t what) {
    if (ms->level >= CLUA_MAXCAPTURES) luaL_error(ms->L, "too many captures");
    ms->capture[ms->level].init = s;
    ms->capture[ms->level].len = what;
    ms->level++;
    const char *r = clua_domatch(ms, s, p);
    if (r == NULL) ms->level--;
    return r;
}

static inline const char *clua_endcapture(clua_Match *ms, const char *s, const char *p) {
    int l = ms->level - 1;
    while (l >= 0 && ms->capture[l].len != CLUA_CAP_UNFINISHED) l--;
    if (l < 0) luaL_error(ms->L, "invalid pattern capture");
    ms->capture[l].len = s - ms->capture[l].init;
    const char *r = clua_domatch(ms, s, p);
    if (r == NULL) ms->capture[l].len = CLUA_CAP_UNFINISHED;
    return r;
}

static inline const char *clua_matchbalance(clua_Match *ms, const char *s, const char *p) {
    if (p >= ms->pend - 1) luaL_error(ms->L, "malformed pattern (missing arguments to '%%b')");
    if (s >= ms->end || *s != *p) return NULL;
    char open = p[0], close = p[1];
    int depth = 1;
    const char *start = s;
    while (++s < ms->end) {
        if (*s == close) {
            if (--depth == 0) {
                clua_matchstep(ms, (s - start) / 16);
                return s + 1;
            }
        } else if (*s == open) {
            depth++;
        }
    }
    clua_matchstep(ms, (s - start) / 16);
    return NULL;
}

static inline const char *clua_matchcapture(clua_Match *ms, const char *s, int digit) {
    int l = digit - '1';
    if (l < 0 || l >= ms->level || ms->capture[l].len == CLUA_CAP_UNFINISHED) {
        luaL_error(ms->L, "invalid capture index %%%d", l + 1);
    }
    ptrdiff_t len = ms->capture[l].len;
    if (len < 0 || ms->end - s < len) return NULL;  // a position capture matches nothing
    clua_matchstep(ms, len / 16);
    return memcmp(ms->capture[l].init, s, (size_t)len) == 0 ? s + len : NULL;
}

/// Where a match of pattern `p` starting at `s` ends, or NULL.
static const char *clua_domatch(clua_Match *ms, const char *s, const char *p) {
    if (ms->depth-- == 0) luaL_error(ms->L, "pattern too complex");
    while (p != ms->pend) {
        clua_matchstep(ms, 1);
        const char *ep;
        switch (*p) {
        case '(':
            s = p[1] == ')' ? clua_startcapture(ms, s, p + 2, CLUA_CAP_POSITION)
                            : clua_startcapture(ms, s, p + 1, CLUA_CAP_UNFINISHED);
            goto done;
        case ')':
            s = clua_endcapture(ms, s, p + 1);
            goto done;
        case '$':
            if (p + 1 == ms->pend) {
                if (s != ms->end) s = NULL;
                goto done;
            }
            break;
        case '%':
            if (p[1] == 'b') {
                s = clua_matchbalance(ms, s, p + 2);
                if (s == NULL) goto done;
                p += 4;
                continue;
            }
            if (p[1] == 'f') {
                p += 2;
                if (*p != '[') luaL_error(ms->L, "missing '[' after '%%f' in pattern");
                ep = clua_classend(ms, p);
                int previous = s == ms->src ? '\0' : (unsigned char)*(s - 1);
                int current = s < ms->end ? (unsigned char)*s : '\0';
                if (!clua_setmatch(previous, p, ep - 1) && clua_setmatch(current, p, ep - 1)) {
                    p = ep;
                    continue;
                }
                s = NULL;
                goto done;
            }
            if (isdigit((unsigned char)p[1])) {
                s = clua_matchcapture(ms, s, (unsigned char)p[1]);
                if (s == NULL) goto done;
                p += 2;
                continue;
            }
            break;
        default:
            break;
        }
        ep = clua_classend(ms, p);
        if (!clua_singlematch(ms, s, p, ep)) {
            if (*ep == '*' || *ep == '?' || *ep == '-') {  // may match zero times
                p = ep + 1;
                continue;
            }
            s = NULL;
            goto done;
        }
        switch (*ep) {
        case '?': {
            const char *r = clua_domatch(ms, s + 1, ep + 1);
            if (r != NULL) {
                s = r;
                goto done;
            }
            p = ep + 1;
            continue;
        }
        case '+': s = clua_maxexpand(ms, s + 1, p, ep); goto done;
        case '*': s = clua_maxexpand(ms, s, p, ep); goto done;
        case '-': s = clua_minexpand(ms, s, p, ep); goto done;
        default:
            s++;
            p = ep;
            continue;
        }
    }
done:
    ms->depth++;
    return s;
}

/// The first occurrence of `p` (`lp` bytes) in `s` (`ls` bytes), or NULL; the bytes
/// compared are charged.
static inline const char *clua_plainfind(clua_Match *ms, const char *s, size_t ls, const char *p, size_t lp) {
    if (lp == 0) return s;
    if (lp > ls) return NULL;
    const char *last = s + (ls - lp);
    while (s <= last) {
        const char *hit = memchr(s, *p, (size_t)(last - s) + 1);
        if (hit == NULL) {
            clua_matchstep(ms, (last - s) / 16);
            return NULL;
        }
        size_t same = 1;
        while (same < lp && hit[same] == p[same]) same++;
        clua_matchstep(ms, 1 + (hit - s) / 16 + (long long)same / 16);
        if (same == lp) return hit;
        s = hit + 1;
    }
    return NULL;
}

static inline int clua_nomatch(lua_State *L) {
    lua_pushnil(L);
    return 1;
}

/// `patfind(s, p, init, mode, lastmatch)`: the first match of `p` in `s` starting at
/// position `init` or later (1-based, at most #s + 1), skipping one that ends where the
/// previous match ended (`lastmatch`: that end + 1, or 0). Mode 0: a leading '^' anchors
/// the match at `init`; mode 1 (gmatch): '^' is an ordinary character; mode 2: `p` is
/// plain text. Returns nil, or the start, the end and every capture (strings,
/// positions for `()`, false for one never closed).
static inline int clua_patfind(lua_State *L) {
    size_t ls, lp;
    const char *s = luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    lua_Integer init = luaL_checkinteger(L, 3) - 1;
    lua_Integer mode = luaL_checkinteger(L, 4);
    lua_Integer lastmatch = luaL_checkinteger(L, 5);
    if (init < 0 || (size_t)init > ls) return clua_nomatch(L);
    clua_Match ms;
    ms.src = s;
    ms.end = s + ls;
    ms.pend = p + lp;
    ms.L = L;
    ms.limits = clua_limits(L);
    ms.steps = 0;
    if (mode == 2) {
        const char *hit = clua_plainfind(&ms, s + init, ls - (size_t)init, p, lp);
        if (hit == NULL) return clua_nomatch(L);
        lua_pushinteger(L, (hit - s) + 1);
        lua_pushinteger(L, (hit - s) + (lua_Integer)lp);
        return 2;
    }
    int anchored = mode == 0 && lp > 0 && *p == '^';
    if (anchored) p++;
    const char *from = s + init;
    for (;;) {
        ms.level = 0;
        ms.depth = CLUA_MATCHDEPTH;
        const char *e = clua_domatch(&ms, from, p);
        if (e != NULL && !(lastmatch > 0 && e == s + lastmatch - 1)) {
            luaL_checkstack(L, ms.level + 2, "too many captures");
            lua_pushinteger(L, (from - s) + 1);
            lua_pushinteger(L, e - s);
            for (int i = 0; i < ms.level; i++) {
                ptrdiff_t len = ms.capture[i].len;
                if (len == CLUA_CAP_UNFINISHED) {
                    lua_pushboolean(L, 0);  // an error only where the capture is used (gsub's %0 does not)
                } else if (len == CLUA_CAP_POSITION) {
                    lua_pushinteger(L, (ms.capture[i].init - s) + 1);
                } else {
                    lua_pushlstring(L, ms.capture[i].init, (size_t)len);
                }
            }
            return 2 + ms.level;
        }
        if (anchored || from >= ms.end) return clua_nomatch(L);
        from++;
    }
}

#endif
