-- The clearing played on its own (Play single levels): no story plays, so the story's rule
-- does not run, and the level ends as its goals say.
return {
  {
    name = "alone, the clearing is lost when its 30 seconds run out",
    level = "clearing",
    input = { { t = 31, action = "end" } },
    expect = { outcome = "lost" },
  },
  {
    name = "alone, the clearing is won by finding the owl",
    level = "clearing",
    input = { { t = 1, action = "turnTo", azimuth = 30 }, { t = 1.5, action = "select" } },
    expect = { outcome = "won", found = { "owl" } },
  },
}
