-- avoid: holds (met) from the start and fails when the player selects the decoy named by
-- `entity`, or any entity carrying `tag`.

local function tagged(entity, tag)
  for _, t in ipairs(entity.tags or {}) do
    if t == tag then return true end
  end
  return false
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
