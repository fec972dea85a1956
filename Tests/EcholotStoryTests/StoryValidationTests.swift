import EcholotCore
import EcholotModel
import EcholotTestSupport
import Foundation
import Glibc
import Testing

/// Bad stories: every problem is reported with file, line and column.
@Suite struct StoryValidationTests {
    /// A pack with one level `walk` and strings in English and German.
    static func pack(de: String = #"{"hello": "Hallo"}"#, en: String = #"{"hello": "Hello", "bye": "Bye"}"#) throws -> Pack {
        let folder = try scratchFolder("story-tests")
        let files = [
            "pack.json": #"{"id": "t", "name": "T", "version": "1.0.0", "api": 1, "kind": "story"}"#,
            "levels/walk.json": #"{"id": "walk", "name": "Walk", "entities": []}"#,
            "strings/en.json": en,
            "strings/de.json": de,
        ]
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return try PackLoader.load(at: folder)
    }

    /// ``pack(de:)`` with a file `name` in its `sounds/` that is there but not audio.
    static func pack(withUnplayable name: String) throws -> Pack {
        let pack = try Self.pack()
        try FileManager.default.createDirectory(at: pack.soundsFolder, withIntermediateDirectories: true)
        try Data("not audio".utf8).write(to: pack.soundsFolder.appendingPathComponent(name))
        return pack
    }

    static func problems(_ story: String, pack: Pack? = nil) throws -> [String] {
        let pack = try pack ?? Self.pack()
        switch StoryReader.read(Array(story.utf8), pack: pack, displayPath: "story.json") {
        case .success: return []
        case let .failure(error): return error.diagnostics.map(\.description)
        }
    }

    /// The problems of `story` written as the pack's own story.json and loaded as the game
    /// loads it, each with the file named as `validate` names it.
    static func problems(inFile story: String, pack: Pack? = nil) throws -> [String] {
        let pack = try pack ?? Self.pack()
        try Data(story.utf8).write(to: pack.root.appendingPathComponent(StoryReader.fileName))
        guard case let .failure(error)? = StoryReader.load(for: pack) else { return [] }
        let shown = pack.display(StoryReader.fileName)
        return error.diagnostics.map { $0.description.replacingOccurrences(of: shown, with: StoryReader.fileName) }
    }

    /// A community pack whose story.json is a pipe (or a device) must not hang the game
    /// that lists or validates it: it is told as any unreadable pack file is.
    @Test func aStoryFileThatIsNotAFileIsReportedNotRead() throws {
        let pack = try Self.pack()
        let story = pack.root.appendingPathComponent(StoryReader.fileName)
        #expect(mkfifo(story.path, 0o600) == 0)
        guard case let .failure(error)? = StoryReader.load(for: pack) else {
            Issue.record("a pipe read as a story")
            return
        }
        #expect(error.diagnostics.map(\.description) == ["\(pack.display(StoryReader.fileName)):1:1: error: not a regular file"])
    }

    /// A story.json that is a link leading nowhere is there, as far as the pack is
    /// concerned: it is reported once, as a broken link, not also as a story missing.
    @Test func aStoryFileThatIsABrokenLinkIsReportedOnce() throws {
        let pack = try Self.pack()
        let story = pack.root.appendingPathComponent(StoryReader.fileName)
        try FileManager.default.createSymbolicLink(atPath: story.path, withDestinationPath: "gone.json")
        #expect(StoryReader.exists(in: pack))
        guard case let .failure(error)? = StoryReader.load(for: pack) else {
            Issue.record("a broken link read as a story, or as no story")
            return
        }
        #expect(error.diagnostics.count == 1)
    }

    /// Lines over a level are checked like a cut-scene's: a missing language string is
    /// reported where the line is.
    @Test func aLineOverALevelMissingFromALanguageIsReported() throws {
        let problems = try Self.problems("""
            {"chapters": [{"id": "a", "steps": [
              {"level": "walk", "lines": [{"id": "later", "duration": 1}]}
            ]}]}
            """)
        #expect(problems.contains { $0.hasPrefix("story.json:2:31: error:") && $0.contains("'later'") }, "\(problems)")
    }

