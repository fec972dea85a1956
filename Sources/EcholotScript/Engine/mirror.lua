-- The mirror: a Lua copy of the game state that reducers read and change in place.
--
-- Each map or list of the state is a data table behind an empty proxy. Reading a proxy
-- reads its data table directly (`__index` is a table, so reads cost almost nothing);
-- writing goes through `__newindex`, which checks permission (a reducer may change only
-- its focus and what is below it), checks the value, and logs the change. After the call
-- Swift reads the log and writes exactly those changes into the persistent state, and
-- before a call it patches in whatever changed on the Swift side. Nothing is rebuilt
-- that did not change.
local E, host = ...

local type, next, error, tostring, setmetatable = type, next, error, tostring, setmetatable
local rawequal, rawlen, ipairs = rawequal, rawlen, ipairs
local huge = math.huge
local getrawmetatable = debug.getmetatable
local mathtype = math.type
local concat = table.concat
local istext = host.istext
local format = string.format
local dataOf, listMT, null, copy, sortedpairs = E.dataOf, E.listMT, E.null, E.copy, E.sortedpairs
local finite, nonfinite = E.finite, E.nonfinite

-- The proxy the running reducer may change (with what is inside it), or ENGINE.
local focus = nil
-- In every permission set: lets the engine write anywhere (scores, earned achievements).
local ENGINE = {}
-- During a behaviour batch, the batch's entity proxies, by instance, and the focus is
-- whichever of them the batch's view stands for now: the driver (CLuaBridge/runeach.c)
-- moves the view on without telling Lua, and the writers that need the entity's proxy
-- ask C which instance it is (`focusnow`). Nil outside a batch.
local viewentities = nil
local focusindex = host.focusindex
-- What the running reducer may change: `focus`, or during a batch the view's entity.
local function focusnow()
  if viewentities == nil then return focus end
  local i = focusindex()
  if i == nil then return nil end
  return viewentities[i]
end

-- What Swift reads after a call: writes, in the C write log (CLuaBridge/writelog.c), whose
-- values other than numbers wait in `log`; nodes made (handle, parent handle, key: `born`,
-- which Swift reads as E.born, since a large one is replaced) and handles dropped.
local log, born, died = {}, {}, {}
local bornn, diedn = 0, 0
E.log, E.born, E.died = log, born, died
local appendlog = host.logwriter(log)

local nexthandle = 1
local root = nil
-- Bumped whenever the entities, the goals or a behaviour list may have changed, so the
-- drivers know to recompute which rule instances exist.
local structure = 0

-- Where a node sits decides whether a reducer can be focused on it (an anchor) and
-- whether changing it changes which rule instances exist (structural).
local childroles = {
  root = { level = "level", achievementProgress = "progress", story = "story" },
  level = { entities = "entities", goals = "goals", view = "view", found = "found", music = "music", ambience = "ambience" },
  entity = { behaviours = "behaviours", sound = "sound", tags = "tags" },
}
-- Lists of the engine's whose items are nodes of a role of their own (each ambient sound
-- of a level's ambience): what a write of one item, or of the whole list, is held to.
local itemroles = { ambience = "ambientsound" }
local function childrole(role, key)
  if role == "entities" then return "entity" end
  if role == "goals" then return "goal" end
  if role == "progress" then return "achievement" end
  if role == "behaviours" or role == "goal" then return role end
  if itemroles[role] then return itemroles[role] end
  local roles = childroles[role]
  return roles and roles[key] or "plain"
end
local structural = { entities = true, goals = true, goal = true, behaviours = true }

-- Where a node sits, shared by every node of one role at one depth (the root at 0), so
-- that a node's metatable holds one field for it.
local places = {}
local function placeof(role, depth)
  local bydepth = places[role]
  if bydepth == nil then
    bydepth = {}
    places[role] = bydepth
  end
  local place = bydepth[depth]
  if place == nil then
    place = { role = role, depth = depth, structural = structural[role] or false }
    bydepth[depth] = place
  end
  return place
end

-- A value in a message: never by address (`table: 0x…`), which a pack could store and
-- so make two runs of one input differ.
local fieldname = E.fieldname

local function describe(v)
  local tv = type(v)
  if tv == "string" then return "'" .. v .. "'" end
  -- As the file readers tell them: tostring gives "-nan" or "nan" by the C library.
  if v ~= v then return "NaN (not a number)" end
  if v == 1/0 or v == -1/0 then return "an infinite number" end
  if tv == "number" or tv == "boolean" or tv == "nil" then return tostring(v) end
  return "a " .. tv
end

