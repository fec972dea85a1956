-- The drivers: one protected call from Swift runs every instance of one rule for one
-- action (all `orbit` entities, all `find` goals, …), against the mirror.
local E, host = ...

local type, next, error, tostring, setmetatable, ipairs, rawget = type, next, error, tostring, setmetatable, ipairs, rawget
local getinfo = debug.getinfo
local mathtype, floor, tointeger = math.type, math.floor, math.tointeger
local format, sub, gsub = string.format, string.sub, string.gsub
local dataOf, copy, listMT, freeze, sortedpairs = E.dataOf, E.copy, E.listMT, E.freeze, E.sortedpairs
local resetbudget, runeach, relay, emitproblem = host.resetbudget, host.runeach, host.relay, host.emitproblem
-- Instructions the engine's own bookkeeping may take in one call (mirroring a state of
-- any size the memory cap allows): effectively unlimited, but still finite.
E.enginebudget = 1 << 40
local getrawmetatable = debug.getmetatable

-- Actions a rule may emit: the outcome actions and its own families.
local emits, emitn = {}, 0
E.emits = emits

local function pushemit(name, payload)
  local n = emitn
  emits[n + 1], emits[n + 2] = name, payload or false
  emitn = n + 2
end

-- What a reducer gets besides its focus: ctx (read-only; the driver updates its fields).
-- ctx.random is C (CLuaBridge/random.c) on the state's generator, which Swift hands in
-- before the call and takes back after. ctx.emit is called through a relay (a C frame, so
-- a pack's tail call keeps the pack's line): its errors are at level 3.
local C = {}

