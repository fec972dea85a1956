import EcholotCore
import EcholotModel
@testable import EcholotTerminal
import EcholotTestSupport
import Foundation
import Testing

/// A reducer's error with the words given.
private struct Broken: Error, CustomStringConvertible {
    let description: String
}

/// The rule failures among a session's events, in order, worded as the English display
/// tells them after its opening words.
private func problems(in events: [LevelEvent]) -> [String] {
    events.compactMap { event -> String? in
        switch event {
        case let .problem(message, clockStopped): message + (clockStopped ? "; " + Words.english.clockStandsStill : "")
        case .problemsUntold: Words.english.failuresNoLongerTold
        default: nil
        }
    }
}

/// The deterministic side of play: what a session dispatches and records replays in the
/// headless runner to the same state.
@Suite struct SessionTests {
    /// A log is begun empty, so a later level's log (`--record out.txt` writes `out-2.txt`
    /// next) is not begun over an existing file that is no recording: that file is kept,
    /// and the error names it. A recording is written over.
    @Test func aLogIsNotBegunOverAFileThatIsNoRecording() throws {
        let folder = try temporaryFolder()
        let other = folder.appendingPathComponent("out-2.txt"), earlier = folder.appendingPathComponent("walk.jsonl")
        try Data("notes".utf8).write(to: other)
        try Data("{}\n".utf8).write(to: earlier)
        #expect(throws: SystemError("\(other.path) already exists and is no recording (a name ending in .jsonl or .story.json); "
            + "give a new file name or one of those", code: 0)) { try InputRecorder(path: other.path) }
        #expect(try String(contentsOf: other, encoding: .utf8) == "notes")
        _ = try InputRecorder(path: earlier.path)
        #expect(try Data(contentsOf: earlier).isEmpty)
    }

    @Test func recordedInputsReplayToTheSameHash() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("log.jsonl").path
        let store = tutorialStore("two-voices")
        let session = LevelSession(store: store, recorder: try InputRecorder(path: path))
        let steering = Steering(session: session)
        session.begin()
        var wall = 0.0
        func ticks(_ n: Int) {
            for _ in 0 ..< n {
                wall += session.step
                steering.beforeTick(at: wall)
                session.tick()
            }
        }
        ticks(10)
        _ = steering.key(.left, at: wall)
        ticks(20)
        _ = steering.key(.left, at: wall)
        ticks(3)
        _ = steering.key(.left, at: wall + 0.05)   // held: turns smoothly from here
        ticks(7)
        _ = steering.key(.fineRight, at: wall)
        session.turn(by: 1.5)                        // merged into the next period's turn
        ticks(5)
        session.select()
        ticks(4)
        _ = steering.key(.up, at: wall)
        ticks(2)
        session.end()
        #expect(session.recorder?.failure == nil)
        let events = session.takeEvents()
        #expect(events.contains { if case .hit = $0 { true } else if case .miss = $0 { true } else { false } })

        let log = try InputLog.read(contentsOf: URL(fileURLWithPath: path), displayPath: path)
        #expect(log.events.last?.action.name == ActionName.end)
        let replayed = LevelRunner().run(tutorialStore("two-voices"), log: log)
        #expect(replayed.stateHash == store.state.tree.stableHashHex)
        #expect(replayed.errors.isEmpty)
    }

    /// A level played on its own has the time of day as a story's levels have it: its clock
    /// says the time as the level begins and after each simulated minute, and each saying
    /// is an input of its log, so `echolot run` of the log, which has no clock, ends alike.
    @Test func aLevelsOwnClockIsRecordedAndReplays() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("log.jsonl").path
        let store = tutorialStore("first-sound")
        let time = try #require(TimeOfDay(hour: 10, minute: 59))
        let session = LevelSession(store: store, recorder: try InputRecorder(path: path),
                                   clock: StoryClock(time: time, step: LevelSession.standardStep))
        session.begin()
        #expect(store.state[Game.clock]?["dayPart"]?.stringValue == "morning")
        for _ in 0 ..< 3601 { session.tick() }
        #expect(store.state[Game.clock]?["hour"]?.intValue == 11 && store.state[Game.clock]?["minute"]?.intValue == 0)
        #expect(store.state[Game.clock]?["dayPart"]?.stringValue == "noon")
        session.turn(to: 60)
        for _ in 0 ..< 10 { session.tick() }
        session.select()
        #expect(session.takeEvents().contains(.hit(id: "bell", found: 1)))
        session.end()
        let log = try InputLog.read(contentsOf: URL(fileURLWithPath: path), displayPath: path)
        let clocks = log.events.filter { $0.action.name == ActionName.clock }
        #expect(clocks.map { [$0.action["hour"].intValue, $0.action["minute"].intValue] } == [[10, 59], [11, 0]])
        #expect(clocks.count == 2 && clocks[0].t == 0 && abs(clocks[1].t - 60) < 1e-9)
        let replayed = LevelRunner().run(tutorialStore("first-sound"), log: log)
        #expect(replayed.errors.isEmpty)
        #expect(replayed.stateHash == store.state.tree.stableHashHex)
    }

    /// A head pose with a pitch of −0 tilts the view to −0, and the recording says so: it
    /// wrote `"elevation":0`, which read back as +0, so a rule that told them apart (here
    /// one that keeps the payload's text) ended differently in the replay.
    @Test func aTiltToMinusZeroIsRecordedAsPlayed() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("log.jsonl").path
        let keeper = Reducer<GameState>("keeper", handles: .only(ActionName.tiltTo)) { state, action, _ in
            state[Game.level]["tilts"] = .string("\(state[Game.level]["tilts"].stringValue ?? "") \(action["elevation"])")
        }
        func store() -> Store<GameState> {
            Store(state: tutorialStore("two-voices").state, reducers: LevelReducers.all + [keeper])
        }
        let played = store()
        let session = LevelSession(store: played, recorder: try InputRecorder(path: path))
        let steering = Steering(session: session)
        session.begin()
        steering.pose(HeadPose(yaw: 10, pitch: -0.0))
        session.tick()
        steering.pose(HeadPose(yaw: 10, pitch: 5))
        session.tick()
        session.end()
        #expect(played.state[Game.level]["tilts"] == " -0.0 5.0")
        let log = try InputLog.read(contentsOf: URL(fileURLWithPath: path), displayPath: path)
        let replayed = store()
        LevelRunner().run(replayed, log: log)
        #expect(replayed.state[Game.level]["tilts"] == played.state[Game.level]["tilts"])
        #expect(replayed.state.tree.stableHashHex == played.state.tree.stableHashHex)
    }

    /// A story played live, recorded as a transcript test, passes that test: also when a
    /// scene ends on the tick a simulated minute ends (a cut-scene of exactly 60 s), whose
    /// `clock` the runner announces — the live session dropped it, so the recording lacked
    /// "21:41" and its final state differed from the replay's.
    @Test(arguments: [59.5, 60.0])
    func aStoryRecordingReplaysAlsoWhenASceneEndsOnAMinute(seconds: Double) throws {
        let book = StoryBook(chapters: [Chapter(id: "a", steps: [
            StoryStep(.cutscene(Cutscene(id: "long", lines: [StoryLine(id: "hello", seconds: seconds)])), at: .start),
            StoryStep(.cutscene(Cutscene(id: "short", lines: [StoryLine(id: "bye", seconds: 1)])), at: .start),
            StoryStep(.end("done"), at: .start),
        ], position: .start)], start: "a", displayPath: "story.json")
        let time = try #require(TimeOfDay(hour: 21, minute: 40))
        // As StoryPlayer plays and records it, with no keys pressed.
        let story = try StorySession(book, pack: tutorial, clock: StoryClock(time: time, step: LevelSession.standardStep)) { _ in [] }
        var recording = StoryRecording(clock: time)
        for action in story.beginning() { recording.transcript.record(story.store.dispatch(action).actions) }
        while story.hasNewScene {
            let store = try story.enterScene()
            store.observe { recording.transcript.record($0.actions) }
            let inputs = InputList()
            let session = LevelSession(store: store, recorder: inputs, scene: { [story] in story.sceneIsOver($0) }, clock: story.clock)
            session.begin()
            while !session.isFinished { session.tick() }
            session.end()
            let (kind, id) = story.scene
            if let kind { recording.scenes.append(StoryRecording.Scene(kind: kind, id: id, events: inputs.events)) }
        }
        recording.transcript.status = story.story["status"]?.stringValue ?? ""
        recording.transcript.ending = story.story["ending"]?.stringValue
        #expect(recording.transcript.clocks == ["21:40", "21:41"])

        let test = try StoryTest.read(Array(recording.testText.utf8), displayPath: "walk.story.json").get()
        let replayed = StoryRunner().run(book, pack: tutorial, script: test.script) { _ in [] }
        #expect(test.check(replayed).map(\.description) == [])
        #expect(replayed.stateHash == story.store.state.tree.stableHashHex)
    }

    @Test func eventsAreReadOffTransitions() {
        let store = tutorialStore("first-sound")
        let session = LevelSession(store: store)
        session.begin()
        #expect(session.takeEvents() == [.started])
        session.select()
        #expect(session.takeEvents() == [.miss(misses: 1)])
        session.tick()
        session.turn(to: 60)
        session.select()
        #expect(session.takeEvents() == [.hit(id: "bell", found: 1)])
    }

    @Test func recordingDescriptionRoundTrips() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = folder.appendingPathComponent("x.jsonl").path
        let recording = RecordingDescription(pack: "/p", packID: "p", packVersion: "1.0.0", level: "l", step: 1.0 / 60,
                                  ticks: 12, outcome: "won", stateHash: "abc")
        try recording.write(forLog: log)
        #expect(try RecordingDescription.read(forLog: log) == recording)
        #expect(throws: PackLoadError.self) { try RecordingDescription.read(forLog: log + ".missing") }
    }

    @Test func laterRecordingsGetNumbers() {
        var options = PlayOptions()
        options.record = "out/session.jsonl"
        #expect(options.recordPath(attempt: 1) == "out/session.jsonl")
        #expect(options.recordPath(attempt: 3) == "out/session-3.jsonl")
        options.record = "./dir.v2/log"
        #expect(options.recordPath(attempt: 2) == "./dir.v2/log-2")
    }

    /// A story's transcript always ends in `.story.json`, the only files `echolot test`
    /// reads, numbered before that ending; a `.story.json` name sends levels to `.jsonl`.
    @Test(arguments: [
        ("out/walk.jsonl", 1, "out/walk.story.json", "out/walk.jsonl"),
        ("out/walk.jsonl", 2, "out/walk-2.story.json", "out/walk-2.jsonl"),
        ("out/walk.story.json", 1, "out/walk.story.json", "out/walk.jsonl"),
        ("out/walk.story.json", 3, "out/walk-3.story.json", "out/walk-3.jsonl"),
        ("./dir.v2/walk", 1, "./dir.v2/walk.story.json", "./dir.v2/walk"),
    ])
    func storyTranscriptsEndInStoryJSON(record: String, attempt: Int, story: String, level: String) {
        var options = PlayOptions()
        options.record = record
        #expect(options.storyRecordPath(attempt: attempt) == story)
        #expect(options.recordPath(attempt: attempt) == level)
    }

    /// A rule that fails on every tick is told once per level, not sixty times a second
    /// over the screen and the screen reader, with what it means (the level's time does
    /// not pass); a different failure is told too.
    @Test func aRuleFailingEveryTickIsToldOnce() {
        let failing = Reducer<GameState>("broken", handles: .only(ActionName.tick)) { _, _, _ in
            throw Broken(description: "kaput")
        }
        let selectFails = Reducer<GameState>("picky", handles: .only(ActionName.select)) { _, _, _ in
            throw Broken(description: "not now")
        }
        let level = tutorialStore("two-voices").state
        let session = LevelSession(store: Store(state: level, reducers: LevelReducers.all + [failing, selectFails]))
        session.begin()
        for _ in 0 ..< 120 { session.tick() }
        session.select()
        session.tick()
        let problems = problems(in: session.takeEvents())
        // The failed ticks were undone: the player is told the clock stands still.
        #expect(session.level[LevelKeys.time] == 0)
        #expect(problems == ["reducer 'broken' rejected action 'tick': kaput; the level's clock stands still while this rule fails",
                             "reducer 'picky' rejected action 'select': not now"])
    }

    /// A failure whose message changes every tick is told a few times, then once that the
    /// rest are not told.
    @Test func aFailureThatChangesEveryTickIsToldAFewTimes() {
        final class Counter: @unchecked Sendable { var n = 0 }
        let counter = Counter()
        let failing = Reducer<GameState>("broken", handles: .only(ActionName.tick)) { _, _, _ in
            counter.n += 1
            throw Broken(description: "kaput \(counter.n)")
        }
        let session = LevelSession(store: Store(state: tutorialStore("two-voices").state, reducers: LevelReducers.all + [failing]))
        session.begin()
        for _ in 0 ..< 120 { session.tick() }
        let problems = problems(in: session.takeEvents())
        #expect(problems.count == LevelSession.problemsTold + 1)
        #expect(problems.last?.contains("no more of this level's failures are told") == true)
    }
}
