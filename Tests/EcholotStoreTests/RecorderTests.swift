import EcholotCore
import EcholotModel
import EcholotStore
import Foundation
import GRDB
import Testing

/// The recorder listens to a store like any observer and writes one run per ended level.
@Suite struct RecorderTests {
    let scratch: Scratch
    init() throws { scratch = try Scratch() }

    let level = Fixture.level("meadow", entities: [("robin", ["bird"]), ("lark", ["bird"]), ("bee", ["insect"])])

    @Test func aWonLevelIsRecordedWithItsTagsParametersAndAchievements() throws {
        let profile = try scratch.profile()
        let store = Fixture.store(level)
        let recorder = ProgressRecorder(profile: profile, manifest: nil, clock: { Fixture.noon })
        var announced: [Recording] = []
        recorder.onRecording = { announced.append($0) }
        recorder.attach(to: store)
        store.dispatch(.start)
        store.dispatch(.tick(0.5))
        store.dispatch(.turnTo(200))
        store.dispatch(.select)
        for id in ["robin", "bee", "lark"] { store.dispatch(.selectEntity(id)) }
        recorder.finish()

        #expect(store.state[Game.level][LevelKeys.status] == .won)
        #expect(recorder.failure == nil)
        let run = try #require(try profile.runs().first)
        #expect(try profile.runs().count == 1)
        #expect(run.packID == "scored" && run.packVersion == "2.1.0" && run.levelID == "meadow")
        #expect(run.outcome == .won && run.score == 490 && run.misses == 1 && run.seed == 7)
        #expect(run.seconds == 0.5 && run.recordedAt == Fixture.noon)
        #expect(run.parameters.contains(#""goals":{"find":{"id":"find","tag":"bird","type":"findAll"}}"#))
        #expect(run.parameters.contains(#""scoring":{"parTime":30,"type":"standard"}"#))
        #expect(try profile.foundTags(of: run).map { [$0.tag, "\($0.found)/\($0.present)"] } == [["bird", "2/2"], ["insect", "1/1"]])
        #expect(try profile.achievements().map(\.id) == ["bee-keeper"])
        #expect(announced.count == 1 && announced[0].newAchievements.map(\.id) == ["bee-keeper"])
    }

    @Test func anUndecidedLevelIsRecordedAsAbandonedWhenTheSessionEnds() throws {
        let profile = try scratch.profile()
        let store = Fixture.store(level)
        let recorder = ProgressRecorder(profile: profile, manifest: nil, clock: { Fixture.noon })
        recorder.attach(to: store)
        store.dispatch(.start)
        store.dispatch(.selectEntity("robin"))
        store.dispatch(.tick(1))
        recorder.finish()
        let runs = try profile.runs()
        #expect(runs.map(\.outcome) == [.abandoned])
        #expect(runs.first?.score == nil && runs.first?.seconds == 1)
        #expect(try profile.foundTags(of: runs[0]).first { $0.tag == "bird" }?.found == 1)
    }

    @Test func aLevelNeverStartedLeavesNoRun() throws {
        let profile = try scratch.profile()
        let recorder = ProgressRecorder(profile: profile, manifest: nil)
        recorder.attach(to: Fixture.store(level))
        recorder.finish()
        #expect(try profile.runs().isEmpty)
    }

    @Test func aStoryLevelIsFinishedThroughTheRecorder() throws {
        let profile = try scratch.profile()
        let manifest = Fixture.manifest("scored", kind: .story, scenarios: [Scenario(id: "one", name: "One", levels: ["meadow", "river"])])
        let store = Fixture.store(level)
        let recorder = ProgressRecorder(profile: profile, manifest: manifest)
        recorder.attach(to: store)
        store.dispatch(.start)
        for id in ["robin", "lark", "bee"] { store.dispatch(.selectEntity(id)) }
        recorder.finish()
        let progress = try profile.progress(in: manifest)
        #expect(progress.permission(toPlay: "meadow") == .finished)
        #expect(progress.story?.nextLevel == "river")
    }

