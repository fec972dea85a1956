import EcholotTestSupport
import Foundation
import Testing

/// `echolot play --level` of a pack whose rule varies its level by the day part: a level
/// played on its own has the clock a story's levels have, started at `--time` (which it
/// ignored, as it had no clock), and its recording holds the time, so `echolot run` of the
/// log ends as the play did.
@Suite(.serialized) struct LevelClockPlayTests {
    @Test func aLevelPlayedOnItsOwnHasTheTimeOfDay() throws {
        let (folder, pack) = try newPack(named: "cave")
        defer { try? FileManager.default.removeItem(at: folder) }
        // Daylight finds the way out of the cave: in the morning the level is won as it begins.
        try """
            echolot.reducer({ on = { clock = function(level, action, ctx)
              if echolot.timeOfDay(action.hour) == "morning" then ctx.emit("level.won") end
            end } })
            """.write(to: pack.appendingPathComponent("scripts/daylight.lua"), atomically: true, encoding: .utf8)
        let profile = folder.appendingPathComponent("p.sqlite").path
        let log = folder.appendingPathComponent("morning.jsonl").path
        let morning = try PseudoTerminal(["play", pack.path, "--plain", "--no-audio", "--level", "first-steps",
                                          "--time", "08:00", "--record", log, "--profile", profile])
        try morning.expect("== Briefing: First Steps ==")
        morning.send("s")
        try morning.expect("You won the level!")
        try morning.expect("1. Retry (r)")
        #expect(try morning.quitFromAPage() == 0)
        let clocks = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").filter { $0.contains(#""action":"clock""#) }
        #expect(clocks.count == 1 && clocks[0].contains(#""hour":8"#) && clocks[0].contains(#""minute":0"#), "\(clocks)")
        let run = try runEcholot(["run", pack.path, "--level", "first-steps", "--input", log, "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains(#""outcome":"won""#), "\(run.stdout)")

        // At night the same level goes on.
        let night = try PseudoTerminal(["play", pack.path, "--plain", "--no-audio", "--level", "first-steps",
                                        "--time", "23:00", "--profile", profile])
        try night.expect("== Briefing: First Steps ==")
        night.send("s")
        try night.expect("Level First Steps begins")
        night.wait(1)
        #expect(!night.text.contains("You won the level!"), "\(night.text)")
        night.send("q")
        try night.expect("You left the level before the end.")
        #expect(try night.quitFromAPage() == 0)
    }
}
