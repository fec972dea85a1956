import EcholotTestSupport
import Foundation
import Testing

/// A story's run-time errors name its file as the pack knows it, `story.json`: they go into
/// `story.error` and the transcript, so a test expecting one passed from one directory only
/// when they named the path the pack was typed as. (A rule's jump to a chapter the story
/// lacks is now told at its emit, naming `story.json` and the script as the pack knows them.)
@Suite struct StoryRunErrorTests {
    @Test func aStoryTestExpectingARunTimeErrorPassesFromAnyDirectory() throws {
        let folder = try StoryTestPrintTests.storyPack("jumping", script: """
            echolot.story({ on = { ["story.level"] = function(story, action, ctx)
                ctx.emit("story.jump", { chapter = "cellar" })
            end } })
            """, tests: ["jump": """
            { "plays": [], "expect": { "status": "running", "errors": [
              "scripts/story.lua:2:5: error: ctx.emit: story.jump: the story names chapter 'cellar', which story.json does not define (pack 'jumping', story 'story', action 'story.level')",
              "no inputs left for level 'door'"] } }
            """])
        for (named, directory) in [(folder.path, repositoryRoot), ("jumping", folder.deletingLastPathComponent())] {
            let result = try echolot(["test", named], in: directory)
            #expect(result.status == 0, "\(named): \(result.stdout)\(result.stderr)")
            #expect(result.stdout.contains("1 passed, 0 failed"), "\(named): \(result.stdout)")
        }
    }

    /// A story rule's own error names its script by its path inside the pack in the
    /// transcript, for the same reason.
    @Test func aStoryTestExpectingARulesErrorPassesFromAnyDirectory() throws {
        let folder = try StoryTestPrintTests.storyPack("failing", script: """
            echolot.story({ on = { ["story.level"] = function(story, action, ctx)
                error("the lantern is out")
            end } })
            """, tests: ["fail": """
            { "plays": [], "expect": { "errors": [
              "scripts/story.lua:2:5: error: the lantern is out (pack 'failing', story 'story', action 'story.level')",
              "no inputs left for level 'door'"] } }
            """])
        for (named, directory) in [(folder.path, repositoryRoot), ("failing", folder.deletingLastPathComponent())] {
            let result = try echolot(["test", named], in: directory)
            #expect(result.status == 0, "\(named): \(result.stdout)\(result.stderr)")
            #expect(result.stdout.contains("1 passed, 0 failed"), "\(named): \(result.stdout)")
        }
    }
}
