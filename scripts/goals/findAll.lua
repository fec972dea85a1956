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
    tag = { type = "tag", description = "the tag every entity to find carries" },
  },
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
