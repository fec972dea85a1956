-- Two voices: find the bell, leave the bee alone, miss at most three times.
return {
  {
    name = "one miss, then the bell",
    level = "two-voices",
    input = {
      { t = 1.0, action = "select" },              -- nothing straight ahead: a miss
      { t = 2.0, action = "turnTo", azimuth = 300 },
      { t = 3.0, action = "select" },
    },
    -- 1000 − 100 for the miss + 500 × (60 − 3) / 60 = 475.
    expect = { outcome = "won", score = 1375, misses = 1, found = { "bell" },
               achievements = { "firstWin", "quickEar" } },
  },
  {
    name = "selecting the bee loses",
    level = "two-voices",
    input = {
      { t = 1.0, action = "turnTo", azimuth = 90 },
      { t = 1.5, action = "select" },
    },
    expect = { outcome = "lost", score = 0, misses = 0, found = { "bee" }, achievements = {} },
  },
  {
    name = "a fourth miss loses",
    level = "two-voices",
    input = {
      { t = 1, action = "select" },
      { t = 2, action = "select" },
      { t = 3, action = "select" },
      { t = 4, action = "select" },
    },
    expect = { outcome = "lost", score = 0, misses = 4, achievements = {} },
  },
}
