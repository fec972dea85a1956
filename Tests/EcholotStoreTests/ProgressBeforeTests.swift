import EcholotCore
import EcholotModel
import EcholotStore
import Foundation
import Testing

/// An achievement spans levels (FAA#31) with its progress too: the profile keeps the
/// progress record of each achievement not earned yet as the last level left it, and the
/// next level starts with it, so "win three levels" can be written. `--progress-before`
/// starts a run without the profile as the profile did, to the same stateHash.
@Suite struct ProgressBeforeTests {
    let scratch: Scratch
    init() throws { scratch = try Scratch() }
    var tutorial: TutorialRuns { TutorialRuns(scratch: scratch) }

    /// Records kept in real SQLite: saved with their run, replaced by a later run's, read
    /// back as they were written (an integer stays one, a fraction stays a fraction), and
    /// gone once the achievement is earned, in the run or after it.
    @Test func theProfileKeepsTheRecordsOfAchievementsNotEarned() throws {
        let profile = try scratch.profile()
        #expect(try profile.achievementProgress().isEmpty)
        var first = Fixture.run("one")
        first.progress = ["pack.threeWins": ["wins": .int(1)],
                          "pack.bells": ["found": .number(2.5), "levels": .list([.string("one")]), "note": .string("héllo")]]
        try profile.record(first)
        #expect(try profile.achievementProgress() == first.progress)
        // A later run's record replaces the earlier one; one it does not have stays.
        var second = Fixture.run("two")
        second.progress = ["pack.threeWins": ["wins": .int(2)]]
        try profile.record(second)
        let reopened = try Profile.open(at: profile.url)
        #expect(try reopened.achievementProgress()["pack.threeWins"] == ["wins": .int(2)])
        #expect(try reopened.achievementProgress()["pack.bells"] == first.progress["pack.bells"])
        // Earned in a run: its row goes, and a record of it given with the run is not kept.
        var third = Fixture.run("three")
        third.achievements = ["pack.threeWins": ["level": .string("three")]]
        third.progress = ["pack.threeWins": ["wins": .int(3), "earned": .bool(true)]]
        let recording = try reopened.record(third)
        #expect(try reopened.achievementProgress().keys.sorted() == ["pack.bells"])
        // Earned after its run was written (a rule reacting to the win): the same.
        try reopened.recordAchievements(["pack.bells": .emptyMap], earnedIn: recording.run,
                                        progress: ["pack.other": ["n": .int(1)]])
        #expect(try reopened.achievementProgress() == ["pack.other": ["n": .int(1)]])
        // A record is never saved again for an achievement earned.
        var fourth = Fixture.run("four")
        fourth.progress = ["pack.threeWins": ["wins": .int(4)]]
        try reopened.record(fourth)
        #expect(try reopened.achievementProgress().keys.sorted() == ["pack.other"])
    }

    /// The tutorial with `prog.threeWins`, which counts the levels won (saying so with
    /// `print`) and is earned at the third.
    func pack() throws -> URL {
        try tutorial.pack("prog", script: """
            echolot.achievement("prog.threeWins", { on = { ["level.won"] = function(progress, action, ctx)
              progress.wins = (progress.wins or 0) + 1
              print("wins " .. progress.wins)
              if progress.wins >= 3 then progress.earned = true end
            end } })

            """)
    }

    @Test func anAchievementCountingWinsIsEarnedAtTheThirdRun() throws {
        let pack = try pack()
        let profile = scratch.url("me.sqlite")
        let first = try tutorial.run(pack, "first-sound", ["--profile", profile.path])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr == "print: wins 1\n")
        #expect(!first.stdout.contains("prog.threeWins"), "\(first.stdout)")
        let kept = try Profile.open(at: profile).achievementProgress()
        #expect(kept["prog.threeWins"] == ["wins": .int(1)], "\(kept)")

