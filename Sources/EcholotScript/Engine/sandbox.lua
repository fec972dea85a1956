-- The sandbox: what pack code may use. Runs once per VM, with the full standard library,
-- before any pack code; hands its pieces to the other engine chunks through `E`.
local E, host = ...

local type, next, select, error, tostring, tonumber = type, next, select, error, tostring, tonumber
local rawget, rawset, rawlen, rawequal = rawget, rawset, rawlen, rawequal
local setmetatable, getmetatable = setmetatable, getmetatable
local getrawmetatable = debug.getmetatable
local sort = host.sort  -- Lua's, without pivots from the clock (CLuaBridge/sort.c)
local sortkeys = host.sortkeys  -- the same by `<`, charged by the count alone
local format = string.format
local hostprint, charge, relay, loadtext = host.print, host.charge, host.relay, host.loadtext

-- Mirror proxies → their data tables (filled by mirror.lua). Weak keys, so dropped nodes
-- can be collected; the engine only ever looks up live proxies, so no outcome depends on GC.
local dataOf = setmetatable({}, { __mode = "k" })
E.dataOf = dataOf

-- Behaviour views whose batch has ended (filled by mirror.lua): the helpers below refuse
-- them as reads and writes through them are refused, rather than see an empty table.
local retired = setmetatable({}, { __mode = "k" })
E.retiredviews = retired

-- Deterministic iteration. Lua's order for string keys depends on a hash seed that
-- changes from run to run, and its order for tables, functions and coroutines on their
-- addresses, which do too; a replay must take the same path. `pairs` visits numbers
-- ascending, then strings ascending, then booleans, then functions, tables and
-- coroutines each in the order they were made (CLuaBridge/madeorder.c). A mirror node
-- or a read-only view sorts as its data does: the data is what was made by the script,
-- or by the engine in the state's own order.
--
-- The functions the sandbox hands packs come before all others, by the names they have
-- there (`functionnames`, filled by `namefunctions` as the sandbox is built): most are C
-- functions that Lua never made (`string.len`, `ctx.random`), which have no number, and
-- whose addresses move with every process. Two packs' functions of one name (each pack's
-- `echolot.goal`) go by the order they were made.
local rank = { number = 1, string = 2, boolean = 3 }
local made = host.made
-- Weak keys: a data file's environment (its `load` is named here) must go with it.
local functionnames = setmetatable({}, { __mode = "k" })
local function before(a, b)
  local ta, tb = type(a), type(b)
  if ta ~= tb then
    local ra, rb = rank[ta] or 4, rank[tb] or 4
    if ra ~= rb then return ra < rb end
    return ta < tb
  end
  if ta == "number" or ta == "string" then return a < b end
  if ta == "boolean" then return b and not a end
  if ta == "function" then
    local na, nb = functionnames[a], functionnames[b]
    if na ~= nb then
      if na == nil or nb == nil then return na ~= nil end
      return na < nb
    end
  end
  return made(dataOf[a] or a) < made(dataOf[b] or b)
end

-- Names each function among `t`'s fields `prefix .. key` for `before` (a function with
-- several names takes the least, so the order does not depend on which was seen first).
local function namefunctions(prefix, t)
  for k, v in next, t do
    if type(v) == "function" and type(k) == "string" then
      local name, known = prefix .. k, functionnames[v]
      if known == nil or name < known then functionnames[v] = name end
    end
  end
end
E.namefunctions = namefunctions

-- `t`'s keys in that order, and how many there are. Keys all of one type that `<` orders
-- (a map's names, a list's indices) are sorted by `<` in C, in the order `before` gives
-- them: `before` in Lua took fifteen instructions a comparison, so walking the entities of
-- a level of 15,000 took a reducer's whole budget (a standard goal's `check` among them).
-- Either sort is charged by the number of keys alone (`sortkeys`): the comparisons a sort
-- makes depend on the order it gets the keys in, which is the hash's, and moves with a
-- seed each Lua state picks (and with addresses); a replay must run out of budget exactly
-- where its play did.
local function orderedkeys(t)
  local keys, n = {}, 0
  local first = type((next(t)))
  local uniform = first == "string" or first == "number"
  for k in next, t do
    n = n + 1
    keys[n] = k
    if uniform and type(k) ~= first then uniform = false end
  end
  if n > 1 then
    if uniform then sortkeys(keys) else sortkeys(keys, before) end
  end
  return keys, n
