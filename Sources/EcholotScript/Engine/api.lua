-- The registration API, `echolot.*`: how packs (and the standard rules) declare goals,
-- behaviours, achievements, scoring, story and general reducers. Names are the contract.
local E, host = ...
local relay, actionproblem, closest, scriptpath, named = host.relay, host.actionproblem, host.closest, host.scriptpath, host.named

local type, next, error, tostring, select, setmetatable, rawlen = type, next, error, tostring, select, setmetatable, rawlen
local getinfo = debug.getinfo
local getrawmetatable = debug.getmetatable
local mathtype, tointeger, floor = math.type, math.tointeger, math.floor
local format, match, sub, concat = string.format, string.match, string.sub, table.concat
local sortedpairs, enginetable, copy, listMT, finite = E.sortedpairs, E.enginetable, E.copy, E.listMT, E.finite

local rules = {}       -- pack → kind → name → rule
local order = {}       -- pack → rules in registration order
local loading = nil    -- the pack whose scripts are running their top level now

local kindnames = {
  goal = "goal", behaviour = "behaviour", achievement = "achievement",
  scoring = "scoring", story = "story", reducer = "reducer",
}

-- Parameter names the rule entry itself uses.
local reserved = { type = true, id = true }
local reservedfor = { goal = { state = true } }

local typenames = {
  number = "a number", integer = "an integer", string = "a string", boolean = "a boolean",
  list = "a list", map = "a table of named fields", entity = "an entity id (a string)",
  entities = "a list of entity ids", tag = "a tag (a string)", any = "any value",
}

-- The types `min` and `max` bound: numbers, and the lengths of lists.
local bounded = { number = true, integer = true, list = true, entities = true, any = true }

-- Type names other languages use, for "did you mean": too far from ours to be guessed.
local typealiases = {
  int = "integer", float = "number", double = "number", bool = "boolean", str = "string",
  table = "map", dict = "map", object = "map", array = "list",
}

local function describe(v)
  local tv = type(v)
  if tv == "table" then
    return getrawmetatable(E.dataOf[v] or v) == listMT and "a list" or "a table"
  end
  if tv == "number" then return mathtype(v) == "integer" and "an integer" or "a number" end
  return "a " .. tv
end

local function islist(v)
  return type(v) == "table" and getrawmetatable(E.dataOf[v] or v) == listMT
end

-- Whether `v` has the declared type; entity references are checked against `entities`
-- (a set of ids) when one is given.
local function typeok(t, v)
  if t == "any" then return true end
  if t == "number" then return type(v) == "number" end
  -- A level file's `2.0` is the integer 2 (JSON has one kind of number); 2^63 is none.
  if t == "integer" then return mathtype(v) == "integer" or (mathtype(v) == "float" and tointeger(v) ~= nil) end
  if t == "string" or t == "entity" or t == "tag" then return type(v) == "string" end
  if t == "boolean" then return type(v) == "boolean" end
  if t == "list" or t == "entities" then return islist(v) or (type(v) == "table" and next(v) == nil) end
  if t == "map" then return type(v) == "table" and not islist(v) end
  return false
end

-- Why `value` is not of type `t` (as "must be …, found …").
local function typeproblem(t, value)
  -- A whole number past 2^63 (`1e300`) is no fraction: "found a number" would puzzle.
  if t == "integer" and mathtype(value) == "float" and value == floor(value) and finite(value) then
    return format("must be an integer, found %s, which is out of the integer range (-2^63 to 2^63 - 1)",
      tostring(value))
  end
  -- An integer is a number too: the value itself says what is wrong with it.
  if t == "integer" and mathtype(value) == "float" and finite(value) then
    return format("must be an integer, found %s", tostring(value))
  end
  return format("must be %s, found %s", typenames[t], describe(value))
end

