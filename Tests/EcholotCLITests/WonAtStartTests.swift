import EcholotTestSupport
import Foundation
import Testing

/// `echolot validate` on a level whose goals all hold from its start: it would be won
/// before the player hears a sound (and earn achievements for it), so it is refused at its
/// goals; a level with a goal to reach beside them is fine.
@Suite struct WonAtStartTests {
    /// A rule that fails as a level starts (so play would refuse the start) is told by
    /// `validate`, which starts each level, at the rule's line.
    @Test func aRuleFailingAsTheLevelStartsIsToldAtItsLine() throws {
        let pack = try shippedPackCopy("tutorial", id: "tutorial-copy")
        try FileManager.default.createDirectory(at: pack.appendingPathComponent("scripts"), withIntermediateDirectories: true)
        try Data("echolot.reducer({ on = { [\"level.started\"] = function(level)\n  error(\"not ready\")\nend } })\n".utf8)
            .write(to: pack.appendingPathComponent("scripts/broken.lua"))
        let result = try echolot(["validate", pack.path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("tutorial/scripts/broken.lua:2:"), "\(result.stderr)")
        #expect(result.stderr.contains("not ready"), "\(result.stderr)")
    }

    @Test func aLevelOfConstraintsOnlyIsRefusedAtItsGoals() throws {
        let pack = try shippedPackCopy("tutorial", id: "tutorial-copy")
        let level = pack.appendingPathComponent("levels/first-sound.json")
        let text = try String(contentsOf: level, encoding: .utf8)
        let goals = try #require(text.range(of: #""goals": ["#))
        let list = text[goals.lowerBound...].firstIndex(of: "[")!
        let end = text[list...].firstIndex(of: "]")!
        let edited = text[..<text.index(after: list)] + #"{ "type": "timeLimit", "seconds": 30 }, { "type": "maxMisses", "misses": 3 }"#
            + text[end...]
        try Data(edited.utf8).write(to: level)
        let result = try echolot(["validate", pack.path])
        #expect(result.status == 1)
        let line = edited[..<list].filter { $0 == "\n" }.count + 1
        let column = edited.distance(from: edited[..<list].lastIndex(of: "\n").map(edited.index(after:)) ?? edited.startIndex, to: list) + 1
        #expect(result.stderr == "\(level.path):\(line):\(column): error: this level is won as soon as it starts: every goal holds "
            + "from the start (a time limit, a limit of misses or a decoy to avoid holds the others to something); "
            + "add a goal to reach, such as find\n")
    }
}
