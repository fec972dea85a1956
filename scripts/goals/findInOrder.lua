-- findInOrder: the listed entities must be selected in the order given. Selecting one of
-- them out of turn fails the goal (it is found now, so the order can no longer be kept);
-- selecting anything else does not matter.

echolot.goal("findInOrder", {
  description = "Select the entities listed in `entities`, in that order.",
  params = {
    entities = { type = "entities", min = 1, description = "entity ids, in the order to find them" },
  },
  -- Once selected an entity is found and cannot be selected again: a second mention of
  -- it could never come in turn.
  check = function(params)
    local first = {}
    for i, id in ipairs(params.entities) do
      if first[id] ~= nil then
        return string.format("'%s' is listed twice (items %d and %d), but an entity is found once: it cannot be selected again",
          id, first[id], i), "entities", i
      end
      first[id] = i
    end
  end,
  on = {
    ["entity.selected"] = function(goal, action, ctx)
      if goal.state ~= "pending" then return end
      local order = ctx.params.entities
      local listed = false
      for i = 1, #order do
        if order[i] == action.id then listed = true end
      end
      if not listed then return end
      local step = (goal.progress or 0) + 1
      if order[step] ~= action.id then
        goal.state = "failed"
        return
      end
      goal.progress = step
      if step == #order then goal.state = "met" end
    end,
  },
})
