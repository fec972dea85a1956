import EcholotAudio
import EcholotTestSupport
import Foundation
import Testing

@testable import EcholotModel

@Suite("Packs: the new, pack, install, packs and validate commands")
struct CommandTests {
    @Test func newPackThenPackThenInstallThenList() throws {
        let scratch = Scratch()
        let data = scratch.at("data")
        let created = try echolot(["new", "pack", "cave-echoes", "--author", "Ann"], in: scratch.url, data: data)
        #expect(created.status == 0, "\(created.stderr)")
        #expect(created.stdout.hasPrefix("created cave-echoes/ (pack id cave-echoes):"))

        let validated = try echolot(["validate", "cave-echoes"], in: scratch.url, data: data)
        #expect(validated.stdout == "ok: cave-echoes (1 level)\n")
        #expect(validated.status == 0)

        let packed = try echolot(["pack", "cave-echoes"], in: scratch.url, data: data)
        #expect(packed.status == 0, "\(packed.stderr)")
        #expect(packed.stdout.hasPrefix("wrote cave-echoes-0.1.0.zip: cave-echoes 0.1.0, 8 files, "))

        let zipValidated = try echolot(["validate", "cave-echoes-0.1.0.zip"], in: scratch.url, data: data)
        #expect(zipValidated.stdout == "ok: cave-echoes (1 level)\n")

        let installed = try echolot(["install", "cave-echoes-0.1.0.zip"], in: scratch.url, data: data)
        #expect(installed.status == 0, "\(installed.stderr)")
        #expect(installed.stdout == "installed cave-echoes 0.1.0 (Cave Echoes, 1 level) into "
            + data.appendingPathComponent("packs/cave-echoes").path + "; play it with: echolot play cave-echoes\n")

