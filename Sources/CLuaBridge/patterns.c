// Lua pattern matching that pays the instruction budget. The standard library matches in
// C, where the count hook never runs: ("a"):rep(2000):find(".-.-.-.-b") backtracks for
// hours, and a plain find of a long near-miss needle is quadratic. This matcher follows
// the reference manual's semantics (§6.4.1) and charges one instruction per
// CLUA_MATCHSTEPS steps, so such a search ends in the instruction limit like a loop.
// string.find, match, gmatch and gsub are Lua 5.4's own drivers (lstrlib.c: results,
// argument checks and error messages, raised at the caller's line) on this matcher; gsub
// also charges the bytes it copies into its result. The sandbox installs them as the
// string library's (sandbox.lua).

#include <ctype.h>
#include <string.h>

#include "bridge.h"

/// Matching steps (a start position or item tried, 16 bytes compared or copied) per
/// instruction. One: a step takes about as long as a Lua instruction does, as measured by
/// `make bench BENCH_ARGS=sandbox` (at four, pattern work ran 3–5× longer per instruction).
#define CLUA_MATCHSTEPS 1
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
    size_t charged;             // bytes of gsub's result already charged
    int depth;                  // nested calls left
    int level;                  // captures open or closed so far
    struct { const char *init; ptrdiff_t len; } capture[CLUA_MAXCAPTURES];
} clua_Match;

