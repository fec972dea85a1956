import EcholotTestSupport
import Foundation
import Testing

/// A story rule can write anything into the `story` record but its place: a place that is no
/// step is refused at the rule's line, and a count at the largest integer goes on; neither
/// may crash the game (the director indexed and counted with them unchecked).
@Suite struct StoryRecordTests {
    /// Night Walk whose story rule runs `body` (with `story`, the record) as each
    /// cut-scene ends.
    private func nightWalk(writing body: String) throws -> URL {
        let folder = try shippedPackCopy("night-walk")
        let rule = "echolot.story({ on = { [\"cutscene.done\"] = function(story) \(body) end } })\n"
        try Data(rule.utf8).write(to: folder.appendingPathComponent("scripts/story.lua"))
        return folder
    }

    @Test(arguments: ["-5", "math.maxinteger"])
    func aPlaceThatIsNoStepIsToldAtTheRule(step: String) throws {
        let folder = try nightWalk(writing: "story.step = \(step)")
        let result = try echolot(["test", folder.path])
        #expect(result.status == 1, "\(result.stderr)")
        let written = step == "-5" ? "-5" : "\(Int.max)"
        #expect((result.stdout + result.stderr).contains(
            "scripts/story.lua:1:60: error: field 'step': the story's step is a step number from 0 up, not \(written); "
            + "only the story itself moves it: to move the story, emit story.jump"),
            "\(result.stdout)\(result.stderr)")
    }

    @Test func aChapterTheStoryLacksIsToldAtTheRule() throws {
        let folder = try nightWalk(writing: "story.chapter = \"nowhere\"")
        let result = try echolot(["test", folder.path])
        #expect(result.status == 1, "\(result.stderr)")
        #expect((result.stdout + result.stderr).contains("scripts/story.lua:1:60: error: field 'chapter': the story names "
            + "chapter 'nowhere', which story.json does not define"),
                "\(result.stdout)\(result.stderr)")
    }

    @Test(arguments: ["story.serial = math.maxinteger", "story.attempts = { lantern = math.maxinteger, crossing = math.maxinteger }",
                      "story.scene.line = math.maxinteger", "story.scene.line = -3", "story.lastLevel = { chapter = 0, step = -1 }"])
    func countsARuleWroteEndNoGame(body: String) throws {
        let folder = try nightWalk(writing: body)
        let result = try echolot(["test", folder.path])
        #expect(result.status == 0 || result.status == 1, "status \(result.status): \(result.stderr)")
        #expect(!result.stderr.contains("Fatal error"), "\(result.stderr)")
    }
}
