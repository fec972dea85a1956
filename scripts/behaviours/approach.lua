-- approach: the entity comes closer at a constant speed until it is `min` metres away.

echolot.behaviour("approach", {
  description = "Come closer at `speed` metres per second, down to `min` metres.",
  params = {
    speed = { type = "number", default = 0.1, min = 0, description = "metres per second" },
    min = { type = "number", default = 0.3, min = 0.01, description = "the closest it comes, in metres" },
  },
  on = {
    tick = function(entity, action, ctx)
      local params = ctx.params
      local distance = entity.distance
      if distance <= params.min then return end
      distance = distance - params.speed * ctx.dt
      if distance < params.min then distance = params.min end
      entity.distance = distance
    end,
  },
})
