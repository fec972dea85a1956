import EcholotTestSupport
import Foundation
import Testing

/// What `echolot validate` tells a story's author without failing the pack: a warning of a
/// story string nothing shows, a note of the checks left out for what else drives the story.
extension StoryAuthorMessageTests {
    /// A story whose last chapter runs off its end (ending "end"), with a choice of
    /// `left` and `right`, the ending `lost`, and a line whose id looks like a chapter's string.
    static let remarkStory = """
        {"chapters": [{"id": "gate", "steps": [
          {"cutscene": "c", "lines": [{"id": "chapter.intro", "duration": 1}]},
          {"choice": "way", "options": [
            {"value": "left", "azimuth": 270, "line": {"id": "left", "duration": 1}},
            {"value": "right", "azimuth": 90, "line": {"id": "right", "duration": 1}}]},
          {"if": {"variable": "way", "equals": "left"}, "goto": "home"},
          {"end": "lost"}]},
         {"id": "home", "steps": [{"level": "walk"}]}
        ]}
        """

    /// Strings for ``remarkStory``: one used of each family, one misspelt, one near nothing,
    /// and the name of ``remarkLevel``'s bell.
    static let remarkStrings = """
        {"left": "Left.", "right": "Right.",
          "chapter.intro": "A line, not a chapter's name.",
          "chapter.gate": "At the Gate",
          "chapter.hme": "Home",
          "ending.lost": "Lost in the dark",
          "ending.end": "Home at last",
          "ending.lots": "Lost",
          "ending.zzzzzz": "Never",
          "option.left": "The left way",
          "option.rigth": "The right way",
          "ending.bell": "The bell"}
        """

    /// The level of ``remarkStory``, its bell named by a string id that looks like an ending's.
    static let remarkLevel = #"""
        {"id": "walk", "name": "Walk", "entities": [
          {"id": "bell", "name": "ending.bell", "position": {"azimuth": 45}, "sound": {"file": "bell.wav"}}],
         "goals": [{"type": "find", "entity": "bell"}]}
        """#

    /// A `chapter.`, `ending.` or `option.` string that names nothing of the story is warned
    /// of at its id, with the likely name or the story's names; `ending.end` is the story's
    /// when it can run off its last chapter, and an id a line or an entity's name has is not
    /// a chapter's or an ending's string. Warnings do not fail the pack.
    @Test func aStoryStringThatNamesNothingIsWarnedOfAtItsID() throws {
        let folder = try Self.pack(story: Self.remarkStory, strings: Self.remarkStrings,
                                   files: ["levels/walk.json": Self.remarkLevel])
        let result = try runEcholot(["validate", folder.path])
        #expect(result.status == 0)
        #expect(result.stdout == "ok: tale (1 level)\n")
        #expect(try Self.validate(folder) == """
            strings/en.json:4:3: warning: string "chapter.hme" is never shown: the story has no chapter 'hme' (did you \
            mean "chapter.home"?)
            strings/en.json:7:3: warning: string "ending.lots" is never shown: the story has no ending 'lots' (did you \
            mean "ending.lost"?)
            strings/en.json:8:3: warning: string "ending.zzzzzz" is never shown: the story has no ending 'zzzzzz'; its \
            endings are lost, end
            strings/en.json:10:3: warning: string "option.rigth" is never shown: the story has no option 'rigth' (did you \
            mean "option.right"?)

            """)
    }

    /// A line's text fills only `{time}`: any other name in braces is read out as written,
    /// in any language's file, told at the text, with `{time}` when it is a near miss. A
    /// choice's option, shown as the choice is offered, fills none, nor does a speaker's
    /// name or a chapter's or an ending's string. An option is named by its value, as the
    /// story's other messages name it, with its line's id when that is another: the id
    /// alone read as a value the story does not have.
    @Test func aLinesPlaceholderOtherThanTimeIsWarnedOf() throws {
        let story = """
            {"chapters": [{"id": "gate", "steps": [
              {"cutscene": "c", "lines": [{"id": "dawn", "duration": 1}, {"id": "dusk", "duration": 1}]},
              {"choice": "way", "options": [{"value": "left", "azimuth": 270, "line": {"id": "way.left", "duration": 1}},
                {"value": "right", "azimuth": 90, "line": {"id": "right", "duration": 1}}]},
              {"choice": "then", "options": [{"value": "back", "azimuth": 270, "line": {"id": "right", "duration": 1}},
                {"value": "on", "azimuth": 90, "line": {"id": "on", "duration": 1}}]},
              {"level": "walk"}]}]}
            """
        let folder = try Self.pack(story: story,
                                   strings: #"{"dawn": "It is {tme}.", "dusk": "It is {time}, {player}.", "way.left": "Left at {time}.", "option.left": "Left ({n})", "right": "Right {n}.", "on": "On {n}.", "ending.end": "Home at {time}"}"#,
                                   files: ["strings/de.json": #"{"dawn": "Es ist {Time}.", "dusk": "Es ist {time}.", "way.left": "Links.", "option.left": "Links", "right": "Rechts.", "on": "Weiter.", "ending.end": "Daheim"}"#])
        let told = try Self.validate(folder)
        #expect(told == """
            strings/de.json:1:10: warning: line 'dawn': {Time} is read out as written, braces and all: a line's text fills \
            only {time} (did you mean {time}?)
            strings/en.json:1:10: warning: line 'dawn': {tme} is read out as written, braces and all: a line's text fills \
            only {time} (did you mean {time}?)
            strings/en.json:1:34: warning: line 'dusk': {player} is read out as written, braces and all: a line's text \
            fills only {time}
            strings/en.json:1:73: warning: option 'left' (line 'way.left'): {time} is read out as written, braces and all: \
            only a line's text is filled, and only its {time}
            strings/en.json:1:107: warning: string 'option.left': {n} is read out as written, braces and all: only a line's \
            text is filled, and only its {time}
            strings/en.json:1:130: warning: options 'right' and 'back' (line 'right'): {n} is read out as written, braces \
            and all: only a line's text is filled, and only its {time}
            strings/en.json:1:150: warning: option 'on': {n} is read out as written, braces and all: only a line's text is \
            filled, and only its {time}
            strings/en.json:1:175: warning: string 'ending.end': {time} is read out as written, braces and all: only a \
            line's text is filled, and only its {time}