-- Why `goal.met`/`goal.failed` with `payload` announces no goal of the running level, or
-- nil: the outcome rule and every `goal.*` handler trust the id, and one of no goal would
-- be an announcement of nothing, silently. Ids are shown as every message shows a name a
-- stranger chose (`host.named`: escaped, and cut when long); a rule's id can be any string.
local function goalproblem(name, payload)
  local id = payload and payload.id
  local level = C.level and (dataOf[C.level] or C.level)
  local goals = level and level.goals
  goals = goals and (dataOf[goals] or goals)
  if goals ~= nil and type(id) == "string" and rawget(goals, id) ~= nil then return nil end
  local shown = host.named  -- quoted, escaped and cut, bytes that are not UTF-8 as \xNN
  if level == nil then
    -- A story rule or a game reducer can run while no level is played: no goal has any id.
    return format("%s: no level is being played, so there is no goal%s to announce", name,
      type(id) == "string" and " " .. shown(id) or "")
  end
  if type(id) ~= "string" then
    return format("%s needs the id of one of the level's goals: ctx.emit(%q, { id = … })", name, name)
  end
  -- The level's ids as `named` writes them, less its quotes, which the hint puts around them.
  local ids = {}
  for g in sortedpairs(goals or {}) do ids[#ids + 1] = sub(shown(g), 2, -2) end
  return format("%s: there is no goal %s in this level (%s)", name, shown(id), E.namehint(id, ids, "goals", "it has no goals"))
end

C.random = host.random
C.emit = relay(function(name, payload)
  if type(name) ~= "string" then error("ctx.emit(name, payload): the name must be a string", 3) end
  local problem = emitproblem(name)
  if problem ~= nil then error("ctx.emit: " .. problem, 3) end
  local plain = nil
  if payload ~= nil then
    if type(payload) ~= "table" then error("ctx.emit(name, payload): the payload must be a table", 3) end
    local err, below
    plain, err, below = copy(payload)
    if err ~= nil then error("ctx.emit: payload" .. below .. ": " .. err, 3) end
    if getrawmetatable(plain) == listMT then error("ctx.emit: the payload must have named fields, not be a list", 3) end
  end
  if name == "goal.met" or name == "goal.failed" then
    local problem = goalproblem(name, plain)
    if problem ~= nil then error("ctx.emit: " .. problem, 3) end
  end
  -- A chapter the story lacks would stop it after the call, told with no line of the rule's.
  if name == "story.jump" then
    -- A chapter that is no id (or none) would be refused after the call, told with no line either.
    local chapter = plain and plain.chapter
    local problem = host.jumpproblem(type(chapter) == "string" and chapter or nil, mathtype(chapter) or type(chapter))
    if problem ~= nil then error("ctx.emit: story.jump: " .. problem, 3) end
    -- Noted for a story that loops on jumps, which names the rule's line.
    local info = getinfo(3, "Sl")
    if info ~= nil then host.jumpedfrom(info.source, info.currentline) end
  elseif name == "story.set" then
    -- A name that is no variable name would be refused after the call, told with no line.
    local var = plain and plain.name
    if type(var) ~= "string" then
      error(format("ctx.emit: story.set: 'name' must be a variable name, found %s", mathtype(var) or type(var)), 3)
    end
  end
  pushemit(name, plain)
end)
E.namefunctions("ctx.", C)
-- A behaviour batch leaves C.id out and C's `__index` answers it for the instance running
-- (CLuaBridge/runeach.c): no write per entity. `pairs(ctx)` walks the fields with it.
-- ctx's names, some nil at times: the `__index` notes a read of any other, for its error's
-- "did you mean" (CLuaBridge/missed.c).
local ctxnames = { level = true, game = true, params = true, id = true, dt = true, time = true,
                   random = true, emit = true }
local ctxmeta = { __index = host.ctxfieldindex(ctxnames) }
setmetatable(C, ctxmeta)
local ctx = E.readonly(C, "ctx")
local ctxfields = host.ctxfields
-- The keys are taken when the walk starts, as for any table; each value is read as it is
-- reached, through C's `__index`, so a walk resumed in a later call sees that call's id.
-- What `next` walks of ctx: the fields `pairs` walks.
getrawmetatable(ctx).shown = function() return ctxfields(C) end
getrawmetatable(ctx).__pairs = function()
  local walk = sortedpairs(ctxfields(C))
  return function()
    while true do
      local k = walk()
      if k == nil then return nil end
      local v = C[k]
      if v ~= nil then return k, v end
    end
  end
end

-- Errors the engine raises about a rule (a wrong return value, …): they carry the
-- position of the rule's function, since no script line is running any more. One about
-- what the function returned carries its last line too, so that Swift can look in the
-- text for the `return` that gave it.
local failmeta = {}
E.failmeta = failmeta
local function fail(message, fn, returned)
  local info = type(fn) == "function" and getinfo(fn, "S") or nil
  error(setmetatable({ message = message, source = info and info.source, line = info and info.linedefined,
    last = returned and info and info.lastlinedefined or nil }, failmeta), 0)
end

local function handlerfor(rule, name)
  local fn = rule.exact[name]
  if fn ~= nil then return fn end
  local prefixes = rule.prefixes
  for i = 1, #prefixes do
    local p = prefixes[i]
    if sub(name, 1, #p.prefix) == p.prefix then return p.fn end
  end
  return nil
end

local function what(batch) return format("%s '%s'", batch.rule.kind, batch.rule.name) end

-- Stores a reducer's returned focus in place of the old one, keeping its id.
local function replace(batch, fn, parent, key, result, idfield, id)
  if type(result) ~= "table" then
    fail(format("%s must return its focus (a table) or nil, not %s", what(batch), type(result)), fn, true)
  end
  -- Raw: an id a pack's table only inherits through `__index` is not copied into the state.
  -- A goal's or entity's id is its key; the level's is its own (`id`, default the key).
  local data = dataOf[result] or result
  id = id or key
  if idfield ~= nil and rawget(data, idfield) ~= id then
    fail(format("%s returned a %s without its id '%s'", what(batch), batch.rule.kind == "goal" and "goal" or "focus", id), fn, true)
  end
  if batch.rule.kind == "goal" then
    local kind = rawget(data, "type")
    if kind == nil then
      fail(format("%s returned a goal without its type '%s'", what(batch), batch.rule.name), fn, true)
    elseif kind ~= batch.rule.name then
      fail(format("%s returned a goal of type %s; a goal's type cannot change", what(batch),
        type(kind) == "string" and format("'%s'", kind) or "a " .. type(kind)), fn, true)
    end
  end
  local ok, err = pcall(E.set, parent, key, result)
  if not ok then
    -- The writer's error names a line of the engine's; the rule's function is the place.
    local reason = gsub(tostring(err), "^echolot%.%a+:%d+: ", "")
    fail(format("%s returned a focus the state cannot hold: %s", what(batch), reason), fn, true)
  end
end

-- Each batch's instances, by batch (weak keys: a batch Swift lets go of takes its list
-- along). A new table when the mirror is dropped (`E.drop`), so that no list keeps its nodes.
local instancelists = setmetatable({}, { __mode = "k" })

-- The instances of a rule over a keyed collection, recomputed when the structure changes.
local function instances(batch, collect)
  local structure = E.structure()
  local list = instancelists[batch]
  if list ~= nil and list.version == structure then return list end
  list = { ids = {}, params = {}, entities = {}, datas = {}, handles = {}, n = 0, version = structure }
  collect(batch, list)
  instancelists[batch] = list
  return list
end

-- The parameters of a behaviour's instance, one frozen table for all the instances of a
-- batch whose entries give the same values (`shared`, by the values written out): the
-- entities of a large level mostly carry a behaviour with the same few numbers, and a
-- table for each cost half a kilobyte. They are read-only, so sharing changes nothing an
-- instance reads. An entry with a table (or `echolot.null`, which has no literal form)
-- among its values has a table of its own.
local function paramsof(rule, entry, shared)
  local fields, key = dataOf[entry], ""
  for _, d in ipairs(rule.params) do
    local v = fields[d.name]
    local t = type(v)
    if t ~= "number" and t ~= "string" and t ~= "boolean" and t ~= "nil" then return E.params(rule, entry) end
    key = key .. format("%q", v) .. ","  -- %q tells an integer from a float, exactly
  end
  local params = shared[key]
  if params == nil then
    params = E.params(rule, entry)
    shared[key] = params
  end
  return params
end

local function collectbehaviours(batch, list)
  local level = dataOf[E.root()].level
  local entities = level and dataOf[dataOf[level].entities]
  if entities == nil then return end
  local shared = {}
  for id, entity in sortedpairs(entities) do
    local behaviours = dataOf[entity].behaviours
    if behaviours ~= nil then
      for _, entry in ipairs(dataOf[behaviours]) do
        local fields = dataOf[entry]
        if fields ~= nil and fields.type == batch.rule.name then
          local n = list.n + 1
          list.ids[n], list.params[n], list.entities[n], list.n = id, paramsof(batch.rule, entry, shared), entity, n
          list.datas[n], list.handles[n] = dataOf[entity], getrawmetatable(entity).handle
        end
      end
    end
  end
end

local function collectgoals(batch, list)
  local level = dataOf[E.root()].level
  local goals = level and dataOf[dataOf[level].goals]
  if goals == nil then return end
  for id, goal in sortedpairs(goals) do
    if dataOf[goal].type == batch.rule.name then
      local n = list.n + 1
      list.ids[n], list.params[n], list.n = id, E.params(batch.rule, goal), n
    end
  end
end

local runners = {}
-- Data tables of entities replaced during this call (see runners.behaviour).
local kept, keptn = {}, 0
local function forgetkept()
  for i = 1, keptn do kept[i] = nil end
  keptn = 0
end

-- Every entity carrying this behaviour, while the level runs. The loop over them is
-- C (CLuaBridge/runeach.c): for each it points the batch's view at the entity (which
-- the writers take as the focus: E.focusview), sets ctx.params when it differs from the
-- last instance's (ctx.id is answered from the list), resets the budget and calls
-- `fn(view, action, ctx)`;
-- a returned table other than the view or the entity replaces the entity. The entity
-- nodes listed with the instances are current: replacing or removing an entity changes
-- the structure, and the list is collected again.
function runners.behaviour(batch, action, fn)
  local level = dataOf[E.root()].level
  local ldata = dataOf[level]
  if ldata == nil or ldata.status ~= "running" then return end
  local list = instances(batch, collectbehaviours)
  if list.n == 0 then return end
  local entitiesnode = ldata.entities
  C.level, C.dt, C.time = level, action.dt, ldata.time
  local view = E.newview()
  E.focusview(list.entities)
  -- Which entity a failing call was on: Swift reads the list at the limits' focus index.
  E.instance = list
  runeach(list, C, fn, action, ctx, function(id, result, i)
    -- The C write log points at field names the entity's data table holds; the table
    -- stays reachable until Swift has read the log, or a collection could free them.
    keptn = keptn + 1
    kept[keptn] = list.datas[i]
    replace(batch, fn, entitiesnode, id, result, "id")
    -- The entity is a new node now: this instance and any later one on the same entity
    -- (it carries the behaviour twice; they are listed side by side) must reach the new
    -- one, not the old.
    local entity = dataOf[entitiesnode][id]
    local data, handle = dataOf[entity], getrawmetatable(entity).handle
    local j = i
    while j <= list.n and list.ids[j] == id do
      list.entities[j], list.datas[j], list.handles[j] = entity, data, handle
      j = j + 1
    end
  end, view)
  E.endview()
