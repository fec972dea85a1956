-- The outcome rule: a level is won when all its goals are met and lost as soon as any
-- fails. A general reducer like any a pack can write; it only emits the outcome, and the
-- engine's level reducer records the first one.

echolot.reducer({
  name = "outcome",
  description = "Win when every goal is met; lose when any goal fails.",
  on = {
    ["goal.met"] = function(level, action, ctx)
      if level.status ~= "running" then return end
      for _, goal in pairs(level.goals) do
        if goal.state ~= "met" then return end
      end
      ctx.emit("level.won")
    end,
    ["goal.failed"] = function(level, action, ctx)
      if level.status ~= "running" then return end
      ctx.emit("level.lost", { goal = action.id })
    end,
  },
})
