import EcholotTestSupport
import Foundation
import Testing

/// `echolot new`: it makes packs only, and says so when asked for anything else.
@Suite struct NewCommandTests {
    /// `new level x` is a usage error that names what `new` makes (not ArgumentParser's
    /// "2 unexpected arguments"), and writes nothing; `new pack NAME` still makes a pack.
    @Test func newMakesOnlyPacks() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let wrong = try echolot(["new", "level", "x"], in: folder)
        #expect(wrong.status == 2)
        #expect(wrong.stderr.hasPrefix("Error: 'new' makes only a pack, not 'level'.\nUsage: echolot new pack NAME"), "\(wrong.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        let made = try echolot(["new", "pack", "my-pack"], in: folder)
        #expect(made.status == 0, "\(made.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("my-pack/pack.json").path))
    }

    /// A pack's folder is named by its id, whatever the name it was made from, so the
    /// folder, the archive and the installed copy all carry one name: `new pack "Cave
    /// Echoes2"` writes `cave-echoes2/` holding the pack "Cave Echoes2"; an underscore,
    /// which ids allow, stays. A folder of that id already there is refused by its path.
    @Test func theFolderIsNamedByThePackID() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let made = try echolot(["new", "pack", "Cave Echoes2"], in: folder)
        #expect(made.status == 0, "\(made.stderr)")
        #expect(made.stdout.hasPrefix("created cave-echoes2/ (pack id cave-echoes2):\n"), "\(made.stdout)")
        #expect(made.stdout.hasSuffix("next: echolot validate cave-echoes2 · echolot test cave-echoes2 · echolot play cave-echoes2 --watch\n"),
                "\(made.stdout)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["cave-echoes2"])
        let manifest = try String(contentsOf: folder.appendingPathComponent("cave-echoes2/pack.json"), encoding: .utf8)
        #expect(manifest.contains(#""id": "cave-echoes2""#) && manifest.contains(#""name": "Cave Echoes2""#), "\(manifest)")
        let underscore = try echolot(["new", "pack", "sub/Foo_Bar"], in: folder)
        #expect(underscore.status == 1, "no folder 'sub': \(underscore.stdout)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("sub"), withIntermediateDirectories: false)
        let kept = try echolot(["new", "pack", "sub/Foo_Bar"], in: folder)
        #expect(kept.stdout.hasPrefix("created sub/foo_bar/ (pack id foo_bar):\n"), "\(kept.stdout)\(kept.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("sub/foo_bar/pack.json").path))
        let again = try echolot(["new", "pack", "cave echoes2"], in: folder)
        #expect(again.status == 1)
        #expect(again.stderr == "cave-echoes2:1:1: error: already exists; choose a new name (nothing was written)\n", "\(again.stderr)")
        // `.` and `..` are folders that are there: they name no new pack, and nothing is made beside them.
        let before = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        for here in [".", "sub/.."] {
            let refused = try echolot(["new", "pack", here], in: folder.appendingPathComponent("sub"))
            #expect(refused.status == 1)
            #expect(refused.stderr.hasSuffix("error: give the new pack's name (echolot new pack cave-echoes), not an existing folder; "
                + "nothing was written\n"), "\(refused.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("sub").path) == ["foo_bar"])
    }

    /// A new pack inside another pack's folder (its `levels/`, or anywhere below it) is
    /// refused with the command that makes it beside that pack, and nothing is written:
    /// it was made, `validate` passed the outer pack, and `pack` shipped the inner one in it.
    @Test func aPackInsideAPackIsRefused() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try echolot(["new", "pack", "echo-test"], in: folder).status == 0)
        let levels = folder.appendingPathComponent("echo-test/levels")
        let before = try FileManager.default.contentsOfDirectory(atPath: levels.path)
        let nested = try echolot(["new", "pack", "echo-test/levels/nested"], in: folder)
        #expect(nested.status == 1)
        #expect(nested.stdout.isEmpty)
        #expect(nested.stderr == "echo-test/levels/nested:1:1: error: is inside the pack folder echo-test (it has a pack.json), "
            + "so its files would be that pack's; make it beside that pack instead: echolot new pack nested (nothing was written)\n",
            "\(nested.stderr)")
        // From inside the pack, the way out is written from there.
        let inside = try echolot(["new", "pack", "Other Pack"], in: levels)
        #expect(inside.status == 1)
        #expect(inside.stderr == "other-pack:1:1: error: is inside the pack folder .. (it has a pack.json), "
            + "so its files would be that pack's; make it beside that pack instead: echolot new pack ../../other-pack (nothing was written)\n",
            "\(inside.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: levels.path) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["echo-test"])
    }

    /// `new pack NAME --story` writes a story pack a story author can start from: it
    /// validates, its transcript test passes, and it is a story (cut-scene, level, choice).
    @Test func newStoryPackValidatesAndItsTestPasses() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let made = try echolot(["new", "pack", "old-yard", "--story", "--author", "Ann"], in: folder)
        #expect(made.status == 0, "\(made.stderr)")
        #expect(made.stdout.contains("  story.json\n") && made.stdout.contains("  tests/tower.story.json\n"), "\(made.stdout)")
        #expect(!made.stdout.contains("scripts/"), "no scripts: validate checks the story's variables")
        let pack = folder.appendingPathComponent("old-yard").path
        let validated = try echolot(["validate", pack], in: folder)
        #expect(validated.status == 0, "\(validated.stderr)")
        #expect(validated.stdout.hasPrefix("ok: old-yard"), "\(validated.stdout)")
        let tested = try echolot(["test", pack], in: folder)
        #expect(tested.status == 0, "\(tested.stdout)\(tested.stderr)")
        #expect(tested.stdout.contains("tower"), "\(tested.stdout)")
        let manifest = try String(contentsOfFile: pack + "/pack.json", encoding: .utf8)
        #expect(manifest.contains(#""kind": "story""#) && manifest.contains(#""author": "Ann""#))
        // A story that does not end where the test says fails it: the test checks.
        let story = pack + "/story.json"
        let text = try String(contentsOfFile: story, encoding: .utf8)
        try Data(text.replacingOccurrences(of: #"{ "end": "tower" }"#, with: #"{ "end": "garden" }"#).utf8)
            .write(to: URL(fileURLWithPath: story))
        #expect(try echolot(["test", pack], in: folder).status == 1)
    }

    /// A name whose id a shipped pack has is refused and nothing is written: the folder would
    /// be read in the shipped pack's place wherever its id is typed beside it (its levels
    /// "missing"), and `pack` refused it only once the author had built on it.
    @Test func aShippedPacksIDIsRefused() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["Tutorial", "night walk"] {
            let id = name == "Tutorial" ? "tutorial" : "night-walk"
            let refused = try runEcholot(["new", "pack", name], in: folder, environment: ["ECHOLOT_DATA": folder.path])
            #expect(refused.status == 1)
            #expect(refused.stdout.isEmpty)
            let pack = id == "tutorial" ? "Tutorial" : "Night Walk"
            #expect(refused.stderr == "\(id):1:1: error: the pack id \"\(id)\" belongs to the shipped pack \"\(pack)\": a folder \(id)/ "
                + "would be read in its place wherever \"\(id)\" is typed beside it, and 'echolot pack' refuses a pack that takes "
                + "another's id; choose another name, e.g. echolot new pack my-\(id) (nothing was written)\n", "\(refused.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        let made = try runEcholot(["new", "pack", "my-tutorial"], in: folder, environment: ["ECHOLOT_DATA": folder.path])
        #expect(made.status == 0, "\(made.stderr)")
    }
}
