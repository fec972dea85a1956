-- Values a script hands to the engine: what may be stored in the state and how.
-- The state holds nil (absent), booleans, integers, floats, strings, lists and maps
-- with string keys; anything else is refused with a message naming what was wrong.
local E, host = ...

local type, next, rawget, rawlen, setmetatable, tostring = type, next, rawget, rawlen, setmetatable, tostring
local getrawmetatable = debug.getmetatable
local mathtype = math.type
local format, find = string.format, string.find
local istext = host.istext
local dataOf, retiredviews, readonlyviews, sortedpairs = E.dataOf, E.retiredviews, E.readonlyviews, E.sortedpairs
local sort = table.sort

-- Tables that are lists even when empty carry this metatable: lists from the state
-- arrive with it, and `echolot.list()` makes one, so `{}` lists stay lists.
local listMT = { __name = "echolot.list", __metatable = "echolot.list" }
E.listMT = listMT

-- JSON null inside a list (a Lua sequence cannot hold nil).
local null = host.null
E.null = null

function E.newlist(...)
  return setmetatable({ ... }, listMT)
end

local function describekey(k)
  if type(k) == "number" then return "the number " .. tostring(k) end
  return "a " .. type(k)
end

-- Counted from the state's root, as Swift counts when it hands the state to Lua
-- (LuaVM.maxDepth): a table stored deep inside the state gets less room than one stored
-- near the top, so whatever is stored can always be handed back.
local MAXDEPTH = host.maxdepth

local huge = math.huge

-- Whether `v` is a number the state can hold: every output reads its numbers as numbers
-- (a position, a count, a time), and JSON has no NaN or infinity.
local function finite(v) return type(v) == "number" and v == v and v > -huge and v < huge end
E.finite = finite

-- Why the number `n`, not finite, cannot be stored.
local function nonfinite(n)
  return format("%s cannot be stored in the state: numbers in it are finite", n ~= n and "NaN" or tostring(n))
end
E.nonfinite = nonfinite

-- The keys of a path outermost first, from `copy`'s innermost first (gathered as an error
-- unwinds): the order messages name them in and Swift finds them in a file's text.
local function outermostfirst(below)
  local keys, n = {}, #below
  for i = n, 1, -1 do keys[n - i + 1] = below[i] end
  return keys
end

-- How the keys of a path (outermost first) read below a field: `.name`, `[3]`, or
-- `["odd key"]` each (`.list[3].fn`).
local function pathtext(keys)
  local out = ""
  for i = 1, #keys do
    local k = keys[i]
    if type(k) ~= "string" then
      out = out .. "[" .. tostring(k) .. "]"
    elseif find(k, "^[%a_][%w_]*$") then
      out = out .. "." .. k
    else
      out = out .. format("[%q]", k)
    end
  end
  return out
end

