import EcholotTestSupport
import Foundation
import Testing

/// What `echolot validate` tells a story's author, each mistake in one line at the value
/// to change, with what to do: checked through the command, on a pack written for the test.
@Suite struct StoryAuthorMessageTests {
    /// A story pack with one level `walk` (a bell to find), English strings `strings` and
    /// `story` as its story.json; no scripts unless `files` adds them.
    static func pack(story: String, strings: String = Self.strings, files: [String: String] = [:]) throws -> URL {
        let folder = try scratchFolder("author").appendingPathComponent("tale")
        var all = [
            "pack.json": #"{"id": "tale", "name": "Tale", "version": "1.0.0", "api": 1, "kind": "story"}"#,
            "levels/walk.json": #"""
                {"id": "walk", "name": "Walk", "entities": [
                  {"id": "bell", "position": {"azimuth": 45}, "sound": {"file": "bell.wav"}}],
                 "goals": [{"type": "find", "entity": "bell"}]}
                """#,
            "strings/en.json": strings,
            "story.json": story,
        ]
        all.merge(files) { _, new in new }
        try writePackFiles(all, in: folder)
        return folder
    }

    /// The English strings of ``pack(story:strings:files:)``.
    static let strings = #"""
        {"hello": "Hello.", "bye": "Bye.", "left": "Left.", "right": "Right.", "speaker.guide": "Guide",
         "ask": "Which way?"}
        """#

    /// What `echolot validate` writes to stderr for the pack, with its folder left out;
    /// the exit status must say whether it failed: on an error, not on a warning or a note.
    static func validate(_ folder: URL) throws -> String {
        let result = try runEcholot(["validate", folder.path])
        #expect(result.status == (result.stderr.contains(": error: ") ? 1 : 0), "\(result.stdout)\(result.stderr)")
        return result.stderr.replacingOccurrences(of: folder.path + "/", with: "")
    }

    /// A misspelt field of a line, a level step or a choice is told with the likely name,
    /// as a misspelt step kind is; a field nothing is near to gets the list of fields.
    @Test func aMisspeltFieldGetsTheLikelyName() throws {
        let folder = try Self.pack(story: """
            {"chapters": [{"id": "a", "steps": [
              {"cutscene": "c", "lines": [{"id": "hello", "speker": "speaker.guide", "duration": 1}]},
              {"level": "walk", "onloss": "next"},
              {"choice": "way", "option": [], "options": [
                {"value": "l", "azimuth": 270, "line": {"id": "left", "duration": 1}},
                {"value": "r", "azimuth": 90, "line": {"id": "right", "duration": 1}, "colour": "red"}]},
              {"end": "home"}
            ]}]}
            """)
        #expect(try Self.validate(folder) == """
            story.json:2:47: error: a line has no field 'speker' (did you mean 'speaker'?)
            story.json:3:21: error: a level step has no field 'onloss' (did you mean 'onLoss'?)
            story.json:4:21: error: a choice has no field 'option' (did you mean 'options'?)
            story.json:6:75: error: an option has no field 'colour'; it takes value, azimuth, line

            """)
    }
}

extension StoryAuthorMessageTests {
    /// A step of two kinds names what it needs apart from what it has, and what to do.
    @Test func aStepOfTwoKindsSaysWhatItHasApartFromWhatItNeeds() throws {
        let folder = try Self.pack(story: """
            {"chapters": [{"id": "a", "steps": [
              {"level": "walk"},
              {"set": "x", "value": 1, "goto": "a"}
            ]}]}
            """)
        #expect(try Self.validate(folder) == """
            story.json:3:3: error: a step needs exactly one of cutscene, level, choice, if, goto, set or end; it has goto \
            and set: keep one, and make the other a step of its own

            """)
        let three = try Self.pack(story: """
            {"chapters": [{"id": "a", "steps": [
              {"level": "walk"},
              {"goto": "a", "set": "x", "value": 1, "end": "home"}
            ]}]}
            """)
        #expect(try Self.validate(three) == """
            story.json:3:3: error: a step needs exactly one of cutscene, level, choice, if, goto, set or end; it has goto, \
            set and end: keep one, and make the others steps of their own

            """)
    }
}

extension StoryAuthorMessageTests {
    /// A misspelt level gets the likely one, as a misspelt chapter does; a level nothing
    /// is near to gets the list of levels.
    @Test func aMisspeltLossPolicyGetsTheLikelyOne() throws {
        let folder = try Self.pack(story: """
            {"chapters": [{"id": "a", "steps": [
              {"level": "walk", "onLoss": "retyr"},
              {"end": "home"}
            ]}]}
            """)
        let got = try Self.validate(folder)
        #expect(got == """
            story.json:2:31: error: 'onLoss' must be "retry", "next" or {"goto": chapter} (did you mean 'retry'?)

            """, "\(got)")
    }

    @Test func aMisspeltLevelGetsTheLikelyOne() throws {
        let folder = try Self.pack(story: """
            {"chapters": [{"id": "a", "steps": [
              {"level": "wlak"},
              {"level": "swim"},
              {"end": "home"}
            ]}]}
            """)
        #expect(try Self.validate(folder) == """
            story.json:2:13: error: the pack has no level 'wlak' (did you mean 'walk'?)
            story.json:3:13: error: the pack has no level 'swim'; its levels are walk

            """)
    }
}

extension StoryAuthorMessageTests {
    /// An option offered twice is told at the second one's value, with what to do, and
    /// alone: a test of the value it was meant to have is not told as one never given.
    @Test func anOptionOfferedTwiceIsToldAtTheSecondValue() throws {
        let folder = try Self.pack(story: """
            {"chapters": [{"id": "a", "steps": [
              {"level": "walk"},
              {"choice": "way", "options": [
                {"value": "l", "azimuth": 270, "line": {"id": "left", "duration": 1}},
                {"value": "l", "azimuth": 90, "line": {"id": "right", "duration": 1}}]},
              {"if": {"variable": "way", "equals": "r"}, "goto": "b"},
              {"end": "home"}]},
             {"id": "b", "steps": [{"end": "away"}]}
            ]}
            """)
        #expect(try Self.validate(folder) == """
            story.json:5:15: error: choice 'way' offers 'l' twice; give this option a value of its own

            """)
    }
}

extension StoryAuthorMessageTests {
    /// A voice or ambience written with its folder (as the pack's files are listed) is one
    /// error at its name that says to leave the folder out.
    @Test func aVoiceWrittenWithItsFolderSaysToLeaveTheFolderOut() throws {
        let folder = try Self.pack(story: """
            {"chapters": [{"id": "a", "steps": [
              {"cutscene": "c", "ambience": [{"file": "sounds/bell.wav"}],
               "lines": [{"id": "hello", "voice": "sounds/bell.wav"}, {"id": "bye", "voice": "sounds/bel.wav"}]},
              {"level": "walk"}
            ]}]}
            """)
        #expect(try Self.validate(folder) == """
            story.json:2:43: error: ambience file "sounds/sounds/bell.wav" does not exist; ambience files are named from \
            inside sounds/, so write "bell.wav" (also used in 1 more place)
            story.json:3:82: error: voice file "sounds/sounds/bel.wav" does not exist; voice files are named from inside \
            sounds/ (did you mean "bell.wav"?)

            """)
    }
}

extension StoryAuthorMessageTests {
    /// A default language with no strings file is one error, at pack.json's
    /// `defaultLanguage`, naming the languages the pack has; not one in story.json for each
    /// line. Left unwritten (so English), it is one error at the first line.
    @Test func aDefaultLanguageWithNoStringsFileIsOneErrorAtItsName() throws {
        let story = """
            {"chapters": [{"id": "a", "steps": [
              {"cutscene": "c", "lines": [{"id": "hello", "duration": 1}, {"id": "bye", "duration": 1}]},
              {"level": "walk"}
            ]}]}
            """
        let french = try Self.pack(story: story, files: [
            "pack.json": #"{"id": "tale", "name": "Tale", "version": "1.0.0", "api": 1, "kind": "story", "defaultLanguage": "fr"}"#,
        ])
        #expect(try Self.validate(french) == """
            pack.json:1:98: error: defaultLanguage: there is no strings/fr.json, so the story's lines have no \
            text in the default language; add it, or name a language the pack has strings for (en)

            """)
        let unwritten = try Self.pack(story: story)
        try FileManager.default.moveItem(at: unwritten.appendingPathComponent("strings/en.json"),
                                         to: unwritten.appendingPathComponent("strings/de.json"))
        #expect(try Self.validate(unwritten) == """
            story.json:2:31: error: line 'hello' has no text: there is no strings/en.json, the file of \
            the default language (en); add it with the text of every line, or set pack.json's 'defaultLanguage' to a \
            language the pack has strings for (de)

            """)
    }
}

extension StoryAuthorMessageTests {
    /// A speaker's string id must be in the default language's file, else the player reads
    /// the raw id before the line; one missing from a translation is read in the default
    /// language, so it is no error, only a warning. Told at the first line that names the
    /// speaker, with the likely id and how many more lines name it.
    @Test func aSpeakerMissingFromALanguageIsToldAtItsFirstLine() throws {
        let folder = try Self.pack(story: """
            {"chapters": [{"id": "a", "steps": [
              {"cutscene": "c", "lines": [{"id": "hello", "speaker": "speaker.gide", "duration": 1},
                                          {"id": "bye", "speaker": "speaker.gide", "duration": 1}]},
              {"level": "walk", "lines": [{"id": "bye", "speaker": "speaker.guide", "duration": 1}]}
            ]}]}
            """, files: ["strings/de.json": #"{"hello": "Hallo.", "bye": "Tschüss."}"#])
        #expect(try Self.validate(folder) == """
            story.json:2:58: error: speaker 'speaker.gide' is missing from strings/en.json; add their name there (did you \
            mean 'speaker.guide'?) (also used in 1 more place)
            story.json:4:56: warning: speaker 'speaker.guide' has no name in strings/de.json: players of that language \
            read it in en; add it there

            """)
    }
}

extension StoryAuthorMessageTests {
    /// An option's voice speaks from the option's azimuth: another one on its line would
    /// be ignored without a word, so it is told at that value. The same one, written twice
    /// (as Night Walk writes it), is no mistake.
    @Test func anOptionsLineWithAnotherAzimuthIsTold() throws {
        let folder = try Self.pack(story: """
            {"chapters": [{"id": "a", "steps": [
              {"level": "walk"},
              {"choice": "way", "options": [
                {"value": "l", "azimuth": 270, "line": {"id": "left", "azimuth": -90, "duration": 1}},
                {"value": "r", "azimuth": 90, "line": {"id": "right", "azimuth": 200, "duration": 1}}]},
              {"end": "home"}
            ]}]}
            """)
        #expect(try Self.validate(folder) == """
            story.json:5:70: error: option 'r' is heard from its own 'azimuth' (90°), not its line's (200°); remove the \
            line's 'azimuth'

            """)
    }
}

extension StoryAuthorMessageTests {
    /// Two options at one azimuth (or nearly) are told at the second one's azimuth: a
    /// select picks the nearest within 15°, so they need 30° between them. 30° is enough.
    @Test func optionsCloserThanTwiceASelectsReachAreTold() throws {
        let folder = try Self.pack(story: """
            {"chapters": [{"id": "a", "steps": [
              {"level": "walk"},
              {"choice": "way", "options": [
                {"value": "l", "azimuth": 270, "line": {"id": "left", "duration": 1}},
                {"value": "r", "azimuth": 270, "line": {"id": "right", "duration": 1}}]},
              {"choice": "wrap", "options": [
                {"value": "l", "azimuth": 350, "line": {"id": "left", "duration": 1}},
                {"value": "m", "azimuth": 20, "line": {"id": "hello", "duration": 1}},
                {"value": "r", "azimuth": 10.5, "line": {"id": "right", "duration": 1}}]},
              {"end": "home"}
            ]}]}
            """)
        #expect(try Self.validate(folder) == """
            story.json:5:31: error: option 'r' is 0° from option 'l'; put options at least 30° apart, so that facing \
            within 15° of one (as near as a select needs) always picks that one
            story.json:9:31: error: option 'r' is 20.5° from option 'l'; put options at least 30° apart, so that facing \
            within 15° of one (as near as a select needs) always picks that one

            """)
    }
}

extension StoryAuthorMessageTests {
    /// A goal type of the pack's own, as `echolot new pack` writes one: a pack with it has
    /// scripts, which may move the story.
    static let goalScript = """
        echolot.goal("quickFind", {
          params = { entity = { type = "entity" } },
          on = { ["entity.selected"] = function(goal, action, ctx)
            if action.id == ctx.params.entity then goal.state = "met" end
          end },
        })
        """

    /// A retry the story runs as it begins has no level to retry and stops the story: it is
    /// told whatever the pack's scripts do, for none runs between the story's first steps.
    /// One whose condition cannot hold yet (no outcome before any level) is not.
    @Test func aRetryAsTheStoryBeginsIsToldEvenWithScripts() throws {
        let folder = try Self.pack(story: """
            {"chapters": [{"id": "a", "steps": [
              {"set": "tries", "value": 0},
              {"if": {"outcome": "lost"}, "retry": true},
              {"if": {"not": {"outcome": "won"}}, "retry": true},
              {"level": "walk"},
              {"end": "home"}
            ]}]}
            """, files: ["scripts/goals/quickFind.lua": Self.goalScript])
        #expect(try Self.validate(folder) == """
            story.json:1:1: note: \(storyScriptsNote)
            story.json:4:3: error: this branch retries the last level as the story begins, before any level is played, \
            which stops the story; put it after a level step

            """)
    }

    /// Without scripts only the story's steps move it: a retry that no path of steps
    /// reaches after a level is told (here, after a choice at the start), and one a path
    /// reaches after a level is not, however else it is reached.
    @Test func aRetryNoPathReachesAfterALevelIsToldWithoutScripts() throws {
        let folder = try Self.pack(story: """
            {"chapters": [{"id": "a", "steps": [
              {"choice": "way", "options": [
                {"value": "l", "azimuth": 270, "line": {"id": "left", "duration": 1}},
                {"value": "r", "azimuth": 90, "line": {"id": "right", "duration": 1}}]},
              {"if": {"variable": "way", "equals": "l"}, "retry": true},
              {"if": {"variable": "way", "equals": "r"}, "goto": "b"},
              {"level": "walk", "onLoss": "next"},
              {"goto": "b"}]},
             {"id": "b", "steps": [
              {"if": {"outcome": "lost"}, "retry": true},
              {"end": "home"}]}
            ]}
            """)
        #expect(try Self.validate(folder) == """
            story.json:5:3: error: this branch's 'retry' is only ever reached before any level is played, when there is \
            no level to retry (it would stop the story); put it after a level step

            """)
    }
}

extension StoryAuthorMessageTests {
    /// Without scripts only the story's steps move it, so what they never reach is told:
    /// steps after an `end` or a `goto` (once, at the first of them), a chapter nothing
    /// jumps to or goes on into (not the one after it that only it would go on into), and
    /// a choice's variable compared with a value no option or `set` step gives it.
    @Test func whatTheStoryNeverReachesIsToldWithoutScripts() throws {
        let folder = try Self.pack(story: """
            {"chapters": [{"id": "a", "steps": [
              {"level": "walk"},
              {"choice": "way", "options": [
                {"value": "left", "azimuth": 270, "line": {"id": "left", "duration": 1}},
                {"value": "right", "azimuth": 90, "line": {"id": "right", "duration": 1}}]},
              {"if": {"variable": "way", "equals": "up"}, "goto": "b"},
              {"if": {"variable": "way", "equals": "lfet"}, "goto": "b"},
              {"if": {"variable": "way", "equals": "right"}, "goto": "b"},
              {"goto": "c"},
              {"end": "lost"},
              {"end": "gone"}]},
             {"id": "b", "steps": [{"end": "home"}, {"goto": "a"}]},
             {"id": "c", "steps": [{"end": "away"}]},
             {"id": "secret", "steps": [{"level": "walk"}]},
             {"id": "after", "steps": [{"end": "hidden"}]}
            ]}
            """)
        #expect(try Self.validate(folder) == """
            story.json:6:40: error: story variable 'way' is only ever set to "left" or "right", never to "up", so this test \
            never holds; compare it with a value it is set to, or set it to "up"
            story.json:7:40: error: story variable 'way' is only ever set to "left" or "right", never to "lfet", so this \
            test never holds (did you mean "left"?)
            story.json:10:3: error: this step and the 1 after it are never reached: the 'goto' before them always jumps to \
            chapter 'c'; remove them, or move them before the 'goto'
            story.json:12:41: error: this step is never reached: the 'end' before it ends the story; remove it, or move it \
            before the 'end'
            story.json:14:9: error: chapter 'secret' is never reached: nothing the story reaches jumps to it or goes on \
            into it; jump to it from a step that is reached, or remove it

            """)
        // With a script, which may jump to any chapter, set any variable or write any place,
        // none of it is certain: a note says it was not checked, and why.
        let goals = folder.appendingPathComponent("scripts/goals", isDirectory: true)
        try FileManager.default.createDirectory(at: goals, withIntermediateDirectories: true)
        try Data(Self.goalScript.utf8).write(to: goals.appendingPathComponent("quickFind.lua"))
        #expect(try Self.validate(folder) == "story.json:1:1: note: \(storyScriptsNote)\n")
    }

}

extension StoryAuthorMessageTests {
    /// A story test's input that picks what the scene does not have is told at that input,
    /// as the test's author knows the scene — a choice's options, a level's entities, with
    /// the likely one — not as the engine's rejected action at the play.
    @Test func aTestPickingWhatTheSceneHasNotIsToldAtTheInput() throws {
        let choice = """
            { "choice": "way", "input": [ { "t": 0.5, "action": "turnTo", "azimuth": 0 },
                                          { "t": 1, "action": "selectEntity", "id": "up" } ] }
            """
        let folder = try Self.pack(story: """
            {"chapters": [{"id": "a", "steps": [
              {"level": "walk"},
              {"choice": "way", "options": [
                {"value": "left", "azimuth": 270, "line": {"id": "left", "duration": 1}},
                {"value": "right", "azimuth": 90, "line": {"id": "right", "duration": 1}}]},
              {"end": "home"}
            ]}]}
            """, files: [
            "tests/choice.story.json": #"""
                { "plays": [
                    { "level": "walk", "input": [ { "t": 0.5, "action": "selectEntity", "id": "bell" } ] },
                \#(choice) ],
                  "expect": { "ending": "home" } }
                """#,
            "tests/level.story.json": #"""
                { "plays": [ { "level": "walk", "input": [ { "t": 0.5, "action": "selectEntity", "id": "bel" } ] } ],
                  "expect": { "ending": "home" } }
                """#,
        ])
        let result = try runEcholot(["test", folder.path])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.replacingOccurrences(of: folder.path + "/", with: "") == """
            tests/choice.story.json:4:31: error: the story run failed: choice 'way' has no option 'up'; its options are \
            left, right
            tests/level.story.json:1:44: error: the story run failed: level 'walk' has no entity 'bel' (did you mean 'bell'?)

            """)
    }
}

extension StoryAuthorMessageTests {
    /// A step or an option that could not be read is told alone: the checks of the whole
    /// story would take the story without it, and tell what follows from that (a retry as
    /// the story begins, a value never given) as mistakes of their own.
    @Test(arguments: [
        (#"""
        {"levle": "walk"},
        {"if": {"not": {"outcome": "won"}}, "retry": true},
        {"end": "home"}
        """#, "story.json:2:2: error: a step has no kind 'levle' (did you mean 'level'?)"),
        (#"""
        {"level": "walk"},
        {"set": "mood", "value": "calm"},
        {"set": "mood", "vlaue": "angry"},
        {"if": {"variable": "mood", "equals": "angry"}, "goto": "b"},
        {"end": "home"}
        """#, "story.json:4:17: error: a set step has no field 'vlaue' (did you mean 'value'?)"),
        (#"""
        {"level": "walk"},
        {"choice": "greet", "options": [
          {"value": "wave", "azimuth": 270, "line": {"id": "left", "duration": 1}},
          {"value": "hug", "azimuth": "right", "line": {"id": "right", "duration": 1}}]},
        {"if": {"variable": "greet", "equals": "hug"}, "goto": "b"},
        {"end": "home"}
        """#, "story.json:5:31: error: 'azimuth' must be a number, found a string"),
    ])
    func whatCouldNotBeReadIsToldWithoutWhatFollowsFromIt(steps: String, first: String) throws {
        let folder = try Self.pack(story: """
            {"chapters": [{"id": "a", "steps": [
            \(steps)
            ]}, {"id": "b", "steps": [{"end": "away"}]}]}
            """)
        #expect(try Self.validate(folder) == first + "\n")
    }
}

extension StoryAuthorMessageTests {
    /// The story compares numbers by value, as a story test does: a variable set to 1 and
    /// tested for 1.0 holds, so a retry on it as the story begins is told as one that runs.
    @Test func aNumberTestedInAnotherFormIsTheSameNumber() throws {
        let folder = try Self.pack(story: """
            {"chapters": [{"id": "a", "steps": [
              {"set": "n", "value": 1},
              {"if": {"variable": "n", "equals": 1.0}, "retry": true},
              {"level": "walk"},
              {"end": "home"}
            ]}]}
            """)
        #expect(try Self.validate(folder) == """
            story.json:3:3: error: this branch retries the last level as the story begins, before any level is played, \
            which stops the story; put it after a level step

            """)
    }
}

extension StoryAuthorMessageTests {
    /// A second cut-scene or choice with an earlier one's id is told at its id, naming the
    /// first's line: tests and the story's actions name a scene by its id (two choices of an
    /// id also set one variable).
    @Test func aSceneIDGivenTwiceIsToldAtTheSecond() throws {
        let folder = try Self.pack(story: """
            {"chapters": [{"id": "a", "steps": [
              {"cutscene": "c", "lines": [{"id": "hello", "duration": 1}]},
              {"level": "walk"},
              {"choice": "way", "options": [
                {"value": "l", "azimuth": 270, "line": {"id": "left", "duration": 1}},
                {"value": "r", "azimuth": 90, "line": {"id": "right", "duration": 1}}]},
              {"cutscene": "c", "lines": [{"id": "bye", "duration": 1}]},
              {"choice": "way", "options": [
                {"value": "l", "azimuth": 270, "line": {"id": "left", "duration": 1}},
                {"value": "r", "azimuth": 90, "line": {"id": "right", "duration": 1}}]},
              {"end": "home"}
            ]}]}
            """)
        #expect(try Self.validate(folder) == """
            story.json:7:16: error: cut-scene id 'c' is already used on line 2; give this cut-scene an id of its own: a \
            test's play and the story's actions name a cut-scene by its id
            story.json:8:14: error: choice id 'way' is already used on line 4, and both set story variable 'way'; give \
            this choice an id of its own: a test's play and the story's actions name a choice by its id

            """)
    }

    /// A story.json in a pack that is no story pack would never play, though it validates
    /// and its tests pass: told at pack.json's `kind`, or at pack.json when it gives none.
    @Test func aStoryInAPackOfAnotherKindIsToldAtPackJSON() throws {
        let story = """
            {"chapters": [{"id": "a", "steps": [{"level": "walk"}, {"end": "home"}]}]}
            """
        let none = try Self.pack(story: story, files: ["pack.json": #"{"id": "tale", "name": "Tale", "version": "1.0.0", "api": 1}"#])
        #expect(try Self.validate(none) == """
            pack.json:1:1: error: the pack has a story.json, but pack.json gives no "kind", so it is played as single \
            levels and its story.json never plays; make it a story pack with "kind": "story"

            """)
        let scored = try Self.pack(story: story, files: [
            "pack.json": #"{"id": "tale", "name": "Tale", "version": "1.0.0", "api": 1, "kind": "scored"}"#,
        ])
        #expect(try Self.validate(scored) == """
            pack.json:1:70: error: kind: the pack has a story.json, but its kind is "scored", so it is played as single \
            levels and its story.json never plays; make it a story pack with "kind": "story"

            """)
    }

    /// A line's words or a chapter's title written in story.json is told where they go:
    /// the strings files, under the line's id or the chapter's `chapter.<id>`.
    @Test func aTextWrittenInTheStoryIsToldWhereItGoes() throws {
        let folder = try Self.pack(story: """
            {"chapters": [{"id": "a", "title": "Arrival", "steps": [
              {"cutscene": "c", "lines": [{"id": "hello", "text": "Hello.", "duration": 1}]},
              {"level": "walk"}
            ]}]}
            """)
        #expect(try Self.validate(folder) == """
            story.json:1:27: error: a chapter has no field 'title'; its title goes in strings/<lang>.json, one file per \
            language, under "chapter.a"
            story.json:2:47: error: a line has no field 'text'; its words go in strings/<lang>.json, one file per \
            language, under "hello"

            """)
    }

    /// A speaker written as the name the player reads, not its id, gets the id whose name
    /// it is.
    @Test func aSpeakerWrittenByItsNameGetsItsID() throws {
        let folder = try Self.pack(story: """
            {"chapters": [{"id": "a", "steps": [
              {"cutscene": "c", "lines": [{"id": "hello", "speaker": "Guide", "duration": 1}]},
              {"level": "walk"}
            ]}]}
            """)
        #expect(try Self.validate(folder) == """
            story.json:2:58: error: speaker 'Guide' is missing from strings/en.json; add their name there (did you mean \
            'speaker.guide', whose name is "Guide"?)

            """)
    }

    /// A line missing from every language file is one mistake, told once, naming the
    /// files, the default language's first.
    @Test func aLineMissingFromSeveralLanguagesIsToldOnce() throws {
        let folder = try Self.pack(story: """
            {"chapters": [{"id": "a", "steps": [
              {"cutscene": "c", "lines": [{"id": "hi", "duration": 1}]},
              {"level": "walk"}
            ]}]}
            """, files: ["strings/de.json": #"{"hello": "Hallo."}"#])
        #expect(try Self.validate(folder) == """
            story.json:2:31: error: line 'hi' is missing from strings/en.json and strings/de.json; add its text to each

            """)
    }
}

extension StoryAuthorMessageTests {
    /// Common slips are told once, at the value written, with the fix: `lines` written as
    /// one object (put it in a list) or as ids (write objects), a voice named without its
    /// extension, a misspelt `goto` (not also as a branch lacking one), and a kind written
    /// as a longer word of it (`ending` for `end`).
    @Test func commonSlipsAreToldOnceWithTheFix() throws {
        let folder = try Self.pack(story: """
            {"chapters": [{"id": "a", "steps": [
              {"cutscene": "c", "lines": {"id": "hello", "duration": 1}},
              {"cutscene": "d", "lines": ["hello"]},
              {"cutscene": "e", "lines": [{"id": "bye", "voice": "bell"}]},
              {"level": "walk", "lines": "hello"},
              {"if": {"outcome": "lost"}, "go to": "a"},
              {"ending": "home"}
            ]}]}
            """)
        #expect(try Self.validate(folder) == """
            story.json:2:30: error: cut-scene 'c' needs 'lines', a non-empty list; found an object: put the line in [ ], \
            as [{"id": …}]
            story.json:3:31: error: a line must be an object, found a string; write {"id": "hello"}
            story.json:4:54: error: voice file "sounds/bell" does not exist (did you mean "bell.wav"?)
            story.json:5:30: error: 'lines' of a level step must be a list of lines spoken over the level; found a string
            story.json:6:31: error: a branch has no field 'go to' (did you mean 'goto'?)
            story.json:7:4: error: a step has no kind 'ending' (did you mean 'end'?)

            """)
    }
}

extension StoryAuthorMessageTests {
    /// A choice's variable is named after its id unless it says another: a test of the id
    /// of a choice that stores its pick elsewhere names the variable to test.
    @Test func aTestOfAChoicesIDNamesTheVariableItStoresIn() throws {
        let folder = try Self.pack(story: """
            {"chapters": [{"id": "a", "steps": [
              {"choice": "way", "variable": "path", "options": [
                {"value": "l", "azimuth": 270, "line": {"id": "left", "duration": 1}},
                {"value": "r", "azimuth": 90, "line": {"id": "right", "duration": 1}}]},
              {"if": {"variable": "way", "equals": "l"}, "goto": "b"},
              {"level": "walk"}]},
             {"id": "b", "steps": [{"end": "home"}]}
            ]}
            """)
        #expect(try Self.validate(folder) == """
            story.json:5:23: error: story variable 'way' is never set by a set step or a choice, so this test never holds \
            (the choice 'way' stores its pick in 'path': test that)

            """)
    }
}

extension StoryAuthorMessageTests {
    /// A test that never holds under `not` makes its branch always taken: the message said
    /// only "never holds", the opposite of what the branch does. Two `not`s cancel out.
    @Test func aTestThatNeverHoldsUnderNotSaysTheBranchIsAlwaysTaken() throws {
        let folder = try Self.pack(story: """
            {"chapters": [{"id": "a", "steps": [
              {"level": "walk"},
              {"if": {"not": {"variable": "wet"}}, "goto": "late"},
              {"if": {"not": {"not": {"variable": "dry"}}}, "goto": "late"},
              {"end": "home"}]},
             {"id": "late", "steps": [{"end": "late"}]}
            ]}
            """)
        #expect(try Self.validate(folder) == """
            story.json:3:31: error: story variable 'wet' is never set by a set step or a choice, so this test never holds, \
            and under 'not' the branch is always taken; set it, or test a variable the story sets
            story.json:4:39: error: story variable 'dry' is never set by a set step or a choice, so this test never holds; \
            set it, or test a variable the story sets

            """)
    }
}
