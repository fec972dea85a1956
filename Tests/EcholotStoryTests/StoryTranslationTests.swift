import EcholotModel
import EcholotTestSupport
import Foundation
import Testing

/// What `echolot validate` tells a story's author of a translation in progress: what a
/// language other than the default lacks, or leaves empty, is a warning (its players read
/// the default's words, and everyone else plays on), with the near miss the file has
/// instead; what the default language lacks or leaves empty stays a problem.
extension StoryAuthorMessageTests {
    /// A story with a speaker, a chapter's, an ending's and an option's string.
    static let translatedStory = """
        {"chapters": [{"id": "a", "steps": [
          {"cutscene": "c", "lines": [{"id": "hello", "speaker": "speaker.guide", "duration": 1}, {"id": "bye", "duration": 1}]},
          {"level": "walk"},
          {"choice": "way", "options": [
            {"value": "l", "azimuth": 270, "line": {"id": "left", "duration": 1}},
            {"value": "r", "azimuth": 90, "line": {"id": "right", "duration": 1}}]},
          {"end": "home"}
        ]}]}
        """

    /// English strings for ``translatedStory``, with names of its chapter, ending and option.
    static let translatedStrings = #"""
        {"hello": "Hello.", "bye": "Bye.", "left": "Left.", "right": "Right.", "speaker.guide": "Guide",
         "chapter.a": "The Start", "ending.home": "Home", "option.l": "The left way"}
        """#

    /// A German file that misspells a line's and the speaker's ids, leaves a text empty and
    /// lacks the chapter's, ending's and option's names: each is a warning where it is to
    /// be mended, the misspelt ids named with their places, and the pack passes.
    @Test func whatATranslationLacksIsAWarningWithItsNearMiss() throws {
        let folder = try Self.pack(story: Self.translatedStory, strings: Self.translatedStrings, files: [
            "strings/de.json": #"""
                {"helo": "Hallo.", "bye": "", "left": "Links.", "right": "Rechts.",
                 "speaker.gide": "Führer", "chapter.a": "  "}
                """#,
        ])
        #expect(try Self.validate(folder) == """
            story.json:2:31: warning: line 'hello' has no text in strings/de.json: players of that language read it in en; \
            add it there (did you mean "helo" at strings/de.json:1:2?)
            story.json:2:58: warning: speaker 'speaker.guide' has no name in strings/de.json: players of that language \
            read it in en; add it there (did you mean "speaker.gide" at strings/de.json:2:2?)
            strings/de.json:1:27: warning: the text of "bye" is empty, so players of that language read it in en; write it \
            there
            strings/de.json:2:41: warning: the text of "chapter.a" is empty, so players of that language read it in en; \
            write it there
            strings/en.json:2:28: warning: string "ending.home" has no text in strings/de.json: players of that language \
            read it in en; add it there
            strings/en.json:2:51: warning: string "option.l" has no text in strings/de.json: players of that language read \
            it in en; add it there

            """)
        // The story plays as the game loads it: nothing keeps it from starting.
        let pack = try PackLoader.load(at: folder)
        #expect(throws: Never.self) { try StoryReader.load(for: pack)?.get() }
    }

    /// A string no line, speaker or entity uses that is a near miss of a line or speaker
    /// the story has is warned of at its id, in any language file: its text is never shown.
    @Test func aStringThatMissesALineIDByATypoIsWarnedOf() throws {
        let folder = try Self.pack(story: Self.translatedStory, strings: Self.translatedStrings, files: [
            "strings/de.json": #"""
                {"hello": "Hallo.", "bye": "Tschüss.", "left": "Links.", "right": "Rechts.", "speaker.guide": "Führer",
                 "speaker.gide": "Führer", "chapter.a": "Der Anfang", "ending.home": "Heim", "option.l": "Links"}
                """#,
        ])
        #expect(try Self.validate(folder) == """
            strings/de.json:2:2: warning: string "speaker.gide" is never shown: no line or speaker of the story is \
            "speaker.gide" (did you mean "speaker.guide"?)

