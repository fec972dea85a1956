import EcholotCore
import Foundation
import Testing

@testable import EcholotModel

@Suite("Packs: a pack extends another and overrides only what differs")
struct ExtendsTests {
    /// `lib/base` (1.2.0: levels one and two, strings, sounds a.wav and b.wav) and the
    /// files of an extending pack `ext` beside it, in `lib/ext`.
    func library(_ scratch: Scratch, ext: [String: String]) -> PackLibrary {
        var base = Packs.files(id: "base", version: "1.2.0", levels: ["one", "two"],
                               strings: ["pack.name": "Base", "level.one.name": "One", "level.two.name": "Two"])
        base["levels/two.json"] = Packs.level(id: "two", sound: "b.wav")
        base["sounds/b.wav"] = "RIFF"
        scratch.write(base, in: "lib/base")
        scratch.write(ext, in: "lib/ext")
        return PackLibrary(folders: [PackLibrary.Folder(url: scratch.at("lib"), origin: .other)])
    }

    /// An extending pack overriding level `one` and string `level.one.name`, adding level
    /// `three` (which uses the base's sound), and changing a goal of level `two`.
    static let extending: [String: String] = [
        "pack.json": Packs.manifest(id: "ext", extra: """
            "extends": "base", "dependencies": { "base": "^1.0.0" },
              "parameters": { "two": { "timeLimit": { "seconds": 30 } } }
            """),
        "levels/one.json": Packs.level(id: "one", name: "One, harder"),
        "levels/three.json": Packs.level(id: "three", sound: "b.wav"),
        "strings/en.json": #"{ "level.one.name": "One (ext)" }"#,
    ]

    @Test func overridesALevelAndAStringAndInheritsTheRest() throws {
        let scratch = Scratch()
        let library = library(scratch, ext: ExtendsTests.extending)
        let pack = try #require(try library.load(id: "ext")?.get())
        #expect(pack.id == "ext")
        #expect(pack.levels["one"]?.level[LevelKeys.name] == "One, harder")
        #expect(pack.levels["one"]?.file.path.hasSuffix("lib/ext/levels/one.json") == true)
        #expect(pack.levels["two"]?.level[LevelKeys.name] == "Level")
        #expect(pack.levels["two"]?.file.path.hasSuffix("lib/base/levels/two.json") == true)
        #expect(pack.levels["three"] != nil)
        #expect(pack.levelOrder == ["one", "two", "three"])
        #expect(pack.string("level.one.name", language: "en") == "One (ext)")
        #expect(pack.string("level.two.name", language: "en") == "Two")
        #expect(pack.sound("b.wav")?.path.hasSuffix("lib/base/sounds/b.wav") == true)
        #expect(pack.sound("a.wav")?.path.hasSuffix("lib/ext/sounds/a.wav") != true)
        #expect(pack.sounds.folders.map { $0.deletingLastPathComponent().lastPathComponent } == ["ext", "base"])
        #expect(pack.bases.map(\.id) == ["base"])
        #expect(pack.loadOrder.map(\.id) == ["base", "ext"])
    }

    /// The base's strings do not speak for what the extending pack redefines: its name
    /// comes from its own pack.json, and a level it replaces without strings of its own
    /// is named by its own file, not by the base's text for the level it replaced.
    @Test func theBasesTextsDoNotHideWhatThePackRedefines() throws {
        let scratch = Scratch()
        var ext = ExtendsTests.extending
        ext["strings/en.json"] = nil
        let library = library(scratch, ext: ext)
        let pack = try #require(try library.load(id: "ext")?.get())
        #expect(pack.string("pack.name", language: "en") == nil)
        #expect(pack.manifest.name == "Pack ext")
        #expect(pack.string("level.one.name", language: "en") == nil, "level one is the pack's own")
        #expect(pack.string("level.two.name", language: "en") == "Two", "level two is the base's")
    }

