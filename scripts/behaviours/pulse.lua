-- pulse: the entity's sound swells and fades between `min` and `max` volume.

local cos, pi = math.cos, math.pi

echolot.behaviour("pulse", {
  description = "Swell the sound's volume between `min` and `max` every `period` seconds.",
  params = {
    period = { type = "number", default = 2, min = 0.05, description = "seconds from loud to loud" },
    min = { type = "number", default = 0.2, min = 0, max = 4, description = "the quietest volume" },
    max = { type = "number", default = 1, min = 0, max = 4, description = "the loudest volume" },
    phase = { type = "number", default = 0, description = "seconds to shift the cycle by" },
  },
  check = function(params)
    if params.min > params.max then return "'min' must not be above 'max'" end
  end,
  on = {
    tick = function(entity, action, ctx)
      local sound = entity.sound
      if sound == nil then return end
      local params = ctx.params
      local swell = 0.5 - 0.5 * cos(2 * pi * (ctx.time + params.phase) / params.period)
      sound.volume = params.min + (params.max - params.min) * swell
    end,
  },
})
