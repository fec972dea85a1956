-- One after another: drum, bell, lark — in that order.
return {
  {
    name = "in order",
    level = "in-order",
    input = {
      { t = 1.0, action = "turnTo", azimuth = 320 },
      { t = 1.5, action = "select" },
      { t = 2.5, action = "turnTo", azimuth = 45 },
      { t = 3.0, action = "select" },
      { t = 4.0, action = "turnTo", azimuth = 200 },
      { t = 4.5, action = "select" },
    },
    -- parTime is 40: 1000 + 500 × (40 − 4.5) / 40 = 1443.
    expect = { outcome = "won", score = 1443, misses = 0, found = { "drum", "bell", "lark" },
               achievements = { "firstWin", "flawless", "quickEar" } },
  },
  {
    name = "the bell before the drum loses",
    level = "in-order",
    input = {
      { t = 1.0, action = "turnTo", azimuth = 45 },
      { t = 1.5, action = "select" },
    },
    expect = { outcome = "lost", score = 0, misses = 0, found = { "bell" }, achievements = {} },
  },
}