end

-- A goal's state gone from `before` to `after` in a rule's call is announced as
-- goal.met/goal.failed, whichever rule wrote it; a state no goal can have is that rule's error.
local function announce(batch, fn, id, before, after)
  if after == before then return end
  if after == "met" then
    pushemit("goal.met", { id = id })
  elseif after == "failed" then
    pushemit("goal.failed", { id = id })
  elseif after ~= "pending" then
    fail(format("%s set the state of goal %s to %s; a goal's state is \"pending\", \"met\" or \"failed\"",
      what(batch), host.named(id), type(after) == "string" and host.named(after) or tostring(after)), fn)
  end
end

-- The state of each goal of `level` (a level node, or nil), by id: what a general reducer's
-- call is compared with, since it may write any goal.
local function goalstates(level)
  local states = {}
  local goals = level and dataOf[level].goals
  if goals == nil then return states end
  for id, goal in next, dataOf[goals] do
    local data = dataOf[goal]
    states[id] = data and data.state
  end
  return states
end

-- Every goal of this type; a change of its `state` is announced as goal.met/goal.failed.
function runners.goal(batch, action, fn)
  local level = dataOf[E.root()].level
  local ldata = dataOf[level]
  if ldata == nil or ldata.goals == nil then return end
  local list = instances(batch, collectgoals)
  local goalsnode = ldata.goals
  local goals = dataOf[goalsnode]
  C.level, C.dt, C.time = level, action.dt, ldata.time
  for i = 1, list.n do
    local id = list.ids[i]
    local goal = goals[id]
    if goal ~= nil then
      local before = dataOf[goal].state
      C.params, C.id = list.params[i], id
      E.instance = id  -- which goal a failing call was on, for the error's context
      E.focus(goal)
      resetbudget()
      local result = fn(goal, action, ctx)
      if result ~= nil and result ~= goal then
        replace(batch, fn, goalsnode, id, result, "id")
        goal = goals[id]
      end
      announce(batch, fn, id, before, dataOf[goal].state)
    end
  end
