import EcholotTestSupport
import Foundation
import Testing

/// `pack` checks a pack as `validate` does; a level file given alone is checked against its
/// pack's scripts; a level file play never reaches is warned of; a level `--level` does not
/// know is told with the ones it takes; a pack's other files and story transcripts given
/// where they do not belong are told what they are.
@Suite("Packs: pack validates as validate does, level files alone, unlisted levels")
struct PackChecksTests {
    /// A scaffolded pack `cave` (`new pack`, `--story` when `story`) in a fresh scratch folder.
    static func scaffold(story: Bool = false) throws -> Scratch {
        let scratch = Scratch()
        let created = try echolot(["new", "pack", "cave", "--author", "Ann"] + (story ? ["--story"] : []),
                                  in: scratch.url, data: scratch.at("data"))
        try #require(created.status == 0, "\(created.stderr)")
        return scratch
    }

    /// `levels/bats.json` in `cave`: the scaffold's level under another id.
    static func addBats(_ scratch: Scratch) throws {
        let level = try String(contentsOf: scratch.at("cave/levels/first-steps.json"), encoding: .utf8)
        scratch.write(["cave/levels/bats.json": level.replacingOccurrences(of: #""id": "first-steps""#, with: #""id": "bats""#)])
    }

    /// `pack` refuses each kind of problem `validate` finds beyond reading the files (a
    /// script that does not load, a rule type no script registers, a parameter out of
    /// range, a story error): the same lines, exit status 1, and no archive. It wrote one.
    @Test(arguments: ["syntax", "unregistered", "parameter", "story"])
    func packRefusesWhatValidateRefuses(_ problem: String) throws {
        let scratch = try Self.scaffold(story: problem == "story")
        switch problem {
        case "syntax":
            scratch.write(["cave/scripts/goals/broken.lua": "if x return end\n"])
        case "unregistered":
            try scratch.edit("cave/levels/first-steps.json", replacing: #""type": "quickFind""#, with: #""type": "quickFnd""#)
        case "parameter":
            try scratch.edit("cave/levels/first-steps.json", replacing: #""seconds": 20"#, with: #""seconds": 0"#)
        default:
            try scratch.edit("cave/story.json", replacing: #""level": "first-steps""#, with: #""level": "first-step""#)
        }
        let data = scratch.at("data")
        let validated = try echolot(["validate", "cave"], in: scratch.url, data: data)
        #expect(validated.status == 1)
        #expect(!validated.stderr.isEmpty)
        let before = scratch.listing()
        let packed = try echolot(["pack", "cave", "--out", "cave.zip"], in: scratch.url, data: data)
        #expect(packed.status == 1)
        #expect(packed.stderr == validated.stderr)
        #expect(packed.stdout.isEmpty)
        #expect(scratch.listing() == before)
    }

    /// A pack whose id a shipped pack has is not archived: `install` would refuse it; `validate`
    /// warns of it.
    @Test func packRefusesAShippedPacksID() throws {
        let scratch = try Self.scaffold()
        try scratch.edit("cave/pack.json", replacing: #""id": "cave""#, with: #""id": "tutorial""#)
        let before = scratch.listing()
        let packed = try echolot(["pack", "cave", "--out", "cave.zip"], in: scratch.url, data: scratch.at("data"))
        #expect(packed.status == 1)
        #expect(packed.stderr.hasPrefix("cave/pack.json:2:9: error: id: pack id \"tutorial\" belongs to the shipped pack at "), "\(packed.stderr)")
        #expect(scratch.listing() == before)
        // `validate` passes the copy, which plays from its folder, and says what `pack` will do.
        let validated = try echolot(["validate", "cave"], in: scratch.url, data: scratch.at("data"))
        #expect(validated.status == 0, "\(validated.stderr)")
        #expect(validated.stderr.hasPrefix("cave/pack.json:2:9: warning: id: pack id \"tutorial\" belongs to the shipped pack at "),
                "\(validated.stderr)")
        #expect(validated.stderr.hasSuffix("`echolot pack` and `install` refuse a pack that takes another's id, so give this one "
            + "an id of its own before sharing it\n"), "\(validated.stderr)")
        // The shipped pack itself is packed as it is.
        let shipped = try echolot(["pack", repositoryRoot.appendingPathComponent("levels/tutorial").path, "--out", "t.zip"],
                                  in: scratch.url, data: scratch.at("data"))
        #expect(shipped.status == 0, "\(shipped.stderr)")
        let shippedValidated = try echolot(["validate", repositoryRoot.appendingPathComponent("levels/tutorial").path],
                                           in: scratch.url, data: scratch.at("data"))
        #expect(shippedValidated.status == 0 && shippedValidated.stderr.isEmpty, "\(shippedValidated.stderr)")
    }

    /// A string of the default language that another language of the pack has no text
    /// for is warned of at its id: its players would read it in the default's words.
    @Test func aStringMissingFromALanguageIsWarnedOf() throws {
        let scratch = try Self.scaffold()
        scratch.write(["cave/strings/de.json": #"{ "goal.quickFind.briefing": "Finde {entity}." }"#])
        let validated = try echolot(["validate", "cave"], in: scratch.url, data: scratch.at("data"))
        #expect(validated.status == 0, "\(validated.stderr)")
        #expect(validated.stderr == "cave/strings/en.json:3:3: warning: string \"goal.quickFind.line\" has no text in "
            + "cave/strings/de.json: players of that language read it in en; add it there\n", "\(validated.stderr)")
    }

    /// A name or briefing only a level file writes, with no string in any language, is
    /// warned of at the file's text for each language the pack translates into: its
    /// players read the file's words there, and no string lacked a counterpart to say so.
    @Test func aLevelFilesTextMissingFromALanguageIsWarnedOf() throws {
        let scratch = try Self.scaffold()
        try Self.addBats(scratch)
        // An entity with no name of its own is shown by its id: nothing to translate.
        try scratch.edit("cave/levels/bats.json", replacing: #""entities": ["#, with: #""entities": [{ "id": "wind", "position": { "azimuth": 10 } }, "#)
        scratch.write(["cave/strings/de.json": #"{ "pack.name": "Höhle", "pack.description": "Ein neues Paket.", "#
            + #""level.first-steps.name": "Erste Schritte", "level.first-steps.description": "Ein Glockenspiel.", "#
            + #""entity.first-steps.chime.name": "Glockenspiel", "level.bats.name": "Fledermäuse", "#
            + #""goal.quickFind.briefing": "Finde {entity}.", "goal.quickFind.line": "Finde {entity}" }"#])
        let validated = try echolot(["validate", "cave"], in: scratch.url, data: scratch.at("data"))
        #expect(validated.status == 0, "\(validated.stderr)")
        let warned = validated.stderr.split(separator: "\n").filter { $0.contains("this text has no string") }
        #expect(warned.map { $0.split(separator: ":").prefix(1) + $0.split(separator: " warning: ").dropFirst() } == [
            ["cave/levels/bats.json", "this text has no string \"level.bats.description\" in cave/strings/de.json: players of that language read it as this file writes it; add it there"],
            ["cave/levels/bats.json", "this text has no string \"entity.bats.chime.name\" in cave/strings/de.json: players of that language read it as this file writes it; add it there"],
        ], "\(validated.stderr)")
        // Where the text is: the level's description, the entity's name.
        let level = try String(contentsOf: scratch.at("cave/levels/bats.json"), encoding: .utf8)
        let lines = level.split(separator: "\n", omittingEmptySubsequences: false)
        let descriptionLine = try #require(lines.firstIndex { $0.contains(#""description""#) }) + 1
        #expect(warned.first?.hasPrefix("cave/levels/bats.json:\(descriptionLine):") == true, "\(warned)")
    }

    /// What `levels/` holds besides level files — a pack made inside it, another folder, a
    /// file not ending in `.json` — is warned of by `validate` and by `pack`, which ships it:
    /// play passes over it, and `validate` said the pack was fine.
    @Test func whatLevelsHoldsBesideLevelsIsWarnedOf() throws {
        let scratch = try Self.scaffold()
        for file in ["pack.json", "levels/first-steps.json"] {
            let text = try String(contentsOf: scratch.at("cave/\(file)"), encoding: .utf8)
            scratch.write(["cave/levels/nested/\(file)": text.replacingOccurrences(of: #""id": "cave""#, with: #""id": "nested""#)])
        }
        scratch.write(["cave/levels/notes/ideas.txt": "bats", "cave/levels/README.md": "levels", "cave/levels/Bats.JSON": "{}"])
        try FileManager.default.createDirectory(at: scratch.at("cave/levels/empty"), withIntermediateDirectories: false)
        let shipped = "'echolot pack' puts it into the pack's archive all the same"
        let warnings = [
            "cave/levels/Bats.JSON:1:1: warning: not a level: play reads only the files in levels/ whose names end in .json, "
                + "and \(shipped); write .json in lower case",
            "cave/levels/README.md:1:1: warning: not a level: play reads only the files in levels/ whose names end in .json, "
                + "and \(shipped); move it out of levels/",
            "cave/levels/nested:1:1: warning: a pack folder inside this pack's levels/ is no level: play never reads it, "
                + "and \(shipped); move it beside this pack",
            "cave/levels/notes:1:1: warning: a folder inside levels/ is no level: play never reads what it holds, "
                + "and \(shipped); move it out of levels/",
        ]
        let validated = try echolot(["validate", "cave"], in: scratch.url, data: scratch.at("data"))
        #expect(validated.status == 0, "\(validated.stderr)")
        #expect(validated.stderr.split(separator: "\n").map(String.init) == warnings, "\(validated.stderr)")
        let packed = try echolot(["pack", "cave", "--out", "cave.zip"], in: scratch.url, data: scratch.at("data"))
        #expect(packed.status == 0, "\(packed.stderr)")
        #expect(packed.stderr.split(separator: "\n").map(String.init) == warnings, "\(packed.stderr)")
    }

    /// A scenario that lists no levels is warned of at its `levels`, by `validate` and by
    /// `pack`: it loads, and passed without a word, while players found it in the menu
    /// with nothing to play in it. A scenario another unlocks after stays an error.
    @Test func aScenarioWithNoLevelsIsWarnedOf() throws {
        let scratch = try Self.scaffold()
        try scratch.edit("cave/pack.json", replacing: #""levels": ["first-steps"]"#, with: """
            "scenarios": [
                { "id": "start", "name": "Start", "levels": ["first-steps"] },
                { "id": "later", "name": "Later", "levels": [] }
              ]
            """)
        let warning = #"cave/pack.json:13:49: warning: scenario "later" has no levels: players find it in the menu "#
            + "with nothing to play in it, and it is never finished; list its levels, or remove the scenario"
        let validated = try echolot(["validate", "cave"], in: scratch.url, data: scratch.at("data"))
        #expect(validated.status == 0, "\(validated.stderr)")
        #expect(validated.stderr.split(separator: "\n").map(String.init) == [warning], "\(validated.stderr)")
        let packed = try echolot(["pack", "cave", "--out", "cave.zip"], in: scratch.url, data: scratch.at("data"))
        #expect(packed.status == 0, "\(packed.stderr)")
        #expect(packed.stderr.split(separator: "\n").map(String.init) == [warning], "\(packed.stderr)")

        try scratch.edit("cave/pack.json", replacing: #""levels": [] }"#, with: #""levels": [] },"#
            + #" { "id": "last", "name": "Last", "levels": [], "unlock": { "after": "later" } }"#)
        let refused = try echolot(["validate", "cave"], in: scratch.url, data: scratch.at("data"))
        #expect(refused.status == 1)
        #expect(refused.stderr.split(separator: "\n").map(String.init) == [
            #"cave/pack.json:13:122: error: scenarios[2].unlock.after: scenario "later" has no levels, so it is never finished "#
                + #"and "last" would never unlock"#,
        ], "\(refused.stderr)")
    }

    /// A name a file writes while the default language's string of its id says another is
    /// warned of at the file's text, with both texts and the one players hear: renaming
    /// an entity in its level file changed nothing, silently, since the string comes first.
    @Test func aFilesTextAStringOverridesIsWarnedOf() throws {
        let scratch = try Self.scaffold()
        // Written twice, as packs made before the scaffold left names to the files were.
        try scratch.edit("cave/strings/en.json", replacing: #""goal.quickFind.briefing""#,
                         with: #""pack.name": "Cave", "entity.first-steps.chime.name": "Chime", "goal.quickFind.briefing""#)
        let same = try echolot(["validate", "cave"], in: scratch.url, data: scratch.at("data"))
        #expect(same.status == 0 && same.stderr.isEmpty, "the same text twice is no mistake: \(same.stderr)")
        try scratch.edit("cave/levels/first-steps.json", replacing: #""name": "Chime""#, with: #""name": "Bell""#)
        let validated = try echolot(["validate", "cave"], in: scratch.url, data: scratch.at("data"))
        #expect(validated.status == 0, "\(validated.stderr)")
        let level = try String(contentsOf: scratch.at("cave/levels/first-steps.json"), encoding: .utf8)
        let line = try #require(level.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(#""Bell""#) }) + 1
        #expect(validated.stderr == "cave/levels/first-steps.json:\(line):15: warning: players do not hear this name, \"Bell\": "
            + "the string \"entity.first-steps.chime.name\" at cave/strings/en.json:2:57 gives \"Chime\", which they hear instead "
            + "(a string comes before the file's own text); write the new text there too, or remove the string\n", "\(validated.stderr)")
    }

    /// A warning is shown by `pack` and does not stop the archive.
    @Test func packShowsWarningsAndWritesTheArchive() throws {
        let scratch = try Self.scaffold()
        try Self.addBats(scratch)
        let packed = try echolot(["pack", "cave", "--out", "cave.zip"], in: scratch.url, data: scratch.at("data"))
        #expect(packed.status == 0, "\(packed.stderr)")
        #expect(packed.stderr == "cave/levels/bats.json:1:1: warning: level 'bats' is not in pack.json's \"levels\", "
            + "so play never offers it; add \"bats\" to \"levels\" to play it\n")
        #expect(FileManager.default.fileExists(atPath: scratch.at("cave.zip").path))
    }

    /// A level file given alone gets the rule checks the folder's check gives it (a
    /// parameter out of range, a rule type no script registers), and only its own; a good
    /// one is named in the `ok` line. It was `ok: cave (1 level)`, exit 0.
    @Test func aLevelFileAloneIsCheckedAgainstThePacksScripts() throws {
        let scratch = try Self.scaffold()
        try Self.addBats(scratch)
        try scratch.edit("cave/pack.json", replacing: #""levels": ["first-steps"]"#, with: #""levels": ["first-steps", "bats"]"#)
        try scratch.edit("cave/levels/bats.json", replacing: #""type": "quickFind""#, with: #""type": "quickFnd""#)
        try scratch.edit("cave/levels/first-steps.json", replacing: #""seconds": 20"#, with: #""seconds": 0"#)
        let data = scratch.at("data")
        let folder = try echolot(["validate", "cave"], in: scratch.url, data: data)
        let folderLines = folder.stderr.split(separator: "\n").map(String.init)
        for file in ["cave/levels/bats.json", "cave/levels/first-steps.json"] {
            let alone = try echolot(["validate", file], in: scratch.url, data: data)
            #expect(alone.status == 1)
            let lines = alone.stderr.split(separator: "\n").map(String.init)
            #expect(!lines.isEmpty)
            #expect(lines == folderLines.filter { $0.hasPrefix(file + ":") }, "\(alone.stderr)")
            #expect(alone.stdout.isEmpty)
        }
        try scratch.edit("cave/levels/first-steps.json", replacing: #""seconds": 0"#, with: #""seconds": 20"#)
        let good = try echolot(["validate", "cave/levels/first-steps.json"], in: scratch.url, data: data)
        #expect(good.status == 0, "\(good.stderr)")
        #expect(good.stdout == "ok: cave/levels/first-steps.json (a level of cave)\n")
    }

    /// A level file that pack.json's `levels` leaves out is warned of at the file, alone or
    /// in the folder; without a `levels` list every file is played, and nothing is told.
    @Test func aLevelFileTheListLeavesOutIsWarnedOf() throws {
        let scratch = try Self.scaffold()
        try Self.addBats(scratch)
        let data = scratch.at("data")
        let warning = "cave/levels/bats.json:1:1: warning: level 'bats' is not in pack.json's \"levels\", "
            + "so play never offers it; add \"bats\" to \"levels\" to play it\n"
        let folder = try echolot(["validate", "cave"], in: scratch.url, data: data)
        #expect(folder.status == 0)
        #expect(folder.stderr == warning)
        #expect(folder.stdout == "ok: cave (1 level; 1 more that play never offers)\n")
        let alone = try echolot(["validate", "cave/levels/bats.json"], in: scratch.url, data: data)
        #expect(alone.stderr == warning)
        let listed = try echolot(["validate", "cave/levels/first-steps.json"], in: scratch.url, data: data)
        #expect(listed.stderr.isEmpty)
        try scratch.edit("cave/pack.json", replacing: ",\n  \"levels\": [\"first-steps\"]", with: "")
        let unlisted = try echolot(["validate", "cave"], in: scratch.url, data: data)
        #expect(unlisted.status == 0, "\(unlisted.stderr)")
        #expect(unlisted.stderr.isEmpty)
    }

    /// A pack that extends the tutorial with a `levels` or `scenarios` list of its own
    /// replaces the base's, so the base levels it leaves out are never offered: told in one
    /// warning at that list, and not counted in the `ok` line. It was `ok: cave (5 levels)`
    /// without a word, and play offered two. A list that names them all is told nothing.
    @Test(arguments: [false, true])
    func baseLevelsAnExtendingPacksListLeavesOutAreWarnedOf(scenarios: Bool) throws {
        let scratch = try Self.scaffold()
        let data = scratch.at("data")
        func list(_ ids: [String]) -> String {
            let written = "[" + ids.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
            return scenarios ? #""scenarios": [{ "id": "mine", "name": "Mine", "levels": \#(written) }]"# : #""levels": \#(written)"#
        }
        try scratch.edit("cave/pack.json", replacing: #""levels": ["first-steps"]"#,
                         with: #""extends": "tutorial", "# + list(["first-steps", "first-sound"]))
        let validated = try echolot(["validate", "cave"], in: scratch.url, data: data)
        #expect(validated.status == 0, "\(validated.stderr)")
        let where_ = scenarios ? #"any scenario's "levels" in pack.json"# : #"pack.json's "levels""#
        let replaced = scenarios ? #"this pack's "scenarios" replace the base's"# : #"this pack's "levels" replaces the base's play order"#
        let target = scenarios ? #"a scenario's "levels""# : #""levels""#
        // The scaffold's texts lack the German the tutorial has: told too, of other files.
        #expect(validated.stderr.split(separator: "\n").filter { $0.hasPrefix("cave/pack.json") } == [
            "cave/pack.json:11:26: warning: the base's levels 'around-you', 'in-order' and 'two-voices' are not in \(where_), "
                + "so play never offers them: \(replaced); add them to \(target) to play them",
        ], "\(validated.stderr)")
        #expect(validated.stdout == "ok: cave (2 levels; 3 more that play never offers)\n")
        // One level left out is named with the id to add.
        try scratch.edit("cave/pack.json", replacing: list(["first-steps", "first-sound"]),
                         with: list(["first-steps", "first-sound", "two-voices", "around-you"]))
        let one = try echolot(["validate", "cave"], in: scratch.url, data: data)
        #expect(one.stderr.split(separator: "\n").filter { $0.hasPrefix("cave/pack.json") } == [
            "cave/pack.json:11:26: warning: the base's level 'in-order' is not in \(where_), "
                + "so play never offers it: \(replaced); add \"in-order\" to \(target) to play it",
        ], "\(one.stderr)")
        #expect(one.stdout == "ok: cave (4 levels; 1 more that play never offers)\n")
        try scratch.edit("cave/pack.json", replacing: #""around-you"]"#, with: #""around-you", "in-order"]"#)
        let all = try echolot(["validate", "cave"], in: scratch.url, data: data)
        #expect(!all.stderr.contains("cave/pack.json"), "\(all.stderr)")
        #expect(all.stdout == "ok: cave (5 levels)\n")
    }

    /// `run` and `render` name the level likely meant, and list every level `--level`
    /// takes: the list named only pack.json's, though `--level bats` played.
    @Test func aLevelRunDoesNotKnowIsToldWithTheOneMeant() throws {
        let scratch = try Self.scaffold()
        try Self.addBats(scratch)
        let data = scratch.at("data")
        let typo = try echolot(["run", "cave", "--level", "bat"], in: scratch.url, data: data)
        #expect(typo.status == 1)
        #expect(typo.stderr == "cave: error: pack 'cave' has no level 'bat' (did you mean 'bats'?)\n")
        let rendered = try echolot(["render", "cave", "--level", "bat", "--seconds", "1", "--out", "a.wav"], in: scratch.url, data: data)
        #expect(rendered.stderr == typo.stderr)
        let other = try echolot(["run", "cave", "--level", "nowhere"], in: scratch.url, data: data)
        #expect(other.stderr == "cave: error: pack 'cave' has no level 'nowhere'; its levels are: bats, first-steps\n")
    }

    /// A story transcript given to `replay` is one line saying what it is and what runs
    /// it; it was read as an input log, one syntax error a line.
    @Test func replayOfAStoryTranscriptSaysWhatRunsIt() throws {
        let scratch = try Self.scaffold(story: true)
        let replayed = try echolot(["replay", "cave/tests/tower.story.json"], in: scratch.url, data: scratch.at("data"))
        #expect(replayed.status == 1)
        #expect(replayed.stderr == "cave/tests/tower.story.json:1:1: error: this is a story transcript (play --record of a "
            + "story writes one), not a level's input log nor a pack; story transcripts are run from their pack's tests/ "
            + "folder with 'echolot test cave'\n")
    }

    /// story.json and a strings file given to `validate` are told to be checked with their
    /// pack, with the command; they were told a level file must be in levels/.
    @Test func validateOfAPacksOtherFilesNamesThePack() throws {
        let scratch = try Self.scaffold(story: true)
        let validated = try echolot(["validate", "cave/story.json", "cave/strings/en.json"], in: scratch.url, data: scratch.at("data"))
        #expect(validated.status == 1)
        #expect(validated.stderr == """
            cave/story.json:1:1: error: story.json is checked with its pack, not alone (only a level file is): run 'echolot validate cave'
            cave/strings/en.json:1:1: error: a strings file is checked with its pack, not alone (only a level file is): run 'echolot validate cave'

            """)
    }
}
