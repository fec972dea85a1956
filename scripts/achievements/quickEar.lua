-- quickEar: earned by winning a level within `seconds`.

echolot.achievement("quickEar", {
  title = "Quick Ear",
  description = "Win a level within 15 seconds.",
  params = {
    seconds = { type = "number", default = 15, min = 1, description = "the time to beat" },
  },
  on = {
    ["level.won"] = function(progress, action, ctx)
      local level = ctx.level
      if level.status == "won" and level.time <= ctx.params.seconds then progress.earned = true end
    end,
  },
})