end

local maxscore = E.maxscore

-- The level's scoring rule: the focus is the score; the reducer returns the new one.
function runners.scoring(batch, action, fn)
  local level = dataOf[E.root()].level
  local ldata = dataOf[level]
  if ldata == nil then return end
  local entry = ldata.scoring
  if entry == nil or dataOf[entry].type ~= batch.rule.name then return end
  if batch.entry ~= entry then batch.entry, batch.params = entry, E.params(batch.rule, entry) end
  C.level, C.dt, C.time, C.params, C.id = level, action.dt, ldata.time, batch.params, batch.rule.name
  E.focus(nil)
  resetbudget()
  local result = fn(ldata.score, action, ctx)
  if result == nil then return end
  if mathtype(result) == "float" and result == floor(result) then result = tointeger(result) or result end
  if mathtype(result) ~= "integer" then
    fail(format("%s must return the score as an integer (or nil), not %s", what(batch),
      type(result) == "number" and tostring(result) or type(result)), fn, true)
  end
  if result < 0 or result > maxscore then
    fail(format("%s returned the score %d; a score is an integer from 0 to %d", what(batch), result, maxscore), fn, true)
  end
  if result ~= ldata.score then E.set(level, "score", result) end
end

-- One achievement: its focus is its progress record; setting `earned = true` earns it.
function runners.achievement(batch, action, fn)
  local root = E.root()
  local name = batch.rule.name
  local earned = dataOf[root].achievements
  if earned ~= nil and dataOf[earned][name] ~= nil then return end
  local level = dataOf[root].level
  local ldata = level and dataOf[level] or {}
  local progress = E.ensure(E.ensure(root, "achievementProgress"), name)
  if batch.params == nil then batch.params = E.params(batch.rule, {}) end
  C.level, C.dt, C.time, C.params, C.id = level, action.dt, ldata.time, batch.params, name
  E.focus(progress)
  resetbudget()
  local result = fn(progress, action, ctx)
  if result ~= nil and result ~= progress then
    replace(batch, fn, dataOf[root].achievementProgress, name, result, nil)
    progress = dataOf[dataOf[root].achievementProgress][name]
  end
  -- A write of `earned` is checked as it is made; a record returned whole, here.
  local earned = dataOf[progress].earned
  local problem = E.earnedproblem(earned)
  if problem ~= nil then fail(format("%s returned 'earned' that will not do: %s", what(batch), problem), fn, true) end
  if earned == true then
    local record = { level = ldata.id, time = ldata.time }
    if batch.rule.title ~= nil then record.title = batch.rule.title end
    E.set(E.ensure(root, "achievements"), name, record)
    pushemit("achievement.earned", { id = name })
  end
end

-- The story: its focus is the game's `story` record, which only a playing story has; a
-- level played on its own (single levels, `echolot run --level`) runs no story rule,
-- which would otherwise find no `vars` and fail on the level's every outcome.
function runners.story(batch, action, fn)
  local root = E.root()
  local level = dataOf[root].level
  local story = dataOf[root].story
  if story == nil then return end
  C.level, C.dt, C.time, C.params, C.id = level, action.dt, level and dataOf[level].time, nil, "story"
  E.focus(story)
  resetbudget()
  local result = fn(story, action, ctx)
  if result ~= nil and result ~= story then replace(batch, fn, root, "story", result, nil) end
