-- blink: the entity's sound plays for `on` seconds, then is silent for `off` seconds.

echolot.behaviour("blink", {
  description = "Switch the sound on for `on` seconds and off for `off` seconds, over and over.",
  params = {
    on = { type = "number", default = 1, min = 0.01, description = "seconds the sound plays" },
    off = { type = "number", default = 1, min = 0.01, description = "seconds it is silent" },
    phase = { type = "number", default = 0, description = "seconds to shift the cycle by" },
  },
  on = {
    tick = function(entity, action, ctx)
      local sound = entity.sound
      if sound == nil then return end
      local params = ctx.params
      local playing = (ctx.time + params.phase) % (params.on + params.off) < params.on
      if sound.playing ~= playing then sound.playing = playing end
    end,
  },
})