            """)
    }

    /// The default language's empty text of a line or speaker is a problem at the text:
    /// there is nothing to fall back to, and the player would read nothing.
    @Test func anEmptyTextInTheDefaultLanguageIsAProblem() throws {
        let folder = try Self.pack(story: Self.translatedStory, strings: #"""
            {"hello": "", "bye": "Bye.", "left": "Left.", "right": " ", "speaker.guide": ""}
            """#)
        #expect(try Self.validate(folder) == """
            strings/en.json:1:11: error: the text of "hello" is empty, so players would read nothing for this line; write it
            strings/en.json:1:56: error: the text of "right" is empty, so players would read nothing for this line; write it
            strings/en.json:1:78: error: the text of "speaker.guide" is empty, so players would read a bare ': ' before \
            their lines; write it

            """)
    }

    /// A line with a voice may have no words: a sigh or a sting is heard, not read, and a
    /// story with one played before an empty text became a problem.
    @Test func aVoicedLineMayHaveNoWords() throws {
        let story = Self.translatedStory.replacingOccurrences(of: #"{"id": "bye", "duration": 1}"#,
                                                              with: #"{"id": "bye", "voice": "bell.wav"}"#)
        #expect(story != Self.translatedStory)
        let folder = try Self.pack(story: story, strings: Self.translatedStrings.replacingOccurrences(of: #""Bye.""#, with: #""""#))
        #expect(try Self.validate(folder) == "")
    }

    /// A line with neither a voice nor a duration lasts as long as its longest text takes to
    /// read, in whichever language that is: a German player's long line is not talked over
    /// by the next one timed by the shorter English, and the time is the same for everyone.
    @Test func anUntimedLineLastsAsLongAsItsLongestTranslation() throws {
        let story = Self.translatedStory.replacingOccurrences(of: #"{"id": "bye", "duration": 1}"#, with: #"{"id": "bye"}"#)
        #expect(story != Self.translatedStory)
        let german = String(repeating: "Auf Wiedersehen, ", count: 10)
        let folder = try Self.pack(story: story, strings: Self.translatedStrings, files: [
            "strings/de.json": #"{"hello": "Hallo.", "bye": "\#(german)"}"#,
        ])
        let book = try #require(try StoryReader.load(for: try PackLoader.load(at: folder))?.get())
        let bye = try #require(book.allLines.first { $0.id == "bye" })
        #expect(bye.seconds == Double(german.count) * 0.06, "\(bye.seconds)")
    }

    /// A line that says the time (`{time}`) lasts as long as reading it with the longest
    /// time in words takes, whatever the hour: a replay at another time is timed the same.
    @Test func anUntimedLineSayingTheTimeLastsAsLongAsItsLongestTime() throws {
        let story = Self.translatedStory.replacingOccurrences(of: #"{"id": "bye", "duration": 1}"#, with: #"{"id": "bye"}"#)
        let folder = try Self.pack(story: story, strings: Self.translatedStrings.replacingOccurrences(
            of: #""bye": "Bye.""#, with: #""bye": "It is {time}, {time}.""#))
        let book = try #require(try StoryReader.load(for: try PackLoader.load(at: folder))?.get())
        let bye = try #require(book.allLines.first { $0.id == "bye" })
        let longest = "twenty-five past eleven"
        #expect(bye.seconds == Double("It is \(longest), \(longest).".count) * 0.06, "\(bye.seconds)")
    }

    /// A language file named in capitals is found by `--lang` whatever its case, but
    /// `validate` asks for the lower-case name that `defaultLanguage` and other tools expect.
    @Test func aLanguageFileNamedInCapitalsIsWarnedOf() throws {
        let folder = try Self.pack(story: Self.translatedStory, strings: Self.translatedStrings, files: [
            "strings/DE.json": #"""
                {"hello": "Hallo.", "bye": "Tschüss.", "left": "Links.", "right": "Rechts.", "speaker.guide": "Führer",
                 "chapter.a": "Der Anfang", "ending.home": "Heim", "option.l": "Links"}
                """#,
            "strings/pt-BR.json": #"""
                {"hello": "Olá.", "bye": "Tchau.", "left": "Esquerda.", "right": "Direita.", "speaker.guide": "Guia",
                 "chapter.a": "O Início", "ending.home": "Casa", "option.l": "Esquerda"}
                """#,
        ])
        #expect(try Self.validate(folder) == """
            strings/DE.json:1:1: warning: a language code is written in lower case, as --lang and pack.json's \
            defaultLanguage write it: rename the file "de.json"

            """)
        let pack = try PackLoader.load(at: folder)
        #expect(pack.string("hello", language: "de") == "Hallo.")
        #expect(pack.string("hello", language: "pt-br") == "Olá.")
    }
}
