-- maxMisses: holds (met) from the start and fails at the first selection miss beyond
-- `misses`.

echolot.goal("maxMisses", {
  description = "Miss at most `misses` times.",
  params = {
    misses = { type = "integer", min = 0, description = "how many misses are allowed" },
  },
  on = {
    ["level.started"] = function(goal)
      if goal.state == "pending" then goal.state = "met" end
    end,
    ["selection.missed"] = function(goal, action, ctx)
      if goal.state ~= "failed" and ctx.level.misses > ctx.params.misses then goal.state = "failed" end
    end,
  },
})
