-- timeLimit: holds (met) from the start and fails once the level has run longer than
-- `seconds`: a goal that becomes invalid again. The other goals must be met in time.

echolot.goal("timeLimit", {
  description = "Meet the other goals within `seconds`.",
  params = {
    seconds = { type = "number", min = 1, max = 86400, description = "the time allowed, in seconds" },
  },
  on = {
    ["level.started"] = function(goal)
      if goal.state == "pending" then goal.state = "met" end
    end,
    tick = function(goal, action, ctx)
      if goal.state ~= "failed" and ctx.time > ctx.params.seconds then goal.state = "failed" end
    end,
  },
})