            """, "\(told)")
    }

    /// A line's `{time}` in a language Echolot says no time in (`fr.json`) is said in digits,
    /// which is warned of at the text; in English and German files it is not. It was not.
    @Test func aLinesTimeInALanguageWithoutTimeWordsIsWarnedOf() throws {
        let story = """
            {"chapters": [{"id": "gate", "steps": [{"cutscene": "c", "lines": [{"id": "dawn", "duration": 1}]},
              {"level": "walk"}]}]}
            """
        let folder = try Self.pack(story: story, strings: #"{"dawn": "It is {time}."}"#,
                                   files: ["strings/de.json": #"{"dawn": "Es ist {time}."}"#,
                                           "strings/fr.json": #"{"dawn": "Il est {time}."}"#])
        let told = try Self.validate(folder)
        #expect(told == """
            strings/fr.json:1:10: warning: line 'dawn': {time} is said as digits (21:40), not in words: Echolot says the time \
            in words in en and de only, not in "fr"

            """, "\(told)")
    }

    /// With scripts, a rule may end the story with any ending or offer any options, so only
    /// chapters' strings are certain; the note says what was not checked, and why.
    @Test func withScriptsOnlyChapterStringsAreWarnedOf() throws {
        let folder = try Self.pack(story: Self.remarkStory, strings: Self.remarkStrings,
                                   files: ["levels/walk.json": Self.remarkLevel, "scripts/goals/quickFind.lua": Self.goalScript])
        #expect(try Self.validate(folder) == """
            story.json:1:1: note: \(storyScriptsNote)
            strings/en.json:4:3: warning: string "chapter.hme" is never shown: the story has no chapter 'hme' (did you \
            mean "chapter.home"?)

            """)
    }

    /// A level entity with a `story.*` action can set variables too: the note names it.
    @Test func theNoteNamesAnEntitysStoryAction() throws {
        let folder = try Self.pack(story: """
            {"chapters": [{"id": "a", "steps": [{"level": "walk"}, {"end": "home"}]}]}
            """, files: ["levels/walk.json": #"""
                {"id": "walk", "name": "Walk", "entities": [
                  {"id": "bell", "position": {"azimuth": 45}, "sound": {"file": "bell.wav"},
                   "actions": [{"on": "selected", "action": "story.set", "name": "rang", "value": true}]}],
                 "goals": [{"type": "find", "entity": "bell"}]}
                """#])
        #expect(try Self.validate(folder) == """
            story.json:1:1: note: the action 'story.set' of entity 'bell' in level 'walk' can set story variables or move \
            the story, so validate does not check what the story never reaches, tests of values its variables are never \
            given, or ending and option strings it never shows

            """)
    }

    /// A pack that plays the story of a base with scripts is told that the base's scripts
    /// are why, at the base's story; its own strings are the ones checked.
    @Test func theNoteNamesTheBaseWhoseScriptsDriveTheStory() throws {
        let folder = try scratchFolder("author").appendingPathComponent("walk-extra")
        try writePackFiles([
            "pack.json": #"{"id": "walk-extra", "name": "Extra", "version": "1.0.0", "api": 1, "extends": "night-walk"}"#,
            "strings/en.json": #"{"chapter.gte": "By the Gate", "ending.hme": "Home again"}"#,
        ], in: folder)
        let shipped = repositoryRoot.appendingPathComponent("levels")
        let result = try runEcholot(["validate", folder.path], environment: ["ECHOLOT_PACKS": shipped.path])
        #expect(result.status == 0)
        #expect(Set(result.stderr.split(separator: "\n")) == [
            """
            \(shipped.path)/night-walk/story.json:1:1: note: the scripts of pack 'night-walk', which this pack builds on, \
            can set story variables or move the story, so validate does not check what the story never reaches, tests of \
            values its variables are never given, or ending and option strings it never shows
            """,
            """
            \(folder.path)/strings/en.json:1:2: warning: string "chapter.gte" is never shown: the story has no chapter \
            'gte' (did you mean "chapter.gate"?)
            """,
        ])
    }

    /// What could not be read is told alone: the checks it leaves out are not noted as left
    /// out for the scripts, nor a string warned of that what was left out may use.
    @Test func whatCouldNotBeReadIsToldWithoutRemarks() throws {
        let folder = try Self.pack(story: """
            {"chapters": [{"id": "a", "steps": [{"level": "walk"}, {"ned": "home"}]},
                          {"id": "b", "stepz": [{"end": "home"}]}]}
            """, strings: #"{"chapter.b": "The Way Home"}"#, files: ["scripts/goals/quickFind.lua": Self.goalScript])
        #expect(try Self.validate(folder) == """
            story.json:1:57: error: a step has no kind 'ned' (did you mean 'end'?)
            story.json:2:27: error: a chapter has no field 'stepz' (did you mean 'steps'?)

            """)
    }
}
