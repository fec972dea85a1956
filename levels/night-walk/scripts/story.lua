-- Night Walk's story rule: the chapters are in story.json; this reducer keeps a count of
-- the levels the player lost in a story variable, which the ending can speak about.
-- Its focus is the game's `story` record (story.vars holds the story variables).

echolot.story({
  description = "Counts lost levels in story.vars.falls.",
  on = {
    ["level.lost"] = function(story)
      story.vars.falls = (story.vars.falls or 0) + 1
    end,
  },
})
