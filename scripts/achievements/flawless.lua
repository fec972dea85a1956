-- flawless: earned by winning a level without a single miss (FAA#32: by meeting goals).

echolot.achievement("flawless", {
  title = "Flawless",
  description = "Win a level without missing once.",
  on = {
    ["level.won"] = function(progress, action, ctx)
      local level = ctx.level
      if level.status == "won" and level.misses == 0 then progress.earned = true end
    end,
  },
})