    /// A rule that reacts to the win awards an achievement after the run is written; while
    /// another program holds the profile locked, it waits in the queue as a run does and is
    /// written to that run later, not lost.
    @Test func anAchievementEarnedAfterTheRunWhileTheProfileIsLockedIsWrittenLater() throws {
        let profile = try scratch.profile()
        try profile.waitForLock(upTo: 0.05)
        let level = Fixture.level("meadow", entities: [("robin", ["bird"])])
        let encore = Reducer<GameState>("encore", handles: .only("pack.encore")) { state, _, _ in
            state[Game.achievements]["encore"] = ["name": "Encore"]
        }
        let store = Store(state: GameState.incarnation(of: level, packID: "scored", packVersion: "2.1.0"),
                          reducers: LevelReducers.all + [Fixture.rules, encore])
        let recorder = ProgressRecorder(profile: profile, manifest: nil, clock: { Fixture.noon })
        var told: [[String]] = []
        recorder.onRecording = { told.append($0.newAchievements.map(\.id)) }
        recorder.attach(to: store)
        store.dispatch(.start)
        store.dispatch(.selectEntity("robin"))
        #expect(recorder.recordings.count == 1 && recorder.unsaved.isEmpty)

        var configuration = Configuration()
        configuration.allowsUnsafeTransactions = true
        let other = try DatabaseQueue(path: profile.url.path, configuration: configuration)
        try other.writeWithoutTransaction { db in try db.execute(sql: "BEGIN IMMEDIATE") }
        store.dispatch(Action("pack.encore"))
        #expect(recorder.failure == .busy(path: profile.url.path))
        guard case let .achievements(kept, earnedAfter: after, _)? = recorder.unsaved.first, recorder.unsaved.count == 1 else {
            Issue.record("expected the achievement to wait on its own: \(recorder.unsaved)")
            return
        }
        #expect(Array(kept.keys) == ["encore"] && after.id == recorder.recordings[0].run.id)
        #expect(try profile.achievements().isEmpty)

        try other.writeWithoutTransaction { db in try db.execute(sql: "ROLLBACK") }
        #expect(recorder.saveUnsaved() == 1)
        #expect(recorder.unsaved.isEmpty)
        // Nothing waits any more: the lock is no failure now.
        #expect(recorder.failure == nil)
        let run = try #require(try profile.runs().first)
        #expect(try profile.runs().count == 1)
        #expect(try profile.achievements().map { "\($0.id) \($0.runID)" } == ["encore \(run.id ?? -1)"])
        #expect(recorder.recordings.count == 1)
        #expect(recorder.recordings[0].newAchievements.map(\.id) == ["encore"])
        #expect(told == [[], ["encore"]])
    }

    /// A game must not lose a run to a profile another program holds locked (a database
    /// tool, a `stats` that takes long): the run waits, and goes in before the next one.
    @Test func runsThatEndWhileTheProfileIsLockedAreKeptAndWrittenInOrderLater() throws {
        let profile = try scratch.profile()
        try profile.waitForLock(upTo: 0.05)
        var configuration = Configuration()
        configuration.allowsUnsafeTransactions = true
        let other = try DatabaseQueue(path: profile.url.path, configuration: configuration)
        try other.writeWithoutTransaction { db in try db.execute(sql: "BEGIN IMMEDIATE") }

        let won = ProgressRecorder(profile: profile, manifest: nil, clock: { Fixture.noon })
        let first = Fixture.store(level)
        won.attach(to: first)
        first.dispatch(.start)
        for id in ["robin", "lark", "bee"] { first.dispatch(.selectEntity(id)) }
        won.finish()
        #expect(won.failure == .busy(path: profile.url.path))
        #expect(won.unsaved.map(\.run.outcome) == [.won])
        #expect(try profile.runs().isEmpty)

        let river = Fixture.level("river", entities: [("trout", ["fish"])])
        let left = ProgressRecorder(profile: profile, manifest: nil, unsaved: won.unsaved, clock: { Fixture.noon })
        let second = Fixture.store(river)
        left.attach(to: second)
        second.dispatch(.start)
        left.finish()
        #expect(left.unsaved.map(\.run.levelID) == ["meadow", "river"])
        #expect(left.saveUnsaved() == 0)

        try other.writeWithoutTransaction { db in try db.execute(sql: "ROLLBACK") }
        let next = ProgressRecorder(profile: profile, manifest: nil, unsaved: left.unsaved, clock: { Fixture.noon })
        let third = Fixture.store(river)
        next.attach(to: third)
        third.dispatch(.start)
        third.dispatch(.selectEntity("trout"))
        next.finish()
        #expect(next.failure == nil && next.unsaved.isEmpty)
        let runs = try profile.runs().sorted { ($0.id ?? 0) < ($1.id ?? 0) }
        #expect(runs.map { "\($0.levelID) \($0.outcome)" } == ["meadow won", "river abandoned", "river won"])
        #expect(try profile.achievements().map { "\($0.id) \($0.levelID)" } == ["bee-keeper meadow"])
        #expect(next.recordings.count == 3)
    }
}
