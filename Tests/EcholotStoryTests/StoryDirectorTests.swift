import EcholotCore
@testable import EcholotModel
import Foundation
import Testing

/// The director at run time: unchecked stories stop with a message instead of looping.
@Suite struct StoryDirectorTests {
    static func run(_ chapters: [Chapter]) throws -> StoryTranscript {
        let pack = try StoryValidationTests.pack()
        // Named as typed on a command line: a run names the file as the pack knows it.
        let book = StoryBook(chapters: chapters, start: chapters[0].id, displayPath: "packs/tale/story.json")
        return StoryRunner().run(book, pack: pack, script: StoryScript()) { _ in [] }
    }

    @Test func aLoopOfJumpsStopsTheStory() throws {
        let transcript = try Self.run([
            Chapter(id: "a", steps: [StoryStep(.jump("b"), at: .start)], position: .start),
            Chapter(id: "b", steps: [StoryStep(.jump("a"), at: .start)], position: .start),
        ])
        #expect(transcript.status == "stopped")
        #expect(transcript.errors.first?.message.contains("its jumps loop") == true)
    }

    @Test func anUnknownChapterStopsTheStory() throws {
        let transcript = try Self.run([Chapter(id: "a", steps: [StoryStep(.jump("zz"), at: .start)], position: .start)])
        #expect(transcript.status == "stopped")
        #expect(transcript.errors.map(\.message) == ["story.json:1:1: no chapter 'zz'"])
    }

    @Test func cutsceneLinesFollowTheirDurations() throws {
        let lines = [StoryLine(id: "hello", seconds: 1), StoryLine(id: "bye", seconds: 1)]
        let transcript = try Self.run([
            Chapter(id: "a", steps: [
                StoryStep(.cutscene(Cutscene(id: "s", lines: lines)), at: .start),
                StoryStep(.set("seen", .bool(true)), at: .start),
                StoryStep(.end("done"), at: .start),
            ], position: .start),
        ])
        #expect(transcript.lines == ["hello", "bye"])
        #expect(transcript.variables["seen"] == .bool(true))
        #expect(transcript.ending == "done")
    }

    /// A variable test compares numbers by value, as JSON tells them and a story test
    /// compares them: a variable set to 1 holds for 1.0, and one set to 2.5 for 2.5 only.
    @Test func aVariableTestComparesNumbersByValue() throws {
        func ending(set value: Value, test expected: Value) throws -> String? {
            try Self.run([
                Chapter(id: "a", steps: [
                    StoryStep(.set("n", value), at: .start),
                    StoryStep(.branch(.variable("n", expected), .chapter("b")), at: .start),
                    StoryStep(.end("unequal"), at: .start),
                ], position: .start),
                Chapter(id: "b", steps: [StoryStep(.end("equal"), at: .start)], position: .start),
            ]).ending
        }
        #expect(try ending(set: .int(1), test: .number(1.0)) == "equal")
        #expect(try ending(set: .number(2.0), test: .int(2)) == "equal")
        #expect(try ending(set: .number(2.5), test: .int(2)) == "unequal")
        #expect(try ending(set: .string("1"), test: .int(1)) == "unequal")
    }

    /// A story test's play names the kind of its scene as well as the id: the inputs for a
    /// level are not taken by a cut-scene of the same id before it.
    @Test func aPlayIsForItsKindOfScene() throws {
        let pack = try StoryValidationTests.pack()
        let book = StoryBook(chapters: [Chapter(id: "a", steps: [
            StoryStep(.cutscene(Cutscene(id: "walk", lines: [StoryLine(id: "hello", seconds: 1)])), at: .start),
            StoryStep(.level(LevelStep(level: "walk")), at: .start),
            StoryStep(.end("done"), at: .start),
        ], position: .start)], start: "a", displayPath: "story.json")
        let leave = InputLog([InputEvent(t: 0.5, action: Action(ActionName.end))])
        let script = StoryScript(plays: [StoryScript.Play(kind: .level, scene: "walk", log: leave)])
        let transcript = StoryRunner().run(book, pack: pack, script: script) { _ in [] }
        #expect(transcript.errors == [])
        #expect(transcript.lines == ["hello"])
        #expect(transcript.levels == ["walk"])
    }