        let again = try echolot(["install", "cave-echoes-0.1.0.zip"], in: scratch.url, data: data)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout == "Cave Echoes 0.1.0 is already installed; play it with: echolot play cave-echoes\n")
        #expect(again.stderr.isEmpty)

        let listed = try echolot(["packs"], in: scratch.url, data: data)
        #expect(listed.stdout == """
            ID           VERSION  NAME         AUTHOR  LEVELS
            cave-echoes  0.1.0    Cave Echoes  Ann     1

            """)
        let all = try echolot(["packs", "--all"], in: scratch.url, data: data)
        #expect(all.stdout.contains("tutorial     1.0.1    Tutorial     Echolot  4       shipped"))

        let run = try echolot(["run", "cave-echoes-0.1.0.zip", "--level", "first-steps", "--max-seconds", "1", "--json"],
                              in: scratch.url, data: data)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("\"outcome\":"))
        let byID = try echolot(["run", "cave-echoes", "--level", "first-steps", "--max-seconds", "1", "--json"],
                               in: data, data: data)
        #expect(byID.status == 0, "\(byID.stderr)")
    }

    /// `validate`, `install` and `packs` count one number, the levels play offers: an
    /// extending pack whose own scenario leaves three of the tutorial's levels out has 2.
    @Test func validateInstallAndPacksCountTheLevelsPlayOffers() throws {
        let scratch = Scratch()
        let data = scratch.at("data")
        let level = try String(contentsOfFile: repositoryRoot.appendingPathComponent("levels/tutorial/levels/first-sound.json").path, encoding: .utf8)
            .replacingOccurrences(of: #""id": "first-sound""#, with: #""id": "extra""#)
        scratch.write([
            "pack.json": #"{ "id": "tut-plus", "name": "Tutorial Plus", "version": "1.0.0", "api": 1, "extends": "tutorial", "#
                + #""scenarios": [{ "id": "more", "name": "More", "levels": ["first-sound", "extra"] }] }"#,
            "levels/extra.json": level,
        ], in: "tut-plus")
        let validated = try echolot(["validate", "tut-plus"], in: scratch.url, data: data)
        #expect(validated.stdout == "ok: tut-plus (2 levels; 3 more that play never offers)\n", "\(validated.stdout)\(validated.stderr)")
        #expect(try echolot(["pack", "tut-plus", "--out", "tp.zip"], in: scratch.url, data: data).status == 0)
        let installed = try echolot(["install", "tp.zip"], in: scratch.url, data: data)
        #expect(installed.stdout.hasPrefix("installed tut-plus 1.0.0 (Tutorial Plus, 2 levels) into "), "\(installed.stdout)\(installed.stderr)")
        let listed = try echolot(["packs"], in: scratch.url, data: data)
        #expect(listed.stdout.contains("tut-plus  1.0.0    Tutorial Plus  –       2\n"), "\(listed.stdout)")
        let plain = try echolot(["packs", "--plain"], in: scratch.url, data: data)
        #expect(plain.stdout == "tut-plus 1.0.0: Tutorial Plus, 2 levels.\n", "\(plain.stdout)")
    }

    /// Puts a pack whose pack.json does not parse into the installed packs of `data`, in
    /// the folder `name`.
    func installBrokenPack(_ name: String, in data: URL) throws {
        let pack = data.appendingPathComponent("packs/" + name)
        try FileManager.default.createDirectory(at: pack, withIntermediateDirectories: true)
        try Data("{ \"id\": ".utf8).write(to: pack.appendingPathComponent("pack.json"))
    }

    /// An installed pack that does not load is a row marked broken, its errors go to
    /// stderr, and the listing still exits 0 (docs/packs.md): it did list.
    @Test func packsListsABrokenPackAndExitsZero() throws {
        let scratch = Scratch()
        let data = scratch.at("data")
        try installBrokenPack("cave", in: data)
        let listed = try echolot(["packs"], in: scratch.url, data: data)
        #expect(listed.status == 0)
        #expect(listed.stdout.contains("(broken: errors on stderr)"), "\(listed.stdout)")
        #expect(listed.stderr.contains("cave/pack.json:"), "\(listed.stderr)")
    }

    /// A name with CJK and an emoji is listed whole and the columns after it line up, by
    /// terminal columns (an emoji and a CJK character take two); a name too long for a
    /// column ends in "…".
    @Test func packsAlignsWideNamesByColumns() throws {
        let scratch = Scratch()
        let data = scratch.at("data")
        try FileManager.default.createDirectory(at: data.appendingPathComponent("packs"), withIntermediateDirectories: true)
        for (id, name) in [("mori", "音の森 🎧 Tutorial"), ("long", String(repeating: "Long ", count: 12) + "Name")] {
            let created = try echolot(["new", "pack", id, "--author", "鈴木"], in: data.appendingPathComponent("packs"), data: data)
            #expect(created.status == 0, "\(created.stderr)")
            let manifest = data.appendingPathComponent("packs/\(id)/pack.json")
            let text = try String(contentsOf: manifest, encoding: .utf8)
            let named = text.replacing(#/"name": "[^"]*"/#, with: "\"name\": \"\(name)\"", maxReplacements: 1)
            #expect(named != text)
            try Data(named.utf8).write(to: manifest)
        }
        let listed = try echolot(["packs"], in: scratch.url, data: data)
        #expect(listed.stdout == """
            ID    VERSION  NAME                                      AUTHOR  LEVELS
            long  0.1.0    Long Long Long Long Long Long Long Long…  鈴木    1
            mori  0.1.0    音の森 🎧 Tutorial                        鈴木    1

            """, "\(listed.stdout)\(listed.stderr)")
    }

    /// A pack of rules alone is installed with what it is for, not offered to play.
    @Test func aPackOfRulesAloneIsNotOfferedToPlay() throws {
        let scratch = Scratch()
        let data = scratch.at("data")
        scratch.write(["pack.json": #"{ "id": "rules", "name": "Rules", "version": "1.0.0", "api": 1 }"#,
                       "scripts/ping.lua": #"echolot.goal("ping", { on = { tick = function(goal) end } })"#], in: "rules")
        #expect(try echolot(["pack", "rules", "--out", "rules.zip"], in: scratch.url, data: data).status == 0)
        let installed = try echolot(["install", "rules.zip"], in: scratch.url, data: data)
        #expect(installed.status == 0, "\(installed.stderr)")
        #expect(installed.stdout.hasSuffix("; it has no levels of its own: packs that depend on it use its rules\n"), "\(installed.stdout)")
    }

    /// An archive of one file says "1 file", not "1 files".
    @Test func anArchiveOfOneFileSaysFileInTheSingular() throws {
        let scratch = Scratch()
        scratch.write(["pack.json": #"{ "id": "lone", "name": "Lone", "version": "1.0.0", "api": 1 }"#], in: "lone")
        let packed = try echolot(["pack", "lone"], in: scratch.url, data: scratch.at("data"))
        #expect(packed.status == 0, "\(packed.stderr)")
        #expect(packed.stdout.hasPrefix("wrote lone-1.0.0.zip: lone 1.0.0, 1 file, "), "\(packed.stdout)")
    }

    /// A packs folder named by ECHOLOT_PACKS that does not exist is said to be missing,
    /// not listed as one that holds nothing.
    @Test func packsAllSaysAMissingShippedFolder() throws {
        let scratch = Scratch()
        let data = scratch.at("data")
        let missing = scratch.at("no-such-levels").path
        let listed = try runEcholot(["packs", "--all"], in: scratch.url, environment: packsEnvironment(data: data, ["ECHOLOT_PACKS": missing]))
        #expect(listed.status == 0)
        #expect(listed.stderr == "warning: ECHOLOT_PACKS is \(missing), which does not exist, so no shipped packs are listed\n",
                "\(listed.stderr)")
        let shipped = try echolot(["packs", "--all"], in: scratch.url, data: data)
        #expect(shipped.stderr.isEmpty, "\(shipped.stderr)")
    }

    /// An installed pack whose script does not compile is broken too, as one whose
    /// pack.json does not parse: `play` could start none of its levels.
    @Test func packsListsAPackWhoseScriptsDoNotLoadAsBroken() throws {
        let scratch = Scratch()
        let data = scratch.at("data")
        try ZipBuilder.write(scratch.at("cave.zip")) { try $0.playablePack(Packs.files(id: "cave")) }
        #expect(try echolot(["install", scratch.at("cave.zip").path], in: scratch.url, data: data).status == 0)
        // Broken after its install (`install` refuses such a pack), as an edit would.
        let scripts = data.appendingPathComponent("packs/cave/scripts")
        try FileManager.default.createDirectory(at: scripts, withIntermediateDirectories: true)
        try Data("this is not lua (".utf8).write(to: scripts.appendingPathComponent("broken.lua"))
        let listed = try echolot(["packs"], in: scratch.url, data: data)
        #expect(listed.status == 0)
        #expect(listed.stdout.contains("(broken: errors on stderr)"), "\(listed.stdout)")
        #expect(listed.stderr.contains("cave/scripts/broken.lua:1:"), "\(listed.stderr)")
    }

    /// A copy of an installed pack put beside it by hand was listed by the id inside it, a
    /// second row "cave" a listener could not tell from the pack: it is named by its folder,
    /// as the play menu names it, with the version and name its pack.json gives.
    @Test func aCopiedPackIsListedByItsFolderWithWhatItsManifestSays() throws {
        let scratch = Scratch()
        let data = scratch.at("data")
        try ZipBuilder.write(scratch.at("cave.zip")) { try $0.playablePack(Packs.files(id: "cave")) }
        #expect(try echolot(["install", "cave.zip"], in: scratch.url, data: data).status == 0)
        try FileManager.default.copyItem(at: data.appendingPathComponent("packs/cave"), to: data.appendingPathComponent("packs/copy-of-cave"))
        let listed = try echolot(["packs"], in: scratch.url, data: data)
        #expect(listed.status == 0)
        let rows = listed.stdout.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
        #expect(rows == ["ID VERSION NAME AUTHOR LEVELS", "cave 1.0.0 Pack cave Tester 1",
                         "copy-of-cave 1.0.0 Pack cave (broken: errors on stderr) Tester –"], "\(listed.stdout)")
        #expect(listed.stderr.contains("copy-of-cave/pack.json:1:1: error: pack id \"cave\" is already taken by "), "\(listed.stderr)")
        let plain = try echolot(["packs", "--plain"], in: scratch.url, data: data)
        #expect(plain.stdout == "cave 1.0.0: Pack cave, by Tester, 1 level.\n"
            + "copy-of-cave 1.0.0: Pack cave, by Tester, does not load; its errors follow.\n", "\(plain.stdout)")
    }

    /// A broken pack with no id is named by its folder, written out: a line break in the
    /// folder's name must not start a row of its own.
    @Test func aBrokenPacksFolderNameStaysOnItsLine() throws {
        let scratch = Scratch()
        let data = scratch.at("data")
        try installBrokenPack("cave\nfake 9.9.9: Pack fake", in: data)
        let listed = try echolot(["packs", "--plain"], in: scratch.url, data: data)
        #expect(listed.stdout == "cave\\nfake 9.9.9: Pack fake: does not load; its errors follow.\n", "\(listed.stdout)")
    }

    /// A pack is named as the game's menus name it: by its `pack.name` string when it has
    /// one (docs/format.md), not by the name in pack.json, which `install` and `packs`
    /// showed while the menu read out the other — the player could not match them up.
    @Test func installAndPacksNameAPackByItsStrings() throws {
        let scratch = Scratch()
        let data = scratch.at("data")
        try ZipBuilder.write(scratch.at("cave.zip")) {
            try $0.playablePack(Packs.files(id: "cave", strings: ["pack.name": "Cave Echoes"]))
        }
        let installed = try echolot(["install", "cave.zip"], in: scratch.url, data: data)
        #expect(installed.stdout.hasPrefix("installed cave 1.0.0 (Cave Echoes, 1 level) into "), "\(installed.stdout)")
        let listed = try echolot(["packs"], in: scratch.url, data: data)
        #expect(listed.stdout.contains("cave  1.0.0    Cave Echoes  Tester  1"), "\(listed.stdout)")
        let plain = try echolot(["packs", "--plain"], in: scratch.url, data: data)
        #expect(plain.stdout == "cave 1.0.0: Cave Echoes, by Tester, 1 level.\n", "\(plain.stdout)")
    }

    /// The name `packs` shows, typed where a pack is named, is told to be an installed
    /// pack's name with the command by its id; a name two packs share gives both.
    @Test func anInstalledPacksNameIsToldWithItsID() throws {
        let scratch = Scratch()
        let data = scratch.at("data")
        try ZipBuilder.write(scratch.at("cave.zip")) {
            try $0.playablePack(Packs.files(id: "cave", strings: ["pack.name": "Cave Echoes"]))
        }
        #expect(try echolot(["install", "cave.zip"], in: scratch.url, data: data).status == 0)
        let named = try echolot(["run", "cave echoes", "--level", "one"], in: scratch.url, data: data)
        #expect(named.status == 1)
        #expect(named.stderr == "cave echoes:1:1: error: 'cave echoes' is the name of the installed pack with the id 'cave', "
            + "not a file or folder; name the pack by its id: echolot run cave --level one\n", "\(named.stderr)")

        var twin = Packs.files(id: "cave-two")
        twin["pack.json"] = #"{ "id": "cave-two", "name": "CAVE ECHOES", "version": "1.0.0", "api": 1 }"#
        try ZipBuilder.write(scratch.at("twin.zip")) { try $0.playablePack(twin) }
        #expect(try echolot(["install", "twin.zip"], in: scratch.url, data: data).status == 0)
        let both = try echolot(["test", "Cave Echoes"], in: scratch.url, data: data)
        #expect(both.status == 1)
        #expect(both.stderr == "Cave Echoes:1:1: error: 'Cave Echoes' is the name of the packs with the ids 'cave' and 'cave-two', "
            + "not a file or folder; name a pack by its id: echolot test cave or echolot test cave-two\n", "\(both.stderr)")
    }

    /// A screen reader reads a table row as bare words and numbers ("cave 1.0.0 Cave Ann
    /// 1", and an en dash for each empty cell); with --plain or TERM=dumb each pack is a
    /// sentence with its figures named, as `stats` does.
    @Test func packsSpeaksASentenceAPackForScreenReaders() throws {
        let scratch = Scratch()
        let data = scratch.at("data")
        try ZipBuilder.write(scratch.at("cave.zip")) { try $0.playablePack(Packs.files(id: "cave", levels: ["one", "two"])) }
        #expect(try echolot(["install", "cave.zip"], in: scratch.url, data: data).status == 0)
        let broken = data.appendingPathComponent("packs/bats")
        try FileManager.default.createDirectory(at: broken, withIntermediateDirectories: true)
        try Data(#"{ "id": "bats" }"#.utf8).write(to: broken.appendingPathComponent("pack.json"))
        let plain = try echolot(["packs", "--plain"], in: scratch.url, data: data)
        #expect(plain.status == 0)
        #expect(plain.stdout == """
            cave 1.0.0: Pack cave, by Tester, 2 levels.
            bats: does not load; its errors follow.

            """)
        #expect(plain.stderr.hasPrefix(broken.appendingPathComponent("pack.json").path + ":1:1: error: "), "\(plain.stderr)")
        let dumb = try runEcholot(["packs", "--all"], in: scratch.url, environment: packsEnvironment(data: data, ["TERM": "dumb"]))
        #expect(dumb.stdout.contains("\ntutorial 1.0.1: Tutorial, by Echolot, 4 levels, shipped.\n"), "\(dumb.stdout)")
        #expect(dumb.stdout.hasSuffix("cave 1.0.0: Pack cave, by Tester, 2 levels, installed.\nbats, installed: does not load; its errors follow.\n"))
    }

    /// The next steps `new pack` prints run as they are when pasted into a shell, also for
    /// a path with a space and a quote in it.
    @Test func theNextStepsOfANewPackRunInAShell() throws {
        let scratch = Scratch()
        let data = scratch.at("data")
        try FileManager.default.createDirectory(at: scratch.at("Ann's packs"), withIntermediateDirectories: true)
        let created = try echolot(["new", "pack", "Ann's packs/Cave Echoes"], in: scratch.url, data: data)
        let next = try #require(created.stdout.split(separator: "\n").first { $0.hasPrefix("next: ") }, "\(created.stdout)")
        let validate = try #require(next.dropFirst("next: ".count).components(separatedBy: " · ").first)
        #expect(validate == #"echolot validate 'Ann'\''s packs/cave-echoes'"#)
        let shell = try shell(validate, in: scratch.url, data: data)
        #expect(shell.status == 0, "\(shell.stdout)\(shell.stderr)")
        #expect(shell.stdout.contains("ok: "), "\(shell.stdout)")
    }

    /// The new pack's README says to run `echolot pack .` in the pack's folder and to
    /// install what it wrote from there; `pack .` refused its own default output as inside
    /// the pack. The archive now goes beside the folder, and the README says where.
    @Test func theReadmesPackAndInstallRunInsideThePack() throws {
        let scratch = Scratch()
        let data = scratch.at("data")
        _ = try echolot(["new", "pack", "cave"], in: scratch.url, data: data)
        let readme = try String(contentsOf: scratch.at("cave/README.md"), encoding: .utf8)
        let steps = readme.split(separator: "\n").filter { $0.hasPrefix("echolot pack ") || $0.hasPrefix("echolot install ") }
        #expect(steps.count == 2, "\(readme)")
        let run = try shell("set -e\n" + steps.joined(separator: "\n"), in: scratch.at("cave"), data: data)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("wrote ../cave-0.1.0.zip: cave 0.1.0, 8 files, "), "\(run.stdout)")
        #expect(FileManager.default.fileExists(atPath: scratch.at("cave-0.1.0.zip").path))
        #expect(FileManager.default.fileExists(atPath: data.appendingPathComponent("packs/cave/pack.json").path))
    }

    /// `pack` wrote archives `install` refuses: two files whose names differ only in case
    /// (one file on macOS), or a sound of silence that packs like a zip bomb. It checks
    /// what it wrote as installing does, and writes nothing then.
    @Test func packWritesNoArchiveThatInstallRefuses() throws {
        let scratch = Scratch()
        let data = scratch.at("data")
        _ = try echolot(["new", "pack", "cave"], in: scratch.url, data: data)
        scratch.write(["cave/readme.md": "a second readme"])
        let cased = try echolot(["pack", "cave"], in: scratch.url, data: data)
        #expect(cased.status == 1)
        #expect(cased.stderr == "cave-0.1.0.zip:1:1: error: not written, since installing would refuse it: entries "
            + "\"cave/README.md\" and \"cave/readme.md\" differ only in case; they would overwrite each other on some systems\n")
        try FileManager.default.removeItem(at: scratch.at("cave/readme.md"))
        scratch.writeBytes("cave/sounds/silence.raw", [UInt8](repeating: 0, count: 2 * 1024 * 1024))
        let silent = try echolot(["pack", "cave"], in: scratch.url, data: data)
        #expect(silent.status == 1)
        #expect(silent.stderr.hasPrefix("cave-0.1.0.zip:1:1: error: not written, since installing would refuse it: entry \"cave/sounds/silence.raw\" inflates "))
        #expect(scratch.listing().filter { $0.hasSuffix(".zip") || $0.hasSuffix(".tmp") } == [])
    }

    /// A pack that named a hidden file (`sounds/.chime.wav`) validated, and `pack` wrote an
    /// archive without it, since hidden files are left out, which `install` then refused.
    /// Every kind of reference to a hidden file or folder is refused where it is written:
    /// a level's sound and image, the preview, a story's voice and background image.
    @Test func aReferenceToAHiddenFileIsRefusedAtIt() throws {
        let scratch = Scratch()
        let data = scratch.at("data")
        _ = try echolot(["new", "pack", "hp"], in: scratch.url, data: data)
        try FileManager.default.moveItem(at: scratch.at("hp/sounds/chime.wav"), to: scratch.at("hp/sounds/.chime.wav"))
        try scratch.edit("hp/pack.json", replacing: #""preview": "chime.wav""#, with: #""preview": ".chime.wav""#)
        try scratch.edit("hp/levels/first-steps.json", replacing: #""file": "chime.wav""#, with: #""file": ".chime.wav""#)
        let hidden = " (its name begins with '.'), which 'echolot pack' leaves out of the pack's archive; rename it"
        let expected = """
            hp/levels/first-steps.json:14:26: error: entities[0].sound.file: ".chime.wav" is a hidden file\(hidden)
            hp/pack.json:10:14: error: preview: ".chime.wav" is a hidden file\(hidden)

            """
        let validated = try echolot(["validate", "hp"], in: scratch.url, data: data)
        #expect(validated.status == 1)
        #expect(validated.stderr == expected)
        // Named again, the pack is checked and told once: its problems, and no line of its own.
        let twice = try echolot(["validate", "hp", "hp"], in: scratch.url, data: data)
        #expect(twice.status == 1)
        #expect(twice.stderr == expected)
        #expect(twice.stdout.isEmpty, "\(twice.stdout)")
        let packed = try echolot(["pack", "hp"], in: scratch.url, data: data)
        #expect(packed.status == 1)
        #expect(packed.stderr == expected)
        #expect(scratch.listing().filter { $0.hasSuffix(".zip") || $0.hasSuffix(".tmp") } == [])

        // A story is checked once the levels load: its voices and images are held to it too.
        try FileManager.default.moveItem(at: scratch.at("hp/sounds/.chime.wav"), to: scratch.at("hp/sounds/chime.wav"))
        try scratch.edit("hp/pack.json", replacing: #""preview": ".chime.wav""#, with: #""preview": "chime.wav""#)
        try scratch.edit("hp/levels/first-steps.json", replacing: #""file": ".chime.wav""#, with: #""file": "chime.wav""#)
        try scratch.edit("hp/pack.json", replacing: #""kind": "scored""#, with: #""kind": "story""#)
        try scratch.edit("hp/strings/en.json", replacing: #""goal.quickFind.briefing""#, with: #""intro.one": "Hello", "goal.quickFind.briefing""#)
        scratch.write(["hp/story.json": """
            { "chapters": [ { "id": "one", "steps": [
              { "cutscene": "intro", "background": { "image": ".art/night.png" },
                "lines": [ { "id": "intro.one", "voice": "voices/.hi.wav", "duration": 1 } ] },
              { "level": "first-steps" } ] } ] }
            """])
        let story = try echolot(["validate", "hp"], in: scratch.url, data: data)
        #expect(story.status == 1)
        #expect(story.stderr == """
            hp/story.json:1:1: note: \(storyScriptsNote)
            hp/story.json:2:51: error: 'image': ".art" in ".art/night.png" is a hidden folder\(hidden)
            hp/story.json:3:46: error: 'voice': ".hi.wav" in "voices/.hi.wav" is a hidden file\(hidden)

            """)
    }

    /// A folder of the pack that cannot be read was left out of the archive without a
    /// word, and a file that cannot be read was told as 'cannot write the archive' at the
    /// output. Both are named where they are, and nothing is written. (Run as root, the
    /// command runs without the capabilities that let root read anything.)
    @Test func packNamesWhatItCannotRead() throws {
        let scratch = Scratch()
        let data = scratch.at("data")
        _ = try echolot(["new", "pack", "cave"], in: scratch.url, data: data)
        scratch.write(["cave/sounds/extra/more.wav": "x", "cave/sounds/locked.wav": "y"])
        for path in ["cave/sounds/extra", "cave/sounds/locked.wav"] {
            try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: scratch.at(path).path)
        }
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: scratch.at("cave/sounds/extra").path) }
        let arguments = ["pack", "cave"]
        let packed = try unprivileged(arguments, in: scratch.url, data: data)
        #expect(packed.status == 1)
        #expect(packed.stderr == """
            cave/sounds/extra:1:1: error: the folder cannot be read (Permission denied); give yourself read permission, or move it out of the pack
            cave/sounds/locked.wav:1:1: error: the file cannot be read (Permission denied); give yourself read permission, or move it out of the pack

            """)
        #expect(!FileManager.default.fileExists(atPath: scratch.at("cave-0.1.0.zip").path))
    }

    /// A file whose name is not UTF-8 (copied from an old Windows or Latin-1 system) was
    /// told as "not a regular file or folder", which it plainly is.
    @Test func packNamesAFileWhoseNameIsNotUTF8() throws {
        let scratch = Scratch()
        let data = scratch.at("data")
        _ = try echolot(["new", "pack", "cave"], in: scratch.url, data: data)
        let name = Array(scratch.at("cave/sounds").path.utf8) + Array("/caf".utf8) + [0xE9] + Array(".wav".utf8) + [0]
        let descriptor = name.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT, 0o644) }
        }
        try #require(descriptor >= 0)
        close(descriptor)
        let packed = try echolot(["pack", "cave"], in: scratch.url, data: data)
        #expect(packed.status == 1)
        #expect(packed.stderr == "cave/sounds/caf\u{FFFD}.wav:1:1: error: its name is not valid UTF-8 (shown here with \u{FFFD}); "
            + "rename it, or move it out of the pack\n")
    }

    /// A failing test's mismatches name the test on stderr too, so a log that keeps only
    /// the errors still says which test failed.
    @Test func aFailingTestsMismatchesNameTheTest() throws {
        let scratch = Scratch()
        let data = scratch.at("data")
        _ = try echolot(["new", "pack", "cave-echoes"], in: scratch.url, data: data)
        try scratch.edit("cave-echoes/tests/first-steps.lua", replacing: #"outcome = "won""#, with: #"outcome = "lost""#)
        let result = try echolot(["test", "cave-echoes"], in: scratch.url, data: data)
        #expect(result.status == 1)
        #expect(result.stderr.contains("cave-echoes/tests/first-steps.lua:11:16: error: test 'the chime is found in time': expected outcome lost, got won"),
                "\(result.stderr)")
    }

    /// Read as one stream (`2>&1`, as CI logs do), a failing test's reasons follow its
    /// FAILED line, and a broken file is named once.
    @Test func testOutputReadsInOrderAsOneStream() throws {
        let scratch = Scratch()
        let data = scratch.at("data")
        _ = try echolot(["new", "pack", "cave-echoes"], in: scratch.url, data: data)
        try scratch.edit("cave-echoes/tests/first-steps.lua", replacing: #"expect = { outcome = "lost" }"#,
                         with: #"expect = { outcome = "won" }"#)
        scratch.write(["cave-echoes/tests/zz.lua": "return { level = "])
        let run = try shell("echolot test cave-echoes 2>&1", in: scratch.url, data: data)
        #expect(run.status == 1)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 6, "\(run.stdout)")
        guard lines.count == 6 else { return }
        #expect(lines[0] == "ok: cave-echoes/tests/first-steps.lua: the chime is found in time")
        #expect(lines[1] == "FAILED: cave-echoes/tests/first-steps.lua: waiting too long loses")
        #expect(lines[2] == "cave-echoes/tests/first-steps.lua:19:16: error: test 'waiting too long loses': expected outcome won, got lost: goal 'quickFind' failed")
        #expect(lines[3] == "FAILED: cave-echoes/tests/zz.lua")
        #expect(lines[4].hasPrefix("cave-echoes/tests/zz.lua:1:"))
        #expect(lines[5] == "1 passed, 2 failed")
    }

    /// What rules print reaches the modder: on stderr as `run` plays (stdout stays the
    /// result), and under its test in `test` — what loading printed once, before the tests.
    @Test func whatRulesPrintIsShownByRunAndTest() throws {
        let scratch = Scratch()
        let data = scratch.at("data")
        _ = try echolot(["new", "pack", "cave-echoes"], in: scratch.url, data: data)
        scratch.write(["cave-echoes/scripts/say.lua": """
            print("loaded")
            echolot.reducer({ name = "say", on = { ["level.started"] = function(level) print("started", level.id) end } })
            """])
        let run = try echolot(["run", "cave-echoes", "--level", "first-steps", "--max-seconds", "1", "--json"],
                              in: scratch.url, data: data)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr == "print: loaded\nprint: started\tfirst-steps\n")
        #expect((try? JSONSerialization.jsonObject(with: Data(run.stdout.utf8))) != nil, "\(run.stdout)")
        let test = try echolot(["test", "cave-echoes"], in: scratch.url, data: data)
        #expect(test.status == 0, "\(test.stderr)")
        let lines = test.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 6, "\(test.stdout)")
        #expect(lines.first == "print: loaded", "\(test.stdout)")
        #expect(lines.dropFirst().first?.hasPrefix("ok: ") == true && lines.dropFirst(2).first == "  print: started\tfirst-steps",
                "\(test.stdout)")
    }

    @Test func aStoryPackWithoutItsStoryIsReportedAtItsKind() throws {
        let scratch = Scratch()
        let data = try storyPackTale(in: scratch)

        let result = try echolot(["validate", "tale"], in: scratch.url, data: data)
        #expect(result.status == 1)
        #expect(result.stderr == "tale/pack.json:6:11: error: kind: a story pack needs a story.json beside pack.json; without one it is played as single levels\n")

        // With its story, it validates.
        scratch.write(["tale/story.json": #"{ "start": "one", "chapters": [ { "id": "one", "steps": [ { "level": "first-steps" } ] } ] }"#])
        let story = try echolot(["validate", "tale"], in: scratch.url, data: data)
        #expect(story.status == 0, "\(story.stderr)")
    }

    /// `echolot new pack tale` in `scratch`, made a story pack: the data folder it used.
    private func storyPackTale(in scratch: Scratch) throws -> URL {
        let data = scratch.at("data")
        _ = try echolot(["new", "pack", "tale", "--author", "Ann"], in: scratch.url, data: data)
        try scratch.edit("tale/pack.json", replacing: #""kind": "scored""#, with: #""kind": "story""#)
        return data
    }

    /// An achievement a story's condition names must be one a script registers — the
    /// engine's or the pack's own — as a level's goal type must: a misspelt one would never
    /// be earned, so its branch would silently never (or, under `not`, always) be taken. A
    /// goal type there is told as one, not as unknown.
    @Test func anUnknownAchievementInAStoryConditionIsReportedAtItsName() throws {
        let scratch = Scratch()
        let data = try storyPackTale(in: scratch)
        scratch.write([
            "tale/scripts/achievements/heard.lua":
                #"echolot.achievement("heard", { on = { ["level.won"] = function(progress) progress.earned = true end } })"#,
            "tale/story.json": """
                { "chapters": [ { "id": "one", "steps": [
                  { "level": "first-steps" },
                  { "if": { "achievement": "heard" }, "goto": "two" },
                  { "if": { "not": { "achievement": "firstWn" } }, "goto": "one" },
                  { "if": { "achievement": "echo" }, "goto": "two" },
                  { "if": { "achievement": "quickFind" }, "goto": "two" } ] },
                  { "id": "two", "steps": [ { "end": "done" } ] } ] }
                """,
        ])

        let result = try echolot(["validate", "tale"], in: scratch.url, data: data)
        #expect(result.status == 1)
        #expect(result.stderr == """
            tale/story.json:1:1: note: \(storyScriptsNote)
            tale/story.json:4:37: error: unknown achievement 'firstWn': no script registers it (did you mean 'firstWin'?)
            tale/story.json:5:28: error: unknown achievement 'echo': no script registers it; the achievements are \
            firstWin, flawless, fullCircle, heard, quickEar
            tale/story.json:6:28: error: 'quickFind' is a goal type, not an achievement; it belongs in the level's "goals"

            """)
    }

    /// A story's other problem does not hide an unknown achievement of its conditions: both
    /// are told in one pass, each once (only the unknown field was told, the achievement
    /// once it was fixed).
    @Test func anUnknownAchievementIsReportedBesideTheStorysOtherProblems() throws {
        let scratch = Scratch()
        let data = try storyPackTale(in: scratch)
        scratch.write([
            "tale/story.json": """
                { "chapters": [ { "id": "a", "steps": [
                  { "level": "first-steps" },
                  { "if": { "achievement": "firstWn" }, "goto": "b" } ] },
                  { "id": "b", "steps": [ { "end": "done", "bogus": 1 } ] } ] }
                """,
        ])

        let result = try echolot(["validate", "tale"], in: scratch.url, data: data)
        #expect(result.status == 1)
        #expect(result.stderr == """
            tale/story.json:1:1: note: \(storyScriptsNote)
            tale/story.json:3:28: error: unknown achievement 'firstWn': no script registers it (did you mean 'firstWin'?)
            tale/story.json:4:44: error: an end step has no field 'bogus'; it takes end

            """)
    }

    /// A level file that does not load does not hide the other levels' deeper problems:
    /// a modder sees them all in one pass.
    @Test func validateChecksTheRulesOfTheLevelsThatLoadWhileAnotherDoesNot() throws {
        let scratch = Scratch()
        let data = scratch.at("data")
        _ = try echolot(["new", "pack", "cave", "--author", "Ann"], in: scratch.url, data: data)
        try scratch.edit("cave/levels/first-steps.json", replacing: #""type": "quickFind""#, with: #""type": "quikFind""#)
        scratch.write(["cave/levels/second.json": "{\n  \"id\": \"second\",\n  \"entities\": [\n}\n"])

        let result = try echolot(["validate", "cave"], in: scratch.url, data: data)
        #expect(result.status == 1)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("cave/levels/second.json:4:1: error:") }, "\(result.stderr)")
        #expect(lines.contains { $0.hasPrefix("cave/levels/first-steps.json:") && $0.contains("unknown goal type 'quikFind'") },
                "\(result.stderr)")
    }

    /// `--out` aimed into the pack would add to, or replace, the files it packs (its
    /// manifest, named anything but `.zip`, is refused by that name first).
    @Test func anArchiveIsNotWrittenInsideItsPack() throws {
        let scratch = Scratch()
        let data = scratch.at("data")
        _ = try echolot(["new", "pack", "cave", "--author", "Ann"], in: scratch.url, data: data)
        let before = scratch.listing("cave")
        let packed = try echolot(["pack", "cave", "--out", "cave/cave.zip"], in: scratch.url, data: data)
        #expect(packed.status == 1)
        #expect(packed.stderr == "cave/cave.zip:1:1: error: the output is inside a pack folder being read; write it outside the pack\n")
        #expect(scratch.listing("cave") == before)
        // Nor through a link to a file not made yet inside it: the write would make it there.
        try FileManager.default.createSymbolicLink(atPath: scratch.at("into.zip").path, withDestinationPath: "cave/new.zip")
        let linked = try echolot(["pack", "cave", "--out", "into.zip"], in: scratch.url, data: data)
        #expect(linked.status == 1)
        #expect(linked.stderr == "into.zip:1:1: error: the output is inside a pack folder being read; write it outside the pack\n")
        #expect(!FileManager.default.fileExists(atPath: scratch.at("cave/new.zip").path))
    }

    /// An --out naming a file that is no zip archive (a mistyped name: the manifest of
    /// another pack, a recording, a read-only file) is refused and left as it was: the
    /// archive replaced it, by a rename that lost its permissions too. A zip archive, or an
    /// empty file, is replaced.
    @Test func anArchiveDoesNotReplaceAFileThatIsNoZip() throws {
        let scratch = Scratch()
        let data = scratch.at("data")
        _ = try echolot(["new", "pack", "cave"], in: scratch.url, data: data)
        _ = try echolot(["new", "pack", "other"], in: scratch.url, data: data)
        try Data("{\"t\": 1, \"action\": \"select\"}\n".utf8).write(to: scratch.at("kept.jsonl"))
        try Data("{\"t\": 1, \"action\": \"select\"}\n".utf8).write(to: scratch.at("kept.zip"))
        try Data("notes".utf8).write(to: scratch.at("read-only.zip"))
        #expect(chmod(scratch.at("read-only.zip").path, 0o444) == 0)
        // Not named as an archive: refused by its name before the pack is validated.
        for out in ["other/pack.json", "kept.jsonl"] {
            let before = try Data(contentsOf: scratch.at(out))
            let packed = try echolot(["pack", "cave", "--out", out], in: scratch.url, data: data)
            #expect(packed.status == 2, "\(out)")
            #expect(packed.stderr.hasPrefix("Error: --out: \(out) does not end in .zip; the file written is a .zip file, "
                + "so name it as one, such as cave-echoes-1.0.0.zip\n"), "\(packed.stderr)")
            #expect(try Data(contentsOf: scratch.at(out)) == before)
        }
        for out in ["kept.zip", "read-only.zip"] {
            let before = try Data(contentsOf: scratch.at(out))
            let packed = try echolot(["pack", "cave", "--out", out], in: scratch.url, data: data)
            #expect(packed.status == 1, "\(out)")
            #expect(packed.stderr == "\(out):1:1: error: the file exists and is not a zip archive (it does not begin with PK), "
                + "so it is not replaced; give a new file name, or remove the file first\n")
            #expect(try Data(contentsOf: scratch.at(out)) == before)
        }
        #expect(try FileManager.default.attributesOfItem(atPath: scratch.at("read-only.zip").path)[.posixPermissions] as? Int == 0o444)
        #expect(scratch.listing().allSatisfy { !$0.hasSuffix(".tmp") })
        try Data().write(to: scratch.at("empty.zip"))
        #expect(try echolot(["pack", "cave", "--out", "empty.zip"], in: scratch.url, data: data).status == 0)
        let again = try echolot(["pack", "cave", "--out", "empty.zip"], in: scratch.url, data: data)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try Data(contentsOf: scratch.at("empty.zip")).prefix(2) == Data("PK".utf8))
    }

    /// `pack --out` keeps the rule of `render --out`: an archive made read-only is refused
    /// and kept, and one replaced keeps its mode.
    @Test func aReadOnlyArchiveIsNotReplacedAndAReplacedOneKeepsItsMode() throws {
        let scratch = Scratch()
        let data = scratch.at("data")
        _ = try echolot(["new", "pack", "cave"], in: scratch.url, data: data)
        #expect(try echolot(["pack", "cave", "--out", "cave.zip"], in: scratch.url, data: data).status == 0)
        let before = try Data(contentsOf: scratch.at("cave.zip"))
        #expect(chmod(scratch.at("cave.zip").path, 0o444) == 0)
        try Data("# Cave\nMore to come.\n".utf8).write(to: scratch.at("cave/README.md"))
        let refused = try echolot(["pack", "cave", "--out", "cave.zip"], in: scratch.url, data: data)
        #expect(refused.status == 1)
        #expect(refused.stderr == "cave.zip:1:1: error: the file is read-only, so it is not replaced; "
            + "make it writable (chmod u+w), or give a new file name\n")
        #expect(try Data(contentsOf: scratch.at("cave.zip")) == before)
        #expect(try FileManager.default.attributesOfItem(atPath: scratch.at("cave.zip").path)[.posixPermissions] as? Int == 0o444)
        #expect(chmod(scratch.at("cave.zip").path, 0o600) == 0)
        let replaced = try echolot(["pack", "cave", "--out", "cave.zip"], in: scratch.url, data: data)
        #expect(replaced.status == 0, "\(replaced.stderr)")
        #expect(try Data(contentsOf: scratch.at("cave.zip")) != before)
        #expect(try FileManager.default.attributesOfItem(atPath: scratch.at("cave.zip").path)[.posixPermissions] as? Int == 0o600)
        #expect(scratch.listing().allSatisfy { !$0.hasSuffix(".tmp") })
    }

    /// A folder nested so deep that no path below it fits an archive is told as such where
    /// it gets too long: walking it to the bottom held a descriptor for every folder, ran
    /// out of them and blamed read permission.
    @Test func aFolderTooDeepForAnArchiveIsToldByItsLength() throws {
        let scratch = Scratch()
        let data = scratch.at("data")
        _ = try echolot(["new", "pack", "cave", "--author", "Ann"], in: scratch.url, data: data)
        // 600 levels of "d/": 1,200 bytes; a file at the bottom.
        let deep = Array(repeating: "d", count: 600).joined(separator: "/")
        try FileManager.default.createDirectory(at: scratch.at("cave/assets/" + deep), withIntermediateDirectories: true)
        try Data("x".utf8).write(to: scratch.at("cave/assets/" + deep + "/x.txt"))
        // Fewer descriptors than folders, more than a path of 1,024 bytes can hold open.
        let packed = try shell("ulimit -n 560 && echolot pack cave", in: scratch.url, data: data)
        #expect(packed.status == 1)
        let errors = packed.stderr.split(separator: "\n")
        #expect(errors.count == 1, "\(packed.stderr)")
        #expect(errors.first?.contains(": error: entry \"assets/d/d/") == true, "\(packed.stderr)")
        #expect(errors.first?.hasSuffix("has a name longer than 1024 bytes") == true, "\(packed.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.at("cave.zip").path))
    }

    /// An --out that cannot be a file was found only after the pack was validated, and told
    /// as ":1:1: error: cannot write the archive: Is a directory" for an empty name; it is
    /// a usage error at once, as play's --record is.
    @Test func aBadOutIsAUsageError() throws {
        let scratch = Scratch()
        let data = scratch.at("data")
        _ = try echolot(["new", "pack", "cave"], in: scratch.url, data: data)
        try FileManager.default.createDirectory(at: scratch.at("out.zip"), withIntermediateDirectories: true)
        let cases = [
            ("", "--out needs a file name, such as cave-echoes-1.0.0.zip"),
            ("nowhere/cave.zip", "--out: the folder \(scratch.at("nowhere").path) does not exist"),
            ("out.zip", "--out: out.zip is a folder; give a file name inside it"),
            // Renamed over, a pipe (or, as root, a device such as /dev/full) was replaced by the zip.
            ("pipe.zip", "--out: pipe.zip exists and is not a regular file (a device, a pipe or a socket); give a file name"),
            ("to-pipe.zip", "--out: to-pipe.zip exists and is not a regular file (a device, a pipe or a socket); give a file name"),
            ("cave.tar", "--out: cave.tar does not end in .zip; the file written is a .zip file, so name it as one, such as cave-echoes-1.0.0.zip"),
        ]
        #expect(mkfifo(scratch.at("pipe.zip").path, 0o644) == 0)
        try FileManager.default.createSymbolicLink(atPath: scratch.at("to-pipe.zip").path, withDestinationPath: "pipe.zip")
        for (out, message) in cases {
            let packed = try echolot(["pack", "cave", "--out", out], in: scratch.url, data: data)
            #expect(packed.status == 2, "\(out)")
            #expect(packed.stderr.hasPrefix("Error: \(message)\n"), "\(packed.stderr)")
        }
        let made = scratch.listing().filter { !["out.zip", "pipe.zip", "to-pipe.zip"].contains($0) }
        #expect(made.allSatisfy { !$0.hasSuffix(".zip") && !$0.hasSuffix(".tar") && !$0.hasSuffix(".tmp") })
        var info = stat()
        #expect(lstat(scratch.at("pipe.zip").path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
    }

    /// An --out that is a link gets the archive in the file it names, as render's --out
    /// does; the link was replaced by the archive.
    @Test func anArchiveIsWrittenThroughALink() throws {
        let scratch = Scratch()
        let data = scratch.at("data")
        _ = try echolot(["new", "pack", "cave"], in: scratch.url, data: data)
        try FileManager.default.createDirectory(at: scratch.at("shared"), withIntermediateDirectories: true)
        // An empty archive: the one file an --out may replace is a zip archive.
        try Data([0x50, 0x4B, 0x05, 0x06] + [UInt8](repeating: 0, count: 18)).write(to: scratch.at("shared/cave.zip"))
        try FileManager.default.createSymbolicLink(atPath: scratch.at("latest.zip").path, withDestinationPath: "shared/cave.zip")
        let packed = try echolot(["pack", "cave", "--out", "latest.zip"], in: scratch.url, data: data)
        #expect(packed.status == 0, "\(packed.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: scratch.at("latest.zip").path) == "shared/cave.zip")
        #expect(try Data(contentsOf: scratch.at("shared/cave.zip")).prefix(2) == Data("PK".utf8))
        #expect(!packed.stdout.contains(" 0.0 KiB"), "the archive's size, not the link's: \(packed.stdout)")
        // A link to a file not made yet is written through too: the write makes the file.
        try FileManager.default.createSymbolicLink(atPath: scratch.at("next.zip").path, withDestinationPath: "shared/next.zip")
        let fresh = try echolot(["pack", "cave", "--out", "next.zip"], in: scratch.url, data: data)
        #expect(fresh.status == 0, "\(fresh.stderr)")
        #expect(try Data(contentsOf: scratch.at("shared/next.zip")).prefix(2) == Data("PK".utf8))
    }

    @Test func aHostileArchiveIsRefusedWithExitStatusOne() throws {
        let scratch = Scratch()
        try ZipBuilder.write(scratch.at("evil.zip")) { zip in
            try zip.pack(Packs.files(id: "evil"))
            try zip.link("sounds/b.wav", to: "../../../etc/passwd")
        }
        let data = scratch.at("data")
        let result = try echolot(["install", "evil.zip"], in: scratch.url, data: data)
        #expect(result.status == 1)
        #expect(result.stderr == "evil.zip:1:1: error: entry \"sounds/b.wav\" is a symbolic link; links could point outside the pack and are not allowed\n")
        #expect(!FileManager.default.fileExists(atPath: data.path))
        let validated = try echolot(["validate", "evil.zip"], in: scratch.url, data: data)
        #expect(validated.status == 1)
    }

    /// A write that fails while an archive is extracted — a full disk; here a file-size
    /// limit, which fails the same write — is told with its reason and where, and nothing
    /// is left; it was told as a damaged archive.
    @Test func aFailedWriteIsNotCalledADamagedArchive() throws {
        let scratch = Scratch()
        let data = scratch.at("data")
        try ZipBuilder.write(scratch.at("big.zip")) { zip in
            try zip.pack(Packs.files(id: "big"), prefix: "big/")
            try zip.bytes("big/sounds/loud.wav", [UInt8](repeating: 7, count: 64 * 1024), compression: .none)
        }
        // sh's `ulimit -f` counts 512-byte blocks; SIGXFSZ ignored makes the write fail instead.
        let result = try shell("trap '' XFSZ; ulimit -f 16; exec echolot install big.zip", in: scratch.url, data: data)
        #expect(result.status == 1)
        #expect(result.stderr == "big.zip:1:1: error: entry \"big/sounds/loud.wav\": cannot be written in "
            + data.appendingPathComponent("packs").path + ": File too large\n")
        #expect(!FileManager.default.fileExists(atPath: data.path))
    }

    /// Ctrl-C during an install, first and update alike, takes back all it wrote (a
    /// hidden half-extracted folder in packs/ was left, 124 MB of a large pack) and leaves
    /// the installed version as it was; the command says so and ends as Ctrl-C ends it.
    @Test(arguments: [false, true])
    func anInterruptedInstallLeavesNothing(update: Bool) throws {
        let scratch = Scratch()
        let data = scratch.at("data")
        let environment = packsEnvironment(data: data)
        if update {
            try ZipBuilder.write(scratch.at("old.zip")) { try $0.playablePack(Packs.files(id: "cave", version: "1.0.0")) }
            #expect(try runEcholot(["install", scratch.at("old.zip").path], environment: environment).status == 0)
        }
        let before = scratch.listing("data")
        try ZipBuilder.write(scratch.at("new.zip")) { try $0.playablePack(Packs.files(id: "cave", version: "2.0.0", levels: ["one", "two"])) }
        let arguments = ["install"] + (update ? ["--replace"] : []) + [scratch.at("new.zip").path]
        let result = try runEcholot(arguments, environment: environment, interruptedBy: SIGINT)
        #expect(result.status == 128 + SIGINT)
        #expect(result.stdout == "")
        #expect(result.stderr == scratch.at("new.zip").path + ":1:1: error: interrupted; nothing was installed or changed\n")
        #expect(scratch.listing("data") == before)
        if !update { #expect(!FileManager.default.fileExists(atPath: data.path)) }
    }

    /// A script's problem inside an archive is shown inside the archive, as a level's is;
    /// it was shown in the private folder the archive was extracted to, which is gone by
    /// the time the author reads the message.
    @Test func aScriptInsideAnArchiveIsShownInsideIt() throws {
        let scratch = Scratch()
        var files = Packs.files(id: "cave")
        files["scripts/goals/broken.lua"] = "this is not lua"
        try ZipBuilder.write(scratch.at("cave.zip")) { try $0.pack(files, prefix: "cave/") }
        let result = try echolot(["validate", "cave.zip"], in: scratch.url, data: scratch.at("data"))
        #expect(result.status == 1)
        #expect(result.stderr.split(separator: "\n").filter { $0.contains("broken.lua") }
            == ["cave.zip/scripts/goals/broken.lua:1:6: error: syntax error near 'is' (pack 'cave')"], "\(result.stderr)")
    }

    /// A pack that `validate` fails — here a script that does not compile — is refused
    /// with the same messages and nothing is written; `install` put it in place, and
    /// `packs` listed it as sound, until it failed when played.
    @Test func installRefusesWhatValidateRefuses() throws {
        let scratch = Scratch()
        let data = scratch.at("data")
        var files = Packs.files(id: "cave")
        files["scripts/goals/broken.lua"] = "this is not lua"
        try ZipBuilder.write(scratch.at("cave.zip")) { try $0.playablePack(files, prefix: "cave/") }
        let expected = "cave.zip/scripts/goals/broken.lua:1:6: error: syntax error near 'is' (pack 'cave')\n"
        let validated = try echolot(["validate", "cave.zip"], in: scratch.url, data: data)
        #expect(validated.stderr == expected)
        let installed = try echolot(["install", "cave.zip"], in: scratch.url, data: data)
        #expect(installed.status == 1)
        #expect(installed.stderr == expected + "cave.zip: note: nothing was installed or changed, for the problem told above\n")
        #expect(!FileManager.default.fileExists(atPath: data.path))
    }

    /// A broken pack's problems are told in its files, for its author; a player who only
    /// installs it heard them and no word of the outcome. One line after them says that
    /// nothing was installed — true of the packs already there too.
    @Test func aBrokenPackEndsWithNothingInstalled() throws {
        let scratch = Scratch()
        let data = scratch.at("data")
        try ZipBuilder.write(scratch.at("bats.zip")) { try $0.playablePack(Packs.files(id: "bats")) }
        #expect(try echolot(["install", "bats.zip"], in: scratch.url, data: data).status == 0)
        let before = scratch.listing("data")
        var files = Packs.files(id: "cave", levels: ["one", "two"])
        files["levels/one.json"] = Packs.level(id: "one", sound: "missing.wav")
        files["levels/two.json"] = Packs.level(id: "two", sound: "gone.wav")
        try ZipBuilder.write(scratch.at("cave.zip")) { try $0.playablePack(files, prefix: "cave/") }
        let installed = try echolot(["install", "cave.zip"], in: scratch.url, data: data)
        #expect(installed.status == 1)
        #expect(installed.stdout.isEmpty)
        #expect(installed.stderr == """
            cave.zip/levels/one.json:5:71: error: entities[0].sound.file: sound file "sounds/missing.wav" does not exist; add it to the pack's sounds/ folder, or correct the name
            cave.zip/levels/two.json:5:71: error: entities[0].sound.file: sound file "sounds/gone.wav" does not exist; add it to the pack's sounds/ folder, or correct the name
            cave.zip: note: nothing was installed or changed, for the problems told above

            """, "\(installed.stderr)")
        #expect(scratch.listing("data") == before)
    }

    /// Another version of an installed pack is refused at the archive in a sentence, the
    /// pack named as `packs` names it, with no position in pack.json (the archive's files
    /// are not at fault) and no note after it: the refusal says the outcome itself.
    @Test func anotherVersionIsRefusedInASentence() throws {
        let scratch = Scratch()
        let data = scratch.at("data")
        for version in ["1.0.0", "2.0.0"] {
            try ZipBuilder.write(scratch.at("cave-\(version).zip")) {
                try $0.playablePack(Packs.files(id: "cave", version: version, strings: ["pack.name": "Cave Echoes"]))
            }
        }
        #expect(try echolot(["install", "cave-1.0.0.zip"], in: scratch.url, data: data).status == 0)
        let before = scratch.listing("data")
        let refused = try echolot(["install", "cave-2.0.0.zip"], in: scratch.url, data: data)
        #expect(refused.status == 1)
        #expect(refused.stdout.isEmpty)
        #expect(refused.stderr == "cave-2.0.0.zip:1:1: error: \"Cave Echoes\" 1.0.0 by \"Tester\" is already installed; "
            + "to replace it with version 2.0.0, run: echolot install --replace cave-2.0.0.zip\n", "\(refused.stderr)")
        #expect(scratch.listing("data") == before)
    }

    /// An older version over a newer one is told as a downgrade, not worded as an update.
    @Test func anOlderVersionIsToldAsADowngrade() throws {
        let scratch = Scratch()
        let data = scratch.at("data")
        for version in ["1.0.0", "1.1.0"] {
            try ZipBuilder.write(scratch.at("cave-\(version).zip")) {
                try $0.playablePack(Packs.files(id: "cave", version: version, strings: ["pack.name": "Cave Echoes"]))
            }
        }
        #expect(try echolot(["install", "cave-1.1.0.zip"], in: scratch.url, data: data).status == 0)
        let before = scratch.listing("data")
        let refused = try echolot(["install", "cave-1.0.0.zip"], in: scratch.url, data: data)
        #expect(refused.status == 1)
        #expect(refused.stdout.isEmpty)
        #expect(refused.stderr == "cave-1.0.0.zip:1:1: error: \"Cave Echoes\" 1.1.0 by \"Tester\" is already installed, "
            + "newer than this archive's 1.0.0; to replace it with the older version (a downgrade), "
            + "run: echolot install --replace cave-1.0.0.zip\n", "\(refused.stderr)")
        #expect(scratch.listing("data") == before)
        let downgraded = try echolot(["install", "--replace", "cave-1.0.0.zip"], in: scratch.url, data: data)
        #expect(downgraded.status == 0, "\(downgraded.stderr)")
    }

    /// An archive of another pack that took an installed pack's id (another name or
    /// author) names both, so the player does not replace their pack by mistake.
    @Test func anotherPackUnderTheSameIdIsNamed() throws {
        let scratch = Scratch()
        let data = scratch.at("data")
        try ZipBuilder.write(scratch.at("red-1.0.1.zip")) {
            try $0.playablePack(Packs.files(id: "red", version: "1.0.1", strings: ["pack.name": "Red Edition"]))
        }
        try ZipBuilder.write(scratch.at("red-3.0.0.zip")) {
            var files = Packs.files(id: "red", version: "3.0.0", strings: ["pack.name": "Blue Edition"])
            files["pack.json"] = files["pack.json"]?.replacingOccurrences(of: "\"Tester\"", with: "\"Other\"")
            try $0.playablePack(files)
        }
        try ZipBuilder.write(scratch.at("red-by-other.zip")) {
            var files = Packs.files(id: "red", version: "1.0.1", strings: ["pack.name": "Red Edition"])
            files["pack.json"] = files["pack.json"]?.replacingOccurrences(of: "\"Tester\"", with: "\"Other\"")
            try $0.playablePack(files)
        }
        #expect(try echolot(["install", "red-1.0.1.zip"], in: scratch.url, data: data).status == 0)
        let before = scratch.listing("data")
        let refused = try echolot(["install", "red-3.0.0.zip"], in: scratch.url, data: data)
        #expect(refused.status == 1)
        #expect(refused.stdout.isEmpty)
        #expect(refused.stderr == "red-3.0.0.zip:1:1: error: \"Red Edition\" 1.0.1 by \"Tester\" is already installed; "
            + "the archive holds \"Blue Edition\" 3.0.0 by \"Other\", a different pack under the same id; "
            + "to replace the installed pack with it, run: echolot install --replace red-3.0.0.zip\n", "\(refused.stderr)")
        // The author alone differing is told too.
        let byOther = try echolot(["install", "red-by-other.zip"], in: scratch.url, data: data)
        #expect(byOther.status == 1)
        #expect(byOther.stderr.contains("the archive holds \"Red Edition\" 1.0.1 by \"Other\", a different pack under the same id;"),
                "\(byOther.stderr)")
        #expect(scratch.listing("data") == before)
    }

    /// A pack's name and author reach the terminal made safe, as in the menus: an escape
    /// sequence in them set the window title and cleared the screen, and a line break
    /// made a second, false row of the listing.
    @Test func aPacksTextsCannotCommandTheTerminal() throws {
        let scratch = Scratch()
        let data = scratch.at("data")
        var files = Packs.files(id: "cave")
        files["pack.json"] = #"{ "id": "cave", "name": "Evil\u001b]0;owned\u0007\u001b[2J\nfake 9.9.9", "version": "1.0.0", "api": 1, "author": "A\u202eB" }"#
        try ZipBuilder.write(scratch.at("cave.zip")) { try $0.playablePack(files, prefix: "cave/") }
        let installed = try echolot(["install", "cave.zip"], in: scratch.url, data: data)
        #expect(installed.status == 0, "\(installed.stderr)")
        #expect(installed.stdout.hasPrefix("installed cave 1.0.0 (Evil ]0;owned  [2J fake 9.9.9, 1 level) into "))
        let listed = try echolot(["packs"], in: scratch.url, data: data)
        #expect(listed.stdout == """
            ID    VERSION  NAME                           AUTHOR  LEVELS
            cave  1.0.0    Evil ]0;owned  [2J fake 9.9.9  AB      1

            """)
    }

    /// An update of a base pack that a pack built on it does not accept is installed, as
    /// asked, but the player is told which pack stopped loading and why; it was silent
    /// until the other pack was missing from the menu.
    @Test func anUpdateTellsWhichInstalledPacksItLeavesBehind() throws {
        let scratch = Scratch()
        let data = scratch.at("data")
        for (name, id, version, extra) in [("bats1", "bats", "1.0.0", ""), ("bats2", "bats", "2.0.0", ""),
                                           ("cave", "cave", "1.0.0", #""extends": "bats", "dependencies": { "bats": "^1.0.0" }"#)] {
            try ZipBuilder.write(scratch.at(name + ".zip")) { try $0.playablePack(Packs.files(id: id, version: version, extra: extra)) }
        }
        #expect(try echolot(["install", "bats1.zip"], in: scratch.url, data: data).status == 0)
        #expect(try echolot(["install", "cave.zip"], in: scratch.url, data: data).status == 0)
        let update = try echolot(["install", "--replace", "bats2.zip"], in: scratch.url, data: data)
        #expect(update.status == 0)
        #expect(update.stdout.hasPrefix("installed bats 2.0.0 (Pack bats, 1 level), replacing 1.0.0, into "))
        let cave = data.appendingPathComponent("packs/cave/pack.json").path
        #expect(update.stderr == """
            warning: the installed pack cave 1.0.0 does not load with bats 2.0.0 and needs an update too:
            \(cave):1:133: error: dependencies.bats: pack "cave" needs "bats" ^1.0.0, but version 2.0.0 is the one available (needed through cave → bats)

            """)
    }

    /// Ctrl-C during `validate`, `run` or `play` of an archive ended the process before it
    /// removed the folder the archive was extracted to (up to 256 MiB each, for good); the
    /// next command that opens an archive removes those of processes that are gone, and
    /// keeps a live one's.
    @Test func anArchiveFolderLeftByAKilledCommandIsSweptAway() throws {
        let scratch = Scratch()
        let temporary = scratch.at("tmp")
        // Named as the folders are (`echolot-pack-<pid>-<uuid>`): nothing else is swept.
        let gone = temporary.appendingPathComponent("echolot-pack-2147483647-\(UUID().uuidString)")
        let live = temporary.appendingPathComponent("echolot-pack-\(getpid())-\(UUID().uuidString)")
        for folder in [gone, live] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        try ZipBuilder.write(scratch.at("cave.zip")) { try $0.playablePack(Packs.files(id: "cave")) }
        let validated = try runEcholot(["validate", "cave.zip"], in: scratch.url,
                                       environment: packsEnvironment(data: scratch.at("data"), ["TMPDIR": temporary.path]))
        #expect(validated.stdout == "ok: cave (1 level)\n", "\(validated.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path) == [live.lastPathComponent])
    }

    /// A pack folder "café" (precomposed) beside another "café" (decomposed), a
    /// different folder to Linux: links into the other passed for files inside the pack,
    /// since Swift's hasPrefix compares by canonical equivalence.
    @Test func aLinkIntoAFolderOfTheSameNameInAnotherUnicodeFormLeadsOut() throws {
        let scratch = Scratch()
        let pack = "caf\u{E9}", other = "cafe\u{301}"
        scratch.write(Packs.files(id: "cafe"), in: pack)
        scratch.write(["scripts/x.lua": "echolot.goal('x', { actions = {} })"], in: other)
        scratch.writeBytes(other + "/x.wav", ToneWAV.chime())
        try FileManager.default.createDirectory(at: scratch.at(pack + "/scripts"), withIntermediateDirectories: true)
        try FileManager.default.removeItem(at: scratch.at(pack + "/sounds/a.wav"))
        try FileManager.default.createSymbolicLink(atPath: scratch.at(pack + "/sounds/a.wav").path,
                                                   withDestinationPath: "../../\(other)/x.wav")
        try FileManager.default.createSymbolicLink(atPath: scratch.at(pack + "/scripts/x.lua").path,
                                                   withDestinationPath: "../../\(other)/scripts/x.lua")
        let validated = try echolot(["validate", pack], in: scratch.url, data: scratch.at("data"))
        #expect(validated.status == 1)
        #expect(validated.stderr.contains("\(pack)/levels/one.json:5:"), "\(validated.stderr)")
        #expect(validated.stderr.contains("a symbolic link to a file outside the pack"), "\(validated.stderr)")
        #expect(validated.stderr.contains("\(pack)/scripts/x.lua:1:1: error: the script is a link to a file outside the pack"),
                "\(validated.stderr)")
    }

    /// A named pipe given to `install` was opened, and opening one waits for a writer: the
    /// install hung for good, with Ctrl-C held. Anything but a regular file is refused
    /// before it is opened. (The test keeps the pipe open for writing, so that the command
    /// as it was ends, telling it as a damaged archive, rather than hanging the test.)
    @Test func aNamedPipeIsRefusedBeforeItIsOpened() throws {
        let scratch = Scratch()
        let data = scratch.at("data")
        let pipe = scratch.at("f.zip").path
        #expect(mkfifo(pipe, 0o600) == 0)
        let writer = open(pipe, O_RDWR | O_NONBLOCK)
        #expect(writer >= 0)
        defer { close(writer) }
        _ = "not a zip".withCString { write(writer, $0, 9) }
        let result = try echolot(["install", "f.zip"], in: scratch.url, data: data)
        #expect(result.status == 1)
        #expect(result.stderr == "f.zip:1:1: error: not a regular file (a device, a pipe or a socket), so not a .zip archive; "
            + "give the archive's file\n", "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: data.path))
    }

    /// A player who gives `install` the pack's folder is told how to make the archive it
    /// wants, and nothing is installed.
    @Test func installingAFolderSaysHowToMakeAnArchive() throws {
        let scratch = Scratch()
        let data = scratch.at("data")
        _ = try echolot(["new", "pack", "cave"], in: scratch.url, data: data)
        let result = try echolot(["install", "cave"], in: scratch.url, data: data)
        #expect(result.status == 1)
        #expect(result.stderr == "cave:1:1: error: a folder, not a .zip archive; make one with 'echolot pack FOLDER' and install that\n")
        #expect(!FileManager.default.fileExists(atPath: data.appendingPathComponent("packs/cave").path))
    }

    @Test func newPackRefusesAnExistingFolder() throws {
        let scratch = Scratch()
        scratch.write(["mine/keep.txt": "keep"])
        let result = try echolot(["new", "pack", "mine"], in: scratch.url, data: scratch.at("data"))
        #expect(result.status == 1)
        #expect(result.stderr == "mine:1:1: error: already exists; choose a new name (nothing was written)\n")
    }

    @Test func theNewPacksTestPassesWhenEcholotTestExists() throws {
        let scratch = Scratch()
        let data = scratch.at("data")
        _ = try echolot(["new", "pack", "tested"], in: scratch.url, data: data)
        let result = try echolot(["test", "tested"], in: scratch.url, data: data)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.hasSuffix("2 passed, 0 failed\n"), "\(result.stdout)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
    }

    /// Tests play no sound, so a pack whose sounds a player's game refuses passed them
    /// without a word, and its author heard of it first from a player. They still pass;
    /// each problem is told as validate tells it, as a warning, with what it means.
    @Test func testsTellTheSoundProblemsThatStopPlay() throws {
        let scratch = Scratch()
        let tutorial = try shippedPackCopy("tutorial", id: "beeless")
        try FileManager.default.removeItem(at: tutorial.appendingPathComponent("sounds/bee.wav"))
        let result = try echolot(["test", tutorial.path], in: scratch.url, data: scratch.at("data"))
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.hasSuffix("11 passed, 0 failed\n"), "\(result.stdout)")
        let levels = tutorial.appendingPathComponent("levels").path
        #expect(result.stderr == """
            \(levels)/around-you.json:43:26: warning: entities[3].sound.file: sound file "sounds/bee.wav" does not exist (did you mean "bell.wav"?)
            \(levels)/two-voices.json:21:26: warning: entities[1].sound.file: sound file "sounds/bee.wav" does not exist (did you mean "bell.wav"?)
            note: the tests play no sound, but play refuses a level (or story) whose sounds have problems; fix these 2 before sharing the pack

            """)

        // A voice the story places in space (the owl's, at 270°) must be mono; the story's
        // own tests read a stereo one without complaint.
        let story = try shippedPackCopy("night-walk", id: "stereo-owl")
        let writer = try WAVWriter(url: story.appendingPathComponent("sounds/gate.2.wav"), channels: 2, sampleRate: 44_100)
        try writer.write([Float](repeating: 0.25, count: 2 * 44_100))
        try writer.close()
        let book = story.appendingPathComponent("story.json")
        let text = try String(contentsOf: book, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "\"gate.2.ogg\"", with: "\"gate.2.wav\"").utf8).write(to: book)
        let told = try echolot(["test", story.path], in: scratch.url, data: scratch.at("data"))
        #expect(told.status == 0, "\(told.stdout)\(told.stderr)")
        #expect(told.stderr == """
            \(book.path):13:66: warning: voice of line 'gate.2' "sounds/gate.2.wav": the file is stereo, but a directional sound must be mono: OpenAL cannot place a stereo sound in space (mix it down to one channel)
            note: the tests play no sound, but play refuses a level (or story) whose sounds have problems; fix this one before sharing the pack

            """)
    }

    /// The tests decode the sounds of the levels they play, not every sound of the pack: a
    /// level no test plays is told only of what is seen without decoding (a missing file),
    /// and a damaged file of it is left to validate and to the play that would start it.
    @Test func testsDecodeTheSoundsOfTheLevelsTheyPlay() throws {
        let scratch = Scratch()
        let tutorial = try shippedPackCopy("tutorial", id: "damaged")
        try Data("not audio".utf8).write(to: tutorial.appendingPathComponent("sounds/drum.wav"))
        try FileManager.default.removeItem(at: tutorial.appendingPathComponent("sounds/bee.wav"))
        let levels = tutorial.appendingPathComponent("levels").path
        let bee = [
            #"\#(levels)/around-you.json:43:26: warning: entities[3].sound.file: sound file "sounds/bee.wav" does not exist (did you mean "bell.wav"?)"#,
            #"\#(levels)/two-voices.json:21:26: warning: entities[1].sound.file: sound file "sounds/bee.wav" does not exist (did you mean "bell.wav"?)"#,
        ]
        let drum = #"\#(levels)/in-order.json:17:26: warning: entities[0].sound.file: sound file "sounds/drum.wav": not a readable WAV"#
        let first = try echolot(["test", tutorial.path, "tests/first-sound.lua"], in: scratch.url, data: scratch.at("data"))
        #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
        #expect(first.stderr.hasPrefix(bee.joined(separator: "\n") + "\nnote: "), "\(first.stderr)")
        let ordered = try echolot(["test", tutorial.path, "tests/in-order.lua"], in: scratch.url, data: scratch.at("data"))
        #expect(ordered.status == 0, "\(ordered.stdout)\(ordered.stderr)")
        #expect(ordered.stderr.hasPrefix(bee[0] + "\n" + drum), "\(ordered.stderr)")
        #expect(ordered.stderr.contains("\n" + bee[1] + "\nnote: "), "\(ordered.stderr)")
    }

    /// A pack with no tests passed `echolot test` with "0 passed, 0 failed" and not a word
    /// more, which reads like a pack whose tests all pass: it now says there are none, and
    /// how to write one, and still passes (there is nothing that failed).
    @Test func aPackWithNoTestsIsToldSo() throws {
        let scratch = Scratch()
        let data = scratch.at("data")
        _ = try echolot(["new", "pack", "untested"], in: scratch.url, data: data)
        try FileManager.default.removeItem(at: scratch.at("untested/tests"))
        let result = try echolot(["test", "untested"], in: scratch.url, data: data)
        #expect(result.status == 0)
        #expect(result.stdout == "0 passed, 0 failed\n")
        #expect(result.stderr == "untested/tests: note: no tests to run; a test is a tests/*.lua or tests/*.story.json file (docs/modding.md, \"Pack tests\")\n")
    }

    /// A `strings/` that cannot be read (a link that leads nowhere, or a folder without read
    /// permission, below) passed validate, and every translated name fell back without a word;
    /// it is told as `levels/` is, and a `levels/` that is no folder is told once, not
    /// again as missing.
    @Test func validateTellsAStringsOrLevelsFolderItCannotRead() throws {
        let scratch = Scratch()
        let tutorial = try shippedPackCopy("tutorial", id: "unread")
        let strings = tutorial.appendingPathComponent("strings")
        let moved = scratch.at("strings")
        try FileManager.default.moveItem(at: strings, to: moved)
        try FileManager.default.createSymbolicLink(at: strings, withDestinationURL: scratch.at("nowhere"))
        let dangling = try echolot(["validate", tutorial.path], in: scratch.url, data: scratch.at("data"))
        #expect(dangling.status == 1)
        #expect(dangling.stderr == "\(strings.path):1:1: error: \"strings\" must be a folder\n", "\(dangling.stderr)")

        let levels = tutorial.appendingPathComponent("levels")
        try FileManager.default.moveItem(at: levels, to: scratch.at("levels"))
        try FileManager.default.createSymbolicLink(at: levels, withDestinationURL: scratch.at("nowhere"))
        let both = try echolot(["validate", tutorial.path], in: scratch.url, data: scratch.at("data"))
        #expect(both.stderr == """
            \(levels.path):1:1: error: "levels" must be a folder
            \(strings.path):1:1: error: "strings" must be a folder

            """)
    }

    /// A `strings/` folder that cannot be listed is told with the system's reason. As root,
    /// the command runs without the capabilities that would let it read the folder anyway.
    @Test(.whenPermissionsHold)
    func validateTellsAStringsFolderItCannotList() throws {
        let scratch = Scratch()
        let tutorial = try shippedPackCopy("tutorial", id: "unread")
        let strings = tutorial.appendingPathComponent("strings")
        chmod(strings.path, 0)
        defer { chmod(strings.path, 0o755) }
        let unreadable = try unprivileged(["validate", tutorial.path], in: scratch.url, data: scratch.at("data"))
        #expect(unreadable.status == 1)
        #expect(unreadable.stderr == "\(strings.path):1:1: error: the folder cannot be read (Permission denied)\n",
                "\(unreadable.stderr)")
    }
}