end

local function sortedpairs(t)
  local keys = orderedkeys(t)
  local i = 0
  return function()
    while true do
      i = i + 1
      local k = keys[i]
      if k == nil then return nil end
      local v = rawget(t, k)
      if v ~= nil then return k, v end
    end
  end
end
E.sortedpairs = sortedpairs

-- A read-only view of a table: reads pass through, writes raise. The metamethods are
-- shared (the view's metatable holds the table, its name and a note on what to do
-- instead), so a view costs two tables. The message starts as a refused write of the
-- state's does (`cannot change field 'x': …`), so that it is placed at the write.
-- A key as a refused write names its field: a string quoted (and cut), a finite number as
-- Lua writes it, anything else by its kind — never by address (`table: 0x…`) or as the C
-- library prints NaN, either of which would make the message differ from run to run.
local function fieldname(key)
  local tk = type(key)
  if tk == "string" then return host.named(key) end
  if tk == "number" and key == key and key ~= 1/0 and key ~= -1/0 then return tostring(key) end
  return tk == "number" and "(a number that is not finite)" or "(a " .. tk .. ")"
end
E.fieldname = fieldname

local function rodenied(view, key)
  local meta = getrawmetatable(view)
  error(format("cannot change field %s: %s is read-only%s", fieldname(key), meta.__metatable, meta.note or ""), 2)
end
local function ropairs(view) return sortedpairs(getrawmetatable(view).__index) end
local function rolen(view) return #getrawmetatable(view).__index end
-- Every view made here, so `rawset` cannot slip a field past `__newindex`: the library
-- views and `ctx` are shared by all packs, and a raw field would shadow the real one.
local views = setmetatable({}, { __mode = "k" })
local function readonly(t, name, note)
  local view = setmetatable({}, { __index = t, __newindex = rodenied, __pairs = ropairs, __len = rolen, __metatable = name,
                                  note = note and " (" .. note .. ")" })
  views[view] = true
  return view
end
E.readonly = readonly
E.readonlyviews = views

-- A library or `echolot` as packs see it: a read-only view of `t`, named `name`. A name
-- `t` lacks reads as nil, as in any table, and the read is noted (CLuaBridge/missed.c), so
-- that the error that follows ("attempt to call a nil value (field 'gaol')") can say what
-- `t` has. Only a miss is noted: a name `t` holds is read as fast as before.
local missmetas = {}
local function enginetable(t, name)
  local meta = missmetas[name]
  if meta == nil then
    meta = { __index = host.missindex(name) }
    missmetas[name] = meta
  end
  setmetatable(t, meta)
  return readonly(t, name)
end
E.enginetable = enginetable

-- tostring without addresses: they differ from run to run, so a script that stored one
-- in the state would break replays. Objects get serial numbers in the order first shown.
local serials, nextserial = setmetatable({}, { __mode = "k" }), 0
local function serialof(v)
  local serial = serials[v]
  if serial == nil then
    nextserial = nextserial + 1
    serial = nextserial
    serials[v] = serial
  end
  return type(v) .. ": #" .. serial
end
-- Lua's tostring in the pack's frame (CLuaBridge/guarded.c), objects without a __tostring
-- shown by `serialof`.
local guarded = host.guarded
local stostring = guarded(tostring, "tostring", serialof)

-- Pattern matching that pays the budget (CLuaBridge/patterns.c): Lua's own matcher runs in C,
-- where the count hook never fires, and a backtracking pattern can run for hours. These
-- are Lua's drivers in C on a counted matcher: results, errors and their positions are
-- Lua's; only the time (and gsub's copying) is charged. They replace the engine's own
-- too, so that Lua names one called through pcall ('string.find') as it names its own:
-- by the library field that holds it.
string.find, string.match, string.gmatch, string.gsub = host.find, host.match, host.gmatch, host.gsub

