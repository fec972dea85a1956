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

    /// The door level, then chapter `two`, whose first step a story that goes on there
    /// passes over (it goes on with the step after its place, as after a cut-scene).
    static let twoChapters = """
        { "chapters": [ { "id": "one", "steps": [ { "level": "door" }, { "end": "x" } ] },
                        { "id": "two", "steps": [ { "end": "passed" }, { "end": "y" } ] } ] }
        """

    /// What the story did when its rule runs `body` on `action`, with the door level
    /// played by `play`.
    static func transcript(on action: String, writing body: String, play: String = Doorbell.winDoor) throws -> StoryTranscript {
        let results = try Doorbell.results(
            story: twoChapters, rule: "echolot.story({ on = { [\"\(action)\"] = function(story) \(body) end } })",
            test: #"{ "plays": [ \#(play) ], "expect": { "status": "finished" } }"#)
        return try #require(results.first?.transcript)
    }

    /// A rule that moves the story as its level is won or lost moves it: to no place, the
    /// story stops, told; to a chapter it has, it goes on there (it stayed on the ended
    /// level for ever: "level 'door' did not end within 600 s of its inputs").
    @Test(arguments: [("-1", "(chapter 'one', step -1) is no step of the story"),
                      ("math.maxinteger", "(chapter 'one', step \(Int.max)) is no step of the story")])
    func aPlaceThatIsNoStepWrittenAsALevelIsWonStopsTheStory(step: String, told: String) throws {
        let transcript = try Self.transcript(on: "level.won", writing: "story.step = \(step)")
        #expect(transcript.status == StoryStatus.stopped.rawValue)
        #expect(transcript.errors.map(\.message) == ["the story's place \(told); only the story itself moves it "
            + "(a story rule writes story.vars, or emits story.jump)"])
    }

    @Test(arguments: ["level.won", "level.lost"])
    func aChapterWrittenAsALevelEndsIsWhereTheStoryGoesOn(action: String) throws {
        // Selecting straight ahead misses the bell: with no miss allowed, the level is lost.
        let lose = #"{ "level": "door", "input": [ { "t": 0.5, "action": "select" } ] }"#
        let transcript = try Self.transcript(on: action, writing: "story.chapter = 'two'",
                                             play: action == "level.won" ? Doorbell.winDoor : lose)
        #expect(transcript.errors.map(\.message) == [])
        #expect(transcript.status == StoryStatus.finished.rawValue)
        #expect(transcript.ending == "y")
    }

    /// A chapter that is no string, or none, and a step that is no integer are no place of
    /// the story: it stops, naming what was written (a chapter -1 ended the story as if it
    /// were over, and a step "two" was read as 0).
    @Test(arguments: [
        ("story.chapter = -1", "is chapter -1, which is no chapter id"),
        ("story.chapter = 99", "is chapter 99, which is no chapter id"),
        ("story.chapter = { 'two' }", "is chapter a list, which is no chapter id"),
        ("story.chapter = nil", "has no chapter"),
        ("story.step = 'two'", "is step 'two', which is no step number"),
        ("story.step = 0.5", "is step 0.5, which is no step number"),
        ("story.step = nil", "has no step"),
    ])
    func aPlaceOfTheWrongTypeStopsTheStory(body: String, told: String) throws {
        let story = """
            { "chapters": [ { "id": "one", "steps": [
                { "cutscene": "arrive", "lines": [ { "id": "arrive.1", "duration": 2 } ] }, { "level": "door" }, { "end": "x" } ] },
              { "id": "two", "steps": [ { "end": "y" } ] } ] }
            """
        let stopped = "the story's place \(told); only the story itself moves it (a story rule writes story.vars, or emits story.jump)"
        for action in ["cutscene.done", "level.won"] {
            let results = try Doorbell.results(
                story: story, rule: "echolot.story({ on = { [\"\(action)\"] = function(story) \(body) end } })",
                test: #"{ "plays": [ \#(Doorbell.winDoor) ], "expect": { "status": "stopped" } }"#)
            let transcript = try #require(results.first?.transcript)
            #expect(transcript.status == StoryStatus.stopped.rawValue, "\(action)")
            #expect(transcript.ending == nil, "\(action)")
            #expect(transcript.errors.first?.message == stopped, "\(action)")
        }
    }
}