-- `up`, here and below: how many stack levels the writer runs deeper than the script's
-- line (1 under the C writer of a behaviour's view, which calls it; 0 as the metamethod).
-- The writers tail-call these, so their frames are gone: level 2 is the script's.
local function denied(key, up)
  error(format("cannot change field %s: a reducer may change only its focus and what is inside it", fieldname(key)), 2 + up)
end

local function badvalue(key, v, up)
  error(format("field %s: a %s value cannot be stored in the state", fieldname(key), type(v)), 2 + up)
end

-- The writer of a node that left the state: writes through a stale reference fail loudly.
local function deadwriter(_, key)
  error(format("cannot change field %s: this table is no longer part of the state (it was replaced)", fieldname(key)), 2)
end

-- Marks a replaced subtree dead: its writers now refuse, and Swift forgets its handles
-- (unless `quiet`: a mirror dropped whole, whose handles Swift forgets all at once). A
-- dead node lets go of its parent: a script that keeps one (`seen[e] = true`) keeps its
-- own fields readable, not the whole state it was part of.
local function kill(proxy, quiet)
  local meta = getrawmetatable(proxy)
  meta.__newindex = deadwriter
  meta.up = false
  if meta.handle and not quiet then
    diedn = diedn + 1
    died[diedn] = meta.handle
  end
  for _, x in next, meta.__index do
    if type(x) == "table" and dataOf[x] ~= nil then kill(x, quiet) end
  end
end

local wrap

local function lenof(proxy) return #getrawmetatable(proxy).__index end

-- Every node keeps what its writer needs in its own metatable — which a write reads with
-- debug.getmetatable: a proxy stays empty, so reading a field through it misses on the
-- shared empty node without touching memory of its own — rather than in a closure per
-- node: half the memory per node, and the mirror of a large level stays small enough to
-- stay in the cache. At most eight fields, so the metatable's hash part has eight slots,
-- not sixteen; what nodes share lives in tables they share, and what can be found by
-- walking up from the node (who may change it, the list it is in) is not kept at all.
--   __index     the data table
--   handle      the handle Swift knows the node by (false in and of lists)
--   up          the parent's proxy (false for the root and for dead nodes)
--   at          where the node sits: {role (see `childrole`), depth, structural — whether
--               changing it may change which rule instances exist}, from `placeof`
--   key         of a list that is not inside another: its key in its parent (changes
--               inside it are sent to Swift as that whole list, since lists are values)

-- Whether the running reducer may change the node of `meta`: the engine may change any
-- node; a reducer its focus and what is inside it, so the focus must be above the node.
local function permitted(meta, focus)
  if focus == ENGINE then return true end
  local up = meta.up
  while up do
    if up == focus then return true end
    up = getrawmetatable(up).up
  end
  return false
end

-- Appends one write to the log: the node's own (handle, key, value), or for a node
-- in a list the outermost list's entry (parent handle, key, list), since Swift replaces
-- lists whole.
local function logwrite(proxy, meta, k, v)
  if meta.handle then return appendlog(meta.handle, k, v) end
  while meta.key == nil do
    proxy = meta.up
    meta = getrawmetatable(proxy)
  end
  appendlog(getrawmetatable(meta.up).handle, meta.key, proxy)
end

-- The highest score a level may have (Score.range; docs/modding.md).
local maxscore = host.maxscore
E.maxscore = maxscore

-- The engine's own fields of the level, its view, an entity and its sound, as the level
-- format allows them (docs/format.md): a rule writing one is held to it at the line of the
-- write, so a value the engine or the standard rules would read as something else
-- (`found = "maybe"`, `tags = 5`) never lands in the state. Each check takes the value and
-- the data of the node it goes into (the level's, for `found`'s ids) and returns the value
-- to store (an azimuth is normalised into [0, 360), as the geometry contract says of any
-- azimuth) or nil, what the field holds, and what the value is when its type does not say.
local function between(lo, hi, what)
  return function(v) if finite(v) and v >= lo and v <= hi then return v end return nil, what end
end
local function boolean(v) if type(v) == "boolean" then return v end return nil, "true or false" end
local function text(v) if type(v) == "string" then return v end return nil, "a string" end
-- A file of the pack's sounds: the fourth result is the whole problem, as a level naming
-- it is told. A name found is looked up once per level; each lookup is charged, since it
-- reads the pack's folders.
local soundproblem, charge = host.soundproblem, host.charge
local soundsfound = {}
local function soundfile(v)
  if type(v) ~= "string" then return nil, "a string" end
  if soundsfound[v] then return v end
  charge(1000)
  local problem = soundproblem(v)
  if problem then return nil, nil, nil, problem end
  soundsfound[v] = true
  return v
end
local function count(v) if mathtype(v) == "integer" and v >= 0 then return v end return nil, "a whole number from 0 up" end
local function azimuth(v)
  if not finite(v) then return nil, "a number of degrees" end
  local a = v % 360
  if mathtype(a) == "float" then a = (a >= 360 and 0.0 or a) + 0.0 end  -- rounding up to 360; -0
  return a
end
local visualsnames = { shown = true, faded = true, hidden = true }
local function visuals(v) if visualsnames[v] then return v end return nil, '"shown", "faded" or "hidden"' end
local function map(v)
  -- A script's `{ 0, 90 }` has no list metatable yet; it is a list all the same.
  local data = type(v) == "table" and (dataOf[v] or v)
  if data and getrawmetatable(data) ~= listMT and rawlen(data) == 0 then return v end
  return nil, "a table of its fields", data and "a list" or nil
end
-- The engine's lists, by role (`childroles`; each is the field of its name): whose field
-- it is, what it holds, and whether `x` may be an item of it. A tag is what a level file's
-- is; a found id names an entity of `level` (a level's data, or a level written whole).
local listitems = {
  tags = { owner = "entity", what = "a list of non-empty strings",
    item = function(x) return type(x) == "string" and x ~= "" end },
  found = { owner = "level", what = "a list of entity ids", item = function(x, level)
    local entities = type(x) == "string" and level and level.entities
    return type(entities) == "table" and (dataOf[entities] or entities)[x] ~= nil
  end },
}
-- The check of a whole list of `role`: each item as `listitems` says.
local function listof(role)
  local item, what = listitems[role].item, listitems[role].what
  return function(v, node)
    if type(v) ~= "table" then return nil, what end
    local items, n = dataOf[v] or v, 0
    for k, x in next, items do
      if mathtype(k) ~= "integer" or k < 1 then return nil, what end
      if not item(x, node) then return nil, what, "a list with " .. describe(x) end
      n = n + 1
    end
    for i = 1, n do if items[i] == nil then return nil, what end end
    return v
  end
end
local engineFields = {
  -- The level's own counters: the engine and the scoring read them (a negative `misses`
  -- would score above the best possible run). Its `status` changes only by `level.won`
  -- and `level.lost` (writeother), so that score and achievements follow an outcome.
  level = {
    misses = count, selections = count, found = listof("found"), view = map,
    time = function(v) if finite(v) and v >= 0 then return v end return nil, "a number of seconds from 0 up" end,
  },
  view = {
    center = azimuth, elevation = between(-90, 90, "a number of degrees from -90 to 90"),
    width = between(1, 360, "a number of degrees from 1 to 360"),
    selectTolerance = between(0, 180, "a number of degrees from 0 to 180"), visuals = visuals,
  },
  entity = {
    azimuth = azimuth,
    elevation = between(-90, 90, "a number of degrees from -90 to 90"),
    distance = function(v) if finite(v) and v > 0 then return v end return nil, "a number of metres above 0" end,
    selectable = boolean, found = boolean, name = text, glyph = text,
    -- The standard goals look through every entity's tags (`findAll`).
    tags = listof("tags"),
  },
  sound = {
    volume = between(0, 4, "a number from 0 to 4"), pitch = between(0.25, 4, "a number from 0.25 to 4"),
    rolloff = between(0, huge, "a number from 0 up"), loop = boolean, playing = boolean, file = soundfile,
  },
  -- The level's music and each of its ambient sounds, as a level file gives them.
  music = { file = soundfile, volume = between(0, 4, "a number from 0 to 4"), loop = boolean },
  ambientsound = { file = soundfile, volume = between(0, 4, "a number from 0 to 4"), loop = boolean },
}
-- The engine's fields a rule may remove: optional in a level file, and read as empty.
local removable = { entity = { tags = true } }

-- Each role's engine fields in a fixed order: a whole entity written with two bad ones is
-- told about the same one in every run (Lua's order of string keys changes from run to run).
local engineFieldOrder = {}
for role, fields in sortedpairs(engineFields) do
  local names = {}
  for name in sortedpairs(fields) do names[#names + 1] = name end
  engineFieldOrder[role] = names
end

-- Whose fields `engineFields` holds, as messages name them.
local owners = { level = "a level", view = "a level's view", entity = "an entity", sound = "an entity's sound",
  music = "a level's music", ambientsound = "an ambient sound" }

-- Why field `k` of a node of `role` cannot hold the value shown as `shown`.
local function fieldproblem(role, k, what, shown)
  return format("field '%s': %s's %s is %s, not %s", k, owners[role], k, what, shown)
end

-- A sound's, the view's, the music's and an ambient sound's fields are the engine's alone,
-- as in a level file: a field they lack (`volum`) would be stored and never read, and the
-- rule would seem to run and change nothing. An entity's place is three fields of its own, not the level file's `position`.
local closed = { sound = true, view = true, music = true, ambientsound = true }
local closest = host.closest

-- Why a node of `role` cannot hold a field `k` at all, or nil when it can. `path` leads to
-- the node from the field written (`sound` when a whole sound is), so the message names
-- what the line wrote.
local function strayproblem(role, k, path)
  local shown = type(k) == "string" and host.named(path and path .. "." .. k or k) or fieldname(k)
  if closed[role] and engineFields[role][k] == nil then
    local names = engineFieldOrder[role]
    local near = type(k) == "string" and closest(k, names)
    return format("field %s: %s has no such field%s; its fields are %s", shown, owners[role],
      near and format(" (did you mean '%s'?)", near) or "", concat(names, ", "))
  end
  if role == "entity" and k == "position" then
    return format("field %s: an entity's azimuth, elevation and distance are fields of their own (entity.azimuth = 90), not a position table as in a level file", shown)
  end
  return nil
end

-- `v` checked as field `k` of the node of `role` whose data is `node`: what to store, or
-- an error at the line.
local function enginefield(role, k, v, up, node)
  local check = engineFields[role][k]
  local tv = type(v)
  -- A value no field can hold is the writer's to refuse, as for any field.
  if check == nil or (tv ~= "number" and tv ~= "string" and tv ~= "boolean" and tv ~= "table" and v ~= nil) then
    return v
  end
  if v == nil then
    if removable[role] and removable[role][k] then return nil end
    error(format("cannot remove field '%s': the engine keeps %s's %s", k, owners[role], k), 3 + up)
  end
  local checked, what, found, told = check(v, node)
  if checked == nil then
    if told then error(format("field '%s': %s", k, told), 3 + up) end
    error(fieldproblem(role, k, what, found or
      tv == "number" and describe(v) or tv == "string" and format("%q", v) or "a " .. tv), 3 + up)
  end
  return checked
end

-- The keys of a node of each role that lead to nodes with engine fields (a level's view
-- and entities, an entity's sound) or to the level's goals, sorted, as `childroles` gives
-- them: a whole entity written is checked at its sound, not by a walk of all its fields.
local checkedchildren = {}
for role, children in sortedpairs(childroles) do
  local keys = {}
  for key, child in sortedpairs(children) do
    if engineFields[child] or itemroles[child] or child == "entities" or child == "goals" then keys[#keys + 1] = key end
  end
  checkedchildren[role] = keys
end

local goalstates = { pending = true, met = true, failed = true }
local goaldepth = 3  -- the root, the level, its goals, a goal
-- Why `v` cannot be a goal's state; nil when it can.
local function goalstateproblem(v)
  if goalstates[v] then return nil end
  return format("a goal's state is \"pending\", \"met\" or \"failed\", not %s", type(v) == "string" and format("%q", v) or describe(v))
end

-- Why a rule cannot change the story's status from `old`: the director sets it as the
-- story reaches an end step or stops, and a rule's "finished" or "paused" stopped the
-- story with no ending and no word.
local function storystatusproblem(old)
  return format("field 'status': the story's status changes only as the story plays (it is %s); "
    .. "to end the story, emit story.jump to a chapter whose steps end it (an \"end\" step)",
    old == nil and "not set yet" or describe(old))
end

-- Why `v` cannot be the story's `chapter` or `step` (`k`), or nil when it can: the place is
-- the director's to move, and one that is no step of the story stopped it after the call,
-- told with no line of the rule's. A step past its chapter's end goes on with the next one.
local function placeproblem(k, v)
  local problem
  if v == nil then
    problem = format("the story's place needs its %s", k)
  elseif k == "chapter" then
    if type(v) ~= "string" then
      problem = format("the story's chapter is a chapter id, not %s", describe(v))
    else
      problem = host.jumpproblem(v, "string")
    end
  elseif mathtype(v) ~= "integer" or v < 0 or v == math.maxinteger then
    problem = format("the story's step is a step number from 0 up, not %s", describe(v))
  end
  return problem and format("field '%s': %s; only the story itself moves it: to move the story, emit story.jump", k, problem)
end

-- Why `v` cannot be an achievement's `earned`, or nil when it can: anything but true
-- ("yes", 1) would leave it unearned without a word, so only a boolean or nil will do.
local function earnedproblem(v)
  if v == nil or type(v) == "boolean" then return nil end
  return format("an achievement is earned by setting it to true (false or nil: not yet), not %s",
    type(v) == "string" and format("%q", v) or describe(v))
end
E.earnedproblem = earnedproblem

-- Why `v` cannot be a goal's `deadline`, or nil when it can: the players' countdown reads
-- a number of seconds of level time, and anything else ("20") would leave it silent
-- without a word.
local function deadlineproblem(v)
  if v == nil or type(v) == "number" then return nil end
  return format("a goal's deadline is the level time, in seconds, by which it must be met (nil: none), not %s",
    type(v) == "string" and format("%q", v) or describe(v))
end

-- Why `v` cannot be the story's `vars`, or nil when it can: the director and the
-- transcript read variables by name, and anything else (`5`) was dropped without a word.
local function varsproblem(v)
  -- A list's items have no names (`story.vars = {1, 2}`): told as such. A node of the
  -- state handed on (a proxy) holds its fields behind it, and is taken.
  if type(v) == "table" then
    if rawget(v, 1) == nil then return nil end
    return "the story's variables are a table of named values (story.vars.mood = \"happy\"), not a list"
  end
  return format("the story's variables are a table of named values (story.vars.mood = \"happy\"), not %s",
    type(v) == "string" and format("%q", v) or describe(v))
end

-- The fields a rule is held to at the line that writes them, by role: a goal's (at a
-- goal's own depth; tables inside a goal share its role), an achievement's and the
-- story's `vars` (its `status`, the director's alone, is refused in `writeother`).
local fieldproblems = {
  goal = { state = goalstateproblem, deadline = deadlineproblem },
  achievement = { earned = earnedproblem },
  story = { vars = varsproblem },
}

-- Why `plain` cannot be item `k` of the level's goals or entities (`role`), in place of
-- the one whose data is `before` (nil for a new one), written `inside` a whole map or
-- level or on its own; nil when it can. A goal or entity
-- sits under its id, and a goal keeps its type and holds a state: the level's rules were
-- checked against the goals as they are.
local function itemproblem(role, k, plain, before, inside)
  if plain.id ~= k then
    return format("field '%s': %s; %s's id is its key among the %s", k,
      plain.id == nil and "it has no id" or "its id is " .. describe(plain.id),
      role == "goals" and "a goal" or "an entity", role)
  end
  if role ~= "goals" then return nil end
  if before and plain.type ~= before.type then
    return format("field '%s': a goal's type cannot change (it is %s, not %s)", k, describe(before.type), describe(plain.type))
  end
  local field, problem = "state", goalstateproblem(plain.state)
  if problem == nil then field, problem = "deadline", deadlineproblem(plain.deadline) end
  -- Inside a whole map or level the goal is named too: there may be many.
  return problem and format("field '%s%s': %s", inside and k .. "." or "", field, problem)
end

-- The data of a node of the mirror (or a plain table as it is); nil for any other value.
local function datatable(x)
  return type(x) == "table" and (dataOf[x] or x) or nil
end

-- A whole node of `role` (plain tables, as `copy` made them), in place of the one whose
-- data is `before` (nil for a new one), held to what its engine fields are held to one by
-- one, and so are the engine's nodes inside it, down to each goal and entity. Fields and
-- nodes are checked in a fixed order: of two bad ones, every run tells the same. `path`
-- names the node from the field written (`sound`, `entities.bell.sound`).
local function checknode(role, plain, up, before, path)
  if role == "entity" and plain.position ~= nil then
    error(strayproblem(role, "position", path), 2 + up)
  elseif closed[role] then
    for k in next, plain do
      if engineFields[role][k] == nil then
        -- Sorted only once a stray is there: of several, every run tells the same one.
        for sorted in sortedpairs(plain) do
          local problem = strayproblem(role, sorted, path)
          if problem then error(problem, 2 + up) end
        end
      end
    end
  end
  for _, field in ipairs(engineFieldOrder[role] or {}) do
    if plain[field] ~= nil then plain[field] = enginefield(role, field, plain[field], up, plain) end
  end
  if itemroles[role] then
    for i = 1, #plain do
      if type(plain[i]) == "table" then checknode(itemroles[role], plain[i], up + 1, nil, format("%s[%d]", path, i)) end
    end
    return
  end
  if role == "entities" or role == "goals" then
    for k, item in sortedpairs(plain) do
      if type(item) == "table" then
        local problem = itemproblem(role, k, item, before and datatable(before[k]), true)
        if problem then error(problem, 2 + up) end
        checknode(childrole(role, k), item, up + 1, nil, path .. "." .. k)
      end
    end
    return
  end
  for _, key in ipairs(checkedchildren[role] or {}) do
    local x = plain[key]
    if type(x) == "table" then checknode(childroles[role][key], x, up + 1, before and datatable(before[key]), path .. "." .. key) end
  end
end

-- Every write to a map node but the C writer's fast path: new fields, tables, strings,
-- booleans, removals, writes below the focus. Tail-called by the writers, so error
-- levels count from the script's line as they do there (plus `up`).
local function writeother(proxy, meta, data, k, v, old, up)
  -- A table stored over itself (`t.f = t.f or {}`) is already in the state as it is:
  -- copying it would cost the whole table and leave references to it dead.
  if rawequal(old, v) and type(v) == "table" then return end
  local at = meta.at
  local role, depth = at.role, at.depth
  -- A field that exists has a string name already; only new names need checking.
  if old == nil and type(k) ~= "string" then
    error(format("cannot store a field named by %s: field names must be strings", describe(k)), 2 + up)
  end
  if old == nil and not istext(k) then
    error(format("cannot store a field named by %s: field names must be valid UTF-8", fieldname(k)), 2 + up)
  end
  -- A reducer focused on the level may set its score; it is held to a scoring rule's range.
  if k == "score" and role == "level" and v ~= nil
     and not (mathtype(v) == "integer" and v >= 0 and v <= maxscore) then
    error(format("field 'score': a level's score is an integer from 0 to %d, not %s", maxscore,
      type(v) == "number" and tostring(v) or type(v)), 2 + up)
  end
  -- A goal's state and deadline, and an achievement's `earned`, likewise, whoever writes
  -- them (the driver checks a goal or record returned whole after the call).
  local check = fieldproblems[role] and fieldproblems[role][k]
  if check and (role ~= "goal" or depth == goaldepth) then
    local problem = check(v)
    if problem then error(format("field '%s': %s", k, problem), 2 + up) end
  end
  -- A goal's id is its key among the level's goals, and its type the rule that runs it: a
  -- changed type would silently stop the rule, a changed id part the goal from its key.
  if (k == "id" or k == "type") and role == "goal" and depth == goaldepth and v ~= old then
    error(format("field '%s': a goal's %s cannot change (it is %s)", k, k, describe(old)), 2 + up)
  end
  if role == "story" and k == "status" and v ~= old and focus ~= ENGINE then
    error(storystatusproblem(old), 2 + up)
  end
  if role == "story" and (k == "chapter" or k == "step") and v ~= old and focus ~= ENGINE then
    local problem = placeproblem(k, v)
    if problem then error(problem, 2 + up) end
  end
  if role == "level" and (k == "status" or k == "id") and v ~= old and focus ~= ENGINE then
    error(format(k == "status" and "field 'status': a level's status changes only by emitting level.won or level.lost (it is %s)"
      or "field 'id': a level's id cannot change (it is %s)", describe(old)), 2 + up)
  end
  if engineFields[role] ~= nil then
    local problem = v ~= nil and old == nil and strayproblem(role, k)
    if problem then error(problem, 2 + up) end
    if k == "id" and role == "entity" and v ~= old then
      error(format("field 'id': an entity's id cannot change (it is %s)", describe(old)), 2 + up)
    end
    v = enginefield(role, k, v, up, data)
  end
  local tv = type(v)
  if tv == "number" and not finite(v) then
    error(format("field '%s': %s", k, nonfinite(v)), 2 + up)
  elseif tv == "string" and v ~= old and not istext(v) then
    -- Swift's conversion would refuse it too, but only as the log is read, past the write's line.
    error(format("field '%s': a string stored in the state must be valid UTF-8", k), 2 + up)
  elseif tv == "table" then
    local plain, err, below = copy(v, depth + 1)
    if err ~= nil then error(format("field '%s%s': %s", k, below, err), 2 + up) end
    -- A whole goal, entity or sound set at once is held to the same as its fields.
    local child = childrole(role, k)
    local before = datatable(old)
    if role == "goals" or role == "entities" then
      local problem = itemproblem(role, k, plain, before)
      if problem then error(problem, 2 + up) end
    end
    -- A story record returned whole keeps its status and holds variables.
    if child == "story" then
      if before and plain.status ~= before.status then error(storystatusproblem(before.status), 2 + up) end
      for _, field in ipairs({ "chapter", "step" }) do
        local problem = before and plain[field] ~= before[field] and placeproblem(field, plain[field])
        if problem then error(problem, 2 + up) end
      end
      local problem = varsproblem(plain.vars)
      if plain.vars ~= nil and problem then error(format("field 'vars': %s", problem), 2 + up) end
    end
    -- A level returned whole keeps its status: that changes only by an outcome.
    if child == "level" and before and plain.status ~= before.status then
      error(format("field 'status': a level's status changes only by emitting level.won or level.lost (it is %s)",
        describe(before.status)), 2 + up)
    end
    checknode(child, plain, up + 1, before, k)
    v = wrap(plain, proxy, meta.handle, k, child, depth + 1, not meta.handle)
  elseif tv ~= "number" and tv ~= "string" and tv ~= "boolean" and tv ~= "nil" and v ~= null then
    return badvalue(k, v, up)
  end
  if old == v and mathtype(old) == mathtype(v) then return end
  if type(old) == "table" then kill(old) end
  data[k] = v
  logwrite(proxy, meta, k, v)
  if at.structural or tv == "table" or v == nil then structure = structure + 1 end
end

-- `__newindex` of every map node (a node inside a list re-sends the list, a structural
-- one may change which rule instances exist: `writeother` sees to both). The focus may
-- always change itself, so the walk up to it is taken only for the nodes inside it.
local function writemap(proxy, k, v)
  local meta = getrawmetatable(proxy)
  local focus = focusnow()
  if proxy ~= focus and not permitted(meta, focus) then return denied(k, 0) end
  local data = meta.__index
  return writeother(proxy, meta, data, k, v, data[k], 0)
end

-- A behaviour's focus: one view table per batch, which the driver (CLuaBridge/runeach.c)
-- points at each entity in turn — its `__index` becomes the entity's data table — while
-- the focus is the entity's own proxy (`focusnow`). Reads touch the entity's data and the view's
-- hot metatable; the commonest write, a number over a number, is C (CLuaBridge/focuswrite.c)
-- and runs no Lua at all. Every other write comes here, from that C function (so one
-- level deeper than a metamethod), and is made on the entity's proxy. A view is valid
-- only during the call it was passed to: afterwards it reads and writes nothing.
local liveview = nil
local function writeviewother(view, k, v)
  -- Live but between two calls of its batch (after one failed), the view stands for no
  -- entity: refused as a retired one is.
  local focus = view == liveview and focusnow() or nil
  if focus == nil then
    error(format("cannot change field %s: the entity a behaviour receives can be used only during that call", fieldname(k)), 3)
  end
  local meta = getrawmetatable(focus)
  local data = meta.__index
  return writeother(focus, meta, data, k, v, data[k], 1)
end
local writeview = host.focuswriter(writeviewother)
local deadview = setmetatable({}, { __index = function(_, k)
  error(format("cannot read field %s: the entity a behaviour receives can be used only during that call", fieldname(k)), 2)
end })

-- The helpers that see through mirror nodes (pairs, next, copies, …) look a node's data
-- up in `dataOf`; the live view's is whatever entity it stands for now.
-- (rawequal: a pack's table with an __eq must not be asked, nor handed the view.)
getrawmetatable(dataOf).__index = function(_, t)
  if t ~= nil and rawequal(t, liveview) then return getrawmetatable(t).__index end
end

-- A view for one behaviour batch; `E.endview` retires it.
function E.newview()
  local view = setmetatable({}, {
    __index = deadview, __newindex = writeview, __metatable = "echolot.state",
  })
  liveview = view
  return view
end

-- Retires the batch's view: whatever kept it can no longer read or write through it.
function E.endview()
  local view = liveview
  if view == nil then return end
  liveview = nil
  getrawmetatable(view).__index = deadview
  E.retiredviews[view] = true
end

-- `__newindex` of a list node: no holes, and any change re-sends the whole list.
local function writelist(proxy, k, v)
  local meta = getrawmetatable(proxy)
  if not permitted(meta, focusnow()) then return denied(k, 0) end
  local data = meta.__index
  -- An item stored over itself is in the state as it is (see writeother).
  if type(v) == "table" and rawequal(data[k], v) then return end
  if mathtype(k) ~= "integer" then
    error(format("cannot use %s as a list index: list indices are integers", describe(k)), 2)
  end
  local n = #data
  if v == nil then
    if k ~= n then
      error(format("cannot remove item %d of a list of %d: only the last item can be removed (use table.remove)", k, n), 2)
    end
  elseif k < 1 or k > n + 1 then
    error(format("list index %d is out of range 1..%d: lists cannot have holes", k, n + 1), 2)
  end
  -- An item of one of the engine's lists is held to what the whole list is.
  local role = meta.at.role
  local items = v ~= nil and listitems[role]
  if items and not items.item(v, dataOf[meta.up]) then
    error(fieldproblem(items.owner, role, items.what, "a list with " .. describe(v)), 2)
  end
  if type(v) == "number" and not finite(v) then
    error(format("list item %d: %s", k, nonfinite(v)), 2)
  elseif type(v) == "string" and not istext(v) then
    error(format("list item %d: a string stored in the state must be valid UTF-8", k), 2)
  elseif type(v) == "table" then
    local at = meta.at
    local plain, err, below = copy(v, at.depth + 1)
    if err ~= nil then error(format("list item [%d]%s: %s", k, below, err), 2) end
    -- An item of such a list set whole is held to what its fields are held to one by one.
    if itemroles[at.role] then checknode(itemroles[at.role], plain, 0, nil, format("%s[%d]", at.role, k)) end
    v = wrap(plain, proxy, false, k, childrole(at.role, k), at.depth + 1, true)
  elseif type(v) ~= "number" and type(v) ~= "string" and type(v) ~= "boolean" and v ~= nil and v ~= null then
    return badvalue(k, v, 0)
  end
  local old = data[k]
  if old == v and mathtype(old) == mathtype(v) then return end
  if type(old) == "table" then kill(old) end
  data[k] = v
  logwrite(proxy, meta, k, v)
  if meta.at.structural then structure = structure + 1 end
end

-- Turns a plain value (pushed by Swift, or copied from a script) into mirror nodes, in
-- place: the plain tables become the data tables. `parent` (a proxy; false for the root),
-- its handle `ph` and `key` place it in the state; `inlist` says it is inside a list;
-- `depth` is how deep it sits (the root at 0), so writes can keep the state within the
-- depth Swift can hand back.
wrap = function(v, parent, ph, key, role, depth, inlist)
  if type(v) ~= "table" then return v end
  local data = v
  local proxy = {}
  local islist = getrawmetatable(data) == listMT
  local h = false
  if not inlist and not islist then
    h = nexthandle
    nexthandle = h + 1
    local n = bornn
    born[n + 1], born[n + 2], born[n + 3] = h, ph, key
    bornn = n + 3
  end
  local within = inlist or islist
  for k, x in next, data do
    if type(x) == "table" then data[k] = wrap(x, proxy, h, k, childrole(role, k), depth + 1, within) end
  end
  -- Eight fields at most (`__len` and `key` are nil for maps), so eight slots.
  setmetatable(proxy, {
    __index = data, __newindex = islist and writelist or writemap, __len = islist and lenof or nil,
    __metatable = "echolot.state", handle = h, up = parent, at = placeof(role, depth),
    key = islist and not inlist and key or nil,
  })
  dataOf[proxy] = data
  return proxy
end

-- Drops the mirror, if there is one: its nodes die (quietly: Swift forgets every handle
-- with it) and nothing of the engine's keeps them, so that a rebuild never holds the old
-- mirror and the new one at once. Whether there was one.
function E.dropmirror()
  if root == nil then return false end
  kill(root, true)
  root = nil
  focus, viewentities = nil, nil
  E.endview()
  structure = structure + 1
  return true
end

-- Replaces the whole mirror with `tree` (the state's root map, as plain tables).
function E.rebuild(tree)
  E.dropmirror()
  diedn = 0  -- Swift forgets every handle on a rebuild; numbering starts again
  nexthandle = 1
  root = wrap(tree, false, 0, "", "root", 0, false)
  structure = structure + 1
end

-- Applies one change made on the Swift side: `path` leads from the root to a map node.
function E.patch(path, key, value)
  local proxy = root
  for i = 1, #path do
    proxy = dataOf[proxy][path[i]]
  end
  local meta = getrawmetatable(proxy)
  local data = meta.__index
  local old = data[key]
  if type(old) == "table" then kill(old) end
  local at = meta.at
  data[key] = wrap(value, proxy, meta.handle, key, childrole(at.role, key), at.depth + 1, false)
  if type(value) == "table" or at.structural or key == "behaviours" then structure = structure + 1 end
end

-- Starts a call: empties the logs (Swift has emptied the C write log).
function E.begin()
  -- The last call's values (and those of one that failed) go now, not when a later call
  -- happens to reuse their slots: until then they count against the memory cap.
  if next(log) ~= nil then
    for k in next, log do log[k] = nil end
  end
  -- A rebuild's born log has three slots for every node of the state, which Lua keeps
  -- when they are cleared: a new table, once Swift has read the last call's.
  if bornn > 3 * 1024 then
    born = {}
    E.born = born
  end
  bornn, diedn = 0, 0
  focus, viewentities = nil, nil
  E.endview()  -- a batch that failed left its view live
end

-- The counts Swift reads back (the C write log keeps its own).
function E.counts() return bornn, diedn end

function E.root() return root end
function E.structure() return structure end

-- Lets the running reducer change `proxy` and what is inside it.
function E.focus(proxy) focus, viewentities = proxy, nil end

-- Lets each reducer of a behaviour batch change the entity its view stands for (`entities`
-- lists them by instance, as the driver's list does).
function E.focusview(entities)
  focus, viewentities = nil, entities
end

-- Writes a field on the engine's behalf (scores, earned achievements, replaced foci): a
-- behaviour's replaced entity is written while its batch runs, so the batch's list is
-- set aside too, or the view's entity would stand in for the engine.
function E.set(proxy, key, value)
  local saved, savedview = focus, viewentities
  focus, viewentities = ENGINE, nil
  proxy[key] = value
  focus, viewentities = saved, savedview
end

-- The map node at `key` of `proxy`, made (empty) if it is not there.
function E.ensure(proxy, key)
  local node = dataOf[proxy][key]
  if node == nil then
    E.set(proxy, key, {})
    node = dataOf[proxy][key]
  end
  return node
end
