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