    /// Ids may contain dots: replacing level `one` keeps the base's texts of a level `one.b`.
    @Test func replacingALevelKeepsTheTextsOfALevelWhoseIdItPrefixes() throws {
        let scratch = Scratch()
        var base = Packs.files(id: "base", version: "1.2.0", levels: ["one", "one.b"],
                               strings: ["level.one.name": "One", "level.one.b.name": "One B"])
        base["levels/one.b.json"] = Packs.level(id: "one.b")
        scratch.write(base, in: "lib/base")
        scratch.write([
            "pack.json": Packs.manifest(id: "ext", extra: #""extends": "base", "dependencies": { "base": "^1.0.0" }"#),
            "levels/one.json": Packs.level(id: "one", name: "One, harder"),
        ], in: "lib/ext")
        let library = PackLibrary(folders: [PackLibrary.Folder(url: scratch.at("lib"), origin: .other)])
        let pack = try #require(try library.load(id: "ext")?.get())
        #expect(pack.string("level.one.name", language: "en") == nil)
        #expect(pack.string("level.one.b.name", language: "en") == "One B")
    }

    /// Levels a pack adds to a base that has scenarios get a scenario of their own, named
    /// after the pack, so the menus (which go scenario by scenario) offer them.
    @Test func addedLevelsGetAScenarioWhenTheBaseHasScenarios() throws {
        let scratch = Scratch()
        var base = Packs.files(id: "base", version: "1.2.0", extra: """
            "scenarios": [ { "id": "basics", "name": "Basics", "levels": ["one", "two"] } ]
            """, levels: ["one", "two"])
        base["levels/two.json"] = Packs.level(id: "two")
        scratch.write(base, in: "lib/base")
        scratch.write([
            "pack.json": Packs.manifest(id: "ext", extra: #""extends": "base", "dependencies": { "base": "^1.0.0" }"#),
            "levels/zeta.json": Packs.level(id: "zeta"),
            "levels/alpha.json": Packs.level(id: "alpha"),
        ], in: "lib/ext")
        let library = PackLibrary(folders: [PackLibrary.Folder(url: scratch.at("lib"), origin: .other)])
        let pack = try #require(try library.load(id: "ext")?.get())
        #expect(pack.manifest.scenarios.map(\.id) == ["basics", "ext"])
        #expect(pack.manifest.scenarios.allSatisfy { Identifiers.isValidID($0.id) })
        #expect(pack.manifest.scenarios.last?.name == "Pack ext")
        #expect(pack.manifest.scenarios.last?.levels == ["alpha", "zeta"])
        #expect(pack.levelOrder == ["one", "two", "alpha", "zeta"])
    }

    /// progress.md: a level belongs to one scenario at most, which decides whether it is
    /// locked. A level the extending pack replaces stays in the base's scenario alone: only
    /// the ids the base lacks form the added one.
    @Test func aReplacedLevelStaysInTheBasesScenarioAlone() throws {
        let scratch = Scratch()
        var base = Packs.files(id: "base", version: "1.2.0", extra: """
            "scenarios": [ { "id": "basics", "name": "Basics", "levels": ["one"] },
                           { "id": "more", "name": "More", "levels": ["two"], "unlock": { "after": "basics" } } ]
            """, levels: ["one", "two"])
        base["levels/two.json"] = Packs.level(id: "two")
        scratch.write(base, in: "lib/base")
        scratch.write([
            "pack.json": Packs.manifest(id: "ext", extra: #""extends": "base", "dependencies": { "base": "^1.0.0" }"#),
            "levels/two.json": Packs.level(id: "two", name: "Two, harder"),
            "levels/alpha.json": Packs.level(id: "alpha"),
        ], in: "lib/ext")
        let library = PackLibrary(folders: [PackLibrary.Folder(url: scratch.at("lib"), origin: .other)])
        let pack = try #require(try library.load(id: "ext")?.get())
        #expect(pack.levels["two"]?.level[LevelKeys.name] == "Two, harder")
        #expect(pack.manifest.scenarios.map(\.levels) == [["one"], ["two"], ["alpha"]])
    }

    @Test func parametersChangeOneGoalOfABaseLevel() throws {
        let scratch = Scratch()
        let library = library(scratch, ext: ExtendsTests.extending)
        let pack = try #require(try library.load(id: "ext")?.get())
        let goal = try #require(pack.levels["two"]?.level[LevelKeys.goals]["timeLimit"])
        #expect(goal["seconds"] == .int(30))
        let base = try #require(try library.load(id: "base")?.get())
        #expect(base.levels["two"]?.level[LevelKeys.goals]["timeLimit"]?["seconds"] == .int(60))
    }

    @Test func badOverridesAreReportedInTheExtendingPack() throws {
        let scratch = Scratch()
        var ext = ExtendsTests.extending
        ext["pack.json"] = """
            { "id": "ext", "name": "Ext", "version": "1.0.0", "api": 1, "extends": "base",
              "levels": ["one", "four"],
              "parameters": { "nine": { "find": { "entity": "bell" } },
                              "two": { "speed": { "x": 1 }, "find": { "entity": "ghost" } } } }
            """
        ext["levels/three.json"] = Packs.level(id: "three", sound: "c.wav")
        let library = library(scratch, ext: ext)
        let messages = try #require(library.load(id: "ext")).mapError { $0 }
        guard case let .failure(error) = messages else {
            Issue.record("the pack should not load")
            return
        }
        let shown = error.diagnostics.map { "\(URL(fileURLWithPath: $0.path).lastPathComponent):\($0.line):\($0.column): \($0.message)" }
        #expect(shown == [
            "three.json:5:71: entities[0].sound.file: sound file \"sounds/c.wav\" is neither in this pack nor in its base \"base\"",
            "pack.json:2:21: levels[1]: unknown level \"four\": neither this pack nor its base has levels/four.json",
            "pack.json:3:19: parameters.nine: unknown level \"nine\"",
            "pack.json:4:37: parameters.two.speed: level \"two\" has no goal \"speed\"",
            "pack.json:4:57: parameters.two.find: level \"two\" has no entity \"ghost\"",
        ])
    }

    /// A sound of an extending pack that is a link out of the pack is there but may not be
    /// played: it is told as such a link, as a pack's own level tells it, not as a file
    /// neither pack has. The pack loads: the sound stops only the level that names it.
    @Test func aSoundLinkingOutOfAnExtendingPackIsToldAsSuch() throws {
        let scratch = Scratch()
        var ext = ExtendsTests.extending
        ext["levels/three.json"] = Packs.level(id: "three", sound: "c.wav")
        scratch.write(["c.wav": "RIFF"], in: "elsewhere")
        let library = library(scratch, ext: ext)
        try FileManager.default.createDirectory(at: scratch.at("lib/ext/sounds"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: scratch.at("lib/ext/sounds/c.wav"),
                                                   withDestinationURL: scratch.at("elsewhere/c.wav"))
        let pack = try #require(try library.load(id: "ext")?.get())
        var sounds = PackSoundCheck(pack: pack)
        let shown = sounds.diagnostics(of: Array(pack.levels.values), preview: true)
            .map { "\(URL(fileURLWithPath: $0.path).lastPathComponent):\($0.line):\($0.column): \($0.message)" }
        #expect(shown == [
            "three.json:5:71: entities[0].sound.file: sound file \"sounds/c.wav\" is a symbolic link to a file outside the pack",
        ])
    }