        let second = try tutorial.run(pack, "two-voices", ["--profile", profile.path])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stderr == "print: wins 2\n")
        // What the stateHash depends on is said: the progress the level started with.
        // (The standard fullCircle keeps its record too, as any achievement not earned does.)
        #expect(second.stdout.contains("\nstarted with progress: fullCircle {\"center\":60,\"turned\":60}, "
            + "prog.threeWins {\"wins\":1}\n"), "\(second.stdout)")
        #expect(!second.stdout.contains("achievements: prog.threeWins"), "\(second.stdout)")

        let third = try tutorial.run(pack, "first-sound", ["--profile", profile.path, "--json"])
        #expect(third.status == 0, "\(third.stderr)")
        #expect(third.stderr == "print: wins 3\n")
        let result = try #require(JSONSerialization.jsonObject(with: Data(third.stdout.utf8)) as? [String: Any])
        #expect(result["achievements"] as? [String] == ["prog.threeWins"])
        #expect(try Profile.open(at: profile).achievementProgress()["prog.threeWins"] == nil)
        #expect(try Profile.open(at: profile).hasEarned("prog.threeWins"))

        // Earned: its rule no longer runs, and no progress of it is kept.
        let fourth = try tutorial.run(pack, "two-voices", ["--profile", profile.path])
        #expect(fourth.status == 0 && fourth.stderr == "", "\(fourth.stderr)")
        #expect(try Profile.open(at: profile).achievementProgress()["prog.threeWins"] == nil)

        // Without the profile, --progress-before (with --earned-before) starts the level as
        // the profile did the third time: the same run, to the same stateHash.
        let file = scratch.url("progress.json")
        try Data(#"{"prog.threeWins": {"wins": 2}}"#.utf8).write(to: file)
        let again = try tutorial.run(pack, "first-sound", ["--earned-before", "firstWin,flawless,quickEar",
                                                  "--progress-before", file.path, "--json"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stderr == "print: wins 3\n")
        let repeated = try #require(JSONSerialization.jsonObject(with: Data(again.stdout.utf8)) as? [String: Any])
        #expect(repeated["stateHash"] as? String == result["stateHash"] as? String)
        #expect(repeated["achievements"] as? [String] == ["prog.threeWins"])
        #expect((repeated["progressBefore"] as? [String: [String: Int]]) == ["prog.threeWins": ["wins": 2]], "\(again.stdout)")
        #expect((result["progressBefore"] as? [String: [String: Int]])?["prog.threeWins"] == ["wins": 2], "\(third.stdout)")
    }

    /// A `--progress-before` file that does not read is told once, at its place, and
    /// nothing is run; beside a profile the option is refused as `--earned-before` is.
    @Test func aBadProgressFileIsToldAndNothingRuns() throws {
        let pack = try pack()
        let file = scratch.url("progress.json")
        try Data("{\n  \"prog.threeWins\": 2,\n  \"2nd\": {},\n  \"prog.threeWin\": {}\n}\n".utf8).write(to: file)
        let bad = try tutorial.run(pack, "first-sound", ["--progress-before", file.path])
        #expect(bad.status == 1)
        #expect(bad.stdout == "", "\(bad.stdout)")
        // A slip of an achievement the scripts register, as with --earned-before: the level
        // would start without that progress.
        #expect(bad.stderr == """
            \(file.path):2:21: error: ["prog.threeWins"]: expected a progress record (an object), found a number
            \(file.path):3:3: error: ["2nd"]: '2nd' is no achievement id: an id is letters, digits, '_', '.' and '-', not starting with a digit, as echolot.achievement registers it
            \(file.path):4:3: error: ["prog.threeWin"]: no script registers an achievement 'prog.threeWin' (did you mean 'prog.threeWins'?)

            """, "\(bad.stderr)")
        try Data("{\"prog.threeWins\": {\"wins\": 2,}}".utf8).write(to: file)
        let syntax = try tutorial.run(pack, "first-sound", ["--progress-before", file.path])
        #expect(syntax.status == 1 && syntax.stdout == "")
        #expect(syntax.stderr.hasPrefix("\(file.path):1:"), "\(syntax.stderr)")
        #expect(syntax.stderr.components(separatedBy: "error:").count == 2, "\(syntax.stderr)")
        let missing = try tutorial.run(pack, "first-sound", ["--progress-before", scratch.url("none.json").path])
        #expect(missing.status == 1 && missing.stderr.hasPrefix(scratch.url("none.json").path + ":1:1: error: no such file"),
                "\(missing.stderr)")

        let profile = scratch.url("me.sqlite")
        try Data(#"{"prog.threeWins": {"wins": 2}}"#.utf8).write(to: file)
        let both = try tutorial.run(pack, "first-sound", ["--progress-before", file.path, "--profile", profile.path])
        #expect(both.status == 2)
        #expect(both.stderr.hasPrefix("Error: --progress-before stands in for a profile's achievement progress, and --profile "
            + "names a profile, whose progress the run starts with; give one or the other\n"), "\(both.stderr)")
        #expect(!FileManager.default.fileExists(atPath: profile.path))
    }
}
