import EcholotCore
import EcholotModel
import EcholotStore
import Foundation
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
}
