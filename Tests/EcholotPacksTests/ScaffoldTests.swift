import Foundation
import Testing

@testable import EcholotModel

@Suite("Packs: `new pack` writes a pack that validates")
struct ScaffoldTests {
    @Test func theNewPackValidates() throws {
        let scratch = Scratch()
        let created = try PackScaffold.create(at: scratch.at("My First Pack"), author: "Ann")
        #expect(created.id == "my-first-pack")
        #expect(created.files == [
            "README.md", "levels/first-steps.json", "pack.json", "scripts/goals/quickFind.lua", "sounds/README.md",
            "sounds/chime.wav", "strings/en.json", "tests/first-steps.lua",
        ])
        #expect(PackLoader.validate(at: created.folder) == [])
        let pack = try PackLoader.load(at: created.folder)
        #expect(pack.manifest.name == "My First Pack")
        #expect(pack.manifest.author == "Ann")
        #expect(pack.manifest.preview == "chime.wav")
        #expect(pack.levels["first-steps"]?.level[LevelKeys.goals]["quickFind"] != nil)
        // Each name is written once, in the file that has it: strings/en.json holds only
        // the goal type's words, so renaming the chime in the level file is what players hear.
        #expect(pack.levels["first-steps"]?.level[LevelKeys.entities]["chime"]?[EntityKeys.name] == "Chime")
        #expect(pack.strings["en"]?.keys.sorted() == ["goal.quickFind.briefing", "goal.quickFind.line"])
        // Nothing but the pack folder was written, named by the pack's id.
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.url.path) == ["my-first-pack"])
        #expect(created.folder.lastPathComponent == "my-first-pack")
    }

    @Test func theSoundIsAShortMonoWAV() throws {
        let bytes = ToneWAV.chime()
        #expect(Array(bytes[0..<4]) == Array("RIFF".utf8))
        #expect(Array(bytes[8..<12]) == Array("WAVE".utf8))
        let channels = Int(bytes[22]) | Int(bytes[23]) << 8
        let rate = Int(bytes[24]) | Int(bytes[25]) << 8 | Int(bytes[26]) << 16
        let bits = Int(bytes[34]) | Int(bytes[35]) << 8
        #expect((channels, rate, bits) == (1, 44_100, 16))
        #expect(bytes.count == 44 + Int(0.6 * 44_100) * 2)
        #expect(ToneWAV.chime() == bytes)
    }

    @Test func anExistingFolderIsNeverTouched() throws {
        let scratch = Scratch()
        scratch.write(["taken/notes.txt": "mine"])
        #expect {
            try PackScaffold.create(at: scratch.at("taken"))
        } throws: { error in
            (error as? PackLoadError)?.diagnostics.map(\.message) == ["already exists; choose a new name (nothing was written)"]
        }
        #expect(scratch.listing() == ["taken", "taken/notes.txt"])
        #expect(throws: PackLoadError.self) { try PackScaffold.create(at: scratch.at("!!!")) }
    }

    @Test func packIDsComeFromFolderNames() {
        #expect(PackScaffold.packID(for: "My Pack") == "my-pack")
        #expect(PackScaffold.packID(for: "--Cool_Pack v2.0--") == "cool_pack-v2.0")
        #expect(PackScaffold.packID(for: "日本") == nil)
        #expect(PackScaffold.displayName(for: "my-first_pack") == "My First Pack")
    }

    /// An id is for good (it names the folder, the archive and the installed copy): an
    /// accented letter lost its letter (`Glöckchen` → `glckchen`), and a long name made an
    /// id that validate then refused as longer than 64 characters.
    @Test func packIDsKeepTheirWordsAndFitTheLimit() throws {
        #expect(PackScaffold.packID(for: "Glöckchen Turm") == "glockchen-turm")
        #expect(PackScaffold.packID(for: "Café Sounds") == "cafe-sounds")
        #expect(PackScaffold.packID(for: "Straße der Klänge") == "strasse-der-klange")
        #expect(PackScaffold.packID(for: "ÄÖÜ") == "aou")
        let long = "A Very Long Name That Goes On And On And On And On And On And On And On Forever More"
        #expect(PackScaffold.packID(for: long) == "a-very-long-name-that-goes-on-and-on-and-on-and-on-and-on-and-on")
        #expect(PackScaffold.packID(for: String(repeating: "x", count: 80))?.count == 64)
        let scratch = Scratch()
        let created = try PackScaffold.create(at: scratch.at(long))
        #expect(PackLoader.validate(at: created.folder) == [])
        let pack = try PackLoader.load(at: created.folder)
        #expect(pack.manifest.name == PackScaffold.displayName(for: long))
    }
}