-- A plain deep copy of `v`, checked: lists get `listMT`, mirror nodes are read through
-- their data. Returns nil, a message and where below `v` the bad value is when `v` cannot
-- be stored: its keys, innermost first (nil for `v` itself). The path is gathered only as
-- an error unwinds: copy runs on every write of a table, and the keys of a good one cost
-- nothing.
-- `ordered` walks the keys in the order `pairs` gives, rather than Lua's own; "data" does
-- that and lets numbers that are not finite pass (a data file's are checked where used).
local function copy(v, depth, seen, ordered)
  local tv = type(v)
  if tv == "number" then
    if not finite(v) and ordered ~= "data" then return nil, nonfinite(v) end
    return v
  end
  -- Checked here, not only by Swift's conversion as the write log is read, so that a bad
  -- string is told at the write that stored it, with its path.
  if tv == "string" and not istext(v) then return nil, "a string stored in the state must be valid UTF-8" end
  if tv == "string" or tv == "boolean" then return v end
  if v == null then return v end
  if tv ~= "table" then return nil, format("a %s value cannot be stored in the state", tv) end
  local source = dataOf[v] or v
  if retiredviews[v] then return nil, "the entity a behaviour receives can be used only during that call" end
  -- A library, `ctx` or `echolot` is the engine's, not data: copied, it would be an
  -- empty table, silently.
  if readonlyviews[v] and source == v then
    return nil, format("%s cannot be stored in the state; store the values you need from it", getrawmetatable(v).__metatable)
  end
  if seen[source] then return nil, "a table that contains itself cannot be stored in the state" end
  if depth >= MAXDEPTH then
    -- No path: it would be a hundred steps long, and the depth is the whole problem.
    return nil, format("tables nested more than %d deep (counted from the state's root) cannot be stored in the state", MAXDEPTH), false
  end
  seen[source] = true
  local n = rawlen(source)
  local count, named = 0, 0
  local out = {}
  -- Tables inside are copied after the walk, in sorted key order: a copy is a new table,
  -- and `pairs` walks tables as keys in the order they were made, which Lua's own order
  -- of the keys (seeded anew in every run) must not decide. Flat tables pay nothing.
  local nested
  for k, x in ordered and sortedpairs(source) or next, source do
    count = count + 1
    if type(k) == "string" then
      named = named + 1
      if not istext(k) then
        seen[source] = nil
        return nil, "a field name must be valid UTF-8", { k }
      end
    elseif not (mathtype(k) == "integer" and k >= 1 and k <= n) then
      seen[source] = nil
      return nil, format("a table stored in the state needs string keys (or 1..n for a list), found %s", describekey(k))
    end
    if not ordered and type(x) == "table" then
      nested = nested or {}
      nested[#nested + 1] = k
    else
      local y, err, below = copy(x, depth + 1, seen, ordered)
      if err ~= nil then
        seen[source] = nil
        if below == false then return nil, err, false end
        below = below or {}
        below[#below + 1] = k
        return nil, err, below
      end
      out[k] = y
    end
  end
  if named > 0 and named < count then
    seen[source] = nil
    return nil, "a table stored in the state cannot mix list items and named fields"
  end
  if nested ~= nil then
    -- Any error here is found again by the ordered walk, which tells it.
    sort(nested)
    for i = 1, #nested do
      local k = nested[i]
      local y, err = copy(rawget(source, k), depth + 1, seen, ordered)
      if err ~= nil then
        seen[source] = nil
        return nil, err
      end
      out[k] = y
    end
  end
  seen[source] = nil
  if named == 0 and (count > 0 or getrawmetatable(source) == listMT) then
    if count ~= n then return nil, "a list stored in the state cannot have holes" end
    return setmetatable(out, listMT)
  end
  return out
end

-- Checks and copies a value for the state: the copy, or nil, a message and where below
-- `v` the bad value is (`.list[3].fn`; "" for `v` itself), which callers join to their own
-- name: `field 'extra.list[3].fn': …`, `payload.deep.f: …`. `depth` is how deep in the
-- state the value will sit (the root's fields are at 1, the default).
function E.copy(v, depth)
  local out, err, below
  if type(v) ~= "table" then
    out, err = copy(v, 1, nil)
  else
    out, err, below = copy(v, depth or 1, {})
    -- Which bad value is told, of several, must not follow Lua's order of the keys: it
    -- changes from run to run (string hashes are seeded), and a script may keep the
    -- message (`pcall`). Only a value that fails is walked again, in `pairs` order.
    if err ~= nil then out, err, below = copy(v, depth or 1, {}, true) end
  end
  if err == nil then return out end
  return nil, err, below and pathtext(outermostfirst(below)) or ""
end

-- A deep read-only view of a plain value (actions, parameters), named `name` in the
-- message of a write, with `note` after it.
local function freeze(v, name, note)
  if type(v) ~= "table" then return v end
  for k, x in next, v do
    if type(x) == "table" then v[k] = freeze(x, name, note) end
  end
  local view = E.readonly(v, name, note)
  dataOf[view] = v  -- so rawget, next and conversion back to Swift see the fields
  return view
end
E.freeze = freeze

-- What is wrong with the value a data file (a pack test) returns, checked as a value for
-- the state is but for numbers that are not finite (a test's fields check their own), so
-- that of several problems the same one is told in every run: the message and the keys
-- that lead to the bad value, outermost first (strings and integers, for Swift to find in
-- the file's text as written, whatever the key holds), or nil when the value is good.
function E.dataproblem(v)
  local _, err, below = copy(v, 1, type(v) == "table" and {} or nil, "data")
  if err == nil then return nil end
  if not below then return err, {} end
  local keys = outermostfirst(below)
  return format("at %s, %s", pathtext(keys), err), keys
end
