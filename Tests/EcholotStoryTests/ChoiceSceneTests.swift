import EcholotTestSupport
import Foundation
import Testing

/// A story's choice as the player meets it: picked by turning within the default reach
/// whatever the level before allowed, and never with more options than the keys 1–9 pick.
@Suite struct ChoiceSceneTests {
    /// A choice selects within the default 15°, not the tolerance of the level played before
    /// it: `validate` keeps options 30° apart on that promise. Facing 20° off an option
    /// picks nothing there, even after a level whose view reached 25°.
    @Test func aChoiceSelectsWithinTheDefaultReach() throws {
        let story = #"""
            {"chapters": [{"id": "one", "steps": [
              {"level": "walk"},
              {"choice": "way", "options": [
                {"value": "left", "azimuth": 270, "line": {"id": "left"}},
                {"value": "right", "azimuth": 90, "line": {"id": "right"}}]},
              {"end": "home"}]}]}
            """#
        let folder = try StoryAuthorMessageTests.pack(story: story, files: [
            "levels/walk.json": #"""
                {"id": "walk", "name": "Walk", "view": {"selectTolerance": 25}, "entities": [
                  {"id": "bell", "position": {"azimuth": 45}, "sound": {"file": "bell.wav"}}],
                 "goals": [{"type": "find", "entity": "bell"}]}
                """#,
            "tests/reach.story.json": #"""
                {"plays": [
                  {"level": "walk", "input": [{"t": 0.5, "action": "turnTo", "azimuth": 45}, {"t": 1, "action": "select"}]},
                  {"choice": "way", "input": [{"t": 0.5, "action": "turnTo", "azimuth": 110}, {"t": 1, "action": "select"},
                                              {"t": 1.5, "action": "selectEntity", "id": "left"}]}],
                 "expect": {"picks": ["way=left"], "ending": "home"}}
                """#,
        ])
        #expect(try StoryAuthorMessageTests.validate(folder) == "")
        let run = try runEcholot(["test", folder.path])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
    }

    /// Ten options are one more than the keys 1–9 pick: told at the list.
    @Test func moreThanNineOptionsAreTold() throws {
        let options = (0 ..< 10).map { #"{"value": "o\#($0)", "azimuth": \#($0 * 36), "line": {"id": "hello"}}"# }
        let story = #"{"chapters": [{"id": "one", "steps": [{"level": "walk"}, {"choice": "many", "options": ["#
            + options.joined(separator: ", ") + "]}]}]}"
        let told = try StoryAuthorMessageTests.validate(try StoryAuthorMessageTests.pack(story: story))
        #expect(told.contains("story.json:1:88: error: choice 'many' has 10 options; give it at most 9, as many as the keys 1–9 pick"),
                "\(told)")
    }
}
