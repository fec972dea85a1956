import EcholotModel
import EcholotStore
import Foundation
import Testing

/// Scored packs keep the best score of replayable levels and unlock scenarios by their rules
/// (FAA#25); story packs play each level once per story and resume where they stopped.
@Suite struct ProgressionTests {
    let scratch: Scratch
    init() throws { scratch = try Scratch() }

    /// basics (open) → forest (after basics) → night (total score 1000).
    let manifest = Fixture.manifest(scenarios: [
        Scenario(id: "basics", name: "Basics", levels: ["b1", "b2"]),
        Scenario(id: "forest", name: "Forest", levels: ["f1"], unlock: .after("basics")),
        Scenario(id: "night", name: "Night", levels: ["n1"], unlock: .totalScore(1000)),
    ])

    @Test func scoredLevelsCanBeReplayedAndKeepTheBestScore() throws {
        let profile = try scratch.profile()
        for score in [300, 700, 450] { try profile.record(Fixture.run("b1", score: score), in: manifest) }
        try profile.record(Fixture.run("b1", .lost, score: 900), in: manifest)
        let progress = try profile.progress(in: manifest)
        #expect(progress.level("b1") == LevelProgress(levelID: "b1", plays: 4, wins: 3, bestScore: 900))
        #expect(progress.permission(toPlay: "b1") == .open)
        #expect(progress.totalScore == 900)
        #expect(progress.level("b2") == LevelProgress(levelID: "b2"))
    }

    @Test func afterUnlocksOnceTheOtherScenarioIsFinished() throws {
        let profile = try scratch.profile()
        var progress = try profile.progress(in: manifest)
        #expect(progress.permission(toPlay: "f1") == .locked(scenario: "forest", rule: .after("basics")))
        #expect(try profile.record(Fixture.run("b1"), in: manifest).unlockedScenarios == [])
        // A lost level does not finish its scenario.
        #expect(try profile.record(Fixture.run("b2", .lost), in: manifest).unlockedScenarios == [])
        #expect(try profile.record(Fixture.run("b2"), in: manifest).unlockedScenarios == ["forest"])
        progress = try profile.progress(in: manifest)
        #expect(progress.scenario("basics")?.isFinished == true)
        #expect(progress.scenario("forest")?.isUnlocked == true)
        #expect(progress.permission(toPlay: "f1") == .open)
    }

    @Test func totalScoreUnlocksWhenTheBestScoresAddUp() throws {
        let profile = try scratch.profile()
        try profile.record(Fixture.run("b1", score: 600), in: manifest)
        // Replaying b1 for 600 again does not count twice.
        #expect(try profile.record(Fixture.run("b1", score: 600), in: manifest).unlockedScenarios == [])
        #expect(try profile.progress(in: manifest).permission(toPlay: "n1") == .locked(scenario: "night", rule: .totalScore(1000)))
        #expect(try profile.record(Fixture.run("b2", score: 400), in: manifest).unlockedScenarios.contains("night"))
        #expect(try profile.progress(in: manifest).permission(toPlay: "n1") == .open)
    }

    @Test func anUnlockIsKeptWhenANewPackVersionAsksForMore() throws {
        let profile = try scratch.profile()
        try profile.record(Fixture.run("b1", score: 1200), in: manifest)
        var harder = manifest
        harder.scenarios[2].unlock = .totalScore(5000)
        #expect(try profile.progress(in: harder).scenario("night")?.isUnlocked == true)
    }

    @Test func storyLevelsAreNotReplayedAndTheStoryResumesWhereItStopped() throws {
        let profile = try scratch.profile()
        let story = Fixture.manifest("tale", kind: .story, scenarios: [
            Scenario(id: "one", name: "One", levels: ["dawn", "noon", "dusk"]),
        ])
        #expect(try profile.story(of: story).nextLevel == "dawn")
        try profile.record(Fixture.run("tale", "dawn"), in: story)
        // Abandoning a level does not finish it: the story resumes there.
        try profile.record(Fixture.run("tale", "noon", .abandoned, score: nil), in: story)
        var progress = try profile.progress(in: story)
        #expect(progress.permission(toPlay: "dawn") == .finished)
        #expect(progress.permission(toPlay: "noon") == .open)
        #expect(progress.story?.nextLevel == "noon")
        // A lost story level is finished too: the story goes on (and may branch on it).
        try profile.record(Fixture.run("tale", "noon", .lost), in: story)
        // Playing a finished level anyway (e.g. headless) is history, but the story keeps
        // its first outcome.
        try profile.record(Fixture.run("tale", "noon", .won), in: story)
        progress = try profile.progress(in: story)
        #expect(progress.story?.finished == ["dawn": .won, "noon": .lost])
        #expect(progress.story?.nextLevel == "dusk")
        #expect(progress.permission(toPlay: "noon") == .finished)
        // A reopened profile resumes at the same place.
        #expect(try scratch.profile().story(of: story).nextLevel == "dusk")
    }

    @Test func aNewStoryStartsOverAndKeepsTheHistory() throws {
        let profile = try scratch.profile()
        let story = Fixture.manifest("tale", kind: .story, scenarios: [Scenario(id: "one", name: "One", levels: ["dawn", "dusk"])])
        try profile.record(Fixture.run("tale", "dawn"), in: story)
        try profile.record(Fixture.run("tale", "dusk"), in: story)
        #expect(try profile.story(of: story).isComplete)
        let first = try profile.story(of: story).storyID
        let fresh = try profile.startNewStory(of: story, at: Fixture.noon)
        #expect(fresh.storyID != first && fresh.nextLevel == "dawn")
        #expect(try profile.progress(in: story).permission(toPlay: "dawn") == .open)
        #expect(try profile.runs(packID: "tale").count == 2)
    }

    /// Where a story stands is saved as each scene begins and read back after reopening;
    /// a new play-through starts without one.
    @Test func aStoryCheckpointSurvivesReopeningAndANewStoryClearsIt() throws {
        let story = Fixture.manifest("tale", kind: .story, scenarios: [Scenario(id: "one", name: "One", levels: ["dawn"])])
        let profile = try scratch.profile()
        #expect(try profile.story(of: story).checkpoint == nil)
        try profile.saveStory(checkpoint: #"{"chapter":"gate","step":1}"#, of: story, at: Fixture.noon)
        try profile.saveStory(checkpoint: #"{"chapter":"river","step":0}"#, of: story, at: Fixture.noon)
        #expect(try scratch.profile().story(of: story).checkpoint == #"{"chapter":"river","step":0}"#)
        try profile.startNewStory(of: story, at: Fixture.noon)
        #expect(try scratch.profile().story(of: story).checkpoint == nil)
    }
}
