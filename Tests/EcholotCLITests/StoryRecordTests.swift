import EcholotTestSupport
import Foundation
import Testing

/// A story rule can write anything into the `story` record, the director's fields too: a
/// place that is no step stops the story, told, and a count at the largest integer goes
/// on; neither may crash the game (the director indexed and counted with them unchecked).
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
    func aPlaceThatIsNoStepStopsTheStory(step: String) throws {
        let folder = try nightWalk(writing: "story.step = \(step)")
        let result = try echolot(["test", folder.path])
        #expect(result.status == 1, "\(result.stderr)")
        let written = step == "-5" ? "-5" : "\(Int.max)"
        #expect((result.stdout + result.stderr).contains(
            "step \(written)) is no step of the story; only the story itself moves it (a story rule writes story.vars, or emits story.jump)"),
            "\(result.stdout)\(result.stderr)")
    }

    @Test func aChapterTheStoryLacksStopsIt() throws {
        let folder = try nightWalk(writing: "story.chapter = \"nowhere\"")
        let result = try echolot(["test", folder.path])
        #expect(result.status == 1, "\(result.stderr)")
        #expect((result.stdout + result.stderr).contains("the story's place is chapter 'nowhere', which "),
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