/// Counts `steps` matching steps, taking an instruction from the budget per CLUA_MATCHSTEPS.
static void clua_matchstep(clua_Match *ms, long long steps) {
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
static int clua_classmatch(int c, int cl) {
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
static const char *clua_classend(clua_Match *ms, const char *p) {
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
static int clua_setmatch(int c, const char *p, const char *last) {
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

/// Whether the byte at `s` matches the single-character class from `p` to `ep`.
static int clua_singlematch(clua_Match *ms, const char *s, const char *p, const char *ep) {
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

/// A greedy repeat of class `p` from `s`: as many as match, one fewer each time the rest fails.
static const char *clua_maxexpand(clua_Match *ms, const char *s, const char *p, const char *ep) {
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

/// A lazy repeat (`-`) of class `p` from `s`: as few as let the rest match.
static const char *clua_minexpand(clua_Match *ms, const char *s, const char *p, const char *ep) {
    for (;;) {
        const char *r = clua_domatch(ms, s, ep + 1);
        if (r != NULL) return r;
        if (!clua_singlematch(ms, s, p, ep)) return NULL;
        s++;
    }
}

/// Opens a capture at `s` (`what`: CLUA_CAP_UNFINISHED, or CLUA_CAP_POSITION for `()`).
static const char *clua_startcapture(clua_Match *ms, const char *s, const char *p, ptrdiff_t what) {
    if (ms->level >= CLUA_MAXCAPTURES) luaL_error(ms->L, "too many captures");
    ms->capture[ms->level].init = s;
    ms->capture[ms->level].len = what;
    ms->level++;
    const char *r = clua_domatch(ms, s, p);
    if (r == NULL) ms->level--;
    return r;
}

/// Closes the innermost open capture at `s` and matches the rest.
static const char *clua_endcapture(clua_Match *ms, const char *s, const char *p) {
    int l = ms->level - 1;
    while (l >= 0 && ms->capture[l].len != CLUA_CAP_UNFINISHED) l--;
    if (l < 0) luaL_error(ms->L, "invalid pattern capture");
    ms->capture[l].len = s - ms->capture[l].init;
    const char *r = clua_domatch(ms, s, p);
    if (r == NULL) ms->capture[l].len = CLUA_CAP_UNFINISHED;
    return r;
}

/// Matches `%b` with the two characters at `p`: a balanced run from `s`, or NULL.
static const char *clua_matchbalance(clua_Match *ms, const char *s, const char *p) {
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

/// Matches a back-reference (`%1`-`%9`, `digit` its character) at `s`.
static const char *clua_matchcapture(clua_Match *ms, const char *s, int digit) {
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
static const char *clua_plainfind(clua_Match *ms, const char *s, size_t ls, const char *p, size_t lp) {
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

/// The matcher's state for subject `s` (`ls` bytes) and pattern `p` (`lp` bytes) (prepstate).
static void clua_prepmatch(clua_Match *ms, lua_State *L, const char *s, size_t ls, const char *p,
                                   size_t lp) {
    ms->src = s;
    ms->end = s + ls;
    ms->pend = p + lp;
    ms->L = L;
    ms->limits = clua_limits(L);
    ms->steps = 0;
    ms->charged = 0;
}

/// Starts a match attempt (reprepstate). The attempt is a step even when the pattern has
/// no item to try (gsub of "" over a long subject would be free); the depth is reset
/// because an error caught in the middle of a match (a gmatch iterator called again) left
/// it short.
static void clua_reprepmatch(clua_Match *ms) {
    clua_matchstep(ms, 1);
    ms->level = 0;
    ms->depth = CLUA_MATCHDEPTH;
}

/// A start position as the library takes it: negative counts from the end, 0 and
/// anything before the start are 1 (posrelatI).
static size_t clua_startpos(lua_Integer pos, size_t len) {
    if (pos > 0) return (size_t)pos;
    if (pos == 0 || pos < -(lua_Integer)len) return 1;
    return len + (size_t)pos + 1;
}

/// Capture `i` of a match from `s` to `e`: its length, with its start in `*cap`, or
/// CLUA_CAP_POSITION with the position pushed. Without captures, capture 0 is the whole
/// match (get_onecapture).
static ptrdiff_t clua_onecapture(clua_Match *ms, int i, const char *s, const char *e,
                                        const char **cap) {
    if (i >= ms->level) {
        if (i != 0) luaL_error(ms->L, "invalid capture index %%%d", i + 1);
        *cap = s;
        return e - s;
    }
    ptrdiff_t len = ms->capture[i].len;
    *cap = ms->capture[i].init;
    if (len == CLUA_CAP_UNFINISHED) luaL_error(ms->L, "unfinished capture");
    if (len == CLUA_CAP_POSITION) lua_pushinteger(ms->L, (ms->capture[i].init - ms->src) + 1);
    return len;
}

/// Pushes capture `i` of a match from `s` to `e` (push_onecapture).
static void clua_pushcapture(clua_Match *ms, int i, const char *s, const char *e) {
    const char *cap;
    ptrdiff_t len = clua_onecapture(ms, i, s, e, &cap);
    if (len != CLUA_CAP_POSITION) lua_pushlstring(ms->L, cap, (size_t)len);
}

/// Pushes the captures, or the whole match when there are none and `s` is given (find
/// passes NULL: it returns the positions instead); returns how many (push_captures).
static int clua_pushcaptures(clua_Match *ms, const char *s, const char *e) {
    int n = (ms->level == 0 && s != NULL) ? 1 : ms->level;
    luaL_checkstack(ms->L, n, "too many captures");
    for (int i = 0; i < n; i++) clua_pushcapture(ms, i, s, e);
    return n;
}

/// Whether pattern `p` (`lp` bytes, '\0's included) has none of the characters that make
/// string.find match a pattern rather than plain text (nospecials).
static int clua_nospecials(const char *p, size_t lp) {
    size_t upto = 0;
    do {
        if (strpbrk(p + upto, "^$*+?.([%-") != NULL) return 0;
        upto += strlen(p + upto) + 1;  // a Lua string ends in '\0', so the last strlen stops
    } while (upto <= lp);
    return 1;
}

/// string.find (`find` 1) and string.match (0) on the counted matcher (str_find_aux).
static int clua_findaux(lua_State *L, int find) {
    size_t ls, lp;
    const char *s = luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    size_t init = clua_startpos(luaL_optinteger(L, 3, 1), ls) - 1;
    if (init > ls) {
        luaL_pushfail(L);
        return 1;
    }
    clua_Match ms;
    if (find && (lua_toboolean(L, 4) || clua_nospecials(p, lp))) {
        clua_prepmatch(&ms, L, s, ls, p, lp);
        const char *hit = clua_plainfind(&ms, s + init, ls - init, p, lp);
        if (hit != NULL) {
            lua_pushinteger(L, (hit - s) + 1);
            lua_pushinteger(L, (hit - s) + (lua_Integer)lp);
            return 2;
        }
    } else {
        const char *from = s + init;
        int anchor = *p == '^';
        if (anchor) {
            p++;
            lp--;
        }
        clua_prepmatch(&ms, L, s, ls, p, lp);
        do {
            clua_reprepmatch(&ms);
            const char *e = clua_domatch(&ms, from, p);
            if (e != NULL) {
                if (!find) return clua_pushcaptures(&ms, from, e);
                lua_pushinteger(L, (from - s) + 1);
                lua_pushinteger(L, e - s);
                return clua_pushcaptures(&ms, NULL, NULL) + 2;
            }
        } while (from++ < ms.end && !anchor);
    }
    luaL_pushfail(L);
    return 1;
}

/// string.find(s, pattern [, init [, plain]]).
int clua_strfind(lua_State *L) { return clua_findaux(L, 1); }

/// string.match(s, pattern [, init]).
int clua_strmatch(lua_State *L) { return clua_findaux(L, 0); }

/// A gmatch iterator's state, its upvalue 3 (upvalues 1 and 2 keep the subject and the
/// pattern alive).
typedef struct clua_GMatch {
    const char *src;        // where the next search starts
    const char *p;          // the pattern
    const char *lastmatch;  // where the last match ended: no empty match may end there again
    clua_Match ms;
} clua_GMatch;

/// The iterator string.gmatch returns: the next match's captures, or nothing (gmatch_aux).
static int clua_gmatchaux(lua_State *L) {
    clua_GMatch *gm = (clua_GMatch *)lua_touserdata(L, lua_upvalueindex(3));
    gm->ms.L = L;  // the iterator may be called from another coroutine
    for (const char *src = gm->src; src <= gm->ms.end; src++) {
        clua_reprepmatch(&gm->ms);
        const char *e = clua_domatch(&gm->ms, src, gm->p);
        if (e != NULL && e != gm->lastmatch) {
            gm->src = gm->lastmatch = e;
            return clua_pushcaptures(&gm->ms, src, e);
        }
    }
    return 0;
}

/// string.gmatch(s, pattern [, init]); a '^' in the pattern is an ordinary character.
int clua_gmatch(lua_State *L) {
    size_t ls, lp;
    const char *s = luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    size_t init = clua_startpos(luaL_optinteger(L, 3, 1), ls) - 1;
    lua_settop(L, 2);
    clua_GMatch *gm = (clua_GMatch *)lua_newuserdatauv(L, sizeof(clua_GMatch), 0);
    if (init > ls) init = ls + 1;  // past the end: matches nothing, and 's + init' cannot overflow
    clua_prepmatch(&gm->ms, L, s, ls, p, lp);
    gm->src = s + init;
    gm->p = p;
    gm->lastmatch = NULL;
    lua_pushcclosure(L, clua_gmatchaux, 3);
    return 1;
}

/// Charges the bytes written to gsub's result since the last charge, at the rate of bytes
/// compared: a replacement loop that builds a huge string ends in the instruction limit.
static void clua_chargecopy(clua_Match *ms, luaL_Buffer *b) {
    size_t bytes = luaL_bufflen(b) - ms->charged;
    ms->charged += bytes - bytes % 16;
    clua_matchstep(ms, (long long)(bytes / 16));
}

/// Appends replacement string (argument 3) for a match from `s` to `e`, with its %0-%9
/// and %% (add_s).
static void clua_adds(clua_Match *ms, luaL_Buffer *b, const char *s, const char *e) {
    lua_State *L = ms->L;
    size_t l;
    const char *news = lua_tolstring(L, 3, &l);
    const char *p;
    while ((p = memchr(news, '%', l)) != NULL) {
        luaL_addlstring(b, news, (size_t)(p - news));
        p++;
        if (*p == '%') {
            luaL_addchar(b, *p);
        } else if (*p == '0') {
            luaL_addlstring(b, s, (size_t)(e - s));
        } else if (isdigit((unsigned char)*p)) {
            const char *cap;
            ptrdiff_t len = clua_onecapture(ms, *p - '1', s, e, &cap);
            if (len == CLUA_CAP_POSITION) {
                luaL_addvalue(b);
            } else {
                luaL_addlstring(b, cap, (size_t)len);
            }
        } else {
            luaL_error(L, "invalid use of '%c' in replacement string", '%');
        }
        clua_chargecopy(ms, b);  // "%0%0%0…" copies a long match many times over
        l -= (size_t)(p + 1 - news);
        news = p + 1;
    }
    luaL_addlstring(b, news, l);
}

/// Appends the replacement of a match from `s` to `e` given by argument 3, of type `tr`;
/// returns whether it changed the subject (a function or table giving false or nil keeps
/// the match) (add_value).
static int clua_addvalue(clua_Match *ms, luaL_Buffer *b, const char *s, const char *e, int tr) {
    lua_State *L = ms->L;
    switch (tr) {
    case LUA_TFUNCTION: {
        lua_pushvalue(L, 3);
        int n = clua_pushcaptures(ms, s, e);
        lua_call(L, n, 1);
        break;
    }
    case LUA_TTABLE:
        clua_pushcapture(ms, 0, s, e);
        lua_gettable(L, 3);
        break;
    default:
        clua_adds(ms, b, s, e);
        return 1;
    }
    if (!lua_toboolean(L, -1)) {
        lua_pop(L, 1);
        luaL_addlstring(b, s, (size_t)(e - s));
        return 0;
    }
    if (!lua_isstring(L, -1)) return luaL_error(L, "invalid replacement value (a %s)", luaL_typename(L, -1));
    luaL_addvalue(b);
    return 1;
}

/// string.gsub(s, pattern, repl [, n]) on the counted matcher, the result's bytes charged
/// as they are copied (str_gsub).
int clua_gsub(lua_State *L) {
    size_t srcl, lp;
    const char *src = luaL_checklstring(L, 1, &srcl);
    const char *p = luaL_checklstring(L, 2, &lp);
    const char *lastmatch = NULL;
    int tr = lua_type(L, 3);
    lua_Integer max = luaL_optinteger(L, 4, (lua_Integer)srcl + 1);
    int anchor = *p == '^';
    lua_Integer n = 0;
    int changed = 0;
    clua_Match ms;
    luaL_Buffer b;
    luaL_argexpected(L, tr == LUA_TNUMBER || tr == LUA_TSTRING || tr == LUA_TFUNCTION || tr == LUA_TTABLE, 3,
                     "string/function/table");
    luaL_buffinit(L, &b);
    if (anchor) {
        p++;
        lp--;
    }
    clua_prepmatch(&ms, L, src, srcl, p, lp);
    while (n < max) {
        clua_reprepmatch(&ms);
        const char *e = clua_domatch(&ms, src, p);
        if (e != NULL && e != lastmatch) {
            n++;
            changed = clua_addvalue(&ms, &b, src, e, tr) | changed;
            src = lastmatch = e;
        } else if (src < ms.end) {
            luaL_addchar(&b, *src++);
        } else {
            break;
        }
        clua_chargecopy(&ms, &b);
        if (anchor) break;
    }
    if (!changed) {
        lua_pushvalue(L, 1);
    } else {
        luaL_addlstring(&b, src, (size_t)(ms.end - src));
        clua_chargecopy(&ms, &b);
        luaL_pushresult(&b);
    }
    lua_pushinteger(L, n);
    return 2;
}
