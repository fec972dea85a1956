/// The note `echolot validate` gives at a story pack's `story.json:1:1` when the pack's own
/// scripts can drive the story, so the checks that need a story only its steps drive are
/// left out: the tests of packs with scripts expect it beside their own lines.
public let storyScriptsNote = "the pack's scripts can set story variables or move the story, so validate does not check "
    + "what the story never reaches, tests of values its variables are never given, or ending and option strings it "
    + "never shows"
