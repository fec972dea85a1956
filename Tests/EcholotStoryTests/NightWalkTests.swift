import EcholotCore
import EcholotModel
import EcholotScript
import EcholotTestSupport
import Foundation
import Testing

/// The shipped story pack: it loads, its transcript tests pass, and runs replay exactly.
@Suite struct NightWalkTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static var pack: URL { root.appendingPathComponent("levels/night-walk") }
    static var rules: URL { root.appendingPathComponent("scripts") }

    @Test func storyLoadsWithoutProblems() throws {
        let pack = try PackLoader.load(at: Self.pack)
        let book = try #require(StoryReader.load(for: pack)).get()
        #expect(book.chapters.map(\.id) == ["gate", "river", "detour", "forest", "home", "epilogue", "soaked"])
        #expect(book.start == "gate")
    }

    /// Its levels played on their own have no story: the story's rule stays out of them
    /// (it counts falls in `story.vars`, which only a playing story has), so a level can
    /// still be lost.
    @Test func itsLevelTestsPass() throws {
        let pack = try PackLoader.load(at: Self.pack)
        let results = PackTests.run(pack, standardRules: Self.rules)
        #expect(results.count == 2)
        for result in results { #expect(result.problems == [], "\(result.label)") }
    }

    @Test func transcriptTestsPass() throws {
        let pack = try PackLoader.load(at: Self.pack)
        let results = StoryTesting.run(pack, standardRules: Self.rules)
        #expect(results.count == 3)
        for result in results {
            #expect(result.diagnostics.map(\.description) == [], "\(result.test): \(String(describing: result.transcript))")
        }
    }

    /// A copy of Night Walk in a scratch folder (to remove afterwards), its `tests/` emptied
    /// for a test to write its own.
    private static func copyWithoutTests() throws -> (scratch: URL, folder: URL, tests: URL) {
        let scratch = try scratchFolder("nightwalk")
        let folder = scratch.appendingPathComponent("night-walk")
        try FileManager.default.copyItem(at: Self.pack, to: folder)
        let tests = folder.appendingPathComponent("tests")
        for name in try FileManager.default.contentsOfDirectory(atPath: tests.path) {
            try FileManager.default.removeItem(at: tests.appendingPathComponent(name))
        }
        return (scratch, folder, tests)
    }

    /// A run that goes wrong is reported at the play whose inputs were running, so the
    /// author sees which scene of a long test to look at; once, not also as the plays it
    /// left over and the expectations it did not reach.
    @Test func aFailedRunIsReportedAtItsPlay() throws {
        let (scratch, folder, tests) = try Self.copyWithoutTests()
        defer { try? FileManager.default.removeItem(at: scratch) }
        try """
            {
              "plays": [
                { "level": "lantern", "input": [
                  { "t": 0.5, "action": "turnTo", "azimuth": 90 },
                  { "t": 1.0, "action": "select" } ] },
                { "level": "crossing" },
                { "cutscene": "home.intro" }
              ],
              "expect": { "status": "finished", "levels": ["lantern", "crossing"] }
            }
            """.write(to: tests.appendingPathComponent("wrong.story.json"), atomically: true, encoding: .utf8)
        // Inputs that run out are reported at the last play, after which the next belongs.
        try """
            {
              "plays": [
                { "level": "lantern", "input": [
                  { "t": 0.5, "action": "turnTo", "azimuth": 90 },
                  { "t": 1.0, "action": "select" } ] }
              ],
              "expect": { "status": "running" }
            }
            """.write(to: tests.appendingPathComponent("short.story.json"), atomically: true, encoding: .utf8)
        let pack = try PackLoader.load(at: folder)
        let results = StoryTesting.run(pack, standardRules: Self.rules)
        try #require(results.count == 2)
        let path = pack.display("tests/wrong.story.json"), short = pack.display("tests/short.story.json")
        let diagnostics = results.flatMap(\.diagnostics).map(\.description)
        #expect(diagnostics.filter { $0.hasPrefix(path) } == [
            "\(path):6:5: error: the story run failed: the inputs are for level 'crossing', but the story entered choice 'path'",
        ])
        #expect(diagnostics.filter { $0.hasPrefix(short) } == [
            "\(short):3:5: error: the story run failed: no inputs left for choice 'path'",
        ])
    }

    /// A player who takes more than ten minutes over a level of a story (the lantern found
    /// after 700 s) records a test that passes: inputs play at their times, and only a
    /// scene that goes on 600 s past its last input stops the run. Ticking stopped at 600 s
    /// from the scene's start, so the select came early, missed, and the run failed with
    /// "did not end within 600 s of its inputs". An input later than a run may last (a
    /// day) is refused at its `t`, not played for hours.
    @Test func aSceneLongerThanTenMinutesReplays() throws {
        let (scratch, folder, tests) = try Self.copyWithoutTests()
        defer { try? FileManager.default.removeItem(at: scratch) }
        try """
            {
              "plays": [
                { "level": "lantern", "input": [
                  { "t": 699.5, "action": "turnTo", "azimuth": 90 },
                  { "t": 700, "action": "select" } ] },
                { "choice": "path", "input": [
                  { "t": 1, "action": "selectEntity", "id": "river" } ] },
                { "level": "crossing", "input": [
                  { "t": 0.5, "action": "turnTo", "azimuth": 300 },
                  { "t": 1.0, "action": "select" } ] }
              ],
              "expect": { "status": "finished", "levels": ["lantern", "crossing"], "picks": ["path=river"] }
            }
            """.write(to: tests.appendingPathComponent("slow.story.json"), atomically: true, encoding: .utf8)
        try """
            { "plays": [{ "level": "lantern", "input": [{ "t": 86401, "action": "select" }] }], "expect": { "status": "running" } }
            """.write(to: tests.appendingPathComponent("late.story.json"), atomically: true, encoding: .utf8)
        let pack = try PackLoader.load(at: folder)
        let results = StoryTesting.run(pack, standardRules: Self.rules)
        try #require(results.count == 2)
        let late = pack.display("tests/late.story.json")
        #expect(results.flatMap(\.diagnostics).map(\.description) == [
            "\(late):1:52: error: 't' is 86401 s, later than the 86400 s a run may last",
        ])
    }

    /// A story whose variable holds a whole float (`"value": 2.0`, or a rule's `a / b`)
    /// records a test that passes: the recording writes it `2`, as JSON writes numbers, and
    /// the test compared that integer with the float 2.0 and failed with "expected
    /// {"dry":2,…}, got {"dry":2,…}".
    @Test func aRecordedWholeFloatVariablePasses() throws {
        let (scratch, folder, tests) = try Self.copyWithoutTests()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let storyFile = folder.appendingPathComponent("story.json")
        let story = try String(contentsOf: storyFile, encoding: .utf8)
        try story.replacingOccurrences(of: #"{ "set": "dry", "value": true }"#, with: #"{ "set": "dry", "value": 2.0 }"#)
            .write(to: storyFile, atomically: true, encoding: .utf8)
        let pack = try PackLoader.load(at: folder)
        let book = try #require(StoryReader.load(for: pack)).get()
        let rules = try PackRules.load(pack, standardRules: Self.rules)
        let time = try #require(TimeOfDay(hour: 22, minute: 0))
        let plays: [StoryScript.Play] = [
            .init(kind: .level, scene: "lantern", log: InputLog([InputEvent(t: 1, action: .selectEntity("lantern"))])),
            .init(kind: .choice, scene: "path", log: InputLog([InputEvent(t: 1, action: .selectEntity("river"))])),
            .init(kind: .level, scene: "crossing", log: InputLog([InputEvent(t: 1, action: .selectEntity("stone"))])),
        ]
        var recording = StoryRecording(clock: time)
        recording.transcript = StoryTesting.play(book, rules: rules, script: StoryScript(clock: time, plays: plays))
        recording.scenes = plays.map { StoryRecording.Scene(kind: $0.kind, id: $0.scene, events: $0.log.events) }
        #expect(recording.transcript.variables["dry"] == .number(2))
        try recording.testText.write(to: tests.appendingPathComponent("walk.story.json"), atomically: true, encoding: .utf8)
        let results = StoryTesting.run(try PackLoader.load(at: folder), standardRules: Self.rules)
        #expect(results.count == 1)
        #expect(results.flatMap(\.diagnostics).map(\.description) == [], "\(recording.testText)")
    }

    /// A misspelt field of a story test, or of an input in it, is one mistake, told once at
    /// its key with the likely name: not also as the field it stands for missing. In file
    /// order, as every file's report tells its problems.
    @Test func aMisspeltFieldOfAStoryTestIsReportedOnce() throws {
        let (scratch, folder, tests) = try Self.copyWithoutTests()
        defer { try? FileManager.default.removeItem(at: scratch) }
        try """
            {
              "plays": [{ "level": "lantern", "input": [{ "t": 0.5, "action": "turnTo", "azimth": 90 }] }],
              "expct": { "status": "finished" }
            }
            """.write(to: tests.appendingPathComponent("typo.story.json"), atomically: true, encoding: .utf8)
        let pack = try PackLoader.load(at: folder)
        let results = StoryTesting.run(pack, standardRules: Self.rules)
        let path = pack.display("tests/typo.story.json")
        #expect(results.flatMap(\.diagnostics).map(\.description) == [
            "\(path):2:77: error: 'turnTo' takes no field 'azimth' (did you mean 'azimuth'?)",
            "\(path):3:3: error: a story test has no field 'expct' (did you mean 'expect'?)",
        ])
    }

    /// A story test's `earnedBefore` holds achievement ids, as a recording writes them:
    /// anything else is told at its item, with the test's other problems.
    @Test func aStoryTestsEarnedAchievementsAreIDs() throws {
        let (scratch, folder, tests) = try Self.copyWithoutTests()
        defer { try? FileManager.default.removeItem(at: scratch) }
        try """
            {
              "earnedBefore": ["firstWin", "1st", null],
              "plays": [],
              "expect": { "statu": "finished" }
            }
            """.write(to: tests.appendingPathComponent("earned.story.json"), atomically: true, encoding: .utf8)
        let pack = try PackLoader.load(at: folder)
        let path = pack.display("tests/earned.story.json")
        #expect(StoryTesting.run(pack, standardRules: Self.rules).flatMap(\.diagnostics).map(\.description) == [
            "\(path):2:32: error: 'earnedBefore': '1st' is no achievement id: an id is letters, digits, '_', '.' and '-', "
                + "not starting with a digit, as echolot.achievement registers it",
            "\(path):2:39: error: 'earnedBefore': expected an achievement id, found null",
            "\(path):4:15: error: 'expect' has no field 'statu' (did you mean 'status'?)",
        ])
    }

    /// A story test's `progressBefore` holds progress records by achievement id, as a
    /// recording writes them (a recording without any writes none): anything else is told
    /// at its place.
    @Test func aStoryTestsProgressRecordsAreTold() throws {
        let (scratch, folder, tests) = try Self.copyWithoutTests()
        defer { try? FileManager.default.removeItem(at: scratch) }
        try """
            {
              "progressBefore": {"night.walks": 2, "1st": {}, "night.ok": {"n": [1, null]}},
              "plays": [],
              "expect": { "status": "finished" }
            }
            """.write(to: tests.appendingPathComponent("progress.story.json"), atomically: true, encoding: .utf8)
        let pack = try PackLoader.load(at: folder)
        let path = pack.display("tests/progress.story.json")
        #expect(StoryTesting.run(pack, standardRules: Self.rules).flatMap(\.diagnostics).map(\.description) == [
            "\(path):2:37: error: progressBefore[\"night.walks\"]: expected a progress record (an object), found a number",
            "\(path):2:40: error: progressBefore[\"1st\"]: '1st' is no achievement id: an id is letters, digits, '_', '.' and '-', "
                + "not starting with a digit, as echolot.achievement registers it",
            "\(path):2:73: error: progressBefore[\"night.ok\"].n[1]: a progress record holds no null (a Lua table has no nil in "
                + "it): leave the field out",
        ])
        var recording = StoryRecording(clock: nil, progressBefore: ["night.walks": ["n": .int(2)]])
        #expect(recording.testText.contains("\n  \"progressBefore\": {\"night.walks\":{\"n\":2}},\n"), "\(recording.testText)")
        recording.progressBefore = [:]
        #expect(!recording.testText.contains("progressBefore"))
    }

    @Test func sameInputsReplayToTheSameState() throws {
        let pack = try PackLoader.load(at: Self.pack)
        let book = try #require(StoryReader.load(for: pack)).get()
        let rules = try PackRules.load(pack, standardRules: Self.rules)
        let script = StoryScript(clock: TimeOfDay(hour: 22, minute: 0), plays: [
            .init(kind: .level, scene: "lantern", log: InputLog([InputEvent(t: 1, action: .selectEntity("lantern"))])),
            .init(kind: .choice, scene: "path", log: InputLog([InputEvent(t: 1, action: .selectEntity("river"))])),
            .init(kind: .level, scene: "crossing", log: InputLog([InputEvent(t: 1, action: .selectEntity("stone"))])),
        ])
        let first = StoryTesting.play(book, rules: rules, script: script)
        let second = StoryTesting.play(book, rules: rules, script: script)
        #expect(first.status == "finished")
        #expect(first == second)
    }

    /// A level begins where the player faced as the scene before ended, as cut-scenes and
    /// choices do; one whose file sets `view.center` (here, in a copy, the lantern) begins there.
    @Test(arguments: [(#""selectTolerance": 20"#, 90.0), (#""center": 180, "selectTolerance": 20"#, 180.0)])
    func aLevelKeepsThePlayersHeadingUnlessItsFileSetsOne(lanternView: String, heading: Double) throws {
        let (scratch, folder, _) = try Self.copyWithoutTests()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let file = folder.appendingPathComponent("levels/lantern.json")
        try String(contentsOf: file, encoding: .utf8).replacingOccurrences(of: #""selectTolerance": 20"#, with: lanternView)
            .write(to: file, atomically: true, encoding: .utf8)
        let pack = try PackLoader.load(at: folder)
        let book = try #require(StoryReader.load(for: pack)).get()
        let session = try StorySession(book, pack: pack, rules: { _ in [] })
        for action in session.beginning() { _ = session.store.dispatch(action) }
        try session.enterScene()
        _ = session.store.dispatch(.start)
        #expect(session.scene.kind == .cutscene)
        _ = session.store.dispatch(Action(ActionName.turnTo, ["azimuth": .number(90)]))
        _ = session.store.dispatch(Action(StoryAction.cutsceneDone, ["id": .string(session.scene.id)]))
        #expect(session.scene.kind == .level && session.scene.id == "lantern")
        try session.enterScene()
        #expect(session.store.state[Game.level][LevelKeys.view][ViewKeys.center] == heading)
    }

    @Test func germanStringsFallBackToEnglish() throws {
        let pack = try PackLoader.load(at: Self.pack)
        #expect(pack.string("gate.3", language: "de") == "Ich bin hier, vor dir. Finde zuerst die Laterne.")
        #expect(pack.string("gate.3", language: "fr") == "I am here, ahead of you. Find the lantern first.")
    }

    @Test func voiceLengthsComeFromTheOggHeaders() throws {
        let url = Self.pack.appendingPathComponent("sounds/gate.1.ogg")
        let seconds = try VoiceDuration.seconds(ofFile: url).get()
        #expect(seconds > 1 && seconds < 10)
        #expect(throws: VoiceError.self) { try VoiceDuration.seconds(of: Array("not audio".utf8)).get() }
    }
}
