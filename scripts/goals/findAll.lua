-- findAll: met once every entity carrying `tag` has been selected.

local function tagged(entity, tag)
  for _, t in ipairs(entity.tags or {}) do
    if t == tag then return true end
  end
  return false
end

echolot.goal("findAll", {
  description = "Select every entity with `tag`, in any order.",
  params = {
    tag = { type = "string", description = "the tag every entity to find carries" },
  },
  check = function(params, level)
    for _, entity in pairs(level.entities) do
      if tagged(entity, params.tag) then return nil end
    end
    return "no entity of this level has the tag '" .. params.tag .. "'", "tag"
  end,
  on = {
    ["entity.selected"] = function(goal, action, ctx)
      if goal.state ~= "pending" then return end
      for _, entity in pairs(ctx.level.entities) do
        if not entity.found and tagged(entity, ctx.params.tag) then return end
      end
      goal.state = "met"
    end,
  },
})
