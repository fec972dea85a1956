import EcholotTestSupport
import Foundation
import Testing

/// A pack's goal and scoring strings say a parameter's default where the level leaves it
/// out: `{seconds}` of a level that gives no `seconds` was read to players as written,
/// braces and all, though the rule played with its default.
@Suite(.serialized) struct RuleDefaultTextTests {
    @Test func aParameterLeftToItsDefaultIsSaid() throws {
        let (folder, pack) = try newPack(named: "cave")
        defer { try? FileManager.default.removeItem(at: folder) }
        func edit(_ file: String, _ old: String, _ new: String) throws {
            let url = pack.appendingPathComponent(file)
            let text = try String(contentsOf: url, encoding: .utf8)
            #expect(text.contains(old), "\(file) no longer writes \(old)")
            try Data(text.replacingOccurrences(of: old, with: new).utf8).write(to: url)
        }
        // The goal's time comes from its type's default, the scoring rule is the pack's own.
        try edit("scripts/goals/quickFind.lua", #"seconds = { type = "number", min = 1,"#, #"seconds = { type = "number", default = 15, min = 1,"#)
        try edit("levels/first-steps.json", #", "seconds": 20 }"#, " }")
        try edit("levels/first-steps.json", #""scoring": { "type": "standard", "parTime": 20 }"#, #""scoring": { "type": "stars" }"#)
        try edit("strings/en.json", "\n}", ",\n  \"scoring.stars.briefing\": \"Three stars within {parTime} seconds.\"\n}")
        try Data("""
            echolot.scoring("stars", {
              params = { parTime = { type = "number", default = 30, min = 1 } },
              on = { ["level.won"] = function(score, action, ctx) return 3 end },
            })

            """.utf8).write(to: pack.appendingPathComponent("scripts/stars.lua"))
        let game = try PseudoTerminal(["play", pack.path, "--plain", "--no-audio", "--level", "first-steps",
                                       "--profile", folder.appendingPathComponent("p.sqlite").path])
        try game.expect("== Briefing: First Steps ==")
        try game.expect("• Find the Chime and select it within 15 seconds.")
        try game.expect("• Three stars within 30 seconds.")
        game.send("s")
        try game.expect("Level First Steps begins")
        game.send("i")
        try game.expect("Goal, to do: Find the Chime within 15 s (15 s left).")
        game.send("q")
        try game.expect("== Left: First Steps ==")
        // The level is read again as it starts, with its rules: its texts say the default
        // those rules play, not the one read with the pack's first page.
        try edit("scripts/goals/quickFind.lua", "default = 15", "default = 45")
        try game.type("r", onASettlingPageUntil: "Level First Steps begins")
        game.send("i")
        try game.expect("Goal, to do: Find the Chime within 45 s (45 s left).")
        game.send("q")
        try game.expect("== Left: First Steps ==")
        #expect(try game.quitFromAPage() == 0)
        #expect(!game.text.contains("{seconds}") && !game.text.contains("{parTime}"), "\(game.text)")
    }
}