    /// A sound neither the pack nor its base has is the file's problem: told once, at its
    /// first use, with how many more entities name it (500 entities gave 500 lines), and a
    /// level file of many missing sounds is held to the cap of every file's report. The
    /// pack loads: the sounds stop only the levels that name them.
    @Test func aMissingSoundIsToldOncePerFileAndTheFileIsCapped() throws {
        let scratch = Scratch()
        var ext = ExtendsTests.extending
        let entities = (0..<650).map { index in
            let file = index < 500 ? "gone.wav" : "gone-\(index - 500).wav"
            return #"{ "id": "e\#(index)", "position": { "azimuth": 0 }, "sound": { "file": "\#(file)" } }"#
        }
        ext["levels/three.json"] = #"{ "id": "three", "name": "Three", "entities": [\#n"#
            + entities.joined(separator: ",\n") + #"\#n], "goals": [ { "type": "timeLimit", "seconds": 60 } ] }"#
        ext["levels/four.json"] = Packs.level(id: "four", sound: "gone.wav")
        ext["pack.json"] = Packs.manifest(id: "ext", extra: #""extends": "base", "preview": "gone.wav""#)
        let library = library(scratch, ext: ext)
        let pack = try #require(try library.load(id: "ext")?.get())
        var sounds = PackSoundCheck(pack: pack)
        let shown = sounds.diagnostics(of: Array(pack.levels.values), preview: true)
            .map { "\(URL(fileURLWithPath: $0.path).lastPathComponent):\($0.line):\($0.column): \($0.message)" }
        let missing = { (file: String) in "sound file \"sounds/\(file)\" is neither in this pack nor in its base \"base\"" }
        // Each file tells the sounds it names: four.json and pack.json their own use.
        #expect(shown.filter { !$0.hasPrefix("three.json") } == [
            "four.json:5:71: entities[0].sound.file: \(missing("gone.wav"))",
            "pack.json:1:116: preview: \(missing("gone.wav"))",
        ])
        let three = shown.filter { $0.hasPrefix("three.json") }
        #expect(three.count == FileReport.maxProblems + 1)
        #expect(three.first == "three.json:2:64: entities[0].sound.file: \(missing("gone.wav")) (also used by 499 more entities)")
        #expect(three.dropFirst().first == "three.json:502:66: entities[500].sound.file: \(missing("gone-0.wav"))")
        #expect(three.last == "three.json:651:66: 51 more problems in this file are not told; fix these first")
    }

    /// A sound a level names composed (é, NFC) that the base has decomposed on disk (e +
    /// ◌́, NFD, as macOS writes it) is found in the base, and the URL every layer gives names
    /// the file as it is on disk: the layer gave the name as written, a file Linux has not.
    @Test func aSoundIsFoundAsItsNameIsSpeltOnDisk() throws {
        let scratch = Scratch()
        var ext = ExtendsTests.extending
        ext["levels/three.json"] = Packs.level(id: "three", sound: "caf\u{E9}.wav")
        let library = library(scratch, ext: ext)
        scratch.write(["sounds/cafe\u{301}.wav": "RIFF"], in: "lib/base")
        let pack = try #require(try library.load(id: "ext")?.get())
        let onDisk = Array("cafe\u{301}.wav".utf8)
        let base = try #require(pack.bases.first?.sound("caf\u{E9}.wav"))
        #expect(Array(base.lastPathComponent.utf8) == onDisk, "\(base.path)")
        #expect(FileManager.default.fileExists(atPath: base.path))
        let found = try #require(pack.sound("caf\u{E9}.wav"))
        #expect(found.path == base.path)
        #expect(pack.sound("gone.wav") == nil)
        #expect(pack.layer.sound("b.wav") == nil, "b.wav is the base's")
        #expect(pack.sound("b.wav")?.path.hasSuffix("lib/base/sounds/b.wav") == true)
    }

    @Test func parametersNeedABasePack() {
        let scratch = Scratch()
        scratch.write(Packs.files(id: "solo", extra: #""parameters": { "one": { "find": { "entity": "bell" } } }"#),
                      in: "solo")
        let problems = PackLoader.validate(at: scratch.at("solo")).map(\.message)
        #expect(problems == [
            "parameters: \"parameters\" change the levels of the base pack, but this pack extends none; change the level files instead",
        ])
    }

    @Test func aChainOfBasesMergesInOrder() throws {
        let scratch = Scratch()
        let library = library(scratch, ext: ExtendsTests.extending)
        scratch.write([
            "pack.json": Packs.manifest(id: "ext2", extra: #""extends": "ext""#),
            "strings/en.json": #"{ "level.two.name": "Two (ext2)" }"#,
        ], in: "lib/ext2")
        let again = PackLibrary(folders: library.folders)
        let pack = try #require(try again.load(id: "ext2")?.get())
        #expect(pack.bases.map(\.id) == ["ext", "base"])
        #expect(pack.loadOrder.map(\.id) == ["base", "ext", "ext2"])
        #expect(pack.levelOrder == ["one", "two", "three"])
        #expect(pack.string("level.one.name", language: "en") == "One (ext)")
        #expect(pack.string("level.two.name", language: "en") == "Two (ext2)")
        #expect(pack.levels["two"]?.level[LevelKeys.goals]["timeLimit"]?["seconds"] == .int(30))
    }

    /// A level of an extending pack whose id is a near miss of a base level's is warned
    /// of: it was meant to replace that one and adds a level instead. One named after a
    /// base level (`two2`) is a new level meant as one.
    @Test func aMisspeltOverrideIsWarnedOf() throws {
        let scratch = Scratch()
        var ext = ExtendsTests.extending
        ext["levels/one.json"] = nil
        ext["levels/three.json"] = nil
        ext["levels/onee.json"] = Packs.level(id: "onee", name: "One, harder")
        ext["levels/two2.json"] = Packs.level(id: "two2", sound: "b.wav")
        ext["pack.json"] = Packs.manifest(id: "ext", extra: #""extends": "base""#)
        let report = PackLoader.validate(path: "lib/ext", relativeTo: scratch.url, library: library(scratch, ext: ext))
        let pack = try #require(report.pack, "\(report.diagnostics)")
        let warnings = pack.unlistedLevelWarnings(storyLevels: [])
        #expect(warnings.map(\.message) == [
            "level 'onee' is a level of its own, beside the base's 'one'; to replace that one, give this file the id \"one\"",
        ], "\(warnings)")
        #expect(warnings.first?.path.hasSuffix("levels/onee.json") == true)
    }

    @Test func validateResolvesAgainstTheLibrary() {
        let scratch = Scratch()
        let library = library(scratch, ext: ExtendsTests.extending)
        let report = PackLoader.validate(path: "lib/ext", relativeTo: scratch.url, library: library)
        #expect(report.isOK)
        #expect(report.summary == "ok: ext (3 levels)")
        // Outside the library, the base beside it is found; with none there, the pack is refused.
        let beside = PackLoader.validate(path: "lib/ext", relativeTo: scratch.url, library: PackLibrary(folders: []))
        #expect(beside.isOK, "\(beside.diagnostics)")
        scratch.write(ExtendsTests.extending, in: "solo/ext")
        let alone = PackLoader.validate(path: "solo/ext", relativeTo: scratch.url,
                                        library: PackLibrary(folders: []))
        #expect(alone.diagnostics.map(\.description) == [
            "solo/ext/pack.json:1:97: error: extends: pack \"ext\" extends \"base\" ^1.0.0, which is neither installed, shipped nor a pack folder in solo (needed through ext → base); install it with 'echolot install FILE.zip', or put its folder in solo",
        ])
        // A misspelt base is told with the one meant, not sent to be installed.
        var misspelt = ExtendsTests.extending
        misspelt["pack.json"] = Packs.manifest(id: "ext", extra: #""extends": "bsae""#)
        let typo = PackLoader.validate(path: "lib/ext", relativeTo: scratch.url, library: self.library(scratch, ext: misspelt))
        #expect(typo.diagnostics.map(\.message) == [
            "extends: pack \"ext\" extends \"bsae\", which is neither installed nor shipped (needed through ext → bsae) (did you mean 'base'?)",
        ])
    }

    /// A pack that extends a story pack starts as a copy of it, story and kind included:
    /// the base's story.json plays, checked against the merged pack (a language the pack
    /// adds must have every line), until the pack gives a story.json of its own, which
    /// replaces the base's whole.
    @Test func aPackExtendingAStoryPackPlaysTheBasesStoryUnlessItHasItsOwn() throws {
        let scratch = Scratch()
        var base = Packs.files(id: "base", extra: #""kind": "story""#, levels: ["one", "two"], strings: ["hi": "Hello"])
        base["story.json"] = """
            { "chapters": [ { "id": "walk", "steps": [
              { "cutscene": "s", "lines": [ { "id": "hi", "duration": 1 } ] }, { "level": "two" } ] } ] }
            """
        scratch.write(base, in: "lib/base")
        scratch.write(["pack.json": Packs.manifest(id: "ext", extra: #""extends": "base""#)], in: "lib/ext")
        let library = PackLibrary(folders: [PackLibrary.Folder(url: scratch.at("lib"), origin: .other)])
        // Read afresh each time: the library holds the packs as they were when it was made.
        func ext() throws -> Pack { try library.load(at: scratch.at("lib/ext")).get() }

        let inheriting = try ext()
        #expect(inheriting.manifest.kind == .story)
        #expect(StoryReader.missingStory(in: inheriting) == nil)
        let inherited = try #require(StoryReader.load(for: inheriting)).get()
        #expect(inherited.chapters.map(\.id) == ["walk"])
        #expect(inherited.displayPath.hasSuffix("base/story.json"), "\(inherited.displayPath)")

        // The base's lines are the pack's lines: a language it adds that lacks one plays it
        // in the default language, and the warning is told in the base's story, where the
        // line is, naming the pack's file.
        scratch.write(["strings/de.json": #"{ "other": "Andere" }"#], in: "lib/ext")
        let reading = try #require(StoryReader.reading(for: try ext(), remarks: true))
        #expect(reading.problems.isEmpty, "\(reading.problems)")
        let warnings = reading.remarks.filter { $0.severity == .warning }
        #expect(warnings.count == 1, "\(reading.remarks)")
        #expect(warnings.first.map { $0.path.hasSuffix("base/story.json") && $0.line == 2 } == true, "\(warnings)")
        #expect(warnings.first?.message.hasSuffix("ext/strings/de.json: players of that language read it in en; add it there") == true,
                "\(warnings)")

        scratch.write([
            "strings/de.json": #"{ "hi": "Hallo" }"#,
            "story.json": #"{ "chapters": [ { "id": "swim", "steps": [ { "level": "one" } ] } ] }"#,
        ], in: "lib/ext")
        let own = try #require(StoryReader.load(for: try ext())).get()
        #expect(own.chapters.map(\.id) == ["swim"])
        #expect(own.displayPath.hasSuffix("ext/story.json"), "\(own.displayPath)")
    }

    /// A pack that says what kind it is keeps its kind over its base's.
    @Test func aPacksOwnKindWinsOverItsBases() throws {
        let scratch = Scratch()
        scratch.write(Packs.files(id: "base", extra: #""kind": "story""#), in: "lib/base")
        scratch.write(["pack.json": Packs.manifest(id: "ext", extra: #""extends": "base", "kind": "free""#)], in: "lib/ext")
        let library = PackLibrary(folders: [PackLibrary.Folder(url: scratch.at("lib"), origin: .other)])
        #expect(try library.load(id: "ext")?.get().manifest.kind == .free)
    }
}
