-- orbit: the entity circles the listener at a constant angular speed.

echolot.behaviour("orbit", {
  description = "Circle the listener at `speed` degrees per second (negative: counter-clockwise).",
  params = {
    speed = { type = "number", default = 10, description = "degrees per second" },
  },
  on = {
    tick = function(entity, action, ctx)
      local azimuth = (entity.azimuth + ctx.params.speed * ctx.dt) % 360
      if azimuth >= 360 then azimuth = 0.0 end  -- a tiny negative step can round up to 360
      entity.azimuth = azimuth
    end,
  },
})
