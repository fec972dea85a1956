-- find: met when the player selects one entity — the one named by `entity`, or any one
-- carrying `tag`.

local function tagged(entity, tag)
  for _, t in ipairs(entity.tags or {}) do
    if t == tag then return true end
  end
  return false
end

echolot.goal("find", {
  description = "Select one entity: the one named by `entity`, or any entity with `tag`.",
  params = {
    entity = { type = "entity", optional = true, description = "the id of the entity to find" },
    tag = { type = "tag", optional = true, description = "find any one entity with this tag" },
  },
  check = function(params, level)
    if (params.entity == nil) == (params.tag == nil) then
      return "give exactly one of 'entity' and 'tag'"
    end
    -- A target no select can pick would leave the goal pending for good: the level could
    -- never be won. (A tag no entity carries is told as the parameter's value.)
    if params.tag ~= nil then
      for _, entity in pairs(level.entities) do
        if tagged(entity, params.tag) and entity.selectable ~= false then return nil end
      end
      return "every entity with the tag '" .. params.tag .. "' is not selectable (\"selectable\": false), "
        .. "so none can be found and the level could never be won", "tag"
    end
    if level.entities[params.entity].selectable == false then
      return "'" .. params.entity .. "' is not selectable (\"selectable\": false), "
        .. "so it can never be found and the level could never be won", "entity"
    end
  end,
  on = {
    ["entity.selected"] = function(goal, action, ctx)
      if goal.state ~= "pending" then return end
      local params = ctx.params
      if params.entity ~= nil then
        if action.id == params.entity then goal.state = "met" end
      else
        local entity = ctx.level.entities[action.id]
        if entity ~= nil and tagged(entity, params.tag) then goal.state = "met" end
      end
    end,
  },
})