-- Lua's format behind the sandbox's rules (no `%p`, objects shown without addresses), in
-- the pack's frame (CLuaBridge/guarded.c).
string.format = guarded(string.format, "format", stostring)

-- Library functions whose work in C grows with a size the count hook cannot see are
-- charged for it before they run (CLuaBridge/guarded.c, which gives the rates): string.byte and
-- utf8.codepoint return a value per position, utf8.len decodes every byte and
-- utf8.offset walks character by character, reading a number from text scans all of it,
-- string.rep fills its result (and refuses, naming the pack's line, one larger than the
-- memory cap: inside Lua's allocator no line is known), string.pack and unpack read
-- their format option by option and scan a `z` string to its end, and the table functions go
-- through elements one by one, as many as a length or the bounds say (which a __len
-- metamethod can make anything). Each is Lua's own function run in the charging one's
-- frame, so results and errors are Lua's own. Sort is Lua's code in C without its pivots
-- from the clock (sort.c), which charges each comparison it makes in C as it makes it (a
-- Lua comparison function pays for itself). Like the pattern functions and format, they replace
-- the engine's own, so that Lua names one called through pcall as it names its own.
string.byte, string.rep = guarded(string.byte, "positions"), guarded(string.rep, "rep")
string.pack, string.packsize, string.unpack =
  guarded(string.pack, "pack"), guarded(string.packsize, "pack"), guarded(string.unpack, "pack")
utf8.codepoint, utf8.len, utf8.offset =
  guarded(utf8.codepoint, "positions"), guarded(utf8.len, "decode"), guarded(utf8.offset, "walk")
table.insert, table.remove, table.move =
  guarded(table.insert, "insert"), guarded(table.remove, "remove"), guarded(table.move, "move")
table.unpack, table.concat, table.sort =
  guarded(table.unpack, "unpack"), guarded(table.concat, "concat"), sort
_G.tonumber = guarded(tonumber, "text")
local stonumber = _G.tonumber
-- A limit error inside a coroutine ends the reducer, not just the coroutine. The functions
-- coroutine.wrap makes resume and close through these.
coroutine.resume, coroutine.close = guarded(coroutine.resume, "relimit"), guarded(coroutine.close, "relimit")
coroutine.wrap = guarded(coroutine.wrap, "wrap", coroutine.resume, coroutine.close)

-- What packs see of each library: a copy of the engine's (guarded as above) without what
-- is not available, shared read-only by every pack.
local function copyof(library, without)
  local copy = {}
  for k, v in next, library do copy[k] = v end
  for _, name in next, without do copy[name] = nil end
  return copy
end
local safestring = copyof(string, { "dump" })

-- The one metatable all strings share: its `__index` is the safe library, and it is
-- hidden, so no pack can change how strings behave for every other pack.
local stringmeta = getmetatable("")
stringmeta.__index = safestring
stringmeta.__metatable = false
-- Arithmetic on strings reads them as numbers, in these metamethods.
for _, event in next, { "__add", "__sub", "__mul", "__div", "__mod", "__pow", "__unm", "__idiv" } do
  stringmeta[event] = guarded(stringmeta[event], "text")
end

local libraries = {
  string = safestring,
  -- randomness comes from ctx.random only; the functions of Lua 5.2 that a Lua built
  -- with LUA_COMPAT_MATHLIB (Debian's) keeps are left out too, or a pack using them would
  -- fail on a Lua 5.4 built without
  math = copyof(math, { "random", "randomseed", "atan2", "cosh", "sinh", "tanh", "pow", "frexp", "ldexp", "log10" }),
  table = copyof(table, {}),
  utf8 = copyof(utf8, {}),
  coroutine = copyof(coroutine, {}),
}
-- In a fixed order, not `next`'s: the views are tables, numbered as they are made.
for _, name in ipairs({ "string", "math", "table", "utf8", "coroutine" }) do
  namefunctions(name .. ".", libraries[name])
  libraries[name] = enginetable(libraries[name], name)
end

-- Base functions that see through mirror proxies (whose fields live in their data table).
-- The pack calls it through a relay (a C frame, so a tail call keeps the pack's line):
-- its errors are at level 3.
local function spairs(t)
  local data = dataOf[t]
  if data ~= nil then return sortedpairs(data) end  -- mirror nodes and frozen values
  local mt = getrawmetatable(t)
  local metapairs = mt and rawget(mt, "__pairs")
  if metapairs ~= nil then
    local f, s, c = metapairs(t)
    return f, s, c
  end
  if retired[t] then error("pairs: the entity a behaviour receives can be used only during that call", 3) end
  if type(t) ~= "table" then
    error(format("bad argument #1 to 'pairs' (table expected, got %s)", type(t)), 3)
  end
  return sortedpairs(t)
end

-- `next` in the order `pairs` gives: Lua's own follows the string hash seed, which changes
-- from run to run, so `next(t)` as "any key" would pick differently in a replay. The first
-- key is the least, found in one pass (so `next(t) == nil` stays cheap); going on from a
-- key sorts the keys once per traversal and reducer call, and finds the key's successor
-- by bisection (so a key cleared during the traversal still has its place).
local callnumber = host.callnumber
local sortedkeys, positions, keyscall = {}, {}, nil
local function dnext(...)
  local t, k = ...
  local data = dataOf[t]
  if data ~= nil then
    t = data  -- mirror nodes and frozen values: their data
  elseif views[t] then
    -- A library, `echolot` or ctx: the table it shows (ctx's `shown` adds the id a
    -- behaviour batch leaves out of it).
    local meta = getrawmetatable(t)
    t = meta.shown and meta.shown() or meta.__index
  elseif retired[t] then
    error("next: the entity a behaviour receives can be used only during that call", 3)
  elseif type(t) ~= "table" then
    error(format("bad argument #1 to 'next' (table expected, got %s)", select("#", ...) == 0 and "no value" or type(t)), 3)
  end
  local call = callnumber()
  if call ~= keyscall then sortedkeys, positions, keyscall = {}, {}, call end
  if k == nil then
    sortedkeys[t], positions[t] = nil, nil  -- a new traversal: keys added since count
    local least, value = next(t)
    for key, v in next, t, least do
      if before(key, least) then least, value = key, v end
    end
    return least, value
  end
  local keys, at = sortedkeys[t], positions[t]
  if keys == nil then
    -- Positions too: a key still in the table is found by them, not by bisection.
    local n
    keys, n = orderedkeys(t)
    at = {}
    for i = 1, n do at[keys[i]] = i end
    sortedkeys[t], positions[t] = keys, at
  end
  local from = at[k]
  if from ~= nil then
    from = from + 1
  else
    -- A key cleared before the keys were sorted: the first position after it (every key
    -- has a place in the order, a table as well as a string).
    local lo, hi = 1, #keys + 1
    while lo < hi do
      local mid = (lo + hi) // 2
      if before(k, keys[mid]) then hi = mid else lo = mid + 1 end
    end
    from = lo
  end
  for i = from, #keys do
    local key = keys[i]
    local v = rawget(t, key)
    if v ~= nil then return key, v end
  end
  return nil
end
-- Forgets the sorted keys (E.drop: they may be a dropped mirror's).
function E.forgetwalks() sortedkeys, positions, keyscall = {}, {}, nil end

local srawget = guarded(rawget, "see", dataOf, retired, views, "rawget")
local srawlen = guarded(rawlen, "see", dataOf, retired, views, "rawlen")
-- A proxy or view is written through its writer: permission checks and change
-- tracking, or refusal.
local srawset = guarded(rawset, "rawset", dataOf, retired, views, "rawset")

-- No finalizers and no weak tables: both act when the collector runs, and replays
-- must not depend on when that is. A metatable is sealed so that it cannot gain them
-- later either (CLuaBridge/guarded.c); getmetatable does not show the seal.
local ssetmetatable = guarded(setmetatable, "meta", dataOf, retired, views)
local sgetmetatable = guarded(getmetatable, "getmeta")

local function scollectgarbage(option)
  if option == "count" then return collectgarbage("count") end
  error("collectgarbage: only \"count\" is available to packs", 3)  -- through a relay
end

-- Lua's own pcall and xpcall in C, except that a limit hit inside is raised again, also
-- when they end after a yield: scripts cannot catch it.
local spcall, sxpcall = host.pcall, host.xpcall

-- Each argument as tostring shows it, tab-separated, to the engine's log (C, like Lua's
-- own print, so a failing __tostring names the pack's line).
local sprint = host.printer(serialof, hostprint)

-- A fresh environment for one pack: its globals are its own, the libraries are shared
-- read-only views, and `load` compiles only text, into this same environment.
local base = {
  assert = assert, error = error, ipairs = ipairs, next = relay(dnext), pairs = relay(spairs),
  pcall = spcall, xpcall = sxpcall, print = sprint, rawequal = rawequal, rawget = srawget,
  rawlen = srawlen, rawset = srawset, select = select, setmetatable = ssetmetatable,
  getmetatable = sgetmetatable, tonumber = stonumber, tostring = stostring, type = type,
  collectgarbage = relay(scollectgarbage), _VERSION = _VERSION,
  string = libraries.string, math = libraries.math, table = libraries.table,
  utf8 = libraries.utf8, coroutine = libraries.coroutine,
}
-- Lua names a function that a C function (pcall) called by where `package.loaded` holds
-- it, `_G.rawget` shown as 'rawget'. Nothing here uses `require`, so `_G` there is the
-- packs' base functions, and `pcall(rawget)` names 'rawget' as Lua's own would.
package.loaded._G = base
namefunctions("", base)
-- The C functions that `ipairs` and `utf8.codes` return have no name in the sandbox: each
-- is named by the call that gives it.
functionnames[(ipairs({}))] = "ipairs(t)"
functionnames[(utf8.codes(""))] = "utf8.codes(s)"
functionnames[(utf8.codes("", true))] = "utf8.codes(s, true)"

function E.newenv(pack, api)
  local env = { echolot = api }
  for k, v in next, base do env[k] = v end
  env._G = env
  namefunctions("echolot.", getrawmetatable(api).__index)
  -- Lua's `load(chunk, name, mode, env)`, for text: a chunk's messages name it inside
  -- the pack (`pack/(name):line:`), and its globals are the pack's unless it is given
  -- a table of its own.
  env.load = function(chunk, name, mode, chunkenv)
    if type(chunk) ~= "string" then
      return nil, "load: packs can load only source text (a string)"
    end
    if name ~= nil and type(name) ~= "string" then
      return nil, "load: a chunk's name must be a string"
    end
    if mode ~= nil and mode ~= "t" then
      return nil, format("load: packs can load only source text (mode \"t\"), not mode %s",
        type(mode) == "string" and format("%q", mode) or type(mode))
    end
    if chunkenv ~= nil and type(chunkenv) ~= "table" then
      return nil, "load: a chunk's environment must be a table"
    end
    -- Compiling is C work the count hook does not see: a byte takes about two Lua
    -- instructions' time (`make bench BENCH_ARGS=sandbox`).
    charge(2 * #chunk)
    -- Lua's own prefixes ("=name", "@file") would say where the name comes from; here
    -- it always comes from the pack. The engine's loader (CLuaBridge/loadtext.c) places
    -- code nested too deeply, as it does in a pack's scripts.
    if name == nil then name = "load" elseif name:find("^[=@]") then name = name:sub(2) end
    return loadtext(chunk, "@" .. pack .. "/(" .. name .. ")", chunkenv or env)
  end
  functionnames[env.load] = "load"
  return env
end

-- An environment with only the libraries (and `echolot.list`/`echolot.null` for data),
-- for data files such as pack tests.
function E.dataenv()
  return E.newenv("(data)", enginetable({ list = E.newlist, null = E.null }, "echolot"))
end
