-- avoid: holds (met) from the start and fails when the player selects the decoy named by
-- `entity`, or any entity carrying `tag`.

local function tagged(entity, tag)
  for _, t in ipairs(entity.tags or {}) do
    if t == tag then return true end
  end
  return false
end

local function isDecoy(params, level, id)
  if params.entity ~= nil then return id == params.entity end
  local entity = level.entities[id]
  return entity ~= nil and tagged(entity, params.tag)
end

-- The entities with `tag`, in the order of their ids.
local function carrying(level, tag)
  local ids = {}
  for id, entity in pairs(level.entities) do
    if tagged(entity, tag) then ids[#ids + 1] = id end
  end
  table.sort(ids)
  return ids
end

-- The ids of `goals`, sorted: one level is always told the same way.
local function sortedids(goals)
  local ids = {}
  for id in pairs(goals) do ids[#ids + 1] = id end
  table.sort(ids)
  return ids
end

-- A goal as the engine's messages name one: by its type, and its id where that differs.
local function named(id, goal)
  if id == goal.type then return string.format("goal '%s'", id) end
  return string.format("goal '%s' with id '%s'", goal.type, id)
end

-- Why another standard goal of the level can never be met with these decoys, or nil.
local function clash(params, level, id, goal)
  local listed
  if goal.type == "find" and goal.entity ~= nil then
    listed = { goal.entity }
  elseif goal.type == "findInOrder" and type(goal.entities) == "table" then
    listed = goal.entities
  elseif goal.type == "findAll" and goal.tag ~= nil then
    listed = carrying(level, goal.tag)
  elseif goal.type == "find" and goal.tag ~= nil then
    -- Any one entity with the tag wins it: only a tag whose every entity is a decoy — of
    -- this goal or of the level's other avoid goals together — clashes. Told once, by the
    -- first avoid goal (in the order of ids) that makes a decoy of one of them.
    local members = carrying(level, goal.tag)
    if #members == 0 then return nil end
    local avoiding = {}
    for _, aid in ipairs(sortedids(level.goals)) do
      local other = level.goals[aid]
      if other.type == "avoid" then
        for _, eid in ipairs(members) do
          if isDecoy(other, level, eid) then avoiding[#avoiding + 1] = other break end
        end
      end
    end
    for _, eid in ipairs(members) do
      local decoy = false
      for _, other in ipairs(avoiding) do decoy = decoy or isDecoy(other, level, eid) end
      if not decoy then return nil end
    end
    local first = avoiding[1]
    if first.entity ~= params.entity or first.tag ~= params.tag then return nil end
    return string.format("every entity with tag '%s' is a decoy %s, but %s asks the player to select one of them: the level could never be won",
      goal.tag, #avoiding == 1 and "here" or "of this goal or another avoid goal", named(id, goal))
  end
  for _, eid in ipairs(listed or {}) do
    if isDecoy(params, level, eid) then
      return string.format("'%s' is a decoy here, but %s asks the player to select it: the level could never be won",
        eid, named(id, goal))
    end
  end
end

-- A decoy that another goal asks the player to select makes a level nobody can win:
-- selecting it fails this goal, leaving it keeps the other pending. Goals are read in the
-- order of their ids, so one level is always told the same way.
local function unwinnable(params, level)
  for _, id in ipairs(sortedids(level.goals)) do
    local why = clash(params, level, id, level.goals[id])
    if why then return why, params.entity ~= nil and "entity" or "tag" end
  end
end

echolot.goal("avoid", {
  description = "Never select the decoy `entity` (or any entity with `tag`).",
  params = {
    entity = { type = "entity", optional = true, description = "the id of the decoy" },
    tag = { type = "tag", optional = true, description = "every entity with this tag is a decoy" },
  },
  check = function(params, level)
    if (params.entity == nil) == (params.tag == nil) then
      return "give exactly one of 'entity' and 'tag'"
    end
    return unwinnable(params, level)
  end,
  on = {
    ["level.started"] = function(goal)
      if goal.state == "pending" then goal.state = "met" end
    end,
    ["entity.selected"] = function(goal, action, ctx)
      if goal.state == "failed" then return end
      local params = ctx.params
      local entity = ctx.level.entities[action.id]
      if action.id == params.entity or (params.tag ~= nil and entity ~= nil and tagged(entity, params.tag)) then
        goal.state = "failed"
      end
    end,
  },
})