-- The bad items of a list told one by one, as one run of validate tells every problem; past
-- these, one line counts the rest (a file's own problems are capped at 100 likewise), so a
-- list of a million wrong items costs no million messages.
local maxitems = 100

-- " (did you mean 'x'?)" for a string `value` near one of `names`, else "".
local function nearhint(value, names)
  local near = type(value) == "string" and closest(value, names) or nil
  return near and format(" (did you mean '%s'?)", near) or ""
end

-- The keys of the set `level[name]` (its entity ids or tags), sorted once per validation
-- and kept beside it: a level of thousands of entities whose entries each name a missing
-- one (a rule's default, say) would sort them again for every entry.
local function sortedlevelkeys(level, name)
  local sorted = level.sorted or {}
  level.sorted = sorted
  if sorted[name] == nil then
    local list = {}
    for k in sortedpairs(level[name]) do list[#list + 1] = k end
    sorted[name] = list
  end
  return sorted[name]
end

-- The "did you mean" for `value`, missing from `level[name]`: found once per value and
-- kept, for the same reason.
local function levelhint(level, name, value)
  local hints = level.hints or {}
  level.hints = hints
  local key = name .. "\0" .. tostring(value)
  if hints[key] == nil then hints[key] = nearhint(value, sortedlevelkeys(level, name)) end
  return hints[key]
end

-- The problems with `value` for parameter `decl`: a list of {reason, item}, item the index
-- of the list item a reason is about (nil for the value as a whole). Every bad item is told,
-- and a list's wrong length beside them. `level` holds the level's entity ids and tags as
-- sets (`entities`, `tags`), or is nil where no level is known (a declaration's default).
local function valueproblems(decl, value, level)
  local t = decl.type
  local entities = level and level.entities
  if not typeok(t, value) then return { { typeproblem(t, value) } } end
  if type(value) == "number" then
    if decl.min ~= nil and value < decl.min then return { { format("must be ≥ %s", tostring(decl.min)) } } end
    if decl.max ~= nil and value > decl.max then return { { format("must be ≤ %s", tostring(decl.max)) } } end
  end
  if t == "tag" and level ~= nil and not level.tags[value] then
    local near = levelhint(level, "tags", value)
    if near == "" then
      local tags = sortedlevelkeys(level, "tags")
      local shown = {}
      for i = 1, math.min(#tags, 12) do shown[i] = named(tags[i]) end
      near = #tags == 0 and " (they carry none)" or " (they carry " .. concat(shown, ", ") .. (#tags > 12 and ", …)" or ")")
    end
    return { { format("is no tag of this level's entities: %s%s", named(value), near) } }
  end
  if decl.values ~= nil then
    local shown, names = {}, {}
    for i = 1, #decl.values do
      if decl.values[i] == value then return {} end
      shown[i] = "'" .. tostring(decl.values[i]) .. "'"
      if type(decl.values[i]) == "string" then names[#names + 1] = decl.values[i] end
    end
    return { { "must be one of " .. concat(shown, ", ") .. nearhint(value, names) } }
  end
  local found, bad = {}, 0
  local function item(i, reason)
    bad = bad + 1
    if bad <= maxitems then found[#found + 1] = { format("item %d %s", i, reason), i } end
  end
  local function unknown(id)
    return format("names no entity of this level: %s%s", named(id), levelhint(level, "entities", id))
  end
  if t == "entity" and entities ~= nil and not entities[value] then return { { unknown(value) } } end
  if t == "list" or t == "entities" then
    local of = t == "entities" and "string" or decl.of
    local n = #value
    -- The length is the list's problem, its items' are theirs: one hides none of the others.
    if decl.min ~= nil and n < decl.min then found[1] = { format("must have at least %s items", tostring(decl.min)) } end
    if decl.max ~= nil and n > decl.max then found[1] = { format("must have at most %s items", tostring(decl.max)) } end
    if of ~= nil then
      for i = 1, n do
        if not typeok(of, value[i]) then
          item(i, typeproblem(of, value[i]))
        elseif t == "entities" and entities ~= nil and not entities[value[i]] then
          item(i, unknown(value[i]))
        end
      end
    end
  end
  if bad > maxitems then
    found[#found + 1] = { format("has %d more wrong items", bad - maxitems) }
  end
  return found
end

-- The first problem with `value` for parameter `decl`, or nil.
local function checkvalue(decl, value, level)
  local first = valueproblems(decl, value, level)[1]
  return first and first[1]
end

-- The fields a spec and a parameter declaration may have: a misspelt one (`parms`,
-- `mni`) is an error, not a field silently ignored.
local specfields = { on = true, params = true, check = true, title = true, description = true }
local reducerfields = { focus = true, name = true }
-- The kinds a level configures with an entry (its parameters, checked by `check`).
local configured = { goal = true, behaviour = true, scoring = true }
-- The spec fields each kind takes, as a misspelling is told to choose from: the others of
-- `specfields` are refused by a kind with a message of their own (a story's `params`).
local kindfields = {}
for _, kind in ipairs({ "goal", "behaviour", "achievement", "scoring", "story", "reducer" }) do
  kindfields[kind] = { on = true, title = true, description = true,
    params = (configured[kind] or kind == "achievement") or nil, check = configured[kind] or nil }
end
local declfields = { type = true, default = true, min = true, max = true, optional = true, description = true,
                     of = true, values = true }

-- Which field of a spec the error about to be raised is about, as its list of keys
-- (`params`, `speed`, `min`), up to the first that is neither a string nor an integer: a
-- Lua table keeps no positions, so Swift looks for the keys in the script's text to place
-- the message at the field instead of the registration's line.
local function at(...)
  local keys = {}
  for i = 1, select("#", ...) do
    local k = select(i, ...)
    if type(k) ~= "string" and mathtype(k) ~= "integer" then break end
    keys[i] = k
  end
  E.specfield = keys
end

-- The problems of the registration being checked, each with the spec field it is about
-- (`at`): the checks go on past one, so that one load tells every problem of a spec; the
-- first is raised, the others go with it (`E.specmore`).
local problems = {}

-- Notes `message` as a problem of the field `at` last named; returns nil, for
-- `return problem(…)` where the check of that field ends.
local function problem(message)
  problems[#problems + 1] = { keys = E.specfield, message = message }
  return nil
end

-- The fields of `t` (in sorted order) that `allowed` (and `also`) lack: each is a mistake of
-- its own, so all are told, not only the first.
local function unknownfields(t, allowed, also)
  local stray = {}
  for k in sortedpairs(t) do
    if not allowed[k] and not (also and also[k]) then stray[#stray + 1] = k end
  end
  return stray
end

-- "did you mean 'x'?" for a misspelt `word` close to one of `names` (or that `aliases`
-- maps to one), else nil.
local function meant(word, names, aliases)
  if type(word) ~= "string" then return nil end
  local near = aliases and aliases[word] or closest(word, names)
  return near and format("did you mean '%s'?", near)
end

-- What to say after an unknown `word`: the name it likely meant, else the `names` there are
-- under `label` ("parameters: a, b"), else `none` when there are none.
function E.namehint(word, names, label, none)
  return meant(word, names) or #names == 0 and none or label .. ": " .. concat(names, ", ")
end

-- For a message about a misspelt `word`: the name among `allowed`'s (and `also`'s) it was
-- likely meant to be, then all of them, sorted — "did you mean 'params'? a spec of goal has: …".
local function fieldlist(word, owner, allowed, also)
  local all = {}
  for k in sortedpairs(allowed) do all[k] = true end
  for k in sortedpairs(also or {}) do all[k] = true end
  local names = {}
  for k in sortedpairs(all) do names[#names + 1] = k end
  local near = meant(word, names)
  return format("%s%s has: %s", near and near .. " " or "", owner, concat(names, ", "))
end

-- Checks and normalises a spec's `params`: a sorted list of declarations.
local function normalizeparams(kind, name, params)
  local where = format("%s '%s'", kind, name)
  if params == nil then return {} end
  at("params")
  if type(params) ~= "table" then
    problem(format("%s: 'params' must be a table of parameter declarations", where))
    return {}
  end
  local out = {}
  -- One parameter's declaration, checked; nil, its problem noted, when it has one.
  local function declare(pname, decl)
    at("params")
    if type(pname) ~= "string" or not match(pname, "^[%a_][%w_]*$") then
      return problem(format("%s: parameter names must be identifiers, found %s", where, tostring(pname)))
    end
    at("params", pname)
    if reserved[pname] or (reservedfor[kind] and reservedfor[kind][pname]) then
      return problem(format("%s: '%s' cannot be a parameter (the rule entry uses it)", where, pname))
    end
    if type(decl) == "string" then decl = { type = decl } end
    if type(decl) ~= "table" then
      return problem(format("%s: parameter '%s' must be declared with a type name or a table", where, pname))
    end
    if decl.optional ~= nil and type(decl.optional) ~= "boolean" then
      at("params", pname, "optional")
      return problem(format("%s: parameter '%s': 'optional' must be true or false", where, pname))
    end
    if decl.description ~= nil and type(decl.description) ~= "string" then
      at("params", pname, "description")
      return problem(format("%s: parameter '%s': 'description' must be a string", where, pname))
    end
    local stray = unknownfields(decl, declfields)
    for _, field in ipairs(stray) do
      at("params", pname, field)
      problem(format("%s: parameter '%s' has an unknown field '%s' (%s)", where, pname, tostring(field),
        fieldlist(field, "a declaration", declfields)))
    end
    if #stray > 0 then return nil end
    local d = { name = pname, type = decl.type or "any", min = decl.min, max = decl.max,
                optional = decl.optional == true, description = decl.description }
    if typenames[d.type] == nil then
      at("params", pname, "type")
      local types = {}
      for t in sortedpairs(typenames) do types[#types + 1] = t end
      local near = meant(d.type, types, typealiases)
      return problem(format("%s: parameter '%s' has unknown type '%s' (%sthe types are: %s)", where, pname, tostring(d.type),
        near and near .. " " or "", concat(types, ", ")))
    end
    if d.min ~= nil and type(d.min) ~= "number" or d.max ~= nil and type(d.max) ~= "number" then
      at("params", pname, d.min ~= nil and type(d.min) ~= "number" and "min" or "max")
      return problem(format("%s: parameter '%s': min and max must be numbers", where, pname))
    end
    -- A NaN bound compares false, so it would bound nothing; an infinite one bounds nothing
    -- or refuses every value; min above max refuses every value.
    for _, bound in ipairs({ "min", "max" }) do
      local b = d[bound]
      if b ~= nil and not finite(b) then
        at("params", pname, bound)
        return problem(format("%s: parameter '%s': %s must be a finite number, found %s (leave it out for no bound)",
          where, pname, bound, b ~= b and "NaN" or b > 0 and "math.huge" or "-math.huge"))
      end
    end
    -- A bound or an item type the parameter's type has no use for would be ignored
    -- without a word: the author meant it to hold the level's values to something.
    if (d.min ~= nil or d.max ~= nil) and not bounded[d.type] then
      at("params", pname, d.min ~= nil and "min" or "max")
      return problem(format("%s: parameter '%s': min and max bound numbers and list lengths; %s has neither "
        .. "(leave them out, or give it a number or list type)", where, pname, typenames[d.type]))
    end
    if decl.of ~= nil and d.type ~= "list" then
      at("params", pname, "of")
      return problem(format("%s: parameter '%s': 'of' is the item type of a list, and this parameter is %s "
        .. "(make it type = \"list\", or leave 'of' out)", where, pname, typenames[d.type]))
    end
    if decl.values ~= nil and (d.type == "list" or d.type == "entities" or d.type == "map") then
      at("params", pname, "values")
      return problem(format("%s: parameter '%s': 'values' lists the allowed values of a single value, and this parameter is %s "
        .. "(check its items in the rule's check instead)", where, pname, typenames[d.type]))
    end
    if d.min ~= nil and d.max ~= nil and d.min > d.max then
      at("params", pname, "min")
      return problem(format("%s: parameter '%s': min (%s) is above max (%s), so no value would do",
        where, pname, tostring(d.min), tostring(d.max)))
    end
    -- An integer, or a list's length, is a whole number: bounds with none between them
    -- (min = 0.5, max = 0.9) refuse every value as surely as min above max.
    if d.min ~= nil and d.max ~= nil and d.type ~= "number" and d.type ~= "any"
        and -floor(-d.min) > floor(d.max) then
      at("params", pname, "min")
      return problem(format("%s: parameter '%s': no whole number lies between min (%s) and max (%s), and %s is one, "
        .. "so no value would do", where, pname, tostring(d.min), tostring(d.max),
        d.type == "integer" and "an integer" or "a list's length"))
    end
    if decl.of ~= nil then
      at("params", pname, "of")
      -- A tag is checked against the level as a parameter of its own, not as a list's item.
      if typenames[decl.of] == nil or decl.of == "list" or decl.of == "entities" or decl.of == "tag" then
        local items = {}
        for t in sortedpairs(typenames) do
          if t ~= "list" and t ~= "entities" and t ~= "tag" then items[#items + 1] = t end
        end
        local near = type(decl.of) == "string" and meant(decl.of, items, typealiases) or nil
        return problem(format("%s: parameter '%s': 'of' must name an item type (%sthe item types are: %s)", where, pname,
          near and near .. " " or "", concat(items, ", ")))
      end
      d.of = decl.of
    end
    if decl.values ~= nil then
      at("params", pname, "values")
      if type(decl.values) ~= "table" then
        return problem(format("%s: parameter '%s': 'values' must be a list", where, pname))
      end
      local values, err, below = copy(decl.values)
      if err ~= nil then return problem(format("%s: parameter '%s': 'values'%s: %s", where, pname, below, err)) end
      if next(values) == nil then
        -- `{}` reads as an empty map: the problem is that nothing would be allowed.
        return problem(format("%s: parameter '%s': 'values' lists no value, so no level could give one; list the values allowed, or leave 'values' out", where, pname))
      end
      if not islist(values) then
        return problem(format("%s: parameter '%s': 'values' must be a list", where, pname))
      end
      -- A value the parameter's own type or bounds refuse would be listed as allowed, and a
      -- level giving it told it is wrong: each is told at its item, as a bound no value meets.
      local impossible = false
      for i = 1, #values do
        local wrong = checkvalue(d, values[i], nil)
        if wrong ~= nil then
          at("params", pname, "values", i)
          problem(format("%s: parameter '%s': 'values' item %d %s, so no level could give it", where, pname, i, wrong))
          impossible = true
        end
      end
      if impossible then return nil end
      d.values = values
    end
    if decl.default ~= nil then
      at("params", pname, "default")
      local value, err, below = copy(decl.default)
      if err ~= nil then return problem(format("%s: parameter '%s': default%s: %s", where, pname, below, err)) end
      local wrong = checkvalue(d, value, nil)
      if wrong ~= nil then return problem(format("%s: the default of parameter '%s' %s", where, pname, wrong)) end
      d.default = value
      d.optional = true
    end
    -- Levels configure goals, behaviours and scoring; an achievement runs in every level
    -- with its declared values alone, so a required one could never be given.
    if kind == "achievement" and not d.optional then
      at("params", pname)
      return problem(format("%s: parameter '%s' needs a default (or optional = true): no level configures an achievement",
        where, pname))
    end
    return d
  end
  for pname, decl in sortedpairs(params) do
    out[#out + 1] = declare(pname, decl)
  end
  return out
end

-- Splits `on` into exact action names and `prefix.*` families.
local function normalizeon(kind, name, on, misspelt)
  local where = format("%s '%s'", kind, name)
  if on ~= nil then at("on") else at() end
  local exact, prefixes, handles = {}, {}, {}
  if type(on) ~= "table" then
    -- A misspelt `On = {…}` is told as that, not again as no `on`.
    if on ~= nil or not misspelt then
      problem(format("%s: the spec needs 'on', a table from action names to reducer functions", where))
    end
    return exact, prefixes, handles
  end
  -- One entry of `on`, checked; its problem noted when it has one.
  local function handle(action, fn)
    at("on", action)
    if type(action) ~= "string" or action == "" then
      return problem(format("%s: 'on' keys must be action names", where))
    end
    if type(fn) ~= "function" then
      return problem(format("%s: on['%s'] must be a function, found %s", where, action, type(fn)))
    end
    -- A misspelt action would never come: the rule would sit there, silent.
    local wrong = actionproblem(action)
    if wrong ~= nil then return problem(format("%s: on['%s']: %s", where, action, wrong)) end
    if sub(action, -2) == ".*" then
      prefixes[#prefixes + 1] = { prefix = sub(action, 1, -2), fn = fn }
    else
      exact[action] = fn
    end
    handles[#handles + 1] = action
  end
  for action, fn in sortedpairs(on) do handle(action, fn) end
  at("on")
  -- Entries with problems of their own are told as those, not again as no action handled.
  if next(on) == nil then problem(format("%s: 'on' handles no action", where)) end
  -- Longest prefix first, so the most specific family wins.
  table.sort(prefixes, function(a, b)
    if #a.prefix ~= #b.prefix then return #a.prefix > #b.prefix end
    return a.prefix < b.prefix
  end)
  return exact, prefixes, handles
end

local function register(pack, kind, name, spec, unnamed)
  E.specfield = nil
  E.specmore = nil
  problems = {}
  if loading ~= pack then
    error(format("echolot.%s: rules can be registered only while the pack's scripts load", kind), 3)
  end
  name = name or unnamed
  if not unnamed and (type(name) ~= "string" or not match(name, "^[%a_][%w_.-]*$")) then
    -- The name itself, when it is one: "found a string" does not say what to change.
    error(format("echolot.%s: the name must be an identifier such as 'myGoal' (letters, digits, '_', '.' and '-', "
      .. "not starting with a digit), found %s", kind, type(name) == "string" and named(name) or describe(name)), 3)
  end
  if type(spec) ~= "table" then
    error(format("echolot.%s('%s', spec): spec must be a table, found %s", kind, name, describe(spec)), 3)
  end
  local also = kind == "reducer" and reducerfields or nil
  -- A stray field that is a misspelt `on` (`On = {…}`) is that field's mistake: the spec is
  -- then not told again that it needs `on`.
  local misspelton = false
  for _, stray in ipairs(unknownfields(spec, specfields, also)) do
    at(stray)
    problem(format("%s '%s': the spec has an unknown field '%s' (%s)", kind, name, tostring(stray),
      fieldlist(stray, "a spec of " .. kind, kindfields[kind], also)))
    misspelton = misspelton or closest(tostring(stray), { "on" }) ~= nil
  end
  local byname = rules[pack][kind]
  local earlier = byname[name]
  if earlier ~= nil then
    at()
    problem(format("%s '%s' is already registered at %s:%d", kind, name, scriptpath(earlier.source), earlier.line))
  end
  for _, field in ipairs({ "title", "description" }) do
    if spec[field] ~= nil and type(spec[field]) ~= "string" then
      at(field)
      problem(format("%s '%s': '%s' must be a string", kind, name, field))
    end
  end
  -- Only goals, behaviours and scoring have entries in a level to configure them: a check
  -- elsewhere would never run, and a reducer's or story's parameters could never be read.
  if spec.check ~= nil and not configured[kind] then
    at("check")
    problem(format("%s '%s': 'check' checks a level's entry for the rule, and no level configures %s",
      kind, name, kind == "achievement" and "an achievement (its parameters are what it declares)" or "a " .. kind))
  elseif spec.check ~= nil and type(spec.check) ~= "function" then
    at("check")
    problem(format("%s '%s': 'check' must be a function", kind, name))
  end
  if spec.params ~= nil and (kind == "reducer" or kind == "story") then
    at("params")
    problem(format("%s '%s': a %s has no parameters (no level configures it; ctx.params is nil in its reducers)",
      kind, name, kind))
  end
  local focus = spec.focus or "level"
  if kind == "reducer" and focus ~= "level" and focus ~= "game" then
    at("focus")
    problem(format("reducer '%s': focus must be \"level\" or \"game\"", name))
  end
  local exact, prefixes, handles = normalizeon(kind, name, spec.on, misspelton)
  -- A reducer's or story's parameters are told once, as not theirs to have.
  local params = (kind == "reducer" or kind == "story") and {} or normalizeparams(kind, name, spec.params)
  if #problems > 0 then
    local more = {}
    for i = 2, #problems do more[#more + 1] = problems[i] end
    E.specfield, E.specmore = problems[1].keys, more
    local first = problems[1].message
    problems = {}
    error(first, 3)
  end
  local site = getinfo(3, "Sl")
  local rule = {
    kind = kind, name = name, pack = pack, exact = exact, prefixes = prefixes, handles = handles,
    params = params, check = spec.check, focus = focus,
    title = spec.title, description = spec.description,
    source = site.source, line = site.currentline,
  }
  byname[name] = rule
  order[pack][#order[pack] + 1] = rule
  E.specfield = nil
end

-- Called through a relay (a C frame, so a pack's tail call keeps its line): errors at level 3.
-- The parts' bounds are the story clock's (`host.daypart`), kept in one place.
local daypart = host.daypart
local timeofday = relay(function(hour)
  if type(hour) ~= "number" then error("echolot.timeOfDay: the hour must be a number", 3) end
  return daypart(hour % 24)
end)

-- `echolot.timeInWords(hour, minute [, language])`: the text clock, in five-minute steps.
-- The state holds no player's language, so a rule names one; English by default.
local timewords = host.timewords
local function clockfield(what, v, top)
  if type(v) ~= "number" or tointeger(v) == nil or v < 0 or v > top then
    error(format("echolot.timeInWords: the %s must be a whole number from 0 to %d, found %s", what, top,
      type(v) == "number" and tostring(v) or describe(v)), 4)
  end
  return tointeger(v)
end
local timeinwords = relay(function(hour, minute, language)
  local h, m = clockfield("hour", hour, 23), clockfield("minute", minute, 59)
  if language ~= nil and type(language) ~= "string" then
    error(format("echolot.timeInWords: the language must be a code such as \"en\" or \"de\", found %s", describe(language)), 3)
  end
  local words, spoken = timewords(h, m, language or "en")
  if words == nil then
    -- Answered in English, a rule's line would read one language inside another.
    error(format("echolot.timeInWords: no words for the language %s (the time is said in %s)", named(language), spoken), 3)
  end
  return words
end)

-- The `echolot` table a pack's scripts see: registration binds to that pack. Each
-- function runs behind a relay (a C frame) and goes on into `register` by a tail call,
-- so `register`'s level 3 is the pack's line even when the pack tail-calls it
-- (`return echolot.goal(...)`), for its errors and for where the rule was registered.
local function registrar(pack, kind)
  return relay(function(name, spec) return register(pack, kind, name, spec) end)
end

local function api(pack)
  local reducers = 0
  return enginetable({
    goal = registrar(pack, "goal"),
    behaviour = registrar(pack, "behaviour"),
    achievement = registrar(pack, "achievement"),
    scoring = registrar(pack, "scoring"),
    story = relay(function(spec) return register(pack, "story", "story", spec) end),
    reducer = relay(function(spec)
      reducers = reducers + 1
      local name = type(spec) == "table" and spec.name or nil
      -- An unnamed reducer is named after its pack, in a form no given name can take
      -- (names are identifiers): it never shadows another pack's, nor is shadowed.
      return register(pack, "reducer", name, spec, name == nil and format("%s/reducer%d", pack, reducers) or nil)
    end),
    list = E.newlist,
    null = E.null,
    api = 1,
    timeOfDay = timeofday,
    timeInWords = timeinwords,
  }, "echolot")
end

local envs = {}

-- The environment of `pack`, made on first use.
function E.env(pack)
  local env = envs[pack]
  if env == nil then
    env = E.newenv(pack, api(pack))
    envs[pack] = env
    rules[pack] = { goal = {}, behaviour = {}, achievement = {}, scoring = {}, story = {}, reducer = {} }
    order[pack] = {}
  end
  return env
end

-- Runs a compiled script's top level with registration open for its pack.
function E.runscript(pack, chunk)
  E.specfield = nil
  E.specmore = nil
  loading = pack
  chunk()
  loading = nil
end

function E.closeregistration() loading = nil end

function E.rule(pack, kind, name)
  local byname = rules[pack] and rules[pack][kind]
  return byname and byname[name]
end

-- Plain descriptions of a pack's rules, for Swift.
function E.describe(pack)
  local out = E.newlist()
  for i, rule in ipairs(order[pack] or {}) do
    local params = E.newlist()
    for j, d in ipairs(rule.params) do
      params[j] = { name = d.name, type = d.type, min = d.min, max = d.max, optional = d.optional,
                    default = d.default, values = d.values, of = d.of, description = d.description }
    end
    local handles = E.newlist()
    for j, a in ipairs(rule.handles) do handles[j] = a end
    out[i] = { kind = rule.kind, name = rule.name, pack = rule.pack, handles = handles, params = params,
               source = rule.source, line = rule.line, title = rule.title, description = rule.description,
               focus = rule.focus, check = rule.check ~= nil }
  end
  return out
end

-- What to say after "unknown parameter 'x'": the nearest declared name, else which there are.
local function paramhint(rule, word)
  local names = {}
  for _, x in ipairs(rule.params) do names[#names + 1] = x.name end
  return E.namehint(word, names, "parameters", "it takes no parameters")
end

-- Reached only when a name is not among an instance's values, so a declared parameter's
-- read (ctx.params.speed, once per entity and tick in a large level) costs what a plain
-- table's does: a misspelt name raises at its line instead of reading as nil and failing
-- later as "arithmetic on a nil value"; a declared optional one without a value is nil.
local function paramsmeta(rule)
  local meta = rule.paramsmeta
  if meta ~= nil then return meta end
  local declared = {}
  for _, d in ipairs(rule.params) do declared[d.name] = true end
  meta = { __index = function(_, k)
    if declared[k] then return nil end
    error(format("no parameter '%s' (%s)", tostring(k), paramhint(rule, k)), 2)
  end }
  rule.paramsmeta = meta
  return meta
end

-- Where a rule keeps a value of its own, told when it writes one into ctx.params.
local keepnotes = {
  goal = ": keep a value of your own in the goal instead",
  behaviour = ": keep a value of your own in the entity instead",
  achievement = ": keep a value of your own in the progress record instead",
}

-- The parameters of one rule instance: declared defaults, overridden by the entry's values
-- (the entry is a plain table or a mirror node). Read-only; reading an undeclared name raises.
-- `checking` names them as a `check` gets them, whose write has no goal to keep a value in.
function E.params(rule, entry, checking)
  local values = setmetatable({}, paramsmeta(rule))
  local data = E.dataOf[entry] or entry
  for _, d in ipairs(rule.params) do
    local v = data[d.name]
    if v == nil then v = d.default end
    if type(v) == "table" then v = copy(v) end
    -- What was checked as an integer reaches the rule as one.
    if d.type == "integer" and mathtype(v) == "float" then v = tointeger(v) or v end
    values[d.name] = v
  end
  local note = checking and ": a check only reads them, and returns a sentence when they are wrong"
    or keepnotes[rule.kind] or ""
  return E.freeze(values, checking and "params" or "ctx.params", format("the parameters of %s '%s', as %s%s",
    rule.kind, rule.name, rule.kind == "achievement" and "it declares them" or "the level gives them", note))
end

-- Checks rule entries against their declarations, from entry `from` on (1 when nil).
-- `entries` is a list of {pack, kind, name, params, told}; `level` the level as plain tables;
-- an entry `told` has a problem told before, so its check is not run.
-- Returns a list of problems {entry index, parameter name or false, message, item or
-- false}, which is `E.validated` too while it runs: when a check raises, Swift takes what
-- came before it from there and goes on after that entry, so one failing check hides no
-- other problem.
function E.validate(entries, level, from)
  host.resetbudget(E.enginebudget)  -- freezing a large level is the engine's work
  E.checking = nil
  local problems = E.newlist()
  E.validated = problems
  local function problem(i, param, message, item)
    problems[#problems + 1] = E.newlist(i, param or false, message, item or false)
  end
  -- Freezing turns `level`'s tables into views in place: a pass that goes on after a
  -- failed check reuses the first pass's ids and view, as the level is no longer plain.
  if (from or 1) == 1 or E.validating == nil then
    local ids, tags = {}, {}
    for id, entity in next, (level.entities or {}) do
      ids[id] = true
      for _, tag in ipairs(entity.tags or {}) do tags[tag] = true end
    end
    E.validating = { entities = ids, tags = tags, view = E.freeze(level, "the level") }
  end
  local known, view = E.validating, E.validating.view
  for i = from or 1, #entries do
    local entry = entries[i]
    local rule = E.rule(entry.pack, entry.kind, entry.name)
    local where = format("%s '%s'", entry.kind, entry.name)
    local declared = {}
    for _, d in ipairs(rule.params) do declared[d.name] = d end
    local bad = false
    for pname, value in sortedpairs(entry.params) do
      local d = declared[pname]
      if d == nil then
        problem(i, pname, format("%s: unknown parameter %s (%s)", where, named(pname), paramhint(rule, pname)))
        bad = true
      else
        for _, found in ipairs(valueproblems(d, value, known)) do
          problem(i, pname, format("%s: parameter '%s' %s", where, pname, found[1]), found[2])
          bad = true
        end
      end
    end
    for _, d in ipairs(rule.params) do
      if entry.params[d.name] == nil then
        if not d.optional then
          problem(i, false, format("%s: missing parameter '%s' (%s)", where, d.name, typenames[d.type]))
          bad = true
        elseif d.default ~= nil and (d.type == "entity" or d.type == "entities" or d.type == "tag") then
          -- A default naming entities or a tag is checked against each level that leaves it
          -- out: the declaration could only check its type, and one this level lacks is a
          -- goal that can never be met.
          for _, found in ipairs(valueproblems(d, d.default, known)) do
            problem(i, false, format("%s: parameter '%s' is left out, and its default %s; give '%s' in the level",
              where, d.name, found[1], d.name))
            bad = true
          end
        end
      end
    end
    if not bad and not entry.told and rule.check ~= nil then
      -- The check gets a reducer's budget; the engine's own work on the other entries goes
      -- back to the engine's, or a large level would fail with the budget of one check.
      local params = E.params(rule, entry.params, true)
      host.resetbudget()
      -- Which entry's check is running: an error in it is placed at that entry (Swift reads it).
      E.checking = i
      local message, param, item = rule.check(params, view)
      E.checking = nil
      host.resetbudget(E.enginebudget)
      -- nil or false is fine (`return bad and "why"` gives false when all is well).
      -- A sentence says what is wrong; an empty one would be told as "goal 'a': ", nothing.
      local function mistake(what)
        local site = getinfo(rule.check, "S")
        problem(i, false, format("%s: its check (%s:%d) %s", where, scriptpath(site.source), site.linedefined, what))
      end
      if type(message) == "string" and match(message, "%S") then
        -- Placed at the parameter (and item) it names when the entry gives it, else at the entry.
        local known = type(param) == "string" and declared[param] ~= nil
        local given = known and entry.params[param] ~= nil
        local index = mathtype(item) == "integer" and item >= 1
        -- An item of a list the entry gives: one past its end, or of a value that is no
        -- list, names no place in the file.
        local items = given and type(entry.params[param]) == "table" and rawlen(entry.params[param]) or nil
        local placed = index and items ~= nil and item <= items
        problem(i, given and param, format("%s: %s", where, message), placed and item)
        -- A place the check cannot mean is its script's mistake: told, or the sentence would
        -- land on the entry with no word of why.
        local function shown(v)
          return type(v) == "string" and named(v) or type(v) == "number" and tostring(v) or describe(v)
        end
        if param ~= nil and param ~= false and not known then
          mistake(format("placed its sentence at %s, which is not a parameter it declares (%s)", shown(param),
            paramhint(rule, type(param) == "string" and param or "")))
        elseif item ~= nil and item ~= false and not index then
          mistake(format("placed its sentence at item %s%s; an item is an integer index from 1", shown(item),
            type(param) == "string" and format(" of '%s'", param) or ""))
        elseif index and given and not placed then
          mistake(format("placed its sentence at item %d of '%s', which %s", item, param,
            items == nil and "is not a list" or format("has %d item%s", items, items == 1 and "" or "s")))
        end
      elseif message ~= nil and message ~= false then
        mistake(format("returned %s; a check returns nil or false when the parameters are fine, or a sentence saying what is wrong",
          message == true and "true" or message == "" and "an empty string"
            or type(message) == "string" and "a blank string" or describe(message)))
      end
    end
  end
  -- Done: nothing of this level stays held in the capped state until the next validation.
  E.validated, E.validating = nil, nil
  return problems
end