    /// A chapter named with a JSON `\n` in it printed a second line that read as a
    /// diagnostic of another file: the name is written out, on the problem's one line.
    @Test func aChapterNameWithALineBreakIsToldOnOneLine() throws {
        let problems = try Self.problems(#"{"start": "a\nx.json:1:1: error: forged", "chapters": [{"id": "a", "steps": [{"end": "won"}]}]}"#)
        #expect(problems == [
            #"story.json:1:11: error: there is no chapter 'a\nx.json:1:1: error: forged'; the chapters are a"#,
        ])
    }

    /// A long chapter with no steps is named cut too.
    @Test func aLongChapterWithNoStepsIsNamedCut() throws {
        let long = String(repeating: "c", count: 10_000)
        let problems = try Self.problems(#"{"start": "\#(long)", "chapters": [{"id": "\#(long)", "steps": []}]}"#)
        #expect(problems.count == 1 && problems[0].contains("chapter '\(String(repeating: "c", count: 60))…' has no steps"), "\(problems.map { $0.prefix(200) })")
    }

    /// A chapter named with 10,000 characters was printed whole, in the message and in the
    /// list of chapters: both are cut.
    @Test func aLongChapterNameIsCut() throws {
        let long = String(repeating: "c", count: 10_000)
        let problems = try Self.problems(#"{"start": "\#(long)x", "chapters": [{"id": "\#(long)", "steps": [{"end": "won"}]}]}"#)
        #expect(problems == [
            "story.json:1:11: error: there is no chapter '\(String(repeating: "c", count: 60))…'; the chapters are "
                + "\(String(repeating: "c", count: 40))…cccccccccc",
        ])
    }

    /// A story of 150 jumps to chapters that are not there is told in 100 lines and one
    /// that counts the rest, as a level file is.
    @Test func aStoryOfManyMistakesIsToldInAHundredLinesAndOneMore() throws {
        let steps = (0..<150).map { #"{"if": {"outcome": "won"}, "goto": "nowhere\#($0)"}"# }.joined(separator: ", ")
        let problems = try Self.problems(#"{"chapters": [{"id": "a", "steps": [\#(steps)]}]}"#)
        #expect(problems.count == 101)
        #expect(problems.last?.hasSuffix("error: 50 more problems in this file are not told; fix these first") == true, "\(problems.suffix(2))")
    }

    @Test func unknownLevelAndChapterAreReportedWhereTheyAreNamed() throws {
        let problems = try Self.problems("""
            {"chapters": [{"id": "a", "steps": [
              {"level": "swim"},
              {"goto": "nowhere"}
            ]}]}
            """)
        #expect(problems == [
            "story.json:2:13: error: the pack has no level 'swim'; its levels are walk",
            "story.json:3:12: error: there is no chapter 'nowhere'; the chapters are a",
        ])
    }

    /// A chapter defined twice is told at its second id, and the list of chapters names it
    /// once.
    @Test func aChapterDefinedTwiceIsReportedAtItsSecondIdAndListedOnce() throws {
        let problems = try Self.problems(inFile: """
            {"chapters": [
              {"id": "entrance", "steps": [{"level": "walk"}, {"goto": "cave"}]},
              {"id": "deep", "steps": [{"level": "walk"}]},
              {"id": "lost", "steps": [{"level": "walk"}]},
              {"id": "lost", "steps": [{"level": "walk"}]}
            ]}
            """)
        #expect(problems == [
            "story.json:2:60: error: there is no chapter 'cave'; the chapters are entrance, deep, lost",
            "story.json:5:10: error: chapter 'lost' is defined twice; jumps go to the first, so give this one another id",
        ])
    }

    /// A chapter with no steps could only pass on to the next (or end the story): it is
    /// told once, at its `steps`, and a jump to it is not told as a second problem.
    @Test func aChapterWithNoStepsIsReportedAtItsSteps() throws {
        let problems = try Self.problems(inFile: """
            {"chapters": [
              {"id": "entrance", "steps": [{"level": "walk"}, {"goto": "between"}]},
              {"id": "between", "steps": []},
              {"id": "after", "steps": [{"level": "walk"}]},
              {"id": "epilogue", "steps": [ ]}
            ]}
            """)
        let tail = "so it would only pass on to the chapter after it (or end the story, as the last); "
            + "give it its steps, or remove it and jump there instead"
        #expect(problems == [
            "story.json:3:30: error: chapter 'between' has no steps, \(tail)",
            "story.json:5:31: error: chapter 'epilogue' has no steps, \(tail)",
        ])
    }

    /// A chapter whose id does not read may be the one a jump names, and one left out for
    /// its steps is the one: each is told once, at its own problem, and no jump to it is
    /// told to name no chapter (it was told before the real cause).
    @Test func aJumpToAChapterThatDidNotReadIsNotToldAsUnknown() throws {
        let brokenID = try Self.problems(inFile: """
            {"chapters": [
              {"id": "entrance", "steps": [{"level": "walk"}, {"if": {"outcome": "won"}, "goto": "home"}, {"goto": "elsewhere"}]},
              {"id": 5, "steps": [{"level": "walk"}]}
            ]}
            """)
        #expect(brokenID == ["story.json:3:10: error: 'id' must be a non-empty string, found a number"])
        let noSteps = try Self.problems(inFile: """
            {"chapters": [
              {"id": "entrance", "steps": [{"level": "walk"}, {"if": {"outcome": "won"}, "goto": "home"}, {"goto": "elsewhere"}]},
              {"id": "home", "stpes": [{"level": "walk"}]}
            ]}
            """)
        #expect(noSteps == [
            "story.json:2:104: error: there is no chapter 'elsewhere'; the chapters are entrance",
            "story.json:3:18: error: a chapter has no field 'stpes' (did you mean 'steps'?)",
        ])
    }

    /// A chapter id with a typo gets the likely one; a long story lists only a few of its
    /// chapters, not thousands. (The second goto, after the first, is never reached.)
    @Test func anUnknownChapterGetsTheLikelyOneOrAFewNames() throws {
        let chapters = (1...30).map { #"{"id": "part\#($0)", "steps": [{"level": "walk"}]}"# }
        let problems = try Self.problems("""
            {"chapters": [{"id": "intro", "steps": [{"goto": "itro"}, {"goto": "epilogue"}]},
            \(chapters.joined(separator: ",\n"))]}
            """)
        #expect(problems == [
            "story.json:1:50: error: there is no chapter 'itro' (did you mean 'intro'?)",
            "story.json:1:59: error: this step is never reached: the 'goto' before it always jumps to chapter 'itro'; "
                + "remove it, or move it before the 'goto'",
            "story.json:1:68: error: there is no chapter 'epilogue'; the chapters are intro, part1, part2, part3, part4, "
                + "part5, part6, part7, part8, part9 and 21 more",
        ])
    }

    /// A story's ambience path is held to what a voice's and a level's are: inside `sounds/`.
    @Test func anAmbiencePathThatLeavesTheSoundsFolderIsReported() throws {
        let problems = try Self.problems("""
            {"chapters": [{"id": "a", "steps": [
              {"level": "walk", "ambienceByDayPart": {"night": [{"file": "../../secret.wav"}]}}
            ]}]}
            """)
        #expect(problems.count == 1, "\(problems)")
        #expect(problems.first?.hasPrefix("story.json:2:62: error: ambience 'file': '..' is not allowed") == true, "\(problems)")
    }

    /// A loop is told at its jump, from the jump's own chapter round to it again, with
    /// what to do about it.
    @Test func aLoopOfJumpsWithoutLevelOrChoiceIsReported() throws {
        let problems = try Self.problems(inFile: """
            {"chapters": [
              {"id": "lost", "steps": [{"set": "x", "value": 1}, {"if": {"outcome": "won"}, "goto": "c"}, {"goto": "lake"}]},
              {"id": "lake", "steps": [{"goto": "lost"}]},
              {"id": "c", "steps": [{"level": "walk"}, {"goto": "c"}]}
            ]}
            """)
        #expect(problems == ["story.json:3:28: error: this jump loops with no level or choice in between (lake → lost → lake), "
            + "so the story would never go on; put a level, a choice or an end in the loop"])
    }

    @Test func aChoiceWithoutOptionsIsReported() throws {
        let problems = try Self.problems(#"{"chapters": [{"id": "a", "steps": [{"choice": "c", "options": []}]}]}"#)
        #expect(problems == [
            #"story.json:1:64: error: choice 'c' has no options; give 'options', a list of {"value", "azimuth", "line"}"#,
        ])
    }

    /// One option is no choice: the player could only look for it, and an author who
    /// wrote one has usually lost the other (a broken paste, a comma too many).
    @Test func aChoiceWithOneOptionIsReported() throws {
        let problems = try Self.problems("""
            {"chapters": [{"id": "a", "steps": [
              {"choice": "c", "options": [{"value": "v", "azimuth": 90, "line": {"id": "hello", "duration": 1}}]}
            ]}]}
            """)
        #expect(problems == [
            "story.json:2:30: error: choice 'c' has only one option; give it two or more, or make the line a cut-scene's",
        ])
    }

    /// An empty option value is told as empty: "found a string" would puzzle its author.
    @Test func anEmptyOptionValueIsToldAsEmpty() throws {
        let problems = try Self.problems("""
            {"chapters": [{"id": "a", "steps": [
              {"choice": "c", "options": [
                {"value": "", "azimuth": 90, "line": {"id": "hello", "duration": 1}},
                {"value": "w", "azimuth": 270, "line": {"id": "hello", "duration": 1}}]}
            ]}]}
            """)
        #expect(problems == [
            "story.json:3:15: error: 'value' must be a non-empty string, found an empty string",
        ])
    }

    /// A prompt plays without direction; an azimuth on it would be ignored without a word.
    @Test func aPromptWithAnAzimuthIsReported() throws {
        let problems = try Self.problems("""
            {"chapters": [{"id": "a", "steps": [
              {"choice": "c", "prompt": {"id": "hello", "azimuth": 10, "duration": 1}, "options": [
                {"value": "v", "azimuth": 90, "line": {"id": "hello", "duration": 1}},
                {"value": "w", "azimuth": 270, "line": {"id": "hello", "duration": 1}}]}
            ]}]}
            """)
        #expect(problems == [
            "story.json:2:45: error: a choice's prompt is heard without direction, apart from its options; remove its 'azimuth'",
        ])
    }

    /// A line missing from a language other than the default is no problem: the story
    /// plays, and that language's players read the default's text (an English player is
    /// not kept from a story whose German is being written). `validate` warns at the line,
    /// naming the language file and what to do.
    @Test func aLineMissingFromATranslationIsAWarningAtTheLine() throws {
        let pack = try Self.pack()
        let story = """
            {"chapters": [{"id": "a", "steps": [
              {"cutscene": "s", "lines": [{"id": "hello", "duration": 1}, {"id": "bye", "duration": 1}]}
            ]}]}
            """
        #expect(try Self.problems(inFile: story, pack: pack) == [])
        let reading = try #require(StoryReader.reading(for: pack, remarks: true))
        #expect(reading.remarks.map(\.description) == [
            "\(pack.display("story.json")):2:63: warning: line 'bye' has no text in \(pack.display("strings/de.json")): "
                + "players of that language read it in en; add it there",
        ])
    }

    /// What a translation lacks names its file one way in one run: an ending's string
    /// was told in `strings/de.json`, a line in the file as the pack was named.
    @Test func whatATranslationLacksNamesItsFileAsThePackIsNamed() throws {
        let pack = try Self.pack(en: #"{"hello": "Hello", "bye": "Bye", "ending.home": "Home"}"#)
        let story = """
            {"chapters": [{"id": "a", "steps": [
              {"cutscene": "s", "lines": [{"id": "hello", "duration": 1}, {"id": "bye", "duration": 1}]},
              {"end": "home"}
            ]}]}
            """
        #expect(try Self.problems(inFile: story, pack: pack) == [])
        let reading = try #require(StoryReader.reading(for: pack, remarks: true))
        let german = pack.display("strings/de.json")
        #expect(german != "strings/de.json", "the pack is named by its folder")
        #expect(reading.remarks.map(\.description) == [
            "\(pack.display("story.json")):2:63: warning: line 'bye' has no text in \(german): "
                + "players of that language read it in en; add it there",
            "\(pack.display("strings/en.json")):1:34: warning: string \"ending.home\" has no text in \(german): "
                + "players of that language read it in en; add it there",
        ])
    }

    /// A line missing from the default language stays a problem: there is no text to show.
    @Test func aLineMissingFromTheDefaultLanguageIsAProblem() throws {
        let pack = try Self.pack(de: #"{"hello": "Hallo", "later": "Später"}"#)
        let problems = try Self.problems(inFile: """
            {"chapters": [{"id": "a", "steps": [
              {"cutscene": "s", "lines": [{"id": "hello", "duration": 1}, {"id": "later", "duration": 1}]}
            ]}]}
            """, pack: pack)
        #expect(problems == [
            "story.json:2:63: error: line 'later' is missing from \(pack.display("strings/en.json")); add its text there",
        ])
    }

    /// A voice that cannot be decoded is named as a missing one is: `voice file "sounds/…"`.
    @Test func aVoiceThatCannotBeDecodedIsReported() throws {
        let pack = try Self.pack(withUnplayable: "bad.ogg")
        let problems = try Self.problems(inFile: """
            {"chapters": [{"id": "a", "steps": [
              {"cutscene": "s", "lines": [{"id": "hello", "voice": "bad.ogg"}]}
            ]}]}
            """, pack: pack)
        #expect(problems == [
            #"story.json:2:56: error: voice file "sounds/bad.ogg" cannot be decoded: not a WAV, FLAC or Ogg Vorbis file"#,
        ])
    }

    /// A condition holds one test and nothing else: a misspelt `equals` would compare with
    /// `true` and a second test would be ignored, so the branch would silently never (or
    /// always) be taken. A test of the wrong type is told once, where it is.
    @Test func aConditionWithAnUnknownFieldOrTwoTestsIsReported() throws {
        let problems = try Self.problems("""
            {"chapters": [{"id": "a", "steps": [
              {"level": "walk"},
              {"if": {"variable": "way", "equal": "beach"}, "goto": "a"},
              {"if": {"outcome": "lost", "achievement": "x"}, "goto": "a"},
              {"if": {"not": {"dayPart": "night", "x": 1}}, "goto": "a"},
              {"if": {"outcome": 1}, "goto": "a"},
              {"if": {"dayPart": "Night"}, "goto": "a"}
            ]}]}
            """)
        #expect(problems == [
            "story.json:3:30: error: a condition has no field 'equal' (did you mean 'equals'?)",
            "story.json:4:10: error: a condition tests one thing, found outcome and achievement; keep one, and test the "
                + "other in a branch of its own",
            "story.json:5:39: error: a condition has no field 'x'; it takes dayPart",
            "story.json:6:22: error: 'outcome' must be a non-empty string, found a number",
            "story.json:7:22: error: 'Night' is no day part (did you mean 'night'?)",
        ])
    }

    /// A misspelt test is named at its key with the likely one, as a step's misspelt kind
    /// is; a condition with no test at all says what one looks like.
    @Test func aMisspeltConditionTestIsNamed() throws {
        let problems = try Self.problems("""
            {"chapters": [{"id": "a", "steps": [
              {"level": "walk"},
              {"if": {"varible": "way", "equals": "beach"}, "goto": "a"},
              {"if": {}, "goto": "a"}
            ]}]}
            """)
        #expect(problems == [
            "story.json:3:11: error: a condition has no kind 'varible' (did you mean 'variable'?)",
            "story.json:4:10: error: a condition is {\"outcome\"}, {\"variable\", \"equals\"}, {\"achievement\"}, "
                + "{\"dayPart\"} or {\"not\"}",
        ])
    }

    /// A variable test that can never hold — a value of a type no set step or choice gives
    /// the variable, or a variable none sets — is reported, but only when nothing else can
    /// set a story variable: a pack with scripts may set any value from a rule.
    @Test func aVariableTestThatCanNeverHoldIsReportedWhenNoScriptCanSetIt() throws {
        let story = """
            {"chapters": [{"id": "a", "steps": [
              {"set": "rough", "value": "true"},
              {"choice": "path", "options": [{"value": "river", "azimuth": 270, "line": {"id": "hello", "duration": 1}},
                                             {"value": "forest", "azimuth": 90, "line": {"id": "hello", "duration": 1}}]},
              {"if": {"variable": "rough"}, "goto": "a"},
              {"if": {"not": {"variable": "path", "equals": 1}}, "goto": "a"},
              {"if": {"variable": "rough", "equals": "true"}, "goto": "a"},
              {"if": {"variable": "rough", "equals": null}, "goto": "a"},
              {"if": {"variable": "rouhg", "equals": "true"}, "goto": "a"},
              {"end": "home"}
            ]}]}
            """
        let pack = try Self.pack()
        let problems = try Self.problems(inFile: story, pack: pack)
        #expect(problems == [
            "story.json:5:23: error: story variable 'rough' is only ever set to a string, never to a boolean such as true, "
                + "so this test never holds; compare it with a string, or set it to true",
            "story.json:6:49: error: story variable 'path' is only ever set to a string, never to a number such as 1, "
                + "so this test never holds, and under 'not' the branch is always taken; compare it with a string, or set it to 1",
            "story.json:9:23: error: story variable 'rouhg' is never set by a set step or a choice, so this test never "
                + "holds (did you mean 'rough'?)",
        ], "\(problems)")
        try FileManager.default.createDirectory(at: pack.root.appendingPathComponent("scripts"), withIntermediateDirectories: true)
        try Data("-- a rule here may set story.vars\n".utf8).write(to: pack.root.appendingPathComponent("scripts/story.lua"))
        #expect(try Self.problems(inFile: story, pack: PackLoader.load(at: pack.root)) == [])
    }

    /// An option's azimuth of the wrong type is one problem, told at the value, not also
    /// as a missing azimuth.
    @Test func anOptionsAzimuthOfTheWrongTypeIsReportedOnce() throws {
        let problems = try Self.problems("""
            {"chapters": [{"id": "a", "steps": [
              {"choice": "c", "options": [{"value": "v", "azimuth": "west", "line": {"id": "hello", "duration": 1}},
                                          {"value": "u", "azimuth": 90, "line": {"id": "hello", "duration": 1}}]},
              {"choice": "d", "options": [{"value": "w", "line": {"id": "hello", "duration": 1}},
                                          {"value": "u", "azimuth": 90, "line": {"id": "hello", "duration": 1}}]}
            ]}]}
            """)
        #expect(problems == [
            "story.json:2:57: error: 'azimuth' must be a number, found a string",
            "story.json:4:31: error: option 'w' needs 'azimuth', the direction it speaks from",
        ])
    }

    /// A misspelt field or kind is one mistake, told once at its key: not also as the
    /// field it stands for missing, nor as a step or play of no kind at all.
    @Test func aMisspeltFieldOrKindIsReportedOnceAtItsKey() throws {
        let problems = try Self.problems("""
            {"chapters": [{"id": "a", "steps": [
              {"choice": "c", "options": [{"value": "v", "azimut": 90, "line": {"id": "hello", "duration": 1}},
                                          {"value": "w", "azimuth": 9, "lien": {"id": "hello", "duration": 1}}]},
              {"cutscen": "s", "lines": [{"id": "hello", "duration": 1}]},
              {"finish": "home"},
              {"cutscene": "s", "line": [{"id": "hello", "duration": 1}]},
              {"set": "x", "vaule": 1}
            ]}]}
            """)
        #expect(problems == [
            "story.json:2:46: error: an option has no field 'azimut' (did you mean 'azimuth'?)",
            "story.json:3:60: error: an option has no field 'lien' (did you mean 'line'?)",
            "story.json:4:4: error: a step has no kind 'cutscen' (did you mean 'cutscene'?)",
            "story.json:5:4: error: a step has no kind 'finish'; it is one of cutscene, level, choice, if, goto, set, end",
            "story.json:6:21: error: a cut-scene has no field 'line' (did you mean 'lines'?)",
            "story.json:7:16: error: a set step has no field 'vaule' (did you mean 'value'?)",
        ])
    }

    /// A cut-scene's background is a level's: `{"glyph"?, "image"?}`. A misspelt field or
    /// a background that is no object would show nothing, so it is reported.
    @Test func aCutscenesBackgroundIsCheckedAsALevelsIs() throws {
        let problems = try Self.problems("""
            {"chapters": [{"id": "a", "steps": [
              {"cutscene": "s", "background": {"glyf": "~"}, "lines": [{"id": "hello", "duration": 1}]},
              {"cutscene": "t", "background": "~", "lines": [{"id": "hello", "duration": 1}]},
              {"cutscene": "u", "background": {"glyph": 1}, "lines": [{"id": "hello", "duration": 1}]},
              {"cutscene": "v", "background": {"glyph": "~"}, "lines": [{"id": "hello", "duration": 1}]},
              {"level": "walk"}
            ]}]}
            """)
        #expect(problems == [
            "story.json:2:36: error: a background has no field 'glyf'; it takes glyph, image",
            "story.json:3:35: error: 'background' must be an object, found a string",
            "story.json:4:45: error: 'glyph' must be a non-empty string, found a number",
        ])
    }

    /// A cut-scene's background glyph is drawn in every empty column, as a level's: two
    /// characters or a blank one is reported, not drawn.
    @Test func aCutscenesBackgroundGlyphIsOneVisibleCharacter() throws {
        let problems = try Self.problems("""
            {"chapters": [{"id": "a", "steps": [
              {"cutscene": "s", "background": {"glyph": "ab"}, "lines": [{"id": "hello", "duration": 1}]},
              {"cutscene": "t", "background": {"glyph": " "}, "lines": [{"id": "hello", "duration": 1}]},
              {"level": "walk"}
            ]}]}
            """)
        #expect(problems == [
            "story.json:2:45: error: 'glyph': expected one visible character, found \"ab\"",
            "story.json:3:45: error: 'glyph': expected one visible character, found \" \"",
        ])
    }

    /// A story's ambience sound is a level's `{"file", "volume"?, "loop"?}`: a misspelt
    /// field, a volume out of 0…4 or a loop that is no bool is reported at its value, as in
    /// a level file, not played as something else.
    @Test func aStoryAmbienceSoundIsCheckedAsALevelsIs() throws {
        let pack = try Self.pack(withUnplayable: "a.ogg")
        let problems = try Self.problems("""
            {"chapters": [{"id": "a", "steps": [
              {"cutscene": "s", "ambience": [{"file": "a.ogg", "volum": 0.5}, {"file": "a.ogg", "volume": 9}],
               "lines": [{"id": "hello", "duration": 1}]},
              {"level": "walk", "ambienceByDayPart": {"night": [{"file": "a.ogg", "loop": "yes"}]}}
            ]}]}
            """, pack: pack)
        #expect(problems == [
            "story.json:2:52: error: an ambience sound has no field 'volum' (did you mean 'volume'?)",
            "story.json:2:95: error: 'volume' must be a number from 0 to 4",
            "story.json:4:79: error: 'loop' must be true or false, found a string",
        ])
    }

    /// A voice file that is not there is told as a level's missing sound is — it does not
    /// exist, with the likely name — not as a file that "cannot be decoded".
    @Test func aMissingVoiceIsToldAsMissingWithTheLikelyName() throws {
        let pack = try Self.pack(withUnplayable: "gull.ogg")
        let problems = try Self.problems("""
            {"chapters": [{"id": "a", "steps": [
              {"cutscene": "s", "lines": [{"id": "hello", "voice": "Gull.ogg"}]}
            ]}]}
            """, pack: pack)
        #expect(problems == [#"story.json:2:56: error: voice file "sounds/Gull.ogg" does not exist (did you mean "gull.ogg"?)"#])
    }

    /// A voice that is something else than a sound — a link out of the pack, a link that
    /// leads nowhere, a folder — is told as what it is, as a level's sound is, not as a
    /// missing file the author would look for in vain.
    @Test(arguments: ["outside", "nowhere", "folder"])
    func aVoiceThatIsNoSoundIsToldAsWhatItIs(standing: String) throws {
        let pack = try Self.pack()
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("echolot-voice-\(UUID().uuidString).wav")
        try Data("not audio".utf8).write(to: outside)
        defer { try? FileManager.default.removeItem(at: outside) }
        try FileManager.default.createDirectory(at: pack.soundsFolder, withIntermediateDirectories: true)
        let voice = pack.soundsFolder.appendingPathComponent("gull.wav")
        switch standing {
        case "outside": try FileManager.default.createSymbolicLink(at: voice, withDestinationURL: outside)
        case "nowhere": try FileManager.default.createSymbolicLink(atPath: voice.path, withDestinationPath: "gone.wav")
        default: try FileManager.default.createDirectory(at: voice, withIntermediateDirectories: false)
        }
        let problems = try Self.problems("""
            {"chapters": [{"id": "a", "steps": [
              {"cutscene": "s", "lines": [{"id": "hello", "voice": "gull.wav"}]}
            ]}]}
            """, pack: pack)
        let what = ["outside": "a symbolic link to a file outside the pack", "folder": "not a regular file; put the sound file itself there",
                    "nowhere": "a symbolic link that leads nowhere (its target is missing, or it links to itself)"][standing] ?? ""
        #expect(problems == [#"story.json:2:56: error: voice file "sounds/gull.wav" is "# + what])
    }

    /// A missing voice is the file's problem, not the line's: 150 lines (and an ambience)
    /// naming one file are one line saying how many more places name it, and a story of
    /// many missing voices is held to the cap of every file's report.
    @Test func aMissingVoiceIsToldOnceAndTheStoryIsCapped() throws {
        let lines = (0..<270).map { index in
            let voice = index < 150 ? "gone.ogg" : "gone-\(index - 150).ogg"
            return #"{"id": "hello", "voice": "\#(voice)", "duration": 1}"#
        }
        let problems = try Self.problems("""
            {"chapters": [{"id": "a", "steps": [
              {"cutscene": "s", "ambience": [{"file": "gone.ogg"}], "lines": [
            \(lines.joined(separator: ",\n"))
            ]}]}]}
            """)
        #expect(problems.count == 101)
        #expect(problems.first == #"story.json:2:43: error: ambience file "sounds/gone.ogg" does not exist; add it to the pack's sounds/ folder, or correct the name (also used in 150 more places)"#)
        #expect(problems.dropFirst().first == #"story.json:153:26: error: voice file "sounds/gone-0.ogg" does not exist; add it to the pack's sounds/ folder, or correct the name"#)
        #expect(problems.last == "story.json:272:26: error: 21 more problems in this file are not told; fix these first")
    }

    /// A voice that cannot be decoded is told once too, however many lines it voices.
    @Test func anUndecodableVoiceIsToldOnce() throws {
        let pack = try Self.pack(withUnplayable: "gull.ogg")
        let problems = try Self.problems("""
            {"chapters": [{"id": "a", "steps": [
              {"cutscene": "s", "lines": [{"id": "hello", "voice": "gull.ogg"},
                {"id": "hello", "voice": "gull.ogg"}, {"id": "hello", "voice": "gull.ogg"}]}
            ]}]}
            """, pack: pack)
        #expect(problems.count == 1, "\(problems)")
        #expect(problems.first?.hasPrefix(#"story.json:2:56: error: voice file "sounds/gull.ogg" cannot be decoded: "#) == true, "\(problems)")
        #expect(problems.first?.hasSuffix(" (also used in 2 more places)") == true, "\(problems)")
    }

    /// A voice named `mouette-é.wav` composed while the file is decomposed on disk (as
    /// macOS writes it) is that file: found, and measured for the line's length.
    @Test func aVoiceNamedInAnotherUnicodeNormalisationIsMeasured() throws {
        let pack = try Self.pack()
        try FileManager.default.createDirectory(at: pack.soundsFolder, withIntermediateDirectories: true)
        try Data(ToneWAV.chime(seconds: 0.75)).write(to: pack.soundsFolder.appendingPathComponent("mouette-e\u{301}.wav"))
        let story = """
            {"chapters": [{"id": "a", "steps": [
              {"cutscene": "s", "lines": [{"id": "hello", "voice": "mouette-\u{E9}.wav"}]}
            ]}]}
            """
        let book = try StoryReader.read(Array(story.utf8), pack: pack, displayPath: "story.json").get()
        #expect(book.allLines.map(\.seconds) == [0.75])
    }

    /// A voice is looked for as a level's sound is: a link out of the pack is not taken
    /// for a file there (and not opened to measure it).
    @Test func aVoiceLinkedOutOfThePackIsNotTakenForOne() throws {
        let pack = try Self.pack()
        try FileManager.default.createDirectory(at: pack.soundsFolder, withIntermediateDirectories: true)
        let outside = try scratchFolder("story-outside").appendingPathComponent("gull.ogg")
        try Data("not audio".utf8).write(to: outside)
        try FileManager.default.createSymbolicLink(at: pack.soundsFolder.appendingPathComponent("gull.ogg"),
                                                   withDestinationURL: outside)
        let problems = try Self.problems("""
            {"chapters": [{"id": "a", "steps": [
              {"cutscene": "s", "lines": [{"id": "hello", "voice": "gull.ogg"}]}
            ]}]}
            """, pack: pack)
        #expect(problems.count == 1)
        #expect(problems.first?.hasPrefix(#"story.json:2:56: error: voice file "sounds/gull.ogg""#) == true, "\(problems)")
        #expect(problems.first?.contains("cannot be decoded") == false, "\(problems)")
    }

    /// An ambience file that is not there is told as a missing voice is — at the sound's
    /// `file` value, with the likely name — not at the step, which may name several sounds.
    @Test func aMissingAmbienceFileIsReportedAtItsFileValue() throws {
        let pack = try Self.pack(withUnplayable: "rain.ogg")
        try Data("""
            {"chapters": [{"id": "a", "steps": [
              {"cutscene": "s", "ambience": [{"file": "rain.ogg"}, {"loop": true, "file": "Rain.ogg"}],
               "lines": [{"id": "hello", "duration": 1}]},
              {"level": "walk", "ambienceByDayPart": {"night": [{"file": "wind.ogg"}]}}
            ]}]}
            """.utf8).write(to: pack.root.appendingPathComponent(StoryReader.fileName))
        guard case let .failure(error)? = StoryReader.load(for: pack) else {
            Issue.record("a story with missing ambience files loaded")
            return
        }
        let story = pack.display(StoryReader.fileName)
        #expect(error.diagnostics.map(\.description) == [
            #"\#(story):2:79: error: ambience file "sounds/Rain.ogg" does not exist (did you mean "rain.ogg"?)"#,
            #"\#(story):4:62: error: ambience file "sounds/wind.ogg" does not exist; add it to the pack's sounds/ folder, or correct the name"#,
        ])
    }
}