end

-- A general reducer: its focus is the level, or the whole game.
function runners.reducer(batch, action, fn)
  local root = E.root()
  local level = dataOf[root].level
  local focus, parent, key = level, root, "level"
  if batch.rule.focus == "game" then focus, parent, key = root, nil, nil end
  if focus == nil then return end
  C.level, C.dt, C.time, C.params, C.id = level, action.dt, level and dataOf[level].time, nil, batch.rule.name
  local before = goalstates(level)
  local emitted = emitn
  E.focus(focus)
  resetbudget()
  local result = fn(focus, action, ctx)
  if result ~= nil and result ~= focus then
    if parent == nil then fail(format("%s: a reducer focused on the game must change it in place and return nil", what(batch)), fn, true) end
    replace(batch, fn, parent, key, result, "id", dataOf[level].id)
  end
  -- A goal it set met or failed is announced as a goal rule's change is: the outcome rule
  -- ends the level on those announcements, and would otherwise wait for ever. In id order,
  -- so that the follow-up actions are the same in every run.
  local after = goalstates(dataOf[root].level)
  -- Most calls change no goal (a reducer on every tick): nothing to sort or scan then.
  local changed = false
  for id, state in next, after do
    if state ~= (before[id] or "pending") then changed = true; break end
  end
  if not changed then return end
  -- A reducer written before these announcements came sets the state and emits the
  -- announcement itself: that one stands, and is not made twice.
  local own = {}
  for i = emitted + 1, emitn, 2 do
    local payload = emits[i + 1]
    if payload and type(payload.id) == "string" then own[emits[i] .. "\0" .. payload.id] = true end
  end
  for id, state in sortedpairs(after) do
    if not own["goal." .. tostring(state) .. "\0" .. id] then announce(batch, fn, id, before[id] or "pending", state) end
  end
end

-- A batch: one rule, ready to run over whatever instances the state has.
function E.batch(pack, kind, name)
  local rule = E.rule(pack, kind, name)
  if rule == nil then error(format("no %s '%s' in pack '%s'", kind, name, pack), 0) end
  return { rule = rule, kind = kind }
end

local lastaction = nil

-- Drops the mirror (E.dropmirror) and all the engine keeps of its nodes: the rules'
-- instances, ctx's level and game, the entities a batch replaced, the keys `next` sorted.
-- Swift calls it (outside any budget or cap) before it hands Lua a state to mirror anew,
-- so that the old mirror is garbage by then and Lua never holds two. Whether there was a
-- mirror.
function E.drop()
  instancelists = setmetatable({}, { __mode = "k" })
  C.level, C.game = nil, nil
  -- The id a failed behaviour batch left is kept, not the batch's list of them.
  C.id = C.id
  ctxmeta.__index = host.ctxfieldindex(ctxnames)
  -- Nor the list a failed call's message read its entity from: it holds the old mirror.
  E.instance = nil
  forgetkept()
  E.forgetwalks()
  return E.dropmirror()
end

-- One call from Swift. `action` is the action as a plain table when it is new (nil to
-- reuse the last one); `patches` holds `count` (path, key, value) triples; `tree`, when
-- given, replaces the whole mirror first. Returns the counts of what to read back (the
-- generator's new state is in the limits, where ctx.random keeps it).
function E.run(batch, action, patches, count, tree)
  -- Mirroring a large state and listing a rule's instances is the engine's work, not
  -- the reducers': it runs under its own budget; each reducer call gets a fresh one.
  resetbudget(E.enginebudget)
  -- Until the handler is known, an error without a position is not the last handler's.
  E.current = nil
  E.instance = nil
  E.closeregistration()
  E.begin()
  emitn = 0
  forgetkept()
  if action ~= nil then lastaction = freeze(action, "the action", "it is what happened: send another with ctx.emit(name, payload)") end
  if tree ~= nil then E.rebuild(tree) end
  for i = 1, count * 3, 3 do E.patch(patches[i], patches[i + 1], patches[i + 2]) end
  C.game = E.root()
  local fn = handlerfor(batch.rule, lastaction.name)
  -- Where to point when an error carries no position (memory ran out inside Lua).
  E.current = fn
  if fn ~= nil then runners[batch.kind](batch, lastaction, fn) end
  E.focus(nil)
  local bornn, diedn = E.counts()
  return bornn, diedn, emitn
end
