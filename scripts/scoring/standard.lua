-- standard scoring: from time and misses. A won level scores `base` points, minus
-- `missPenalty` per miss (never below 0), plus up to `timeBonus` points for finishing
-- before `parTime` (the full bonus at 0 seconds, none at `parTime`). A lost level scores 0.
-- The score stays within the engine's range (0 to 1000000000), whatever the parameters.

local floor, min = math.floor, math.min

echolot.scoring("standard", {
  description = "Points for winning, fewer for each miss, a bonus for speed.",
  params = {
    parTime = { type = "number", default = 60, min = 1, description = "seconds within which speed earns a bonus" },
    base = { type = "integer", default = 1000, min = 0, max = 1000000000, description = "points for a win" },
    missPenalty = { type = "integer", default = 100, min = 0, max = 1000000000, description = "points lost per miss" },
    timeBonus = { type = "integer", default = 500, min = 0, max = 1000000000, description = "the largest speed bonus" },
  },
  on = {
    ["level.won"] = function(score, action, ctx)
      local level, params = ctx.level, ctx.params
      if level.status ~= "won" then return nil end
      local bonus = 0
      if level.time < params.parTime then
        bonus = floor(params.timeBonus * (params.parTime - level.time) / params.parTime)
      end
      -- Misses past base // missPenalty take all of base: compared, not multiplied, since
      -- a rule may set misses so high that the product wraps, which scored above base.
      local kept, penalty, misses = params.base, params.missPenalty, level.misses
      if penalty > 0 then
        kept = misses > kept // penalty and 0 or kept - penalty * misses
      end
      return min(1000000000, kept + bonus)
    end,
    ["level.lost"] = function(score, action, ctx)
      if ctx.level.status == "lost" then return 0 end
    end,
  },
})
