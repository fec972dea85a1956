-- All around you: three birds (one of them orbiting at 6°/s from 20°), a decoy bee, and
-- a minute to find the birds.
return {
  {
    name = "all three birds in time",
    level = "around-you",
    input = {
      { t = 1.0, action = "turnTo", azimuth = 180 },   -- the robin, behind
      { t = 1.2, action = "select" },
      { t = 2.0, action = "turnTo", azimuth = 250 },   -- the finch, left
      { t = 2.2, action = "select" },
      { t = 3.0, action = "turnTo", azimuth = 38 },    -- the lark has flown to 20 + 6 × 3.1 = 38.6
      { t = 3.1, action = "select" },
    },
    -- parTime is 30 here: 1000 + 500 × (30 − 3.1) / 30 = 1448. Turning 180°, then 70°,
    -- then 148° adds up to more than a full circle.
    expect = { outcome = "won", score = 1448, misses = 0, found = { "robin", "finch", "lark" },
               achievements = { "firstWin", "flawless", "fullCircle", "quickEar" } },
  },
  {
    name = "the lark is no longer where it started",
    level = "around-you",
    input = {
      { t = 10.0, action = "turnTo", azimuth = 20 },   -- by now it is at 80°
      { t = 10.5, action = "select" },
    },
    maxSeconds = 12,
    expect = { outcome = "running", misses = 1, found = {} },
  },
  {
    name = "the minute runs out",
    level = "around-you",
    input = {},
    expect = { outcome = "lost", score = 0, misses = 0, achievements = {} },
  },
}
