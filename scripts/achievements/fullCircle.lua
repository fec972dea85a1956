-- fullCircle: earned by an action (FAA#33): turning all the way around, 360 degrees in
-- total, in one level. The progress record counts the degrees turned so far.

local function relative(to, from)
  local d = (to - from) % 360
  if d > 180 then d = d - 360 end
  return d
end

echolot.achievement("fullCircle", {
  title = "Full Circle",
  description = "Turn all the way around in one level.",
  on = {
    ["level.started"] = function(progress, action, ctx)
      progress.turned = 0
      progress.center = ctx.level.view.center
    end,
    turnBy = function(progress, action, ctx)
      progress.turned = (progress.turned or 0) + math.abs(action.degrees)
      progress.center = ctx.level.view.center
      if progress.turned >= 360 then progress.earned = true end
    end,
    turnTo = function(progress, action, ctx)
      local center = ctx.level.view.center
      progress.turned = (progress.turned or 0) + math.abs(relative(center, progress.center or center))
      progress.center = center
      if progress.turned >= 360 then progress.earned = true end
    end,
  },
})
