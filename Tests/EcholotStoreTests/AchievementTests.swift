import EcholotCore
import EcholotStore
import Foundation
import Testing

/// Achievements span levels and packs (FAA#31): each is earned once, with its run.
@Suite struct AchievementTests {
    let scratch: Scratch
    init() throws { scratch = try Scratch() }

    @Test func anAchievementIsEarnedOnceAcrossLevelsAndPacks() throws {
        let profile = try scratch.profile()
        var first = Fixture.run("scored", "b1")
        first.achievements = ["sharp-ears": ["name": "Sharp ears"], "first-win": [:]]
        let earned = try profile.record(first)
        #expect(earned.newAchievements.map(\.id) == ["first-win", "sharp-ears"])
        #expect(earned.newAchievements.allSatisfy { $0.runID == earned.run.id })

        var again = Fixture.run("other-pack", "x1", at: Fixture.noon.addingTimeInterval(60))
        again.achievements = ["sharp-ears": ["name": "Sharp ears"], "night-owl": [:]]
        let second = try profile.record(again)
        #expect(second.newAchievements.map(\.id) == ["night-owl"])

        let all = try profile.achievements()
        #expect(all.map(\.id) == ["first-win", "sharp-ears", "night-owl"])
        let sharp = try #require(all.first { $0.id == "sharp-ears" })
        #expect(sharp.runID == earned.run.id && sharp.packID == "scored" && sharp.levelID == "b1")
        #expect(sharp.details == #"{"name":"Sharp ears"}"#)
        #expect(try profile.hasEarned("night-owl"))
        #expect(try !profile.hasEarned("never"))
    }

    @Test func achievementsEarnedAfterTheRunBelongToIt() throws {
        let profile = try scratch.profile()
        let recording = try profile.record(Fixture.run("b1"))
        let late = try profile.recordAchievements(["encore": [:]], earnedIn: recording.run)
        #expect(late.map(\.id) == ["encore"] && late[0].runID == recording.run.id)
        #expect(try profile.recordAchievements(["encore": [:]], earnedIn: recording.run).isEmpty)
    }
}
