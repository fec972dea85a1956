-- firstWin: earned the first time the player wins a level (it spans levels: once
-- earned, it stays earned).

echolot.achievement("firstWin", {
  title = "First Win",
  description = "Win a level.",
  on = {
    ["level.won"] = function(progress, action, ctx)
      if ctx.level.status == "won" then progress.earned = true end
    end,
  },
})
