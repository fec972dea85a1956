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
  check = function(params, level)
    -- One with the tag that no select can pick would keep the goal pending for good. (The
    -- tag is the parameter's type: validate has told a tag no entity carries.)
    local stuck = nil
    for id, entity in pairs(level.entities) do
      if entity.selectable == false and tagged(entity, params.tag) then
        stuck = id
        break
      end
    end
    if stuck ~= nil then
      return "'" .. stuck .. "' has the tag '" .. params.tag .. "' but is not selectable (\"selectable\": false), "
        .. "so not every one can be found and the level could never be won", "tag"
    end
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
