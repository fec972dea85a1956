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

    /// A story rule says the time it hears in words, in five-minute steps: English unless
    /// it names German, whatever the player reads, so the run replays in any language.
    @Test func aStoryRuleSaysTheTimeInWords() throws {
        let problems = try Doorbell.problems(
            story: #"{ "chapters": [ { "id": "outside", "steps": [ { "level": "door" }, { "end": "inside" } ] } ] }"#,
            rule: """
                echolot.story({ on = { clock = function(story, action)
                  story.vars.en = echolot.timeInWords(action.hour, action.minute)
                  story.vars.de = echolot.timeInWords(action.hour, action.minute, "de")
                  story.vars.noon = echolot.timeInWords(11, 58, "en")
                end } })
                """,
            test: """
                { "clock": "8:43", "plays": [ \(Doorbell.winDoor) ],
                  "expect": { "variables": { "en": "quarter to nine", "de": "Viertel vor neun", "noon": "twelve o'clock" },
                              "ending": "inside" } }
                """)
        #expect(problems == [])
    }

    /// Only the story's own rule hears the story begin: achievements and game reducers run
    /// in levels (docs/modding.md), and one that heard `story.start` would be earned before
    /// any level, where no run records it. In the level they run as ever.
    @Test func onlyTheStoryRuleHearsTheStoryBegin() throws {
        let results = try Doorbell.results(
            story: #"{ "chapters": [ { "id": "outside", "steps": [ { "level": "door" }, { "end": "inside" } ] } ] }"#,
            rule: """
                echolot.story({ on = { ["story.start"] = function(story) story.vars.started = true end } })
                echolot.achievement("early", { title = "Early", on = {
                  ["story.start"] = function(progress) print("achievement heard story.start") end,
                  ["level.started"] = function(progress) print("achievement heard level.started") end,
                } })
                echolot.reducer({ focus = "game", on = { ["story.*"] = function(game, action) print("game reducer heard " .. action.name) end } })
                """,
            test: #"{ "plays": [ \#(Doorbell.winDoor) ], "expect": { "variables": { "started": true }, "ending": "inside" } }"#)
        let result = try #require(results.first)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(!result.printed.contains("achievement heard story.start"), "\(result.printed)")
        #expect(!result.printed.contains("game reducer heard story.start"), "\(result.printed)")
        #expect(result.printed.contains("achievement heard level.started"), "\(result.printed)")
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
            story: twoChapters, rule: "echolot.story({ on = { [\"\(action)\"] = function(story, action, ctx) \(body) end } })",
            test: #"{ "plays": [ \#(play) ], "expect": { "status": "finished" } }"#)
        return try #require(results.first?.transcript)
    }

    /// The door level, then a chapter a rule's jump goes to, which tells whether the level
    /// was won before it (its outcome noted) by the ending.
    static let jumpFromTheDoor = """
        { "chapters": [ { "id": "one", "steps": [ { "level": "door" }, { "end": "x" } ] },
                        { "id": "cellar", "steps": [ { "if": { "outcome": "won" }, "goto": "won" }, { "end": "cut-off" } ] },
                        { "id": "won", "steps": [ { "end": "won" } ] } ] }
        """

    /// A jump a rule emits on the select that also wins the level waits for the level's
    /// outcome: the win is kept (the story's rule hears level.won, the outcome is noted, the
    /// run is recorded won), then the story goes where the jump says. The jump cut the level
    /// off at once: the win came after the level was gone, and was lost.
    @Test func aJumpOnTheSelectThatWinsTheLevelKeepsTheWin() throws {
        let problems = try Doorbell.problems(
            story: Self.jumpFromTheDoor,
            rule: """
                echolot.story({ on = {
                  ["entity.selected"] = function(story, action, ctx) ctx.emit("story.jump", { chapter = "cellar" }) end,
                  ["level.won"] = function(story) story.vars.won = true end } })
                """,
            test: #"{ "plays": [ \#(Doorbell.winDoor) ], "expect": { "levels": ["door"], "variables": { "won": true }, "ending": "won" } }"#)
        #expect(problems == [], "\(problems)")
    }

    /// A jump during a level that does not decide it leaves the level at the next tick,
    /// undecided (a run of it is recorded as abandoned), and the story goes where it says.
    @Test func aJumpDuringALevelThatDoesNotEndItLeavesIt() throws {
        let problems = try Doorbell.problems(
            story: Self.jumpFromTheDoor,
            rule: """
                echolot.story({ on = { tick = function(story, action, ctx)
                  if story.scene.kind == "level" and not story.vars.jumped then
                    story.vars.jumped = true
                    ctx.emit("story.jump", { chapter = "cellar" })
                  end
                end } })
                """,
            test: #"{ "plays": [ \#(Doorbell.winDoor) ], "expect": { "levels": ["door"], "variables": { "jumped": true }, "ending": "cut-off" } }"#)
        #expect(problems == [], "\(problems)")
    }

    /// A rule that jumps back to a cut-scene as it ends or speaks makes a story without
    /// end, whose cut-scenes take no inputs to run out of (the test ran for ever, printing
    /// nothing): the test fails at the play the run was on its way to, saying the story
    /// loops — or with the cascade a jump on the line makes first. A rule that jumps back a
    /// few times, counting, plays on.
    @Test(arguments: ["cutscene.done", "story.line", "tick"])
    func aRuleJumpingBackToACutsceneForEverStopsTheRun(action: String) throws {
        let story = """
            { "chapters": [ { "id": "outside", "steps": [
              { "cutscene": "arrive", "lines": [ { "id": "arrive.1", "speaker": "me", "duration": 2 } ] },
              { "level": "door" }, { "end": "inside" } ] } ] }
            """
        let problems = try Doorbell.results(
            story: story,
            rule: #"echolot.story({ on = { ["\#(action)"] = function(s, a, ctx) ctx.emit("story.jump", { chapter = "outside" }) end } })"#,
            test: #"{ "plays": [ \#(Doorbell.winDoor) ], "expect": { "ending": "inside" } }"#).flatMap(\.diagnostics)
        let told = action == "story.line"
            ? "scripts/story.lua:1:1: error: more than 10000 follow-up actions in one batch"
            : "scripts/story.lua:1: error: the story entered cutscene 'arrive' 11 times with no inputs played between them: "
                + "it loops, and the last jump back came from this line, a story rule of pack 'doorbell': jump back only a few "
                + "times (count them in story.vars) or on what the player does; a run stops after 10 such entries"
        #expect(problems.count == 1 && problems[0].message.hasPrefix("the story run failed: \(told)"), "\(problems)")
        #expect(problems.first?.line == 1 && problems.first?.column == 14, "\(problems)")
        // A rule on every tick counts every tick of the level too: no count of jumps to expect.
        guard action != "tick" else { return }
        let counted = try Doorbell.problems(
            story: story,
            rule: """
                echolot.story({ on = { ["\(action)"] = function(s, a, ctx)
                  s.vars.again = (s.vars.again or 0) + 1
                  if s.vars.again <= 9 then ctx.emit("story.jump", { chapter = "outside" }) end
                end } })
                """,
            test: #"{ "plays": [ \#(Doorbell.winDoor) ], "expect": { "variables": { "again": 10 }, "ending": "inside" } }"#)
        #expect(counted == [])
    }

    /// What a rule's write of the story's `field` that is no place is refused with, at its
    /// line, as a jump to a chapter the story lacks is: `problem`, then what to do.
    static func refusedPlace(_ field: String, _ problem: String) -> String {
        "error: field '\(field)': \(problem); only the story itself moves it: to move the story, emit story.jump"
    }

    /// The first error of `transcript` is a rule's, at its line of `scripts/story.lua`,
    /// holding `told`, and the story did not stop on it.
    static func expectToldAtTheRule(_ transcript: StoryTranscript, _ told: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let first = transcript.errors.first?.message ?? ""
        #expect(first.hasPrefix("scripts/story.lua:1:") && first.contains(told), "\(transcript.errors)", sourceLocation: sourceLocation)
        #expect(transcript.status != StoryStatus.stopped.rawValue, sourceLocation: sourceLocation)
    }

    /// A rule that moves the story as its level is won or lost moves it: to no place, it is
    /// refused at the rule's line (it stopped the story after the call, told with no line);
    /// to a chapter it has, it goes on there (it stayed on the ended level for ever: "level
    /// 'door' did not end within 600 s of its inputs").
    @Test(arguments: [("-1", "-1"), ("math.maxinteger", "\(Int.max)")])
    func aPlaceThatIsNoStepWrittenAsALevelIsWonIsToldAtTheRule(step: String, written: String) throws {
        let transcript = try Self.transcript(on: "level.won", writing: "story.step = \(step)")
        Self.expectToldAtTheRule(transcript, Self.refusedPlace("step", "the story's step is a step number from 0 up, not \(written)"))
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

    /// A chapter that is no string, or none, one the story lacks, and a step that is no
    /// integer are no place of the story: the write is refused at the rule's line, naming
    /// what was written (it stopped the story after the call, with no line of the rule's; a
    /// chapter -1 once ended the story as if it were over, and a step "two" was read as 0).
    @Test(arguments: [
        ("story.chapter = -1", refusedPlace("chapter", "the story's chapter is a chapter id, not -1")),
        ("story.chapter = 99", refusedPlace("chapter", "the story's chapter is a chapter id, not 99")),
        ("story.chapter = { 'two' }", refusedPlace("chapter", "the story's chapter is a chapter id, not a table")),
        ("story.chapter = nil", refusedPlace("chapter", "the story's place needs its chapter")),
        ("story.chapter = 'tow'", refusedPlace("chapter", "the story names chapter 'tow', which story.json does not define (did you mean 'two'?)")),
        ("story.step = 'two'", refusedPlace("step", "the story's step is a step number from 0 up, not 'two'")),
        ("story.step = 0.5", refusedPlace("step", "the story's step is a step number from 0 up, not 0.5")),
        ("story.step = nil", refusedPlace("step", "the story's place needs its step")),
    ])
    func aPlaceOfTheWrongTypeIsToldAtTheRule(body: String, told: String) throws {
        let story = """
            { "chapters": [ { "id": "one", "steps": [
                { "cutscene": "arrive", "lines": [ { "id": "arrive.1", "duration": 2 } ] }, { "level": "door" }, { "end": "x" } ] },
              { "id": "two", "steps": [ { "end": "y" } ] } ] }
            """
        for action in ["cutscene.done", "level.won"] {
            let results = try Doorbell.results(
                story: story, rule: "echolot.story({ on = { [\"\(action)\"] = function(story, action, ctx) \(body) end } })",
                test: #"{ "plays": [ \#(Doorbell.winDoor) ], "expect": { "status": "stopped" } }"#)
            let transcript = try #require(results.first?.transcript)
            Self.expectToldAtTheRule(transcript, told)
            #expect(transcript.ending == nil, "\(action)")
        }
    }

    /// What the story did when its rule runs `body` on `action` in `story`, with `plays`.
    static func transcript(of story: String, on action: String, writing body: String, plays: String = "") throws -> StoryTranscript {
        let results = try Doorbell.results(
            story: story, rule: "echolot.story({ on = { [\"\(action)\"] = function(story, action, ctx) \(body) end } })",
            test: #"{ "plays": [ \#(plays) ], "expect": { "status": "finished" } }"#)
        return try #require(results.first?.transcript)
    }

    /// A cut-scene of two lines, the door level, and chapter `two` as in ``twoChapters``.
    static let cutsceneFirst = """
        { "chapters": [ { "id": "one", "steps": [
            { "cutscene": "arrive", "lines": [ { "id": "arrive.1", "duration": 2 }, { "id": "me", "duration": 2 } ] },
            { "level": "door" }, { "end": "x" } ] },
          { "id": "two", "steps": [ { "end": "passed" }, { "end": "y" } ] } ] }
        """

    /// A rule that moves the story during a cut-scene (on a tick or a line) ends the scene
    /// there and the story goes on with the step after the place written, as at the
    /// scene's end (the cut-scene stalled: "cut-scene 'arrive' did not end").
    @Test(arguments: [("tick", "story.chapter = 'two'", "y"), ("story.line", "story.chapter = 'two'", "y"),
                      ("tick", "story.step = 1", "x")])
    func aPlaceWrittenDuringACutsceneIsWhereTheStoryGoesOn(action: String, body: String, ending: String) throws {
        let transcript = try Self.transcript(of: Self.cutsceneFirst, on: action,
                                             writing: "if story.scene.kind == 'cutscene' then \(body) end")
        #expect(transcript.errors.map(\.message) == [])
        #expect(transcript.status == StoryStatus.finished.rawValue)
        #expect(transcript.ending == ending)
        // The rest of the scene is not spoken.
        #expect(transcript.lines == ["arrive.1"])
    }

    /// A place that is no place, written during a cut-scene, is refused at the rule's line
    /// as one written at a scene's end is.
    @Test(arguments: [("story.step = -1", refusedPlace("step", "the story's step is a step number from 0 up, not -1")),
                      ("story.chapter = 99", refusedPlace("chapter", "the story's chapter is a chapter id, not 99"))])
    func aPlaceThatIsNoPlaceWrittenDuringACutsceneIsToldAtTheRule(body: String, told: String) throws {
        let transcript = try Self.transcript(of: Self.cutsceneFirst, on: "tick",
                                             writing: "if story.scene.kind == 'cutscene' then \(body) end")
        Self.expectToldAtTheRule(transcript, told)
    }

    /// A choice of two options, then chapter `two` as in ``twoChapters``.
    static let choiceFirst = """
        { "chapters": [ { "id": "one", "steps": [
            { "choice": "greet", "options": [
              { "value": "wave", "azimuth": 270, "line": { "id": "me", "duration": 1 } },
              { "value": "hug", "azimuth": 90, "line": { "id": "arrive.1", "duration": 1 } } ] },
            { "end": "x" } ] },
          { "id": "two", "steps": [ { "end": "passed" }, { "end": "y" } ] } ] }
        """

    /// Picking `hug` half a second into the choice.
    static let pickHug = #"{ "choice": "greet", "input": [ { "t": 0.5, "action": "selectEntity", "id": "hug" } ] }"#

    /// A rule that moves the story while a choice is offered ends the choice unpicked at the
    /// next tick; one that moves it as the choice is made keeps the pick. Either way the
    /// story goes on from the place written (the choice stalled, its pick ignored).
    @Test(arguments: [("story.choice", nil), ("tick", nil), ("choice.made", "hug")])
    func aPlaceWrittenDuringAChoiceIsWhereTheStoryGoesOn(action: String, pick: String?) throws {
        let transcript = try Self.transcript(of: Self.choiceFirst, on: action,
                                             writing: "if story.scene.kind == 'choice' then story.chapter = 'two' end",
                                             plays: Self.pickHug)
        #expect(transcript.errors.map(\.message) == [])
        #expect(transcript.status == StoryStatus.finished.rawValue)
        #expect(transcript.ending == "y")
        #expect(transcript.variables["greet"] == pick.map { .string($0) })
    }

    /// A place that is no step, written as a choice is made, is refused at the rule's line.
    @Test func aPlaceThatIsNoPlaceWrittenAsAChoiceIsMadeIsToldAtTheRule() throws {
        let transcript = try Self.transcript(of: Self.choiceFirst, on: "choice.made", writing: "story.step = -1",
                                             plays: Self.pickHug)
        Self.expectToldAtTheRule(transcript, Self.refusedPlace("step", "the story's step is a step number from 0 up, not -1"))
    }

    /// A jump to a target that is no chapter id (or none) is refused at the rule's
    /// `ctx.emit`, as one to a chapter the story lacks is (the story's reducer rejected the
    /// action after the call, naming no line).
    @Test(arguments: [("{ chapter = 5 }", "found integer"), ("{ chapter = true }", "found boolean"), ("{}", "found nil"),
                      ("nil", "found nil")])
    func aJumpToNoChapterIdIsToldAtTheEmit(payload: String, found: String) throws {
        let transcript = try Self.transcript(on: "level.won", writing: "ctx.emit('story.jump', \(payload))")
        Self.expectToldAtTheRule(transcript, "error: ctx.emit: story.jump: 'chapter' must be a chapter id, \(found)")
    }

    /// A `story.set` whose name is no variable name is refused at the rule's `ctx.emit`, as
    /// a jump to no chapter id is (the story's reducer rejected it after the call, naming
    /// no line).
    @Test(arguments: [("{ name = 5, value = 1 }", "found integer"), ("{ value = 1 }", "found nil"),
                      ("{ name = true, value = 1 }", "found boolean")])
    func aSetOfNoVariableNameIsToldAtTheEmit(payload: String, found: String) throws {
        let transcript = try Self.transcript(on: "level.won", writing: "ctx.emit('story.set', \(payload))")
        Self.expectToldAtTheRule(transcript, "error: ctx.emit: story.set: 'name' must be a variable name, \(found)")
    }

    /// A level plays on when a rule moves the story during it, and so do the lines spoken
    /// over it (they fell silent); the place counts once the level is won.
    @Test func theLinesOverALevelGoOnWhenARuleMovesTheStory() throws {
        let story = """
            { "chapters": [ { "id": "one", "steps": [
                { "level": "door", "lines": [ { "id": "arrive.1", "duration": 0.2 }, { "id": "me", "duration": 0.2 } ] },
                { "end": "x" } ] },
              { "id": "two", "steps": [ { "end": "passed" }, { "end": "y" } ] } ] }
            """
        let transcript = try Self.transcript(of: story, on: "story.line", writing: "story.chapter = 'two'", plays: Doorbell.winDoor)
        #expect(transcript.errors.map(\.message) == [])
        #expect(transcript.lines == ["arrive.1", "me"])
        #expect(transcript.ending == "y")
    }

    /// A rule that emits one of the story's announcements is told at its line what to do
    /// instead (its `story.finished` had play say "The story ends" and go on to the next
    /// level; its `story.stopped` failed the test "the story run failed: bye" while the
    /// story still ran). A rule's own `story.*` name and the requests stay its to emit.
    @Test(arguments: [
        ("story.finished", "that it reached an end step; to end the story, emit story.jump to a chapter whose steps end it"),
        ("story.stopped", "that it stopped on an error; to end the story, emit story.jump to a chapter whose steps end it"),
        ("story.line", "that a line begins; to speak lines, emit story.jump to a chapter whose cut-scene says them"),
        ("story.level", "that a level is entered; to play one, emit story.jump to a chapter whose level step plays it"),
    ])
    func aRuleCannotEmitTheStorysAnnouncements(name: String, told: String) throws {
        let problems = try Doorbell.problems(
            story: Self.cutsceneFirst,
            rule: """
                echolot.story({ on = { ["cutscene.done"] = function(story, action, ctx)
                  ctx.emit("\(name)", { ending = "tower", message = "bye", id = "door" })
                end } })
                """,
            test: #"{ "plays": [ \#(Doorbell.winDoor) ], "expect": { "ending": "x" } }"#)
        #expect(problems.count == 1, "\(problems)")
        #expect(problems.first?.contains("scripts/story.lua:2:3: error: ctx.emit: \(name) is the story's own announcement \(told)") == true,
                "\(problems)")
        let own = try Doorbell.problems(
            story: Self.twoChapters,
            rule: """
                echolot.story({ on = { ["level.won"] = function(story, action, ctx)
                  ctx.emit("story.doorOpened", {})
                  ctx.emit("story.set", { name = "opened", value = true })
                end } })
                """,
            test: #"{ "plays": [ \#(Doorbell.winDoor) ], "expect": { "variables": { "opened": true }, "ending": "x" } }"#)
        #expect(own == [])
    }

    /// A rule's jump to a chapter the story lacks is told at its `ctx.emit`, with the one
    /// meant: it stopped the story after the call, with no file, line or rule named.
    @Test func aJumpToAChapterTheStoryLacksIsToldAtTheEmit() throws {
        let problems = try Doorbell.problems(
            story: Self.twoChapters,
            rule: "echolot.story({ on = { [\"level.won\"] = function(story, action, ctx)\n  ctx.emit(\"story.jump\", { chapter = \"tow\" })\nend } })",
            test: #"{ "plays": [ \#(Doorbell.winDoor) ], "expect": { "ending": "x" } }"#)
        #expect(problems.count == 1, "\(problems)")
        #expect(problems.first?.contains("scripts/story.lua:2:") == true, "\(problems)")
        #expect(problems.first?.contains("ctx.emit: story.jump: the story names chapter 'tow', which story.json does not define "
            + "(did you mean 'two'?)") == true, "\(problems)")
        // One it has is taken.
        let fine = try Doorbell.problems(
            story: Self.twoChapters,
            rule: "echolot.story({ on = { [\"level.won\"] = function(story, action, ctx)\n  ctx.emit(\"story.jump\", { chapter = \"two\" })\nend } })",
            test: #"{ "plays": [ \#(Doorbell.winDoor) ], "expect": { "ending": "passed" } }"#)
        #expect(fine == [], "\(fine)")
    }

    /// A rule's write of the story's status, or of variables that are no table, is refused
    /// at its line (a status "paused" ended the story with no sentence and the test said
    /// only that inputs were not used; `story.vars = 5` left the variables `{}`, untold).
    @Test(arguments: [
        ("story.status = 'paused'", "field 'status': the story's status changes only as the story plays (it is 'running'); "
            + "to end the story, emit story.jump to a chapter whose steps end it (an \"end\" step)"),
        ("story.status = 'finished'", "field 'status': the story's status changes only as the story plays (it is 'running'); "
            + "to end the story, emit story.jump to a chapter whose steps end it (an \"end\" step)"),
        ("story.vars = 5", "field 'vars': the story's variables are a table of named values (story.vars.mood = \"happy\"), not 5"),
        ("story.vars = nil", "field 'vars': the story's variables are a table of named values (story.vars.mood = \"happy\"), not nil"),
        ("story.vars = { 1, 2 }", "field 'vars': the story's variables are a table of named values (story.vars.mood = \"happy\"), not a list"),
        ("return { status = 'stopped', vars = {}, chapter = story.chapter, step = story.step }",
            "field 'status': the story's status changes only as the story plays (it is 'running')"),
    ])
    func aRuleCannotWriteTheStatusOrVariablesThatAreNoTable(body: String, told: String) throws {
        let problems = try Doorbell.problems(
            story: Self.twoChapters,
            rule: "echolot.story({ on = { [\"level.won\"] = function(story)\n  \(body)\nend } })",
            test: #"{ "plays": [ \#(Doorbell.winDoor) ], "expect": { "ending": "x" } }"#)
        #expect(problems.count == 1, "\(problems)")
        #expect(problems.first?.contains(told) == true, "\(problems)")
        #expect(problems.first?.contains("scripts/story.lua:") == true, "\(problems)")
    }

    /// A `variables` mismatch names the first variable, by name, that differs, as a list's
    /// names its first differing item (both whole objects, printed alone, left the author
    /// to find it).
    @Test(arguments: [
        (#"{ "falls": 0, "mood": "happy" }"#,
         #"variables.mood: expected "happy", got nothing: the story never set it (the whole variables: {"falls":0,"seen door":true})"#),
        (#"{ "falls": 1, "seen door": true }"#,
         #"variables.falls: expected 1, got 0 (the whole variables: {"falls":0,"seen door":true})"#),
        (#"{ "falls": 0 }"#,
         #"variables["seen door"]: expected nothing, got true: the expectation lists every variable the story sets (the whole variables: {"falls":0,"seen door":true})"#),
    ])
    func aVariablesMismatchNamesTheFirstDifferingVariable(expected: String, told: String) throws {
        let problems = try Doorbell.results(
            story: Self.twoChapters,
            rule: #"echolot.story({ on = { ["level.won"] = function(story) story.vars.falls = 0; story.vars["seen door"] = true end } })"#,
            test: #"{ "plays": [ \#(Doorbell.winDoor) ], "expect": { "variables": \#(expected), "ending": "x" } }"#)
            .flatMap(\.diagnostics).map(\.message)
        #expect(problems == [told])
    }
}