    /// An expectation in a form the transcript never has (`"errors": "x"`) was taken, and
    /// told only as a mismatch after the run; a `"clock"` written as `expect.clocks` writes
    /// times was refused.
    @Test func expectationsAndTheClockAreReadInTheirForms() throws {
        func problems(_ text: String) -> [String] {
            guard case let .failure(error) = StoryTest.read(Array(text.utf8), displayPath: "tests/t.story.json") else { return [] }
            return error.diagnostics.map(\.description)
        }
        #expect(problems(#"{"expect": {"errors": "x"}}"#)
            == ["tests/t.story.json:1:23: error: 'errors' must be a list of strings, each an error message exactly as the run tells it"])
        #expect(problems(#"{"expect": {"lines": ["a", 2], "variables": [], "status": 1, "ending": null}}"#) == [
            "tests/t.story.json:1:22: error: 'lines' must be a list of strings",
            "tests/t.story.json:1:45: error: 'variables' must be an object of the variables' values ({\"path\": \"river\"})",
            "tests/t.story.json:1:59: error: 'status' must be \"finished\", \"stopped\" or \"running\"",
        ])
        // A status the story never has ran, and failed only after it, as a mismatch; one
        // near a status is told with it.
        #expect(problems(#"{"expect": {"status": "done"}}"#)
            == [#"tests/t.story.json:1:23: error: 'status' must be "finished", "stopped" or "running""#])
        #expect(problems(#"{"expect": {"status": "Finished"}}"#) == [
            #"tests/t.story.json:1:23: error: 'status' must be "finished", "stopped" or "running" (did you mean "finished"?)"#,
        ])
        #expect(problems(#"{"expect": {"status": "runing"}}"#) == [
            #"tests/t.story.json:1:23: error: 'status' must be "finished", "stopped" or "running" (did you mean "running"?)"#,
        ])
        #expect(problems(#"{"clock": "23:10", "expect": {"errors": [], "clocks": ["23:10"]}}"#) == [])
        guard case let .success(test) = StoryTest.read(Array(#"{"clock": "7:05", "expect": {}}"#.utf8), displayPath: "t") else {
            Issue.record("a clock written H:MM reads")
            return
        }
        #expect(test.script.clock == TimeOfDay(hour: 7, minute: 5))
        #expect(problems(#"{"clock": "25:00", "expect": {}}"#)
            == [#"tests/t.story.json:1:11: error: 'clock' must be a time of day, "HH:MM" or {"hour": 0…23, "minute": 0…59}"#])
        // A field the clock does not have was dropped unread, and the test passed on the
        // time without it; a misspelt hour or minute is told once, with the likely name.
        #expect(problems(#"{"clock": {"hour": 9, "minute": 0, "secnd": 3}, "expect": {}}"#)
            == ["tests/t.story.json:1:36: error: 'clock' has no field 'secnd'; it takes hour, minute"])
        #expect(problems(#"{"clock": {"hour": 9, "minut": 0}, "expect": {}}"#)
            == ["tests/t.story.json:1:23: error: 'clock' has no field 'minut' (did you mean 'minute'?)"])
    }

    /// `expect.clocks` takes times as a test's `"clock"` and `--time` do: a `"7:30"` matched
    /// no transcript, which writes `"07:30"`, and text that is no time was told only as a
    /// mismatch after the run.
    @Test func expectedClocksAreTimesOfDay() throws {
        var transcript = StoryTranscript()
        transcript.clocks = ["07:30", "21:40"]
        let test = try StoryTest.read(Array(#"{"expect": {"clocks": ["7:30", "21:40"]}}"#.utf8), displayPath: "t").get()
        #expect(test.check(transcript).isEmpty)
        let late = try StoryTest.read(Array(#"{"expect": {"clocks": ["7:31", "21:40"]}}"#.utf8), displayPath: "t").get()
        #expect(late.check(transcript).map(\.message) == [#"clocks[0]: expected "07:31", got "07:30" (the whole clocks: ["07:30","21:40"])"#])
        guard case let .failure(error) = StoryTest.read(Array(#"{"expect": {"clocks": ["half past seven"]}}"#.utf8),
                                                       displayPath: "tests/t.story.json") else {
            Issue.record("a clock that is no time is refused")
            return
        }
        #expect(error.diagnostics.map(\.description)
            == [#"tests/t.story.json:1:23: error: 'clocks' must be a list of times of day, "HH:MM" each ("07:30" or "7:30")"#])
    }

    /// A play in a story test names exactly one scene; anything else is one diagnostic at
    /// the play's position in the test file.
    @Test func aPlayNamesOneScene() throws {
        func problems(_ play: String) -> [String] {
            let text = #"{"plays": [\#(play)], "expect": {}}"#
            guard case let .failure(error) = StoryTest.read(Array(text.utf8), displayPath: "tests/t.story.json") else { return [] }
            return error.diagnostics.map(\.description)
        }
        #expect(problems(#"{"level": "a", "choice": "b"}"#)
            == ["tests/t.story.json:1:12: error: a play needs exactly one of level, choice or cutscene; it has level and choice: "
               + "keep one, and make the other a play of its own"])
        #expect(problems(#"{"input": []}"#)
            == ["tests/t.story.json:1:12: error: a play needs exactly one of level, choice or cutscene; it has none"])
        #expect(problems(#"{"choise": "b", "input": []}"#)
            == ["tests/t.story.json:1:13: error: a play has no kind 'choise' (did you mean 'choice'?)"])
        #expect(problems(#"{"level": 5}"#) == ["tests/t.story.json:1:22: error: 'level' must be a non-empty string, found a number"])
        #expect(problems(#"{"cutscene": "a"}"#) == [])
        // Its inputs are checked as an input log's lines are; a cut-scene may be skipped.
        #expect(problems(#"{"level": "a", "input": [{"t": 1, "action": "select", "force": 3}]}"#)
            == ["tests/t.story.json:1:66: error: 'select' takes no field 'force'"])
        #expect(problems(#"{"level": "a", "input": [{"t": 1, "action": "turnTo"}]}"#)
            == ["tests/t.story.json:1:37: error: 'turnTo' needs the field 'azimuth'"])
        #expect(problems(#"{"cutscene": "a", "input": [{"t": 0.5, "action": "cutscene.done", "id": "a"}]}"#) == [])
    }

    /// Dispatches `action` into the session's store; the story lines it made.
    static func lines(_ session: StorySession, _ action: Action) -> [String] {
        session.store.dispatch(action).actions.filter { $0.name == StoryAction.line }.compactMap { $0["id"].stringValue }
    }

    /// Lines over a running level begin one after another from its start; the level plays on.
    @Test func linesAreSpokenOverARunningLevel() throws {
        let pack = try StoryValidationTests.pack()
        let lines = [StoryLine(id: "hello", seconds: 1), StoryLine(id: "bye", seconds: 0.5)]
        let book = StoryBook(chapters: [Chapter(id: "a", steps: [
            StoryStep(.level(LevelStep(level: "walk", lines: lines)), at: .start),
        ], position: .start)], start: "a", displayPath: "story.json")
        let session = try StorySession(book, pack: pack) { _ in [] }
        var heard: [(Int, String)] = []
        for action in session.beginning() { _ = session.store.dispatch(action) }
        try session.enterScene()
        _ = session.store.dispatch(.start)
        for tick in 1...180 {
            heard += Self.lines(session, .tick(1.0 / 60)).map { (tick, $0) }
        }
        #expect(heard.map(\.1) == ["hello", "bye"])
        #expect(heard.map(\.0) == [1, 61], "each line begins when the one before has lasted its seconds")
        #expect(session.store.state[Game.level][LevelKeys.status] == .running)
        #expect(session.scene.kind == .level)
    }

    /// A saved story record resumes at its scene, with its variables, and plays on to the end.
    @Test func aSavedRecordResumesAtItsScene() throws {
        let pack = try StoryValidationTests.pack()
        let book = StoryBook(chapters: [Chapter(id: "a", steps: [
            StoryStep(.cutscene(Cutscene(id: "one", lines: [StoryLine(id: "hello", seconds: 1)])), at: .start),
            StoryStep(.set("greeted", .bool(true)), at: .start),
            StoryStep(.cutscene(Cutscene(id: "two", lines: [StoryLine(id: "bye", seconds: 1)])), at: .start),
            StoryStep(.end("done"), at: .start),
        ], position: .start)], start: "a", displayPath: "story.json")
        let first = try StorySession(book, pack: pack) { _ in [] }
        for action in first.beginning() { _ = first.store.dispatch(action) }
        _ = first.store.dispatch(Action(StoryAction.cutsceneDone, ["id": "one"]))
        #expect(first.scene.id == "two")
        let saved = first.story

        let second = try StorySession(book, pack: pack) { _ in [] }
        let heard = second.beginning(resume: saved).flatMap { Self.lines(second, $0) }
        #expect(heard == ["bye"])
        #expect(second.scene.id == "two")
        #expect(second.story["vars"]?.mapValue?["greeted"] == .bool(true))
        _ = second.store.dispatch(Action(StoryAction.cutsceneDone, ["id": "two"]))
        #expect(second.story["ending"] == .string("done"))
    }

    /// A record saved in a level resumes that level as the same attempt: quitting and coming
    /// back is not a second try.
    @Test func aResumedLevelIsTheSameAttempt() throws {
        let pack = try StoryValidationTests.pack()
        let book = StoryBook(chapters: [Chapter(id: "a", steps: [
            StoryStep(.level(LevelStep(level: "walk")), at: .start),
            StoryStep(.end("done"), at: .start),
        ], position: .start)], start: "a", displayPath: "story.json")
        let first = try StorySession(book, pack: pack) { _ in [] }
        for action in first.beginning() { _ = first.store.dispatch(action) }
        #expect(first.story["attempts"]?.mapValue?["walk"] == .int(1))
        let saved = first.story

        let second = try StorySession(book, pack: pack) { _ in [] }
        let entered = second.beginning(resume: saved).flatMap { second.store.dispatch($0).actions }
            .filter { $0.name == StoryAction.level }
        #expect(entered.map { $0["attempt"] } == [.int(1)])
        #expect(second.story["attempts"]?.mapValue?["walk"] == .int(1))
        #expect(second.scene.kind == .level && second.scene.id == "walk")
    }

    /// A record naming a chapter the story no longer has is refused; the story does not start.
    @Test func aRecordOfAnotherStoryIsRefused() throws {
        let pack = try StoryValidationTests.pack()
        let book = StoryBook(chapters: [Chapter(id: "a", steps: [StoryStep(.end("done"), at: .start)], position: .start)],
                             start: "a", displayPath: "story.json")
        let session = try StorySession(book, pack: pack) { _ in [] }
        let transition = session.store.dispatch(Action(StoryAction.resume, ["story": ["chapter": "gone", "step": 0]]))
        #expect(transition.rejections.first?.description.contains("chapter 'gone', which story.json does not define") == true)
        #expect(!session.isRunning)
    }

    /// A record whose step now plays another scene (steps before it were removed or added
    /// since it was saved) is refused: resumed, the story skipped the saved level and went
    /// on past steps it never played. One at the same scene resumes.
    @Test func aRecordWhoseStepNowPlaysAnotherSceneIsRefused() throws {
        let pack = try StoryValidationTests.pack()
        let intro = StoryStep(.cutscene(Cutscene(id: "intro", lines: [StoryLine(id: "hello", seconds: 1)])), at: .start)
        let saved = StoryBook(chapters: [Chapter(id: "a", steps: [
            intro, StoryStep(.level(LevelStep(level: "walk")), at: .start), StoryStep(.set("dry", .bool(true)), at: .start),
            StoryStep(.end("done"), at: .start),
        ], position: .start)], start: "a", displayPath: "story.json")
        let first = try StorySession(saved, pack: pack) { _ in [] }
        for action in first.beginning() { _ = first.store.dispatch(action) }
        _ = first.store.dispatch(Action(StoryAction.cutsceneDone, ["id": "intro"]))
        #expect(first.scene.kind == .level && first.scene.id == "walk")
        let record = first.story

        for (steps, now) in [([StoryStep(.set("dry", .bool(true)), at: .start)], "a set step"),
                             ([StoryStep(.level(LevelStep(level: "other")), at: .start)], "level 'other'"),
                             ([StoryStep(.choice(Choice(id: "walk", variable: "walk", options: [])), at: .start)], "choice 'walk'")] {
            let edited = StoryBook(chapters: [Chapter(id: "a", steps: [intro] + steps + [StoryStep(.end("done"), at: .start)],
                                                      position: .start)], start: "a", displayPath: "packs/tale/story.json")
            let problem = "the saved story is in level 'walk' at step 2 of chapter 'a', where story.json now has \(now)"
            #expect(edited.place(of: record) == .failure(StoryPlaceError(description: problem)))
            let session = try StorySession(edited, pack: pack) { _ in [] }
            let transition = session.store.dispatch(Action(StoryAction.resume, ["story": .map(record)]))
            #expect(transition.rejections.map(\.description) == ["reducer 'story' rejected action 'story.resume': \(problem)"])
            #expect(!session.isRunning)
            #expect(session.story["vars"]?.mapValue?["dry"] == nil, "the set step after the level was not played")
        }
        #expect(saved.place(of: record) == .success(StoryPlace(chapter: 0, step: 1)))
    }

    /// A record at a step the chapter does not have (a hand-edited or stale profile) is
    /// refused with the step and the story file, not a crash.
    @Test func aRecordAtAStepTheChapterLacksIsRefused() throws {
        let pack = try StoryValidationTests.pack()
        let book = StoryBook(chapters: [Chapter(id: "a", steps: [StoryStep(.end("done"), at: .start)], position: .start)],
                             start: "a", displayPath: "story.json")
        for (step, problem) in [(-1, "'step' must be a step number from 0, found -1"), (1, "step 2 of chapter 'a'")] {
            let session = try StorySession(book, pack: pack) { _ in [] }
            let transition = session.store.dispatch(Action(StoryAction.resume, ["story": ["chapter": "a", "step": .int(step)]]))
            #expect(transition.rejections.first?.description.contains(problem) == true)
            #expect(!session.isRunning)
        }
        let session = try StorySession(book, pack: pack) { _ in [] }
        let transition = session.store.dispatch(Action(StoryAction.resume, ["story": ["chapter": "a", "step": 1]]))
        #expect(transition.rejections.first?.description.contains("which has 1 step in story.json") == true)
    }

    /// A cut-scene's voice that speaks from a direction is named by its speaker, as one
    /// over a level is: "In view" then says who speaks, not the whole line again.
    @Test func aCutscenesVoiceIsNamedByItsSpeaker() {
        var level = Level()
        let line = StoryLine(id: "gate.2", speaker: "speaker.owl", voice: "gate.2.ogg", azimuth: 30, seconds: 1)
        StoryScenes.speak(line, in: &level, view: View())
        #expect(level[LevelKeys.entities]["voice"]?[EntityKeys.name] == "speaker.owl")
        StoryScenes.speak(StoryLine(id: "gate.3", voice: "gate.3.ogg", azimuth: 30, seconds: 1), in: &level, view: View())
        #expect(level[LevelKeys.entities]["voice"]?[EntityKeys.name] == "gate.3", "no speaker: the line")
    }

    /// `--time` takes digits only: one or two for the hour (`7:30` is how a morning is often
    /// written, and was refused), two for the minutes.
    @Test func timesOfDayAreDigitsOnly() {
        #expect(TimeOfDay(text: "09:30") == TimeOfDay(hour: 9, minute: 30))
        #expect(TimeOfDay(text: "9:30") == TimeOfDay(hour: 9, minute: 30))
        #expect(TimeOfDay(text: "+9:30") == nil)
        #expect(TimeOfDay(text: "09:-5") == nil)
        #expect(TimeOfDay(text: "9:5") == nil)
        #expect(TimeOfDay(text: "009:30") == nil)
        #expect(TimeOfDay(text: "24:00") == nil)
    }

    /// The clock announces the time at the start and after every simulated minute.
    @Test func theClockAdvancesByMinutesOfTicks() throws {
        let clock = StoryClock(time: try #require(TimeOfDay(hour: 23, minute: 59)), step: 1.0 / 60)
        #expect(clock.announcement["hour"] == .int(23))
        var announced: [Action] = []
        for _ in 0..<(3600 * 2) { if let action = clock.tick() { announced.append(action) } }
        #expect(announced.count == 2)
        #expect(announced[0]["hour"] == .int(0) && announced[0]["minute"] == .int(0))
        #expect(announced[1]["minute"] == .int(1))
    }
}
