-- drift: the entity wanders — a seeded random walk of its angular speed, so it moves
-- smoothly but unpredictably (and the same way in every replay).

echolot.behaviour("drift", {
  description = "Wander around the listener at up to `speed` degrees per second.",
  params = {
    speed = { type = "number", default = 20, min = 0, description = "the fastest it moves, in degrees per second" },
    change = { type = "number", default = 40, min = 0, description = "how quickly its speed changes, in degrees per second²" },
  },
  on = {
    tick = function(entity, action, ctx)
      local params, dt = ctx.params, ctx.dt
      local velocity = (entity.driftVelocity or 0) + (ctx.random() * 2 - 1) * params.change * dt
      if velocity > params.speed then velocity = params.speed end
      if velocity < -params.speed then velocity = -params.speed end
      entity.driftVelocity = velocity
      local azimuth = (entity.azimuth + velocity * dt) % 360
      if azimuth >= 360 then azimuth = 0.0 end
      entity.azimuth = azimuth
    end,
  },
})
