import EcholotStore
import Foundation
import Testing

/// A level starts with the achievements the profile holds (FAA#31: they span levels): an
/// earned achievement's rule no longer runs, and a rule that asks for others earned in other
/// levels, in other runs, is earned. `run` says what it started with, and `--earned-before`
/// starts a run without the profile as the profile did, to the same stateHash.
@Suite struct EarnedBeforeTests {
    let scratch: Scratch
    init() throws { scratch = try Scratch() }
    var tutorial: TutorialRuns { TutorialRuns(scratch: scratch) }

    /// The tutorial with three achievements of its own: `collect.one` for winning the first
    /// level (saying so with `print` each time its rule runs), `collect.two` for winning the
    /// second, and `collect.all` once the game holds both.
    func pack() throws -> URL {
        try tutorial.pack("collect", script: """
            echolot.achievement("collect.one", { on = { ["level.won"] = function(progress, action, ctx)
              print("collect.one runs in " .. ctx.level.id)
              if ctx.level.id == "first-sound" then progress.earned = true end
            end } })
            echolot.achievement("collect.two", { on = { ["level.won"] = function(progress, action, ctx)
              if ctx.level.id == "two-voices" then progress.earned = true end
            end } })
            echolot.achievement("collect.all", { on = { ["achievement.earned"] = function(progress, action, ctx)
              local earned = ctx.game.achievements
              if earned["collect.one"] and earned["collect.two"] then progress.earned = true end
            end } })

            """)
    }

    @Test func achievementsEarnedInEarlierRunsAreKnownToTheLevel() throws {
        let pack = try pack()
        let profile = scratch.url("me.sqlite")
        let first = try tutorial.run(pack, "first-sound", ["--profile", profile.path])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("\nnew achievements: collect.one, firstWin, flawless, quickEar\n"), "\(first.stdout)")
        #expect(first.stderr == "print: collect.one runs in first-sound\n")

        // The second level, another run: the collector sees the first level's achievement.
        let second = try tutorial.run(pack, "two-voices", ["--profile", profile.path, "--json"])
        #expect(second.status == 0, "\(second.stderr)")
        let result = try #require(JSONSerialization.jsonObject(with: Data(second.stdout.utf8)) as? [String: Any])
        #expect(result["achievements"] as? [String] == ["collect.all", "collect.two"])
        #expect(result["earnedBefore"] as? [String] == ["collect.one", "firstWin", "flawless", "quickEar"])
        // collect.one is earned: its rule no longer runs, so it prints nothing.
        #expect(second.stderr == "", "\(second.stderr)")
        #expect(try Set(Profile.open(at: profile).achievements().map(\.id))
            == ["collect.all", "collect.one", "collect.two", "firstWin", "flawless", "quickEar"])

        // Every one earned: the level starts with them all, says so, and earns nothing.
        let third = try tutorial.run(pack, "first-sound", ["--profile", profile.path])
        #expect(third.status == 0, "\(third.stderr)")
        // (and with the progress of the one not earned, the standard fullCircle's turning).
        #expect(third.stdout.contains(
            "\nstarted with achievements: collect.all, collect.one, collect.two, firstWin, flawless, quickEar\n"
                + "started with progress: fullCircle {\"center\":300,\"turned\":60}\nstateHash: "),
            "\(third.stdout)")
        #expect(!third.stdout.contains("new achievements") && !third.stdout.contains("already"), "\(third.stdout)")
        #expect(third.stderr == "", "\(third.stderr)")

        // Without the profile, --earned-before starts the level as the profile did: the
        // same run, to the same stateHash.
        let hash = try #require(result["stateHash"] as? String)
        let again = try tutorial.run(pack, "two-voices", ["--earned-before", "collect.one,firstWin,flawless,quickEar", "--json"])
        #expect(again.status == 0, "\(again.stderr)")
        let repeated = try #require(JSONSerialization.jsonObject(with: Data(again.stdout.utf8)) as? [String: Any])
        #expect(repeated["stateHash"] as? String == hash)
        #expect(repeated["achievements"] as? [String] == ["collect.all", "collect.two"])
        // Without either, the level starts with none, as ever: the collector is not earned.
        let bare = try tutorial.run(pack, "two-voices", ["--json"])
        let alone = try #require(JSONSerialization.jsonObject(with: Data(bare.stdout.utf8)) as? [String: Any])
        #expect(alone["achievements"] as? [String] == ["collect.two", "firstWin", "flawless", "quickEar"])
        #expect(alone["earnedBefore"] as? [String] == [])
        #expect(alone["stateHash"] as? String != hash)
    }

    /// `--earned-before` takes achievement ids, and stands in for a profile: with one it is
    /// refused (a run recorded with another set would be one no player played), as a
    /// usage error before anything is played.
    @Test func earnedBeforeIsRefusedWithAProfileOrAWrongID() throws {
        let pack = try pack()
        let profile = scratch.url("me.sqlite")
        let wrong = try tutorial.run(pack, "first-sound", ["--earned-before", "firstWin,2nd,also wrong"])
        #expect(wrong.status == 2)
        #expect(wrong.stderr.hasPrefix("Error: --earned-before: '2nd' is no achievement id: an id is letters, digits, '_', '.' "
            + "and '-', not starting with a digit, as echolot.achievement registers it\n"), "\(wrong.stderr)")
        let both = try tutorial.run(pack, "first-sound", ["--earned-before", "firstWin", "--profile", profile.path])
        #expect(both.status == 2)
        #expect(both.stderr.hasPrefix("Error: --earned-before stands in for a profile's achievements, and --profile names a "
            + "profile, whose achievements the run starts with; give one or the other\n"), "\(both.stderr)")
        let environment = try Executables.run(Executables.echolot, [
            "run", pack.path, "--level", "first-sound", "--earned-before", "firstWin",
        ], environment: ["ECHOLOT_PROFILE": profile.path])
        #expect(environment.status == 2)
        #expect(environment.stderr.contains("and ECHOLOT_PROFILE names a profile"), "\(environment.stderr)")
        #expect(!FileManager.default.fileExists(atPath: profile.path))
    }
}
