import EcholotTestSupport
import Foundation
import Testing

/// `validate` on what `strings/` holds and how `defaultLanguage` names it: no translation is
/// dropped, doubled or left empty without a word, and a scored pack's `defaultLanguage` is
/// found as `--lang` finds a language (in any case), as a story's is.
@Suite("Packs: strings files, their names and the default language")
struct StringsFileTests {
    /// `validate cave` on the scaffolded pack after `files` are written.
    func validate(_ files: [String: String], edit: (Scratch) throws -> Void = { _ in }) throws -> ProcessOutput {
        let scratch = try PackChecksTests.scaffold()
        scratch.write(files)
        try edit(scratch)
        return try echolot(["validate", "cave"], in: scratch.url, data: scratch.at("data"))
    }

    /// An empty (or only white space) translation is warned of as a missing one is: players
    /// of it read the default language's text. It was not.
    @Test(arguments: ["", "   "])
    func anEmptyTranslationIsWarnedOf(_ empty: String) throws {
        let validated = try validate(["cave/strings/de.json":
            #"{ "goal.quickFind.briefing": "Finde {entity}.", "goal.quickFind.line": "\#(empty)" }"#])
        #expect(validated.status == 0, "\(validated.stderr)")
        #expect(validated.stderr == "cave/strings/en.json:3:3: warning: string \"goal.quickFind.line\" has no text in "
            + "cave/strings/de.json: players of that language read it in en; add it there\n", "\(validated.stderr)")
    }

    /// A file in `strings/` whose name does not end in `.json` is no language: it is warned
    /// of, with the name to give it, as `levels/` does. Both passed without a word.
    @Test func aStringsFileNotEndingInJSONIsWarnedOf() throws {
        let french = #"{ "goal.quickFind.briefing": "Trouve {entity}.", "goal.quickFind.line": "Trouve {entity}" }"#
        let validated = try validate(["cave/strings/fr.JSON": french, "cave/strings/notes": "todo"])
        #expect(validated.status == 0, "\(validated.stderr)")
        #expect(validated.stderr == """
            cave/strings/fr.JSON:1:1: warning: no language is read from this file: play reads only the files in strings/ whose \
            names end in .json (in lower case); rename it "fr.json"
            cave/strings/notes:1:1: warning: no language is read from this file: play reads only the files in strings/ whose \
            names end in .json (in lower case); move it out of strings/

            """, "\(validated.stderr)")
    }

    /// Two files of one language are an error at each, naming the other: `--lang de` and
    /// `--lang DE` played different files, and validate asked to rename one over the other.
    @Test func twoFilesOfOneLanguageAreAnError() throws {
        let german = #"{ "goal.quickFind.briefing": "Finde {entity}.", "goal.quickFind.line": "Finde {entity}" }"#
        let validated = try validate(["cave/strings/de.json": german, "cave/strings/DE.json": german])
        #expect(validated.status == 1)
        #expect(validated.stderr.contains("""
            cave/strings/DE.json:1:1: error: cave/strings/de.json holds the strings of the same language (codes are not told \
            apart by case, nor by - and _): keep one file per language, with the texts of both
            """), "\(validated.stderr)")
        #expect(validated.stderr.contains("cave/strings/de.json:1:1: error: cave/strings/DE.json holds the strings"), "\(validated.stderr)")
        #expect(!validated.stderr.contains("rename the file"), "\(validated.stderr)")
    }

    /// A region after `_` or in lower case is warned of with the name `--lang` writes.
    @Test(arguments: ["pt_BR", "pt-br"])
    func aRegionWrittenOtherwiseIsWarnedOf(_ name: String) throws {
        let validated = try validate(["cave/strings/\(name).json":
            #"{ "goal.quickFind.briefing": "Encontre {entity}.", "goal.quickFind.line": "Encontre {entity}" }"#])
        #expect(validated.status == 0, "\(validated.stderr)")
        #expect(validated.stderr == "cave/strings/\(name).json:1:1: warning: a language code's region is written in capitals "
            + "after a hyphen, as --lang and pack.json's defaultLanguage write it: rename the file \"pt-BR.json\"\n",
            "\(validated.stderr)")
    }

    /// A scored pack's `"defaultLanguage": "EN"` is `en.json`, as `--lang EN` is: a gap of
    /// another language is warned of against it. It was silently no language at all.
    @Test(arguments: ["EN", "en-GB"])
    func aDefaultLanguageIsFoundAsLangFindsOne(_ code: String) throws {
        let validated = try validate(["cave/strings/de.json": #"{ "goal.quickFind.briefing": "Finde {entity}." }"#]) { scratch in
            try scratch.edit("cave/pack.json", replacing: #""defaultLanguage": "en""#, with: #""defaultLanguage": "\#(code)""#)
        }
        #expect(validated.status == 0, "\(validated.stderr)")
        #expect(validated.stderr == "cave/strings/en.json:3:3: warning: string \"goal.quickFind.line\" has no text in "
            + "cave/strings/de.json: players of that language read it in en; add it there\n", "\(validated.stderr)")
    }

    /// A `defaultLanguage` with no strings file of its own but one of a region of it is
    /// warned of at it: players who choose no language never read that file. One with no
    /// file at all is a pack whose level files are written in it, and is not warned of (it
    /// was, with the advice to make a translation's language the default).
    @Test func aDefaultLanguageBesideOnlyARegionOfItIsWarnedOf() throws {
        let regional = try validate([:]) { scratch in
            try FileManager.default.moveItem(at: scratch.at("cave/strings/en.json"), to: scratch.at("cave/strings/en-GB.json"))
        }
        #expect(regional.status == 0, "\(regional.stderr)")
        #expect(regional.stderr.contains("""
            cave/pack.json:9:22: warning: defaultLanguage: there is no cave/strings/en.json, so players who choose no language \
            read the names and briefings of the level files, not cave/strings/en-GB.json; name its language here (en-GB), or \
            add cave/strings/en.json
            """), "\(regional.stderr)")
        let written = try validate(["cave/strings/de.json": #"{ "goal.quickFind.briefing": "Finde {entity}.", "goal.quickFind.line": "Finde {entity}" }"#]) { scratch in
            try scratch.edit("cave/pack.json", replacing: #""defaultLanguage": "en""#, with: #""defaultLanguage": "fr""#)
        }
        #expect(written.status == 0, "\(written.stderr)")
        #expect(!written.stderr.contains("defaultLanguage"), "\(written.stderr)")
    }

    /// A file of a region of the default language (`en-GB.json` beside `en.json`) changes
    /// a few texts; its players read the rest in the default language as written, so it
    /// is not asked for every other string (it was, once per string).
    @Test func aRegionOfTheDefaultLanguageIsNoMissingTranslation() throws {
        let validated = try validate(["cave/strings/en-GB.json": #"{ "goal.quickFind.line": "Find the {entity}, love" }"#])
        #expect(validated.status == 0, "\(validated.stderr)")
        #expect(!validated.stderr.contains("en-GB.json"), "\(validated.stderr)")
    }

    /// A translation-only pack over the tutorial is warned of its own files only: not of
    /// the base's scenario names at its pack.json:1:1, nor of languages only the base has.
    @Test func aTranslationOverABaseIsWarnedOfItsOwnFilesOnly() throws {
        let scratch = Scratch()
        scratch.write([
            "tfr/pack.json": #"{"id": "tfr", "name": "Initiation", "version": "1.0.0", "api": 1, "extends": "tutorial", "defaultLanguage": "fr"}"#,
            "tfr/strings/fr.json": #"{"pack.name": "Initiation", "scenario.basics.name": "Les bases", "level.first-sound.name": "Le premier son"}"#,
        ])
        let validated = try echolot(["validate", "tfr"], in: scratch.url, data: scratch.at("data"))
        #expect(validated.status == 0, "\(validated.stderr)")
        #expect(!validated.stderr.contains("pack.json:1:1"), "\(validated.stderr)")
        #expect(!validated.stderr.contains("tfr/strings/de.json") && !validated.stderr.contains("tfr/strings/en.json"),
                "\(validated.stderr)")
        // What the translation leaves out of the base's texts is told, once, at its file.
        let gaps = validated.stderr.split(separator: "\n").filter { $0.contains("of the base") }
        #expect(gaps.count == 1 && gaps[0].hasPrefix("tfr/strings/fr.json:1:1: warning: 17 strings of the base \"tutorial\" have no "
            + "text here: \"entity.around-you.bee.name\", \"entity.around-you.finch.name\"") && gaps[0].hasSuffix(
                "and 7 more; players of fr read them in en"), "\(validated.stderr)")
        // The pack's own strings in the base's language are not the base's, and a file of
        // a region of that language reads the base's texts as they are.
        scratch.write([
            "tfr/levels/extra.json": #"{"id": "extra", "name": "Extra", "seed": 1, "entities": [{"id": "e", "position": {"azimuth": 0}, "sound": {"file": "bell.wav"}}], "goals": [{"type": "find", "entity": "e"}]}"#,
            "tfr/strings/en.json": #"{"level.extra.name": "Extra", "level.extra.description": "More."}"#,
            "tfr/strings/en-GB.json": #"{"level.first-sound.name": "The First Sound, Love"}"#,
        ])
        let more = try echolot(["validate", "tfr"], in: scratch.url, data: scratch.at("data"))
        let told = more.stderr.split(separator: "\n").filter { $0.contains("of the base") }
        #expect(told.count == 1 && told[0].hasPrefix("tfr/strings/fr.json:1:1: warning: 17 strings of the base"), "\(more.stderr)")
    }
}
