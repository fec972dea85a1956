import EcholotTestSupport
import Foundation
import Testing

/// A story that can come to a loop no choice, level outcome or variable leaves would keep the
/// player forever: `validate` tells it once, at the step that leads back; a loop the player
/// can leave is not told.
extension StoryAuthorMessageTests {
    /// A story that plays `walk`, offers `way` (`l` or `r`), goes on to chapter `b` (whose
    /// steps are `then`, from line 9) when `way` equals `value`, and else begins again.
    static func roundStory(goingOnAt value: String, then: String) -> String {
        """
        {"chapters": [{"id": "a", "steps": [
          {"level": "walk"},
          {"choice": "way", "options": [
            {"value": "l", "azimuth": 270, "line": {"id": "left", "duration": 1}},
            {"value": "r", "azimuth": 90, "line": {"id": "right", "duration": 1}}]},
          {"if": {"variable": "way", "equals": "\(value)"}, "goto": "b"},
          {"goto": "a"}]},
         {"id": "b", "steps": [
        \(then)]}
        ]}
        """
    }

    /// Every ending replaced by a jump back to the start: whatever is chosen, won or lost,
    /// the story never ends. Told once, at the first step that leads back, naming the other.
    @Test func aStoryEveryWayOfWhichLeadsBackNeverEnds() throws {
        let folder = try Self.pack(story: Self.roundStory(goingOnAt: "r", then: """
              {"level": "walk", "onLoss": "next"},
              {"goto": "a"}
            """))
        #expect(try Self.validate(folder) == """
            story.json:7:3: error: the story never ends: from its start no path reaches an end step or the end of the last \
            chapter, whatever the player chooses, wins or loses; this goto leads back (as does the step on line 10); give \
            the story a way to an end step

            """)
    }

    /// A way the player can take into a loop that never ends is told, though another way
    /// ends: here the choice's `r`, whose chapter plays its level and jumps to itself.
    @Test func aLoopTheStoryCanComeToAndNeverLeaveIsTold() throws {
        let folder = try Self.pack(story: """
            {"chapters": [{"id": "a", "steps": [
              {"choice": "way", "options": [
                {"value": "l", "azimuth": 270, "line": {"id": "left", "duration": 1}},
                {"value": "r", "azimuth": 90, "line": {"id": "right", "duration": 1}}]},
              {"if": {"variable": "way", "equals": "r"}, "goto": "b"},
              {"end": "home"}]},
             {"id": "b", "steps": [
              {"level": "walk"},
              {"goto": "b"}]}
            ]}
            """)
        #expect(try Self.validate(folder) == """
            story.json:9:3: error: the story can come to loop here forever: once it does, no path reaches an end step or \
            the end of the last chapter, whatever the player chooses, wins or loses; this goto leads back; give the loop a \
            way out to an end step

            """)
    }

    /// A retry whose condition holds after a win too (a variable set just before it) plays
    /// the level again however often it is won; one after a loss is left alone, since the
    /// player can win next time, and so is a loop a choice or a lost level leaves.
    @Test func aRetryThatHoldsAfterAWinIsToldAndOneAfterALossIsNot() throws {
        let folder = try Self.pack(story: """
            {"chapters": [{"id": "a", "steps": [
              {"level": "walk", "onLoss": "next"},
              {"if": {"outcome": "lost"}, "goto": "fail"},
              {"set": "lit", "value": true},
              {"if": {"variable": "lit"}, "retry": true},
              {"end": "light"}]},
             {"id": "fail", "steps": [
              {"cutscene": "fall", "lines": [{"id": "bye", "duration": 1}]},
              {"end": "dark"}]}
            ]}
            """)
        #expect(try Self.validate(folder) == """
            story.json:5:3: error: this retry plays level 'walk' again even when it was won: its condition holds every time \
            the story comes here after a win, so winning never goes on past it; retry only after a loss (test \
            {"outcome": "lost"}), or make its condition one a win can leave

            """)
        let leaves = try Self.pack(story: """
            {"chapters": [{"id": "a", "steps": [
              {"level": "walk", "onLoss": {"goto": "fail"}},
              {"choice": "again", "options": [
                {"value": "yes", "azimuth": 270, "line": {"id": "left", "duration": 1}},
                {"value": "no", "azimuth": 90, "line": {"id": "right", "duration": 1}}]},
              {"if": {"variable": "again", "equals": "yes"}, "retry": true},
              {"end": "home"}]},
             {"id": "fail", "steps": [
              {"cutscene": "fall", "lines": [{"id": "bye", "duration": 1}]},
              {"if": {"outcome": "lost"}, "retry": true}]}
            ]}
            """)
        #expect(try Self.validate(leaves) == "")
    }

    /// A loop of jumps, or a test of a value never given, is told alone: not again as a
    /// story that never ends, which follows from it.
    @Test func whatMakesTheStoryEndlessIsToldAlone() throws {
        let folder = try Self.pack(story: Self.roundStory(goingOnAt: "up", then: """
              {"end": "home"}
            """))
        #expect(try Self.validate(folder) == """
            story.json:6:40: error: story variable 'way' is only ever set to "l" or "r", never to "up", so this test never \
            holds; compare it with a value it is set to, or set it to "up"

            """)
    }
}
