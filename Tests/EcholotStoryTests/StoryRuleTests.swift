import EcholotModel
import EcholotScript
import Testing

/// What a story rule (`echolot.story`) sees and what its writes to the record do.
@Suite struct StoryRuleTests {
    /// A story rule hears the story from its first action: `story.start`, the clock
    /// announced before it, and the first scene's `story.level`, as it hears later ones
    /// (they ran in a store without the pack's rules, and were lost).
    @Test func aStoryRuleSeesTheStoryBegin() throws {
        let problems = try Doorbell.problems(
            story: #"{ "chapters": [ { "id": "outside", "steps": [ { "level": "door" }, { "level": "door" }, { "end": "inside" } ] } ] }"#,
            rule: """
                echolot.story({ on = {
                  ["story.start"] = function(story) story.vars.started = true end,
                  ["story.level"] = function(story) story.vars.levels = (story.vars.levels or 0) + 1 end,
                  ["clock"] = function(story) story.vars.clocks = (story.vars.clocks or 0) + 1 end,
                } })
                """,
            test: """
                { "clock": { "hour": 21, "minute": 40 }, "plays": [ \(Doorbell.winDoor), \(Doorbell.winDoor) ],
                  "expect": { "variables": { "started": true, "levels": 2, "clocks": 1 }, "ending": "inside" } }
                """)
        #expect(problems == [])
    }

    /// The first cut-scene's first line is heard by a story rule too.
    @Test func aStoryRuleHearsTheFirstLine() throws {
        let problems = try Doorbell.problems(
            story: """
                { "chapters": [ { "id": "outside", "steps": [
                  { "cutscene": "arrive", "lines": [ { "id": "arrive.1", "speaker": "me", "duration": 2 } ] },
                  { "end": "inside" } ] } ] }
                """,
            rule: #"echolot.story({ on = { ["story.line"] = function(story, action) story.vars.heard = action.id end } })"#,
            test: #"{ "plays": [], "expect": { "lines": ["arrive.1"], "variables": { "heard": "arrive.1" }, "ending": "inside" } }"#)
        #expect(problems == [])
    }
}
