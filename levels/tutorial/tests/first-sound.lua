-- The first level: turn to the bell on the right and select it.
return {
  {
    name = "facing the bell and selecting it wins at once",
    level = "first-sound",
    input = {
      { t = 1.0, action = "turnTo", azimuth = 60 },
      { t = 1.5, action = "select" },
    },
    -- 1000 for the win, no misses, and a speed bonus of 500 × (60 − 1.5) / 60 = 487.
    expect = { outcome = "won", score = 1487, misses = 0, found = { "bell" },
               achievements = { "firstWin", "flawless", "quickEar" } },
  },
  {
    name = "looking all the way around first earns Full Circle",
    level = "first-sound",
    input = "logs/full-circle.jsonl",
    expect = { outcome = "won", misses = 0,
               achievements = { "firstWin", "flawless", "fullCircle", "quickEar" } },
  },
  {
    name = "doing nothing never ends the level",
    level = "first-sound",
    input = { { t = 5, action = "end" } },
    maxSeconds = 10,
    expect = { outcome = "running", score = false, misses = 0, achievements = {} },
  },
}
