import Foundation
import Testing

@testable import EcholotModel

@Suite("Packs: installing is atomic, refuses hostile archives and taken ids")
struct InstallTests {
    /// A data folder with a shipped folder holding pack `shipped`, and an installer.
    struct Setup {
        let scratch = Scratch()
        var packs: URL { scratch.at("data/packs") }

        init() {
            scratch.write(Packs.files(id: "shipped"), in: "shipped/shipped")
        }

        func installer(replace: Bool = false) -> PackInstaller {
            let library = PackLibrary(folders: [
                PackLibrary.Folder(url: scratch.at("shipped"), origin: .shipped),
                PackLibrary.Folder(url: packs, origin: .installed),
            ])
            return PackInstaller(packsFolder: packs, library: library, replace: replace)
        }

        /// Builds `name` from pack files under a top folder.
        func archive(_ name: String, _ files: [String: String], extra: (ZipBuilder) throws -> Void = { _ in }) throws -> URL {
            let url = scratch.at(name)
            try ZipBuilder.write(url) { zip in
                try zip.pack(files, prefix: "folder/")
                try extra(zip)
            }
            return url
        }

        /// The messages of a refused install.
        func refusal(_ url: URL, replace: Bool = false) -> [String] {
            do {
                _ = try installer(replace: replace).install(url, displayPath: url.lastPathComponent)
                return []
            } catch {
                return error.diagnostics.map(\.description)
            }
        }
    }

    @Test func installsIntoAFolderNamedAfterTheID() throws {
        let setup = Setup()
        let url = try setup.archive("new.zip", Packs.files(id: "newcomer", levels: ["one", "two"]))
        let installed = try setup.installer().install(url)
        #expect(installed.folder.lastPathComponent == "newcomer")
        #expect(installed.pack.levels.count == 2)
        #expect(installed.replacedVersion == nil)
        #expect(setup.scratch.listing("data/packs") == [
            "newcomer", "newcomer/levels", "newcomer/levels/one.json", "newcomer/levels/two.json",
            "newcomer/pack.json", "newcomer/sounds", "newcomer/sounds/a.wav",
        ])
        let library = PackLibrary(folders: [PackLibrary.Folder(url: setup.packs, origin: .installed)])
        #expect(try library.load(id: "newcomer")?.get().manifest.name == "Pack newcomer")
    }

    /// The second name is '..' too to the file system, though an accent after its '/'
    /// makes one Swift character of the two: it climbed out of the hidden install folder
    /// into packs/ and stayed there, whether the install went on or was refused.
    @Test(arguments: ["folder/../../escape", "folder/../\u{301}escape"])
    func aHostileArchiveWritesNothing(entry: String) throws {
        let setup = Setup()
        let url = try setup.archive("evil.zip", Packs.files(id: "evil")) { try $0.file(entry, "x") }
        #expect(setup.refusal(url) == [
            "evil.zip:1:1: error: entry \"\(entry)\" contains '..'; it would be written outside the pack",
        ])
        #expect(!FileManager.default.fileExists(atPath: setup.packs.path))
        #expect(setup.scratch.listing().allSatisfy { !$0.contains("escape") })
    }

    /// A pack id or version too long for a file name validated, and the install then
    /// failed at its last step ('File name too long') and `pack` with 'The file name is
    /// invalid'; the manifest refuses them, at their line.
    @Test func anIDOrVersionTooLongForAFileNameIsRefusedInTheManifest() throws {
        let setup = Setup()
        let id = String(repeating: "a", count: 65)
        let version = "1.0.0-" + String(repeating: "b", count: 59)
        var files = Packs.files(id: id)
        files["pack.json"] = Packs.manifest(id: id, version: version)
        let url = try setup.archive("long.zip", files)
        #expect(setup.refusal(url) == [
            "long.zip/pack.json:1:9: error: id: \"\(id.prefix(60))…\" is 65 characters long; a pack id may have at most 64, "
                + "since the pack's folder and archive are named after its id and version",
            "long.zip/pack.json:1:171: error: version: \"\(version.prefix(60))…\" is 65 characters long; a version may have at most 64, "
                + "since the pack's folder and archive are named after its id and version",
        ])
        #expect(!FileManager.default.fileExists(atPath: setup.scratch.at("data").path))
    }

    /// An install killed outright (SIGKILL, a power cut) leaves its half-extracted hidden
    /// folder; the next install that goes in sweeps it away, and one refused leaves
    /// everything as it was.
    @Test func theNextInstallSweepsAwayWhatAKilledOneLeft() throws {
        let setup = Setup()
        setup.scratch.write(["levels/one.json": "{ \"id\": "], in: "data/packs/.incoming-killed")
        let broken = try setup.archive("broken.zip", Packs.files(id: "broken", extra: #""extends": "nowhere""#))
        #expect(setup.refusal(broken).count == 1)
        #expect(setup.scratch.listing("data/packs") == [".incoming-killed", ".incoming-killed/levels", ".incoming-killed/levels/one.json"])
        _ = try setup.installer().install(try setup.archive("good.zip", Packs.files(id: "good")))
        #expect(setup.scratch.listing("data/packs").filter { $0.hasPrefix(".") } == [])
    }

    /// An update swaps the two versions' folders in one step: a kill after the swap leaves
    /// the new version in place and the old one under a hidden incoming name, which no
    /// menu lists and the next install sweeps away; a `.replaced-` old version whose pack
    /// is in place is swept too.
    @Test func whatAKilledUpdateLeftIsSweptAway() throws {
        let setup = Setup()
        setup.scratch.write(Packs.files(id: "mine", version: "2.0.0"), in: "data/packs/mine")
        setup.scratch.write(Packs.files(id: "mine", version: "1.0.0"), in: "data/packs/.incoming-swapped-out")
        setup.scratch.write(Packs.files(id: "mine", version: "0.9.0"), in: "data/packs/.replaced-older")
        let library = PackLibrary(folders: [PackLibrary.Folder(url: setup.packs, origin: .installed)])
        #expect(library.entries.map(\.url.lastPathComponent) == ["mine"])
        #expect(try library.load(id: "mine")?.get().manifest.version == "2.0.0")
        _ = try setup.installer().install(try setup.archive("good.zip", Packs.files(id: "good")))
        #expect(try FileManager.default.contentsOfDirectory(atPath: setup.packs.path).sorted() == ["good", "mine"])
        #expect(try PackLoader.load(at: setup.packs.appendingPathComponent("mine")).manifest.version == "2.0.0")
    }

    /// An update that could not swap and was killed between its two renames left the
    /// pack's only copy under a `.replaced-` name: the next install of another pack puts it
    /// back, and the next install of the same pack brings the new version in its place.
    @Test func aPackAKilledUpdateLeftAsideIsPutBack() throws {
        let setup = Setup()
        setup.scratch.write(Packs.files(id: "old", version: "1.0.0"), in: "data/packs/.replaced-earlier")
        setup.scratch.write(Packs.files(id: "old", version: "2.0.0"), in: "data/packs/.incoming-half-done")
        _ = try setup.installer().install(try setup.archive("good.zip", Packs.files(id: "good")))
        #expect(try FileManager.default.contentsOfDirectory(atPath: setup.packs.path).sorted() == ["good", "old"])
        #expect(try PackLoader.load(at: setup.packs.appendingPathComponent("old")).manifest.version == "1.0.0")

        let again = Setup()
        again.scratch.write(Packs.files(id: "old", version: "1.0.0"), in: "data/packs/.replaced-earlier")
        _ = try again.installer().install(try again.archive("old.zip", Packs.files(id: "old", version: "2.0.0")))
        #expect(try FileManager.default.contentsOfDirectory(atPath: again.packs.path) == ["old"])
        #expect(try PackLoader.load(at: again.packs.appendingPathComponent("old")).manifest.version == "2.0.0")
    }

    /// The swap itself: two folders trade places whole, each keeping its files.
    @Test func anExchangeSwapsTwoFoldersInOneStep() throws {
        let scratch = Scratch()
        scratch.write(["pack.json": "new", "levels/one.json": "1"], in: "incoming")
        scratch.write(["pack.json": "old"], in: "mine")
        #expect(PackInstaller.exchange(scratch.at("incoming"), scratch.at("mine")) == 0)
        #expect(scratch.listing("mine") == ["levels", "levels/one.json", "pack.json"])
        #expect(try String(contentsOf: scratch.at("mine/pack.json"), encoding: .utf8) == "new")
        #expect(scratch.listing("incoming") == ["pack.json"])
        #expect(try String(contentsOf: scratch.at("incoming/pack.json"), encoding: .utf8) == "old")
        // Nothing to swap with: refused, and nothing moves.
        #expect(PackInstaller.exchange(scratch.at("incoming"), scratch.at("nowhere")) == ENOENT)
        #expect(scratch.listing("incoming") == ["pack.json"])
    }

    /// A pack copied in by hand under another folder name is updated into the folder
    /// named after its id; the old folder does not stay behind as a second copy.
    @Test func anUpdateOfAPackUnderAnotherNameEndsInTheIDsFolder() throws {
        let setup = Setup()
        setup.scratch.write(Packs.files(id: "mine", version: "1.0.0"), in: "data/packs/my-copy")
        let v2 = try setup.archive("v2.zip", Packs.files(id: "mine", version: "2.0.0", levels: ["one", "two"]))
        let replaced = try setup.installer(replace: true).install(v2)
        #expect(replaced.replacedVersion == "1.0.0")
        #expect(try FileManager.default.contentsOfDirectory(atPath: setup.packs.path) == ["mine"])
        #expect(try PackLoader.load(at: setup.packs.appendingPathComponent("mine")).levels.count == 2)
    }

    /// Two installs at once could each take the other's folder for a killed one's: the
    /// second is told to wait, and writes nothing.
    @Test func oneInstallAtATime() throws {
        let setup = Setup()
        try FileManager.default.createDirectory(at: setup.packs, withIntermediateDirectories: true)
        let held = open(setup.packs.path, O_RDONLY | O_DIRECTORY)
        defer { close(held) }
        #expect(flock(held, LOCK_EX | LOCK_NB) == 0)
        let url = try setup.archive("good.zip", Packs.files(id: "good"))
        #expect(setup.refusal(url) == [
            "good.zip:1:1: error: another 'echolot install' is running in \(setup.packs.path); install this one when it has finished",
        ])
        #expect(setup.scratch.listing("data/packs") == [])
    }

    @Test func aPackThatDoesNotValidateWritesNothing() throws {
        let setup = Setup()
        var files = Packs.files(id: "broken")
        files["levels/one.json"] = #"{ "id": "one", "name": "One", "entities": [ { "id": "x" } ] }"#
        let url = try setup.archive("broken.zip", files)
        #expect(setup.refusal(url) == [
            "broken.zip/levels/one.json:1:45: error: entities[0]: missing required field \"position\"",
        ])
        #expect(!FileManager.default.fileExists(atPath: setup.scratch.at("data").path))
    }

    @Test func aShippedPacksIDCannotBeClaimed() throws {
        let setup = Setup()
        let url = try setup.archive("impostor.zip", Packs.files(id: "shipped"))
        let problems = setup.refusal(url, replace: true)
        #expect(problems.count == 1)
        #expect(problems.first?.hasPrefix("impostor.zip/pack.json:1:9: error: id: pack id \"shipped\" belongs to the shipped pack at ") == true)
        #expect(problems.first?.hasSuffix("; a pack cannot take another pack's id") == true)
        #expect(!FileManager.default.fileExists(atPath: setup.packs.path))
    }

    /// The command a refusal gives can be pasted as it is: an archive whose name has a
    /// space is quoted for the shell.
    @Test func theReplaceCommandQuotesTheArchive() throws {
        let setup = Setup()
        _ = try setup.installer().install(try setup.archive("v1.zip", Packs.files(id: "mine", version: "1.0.0")))
        let v2 = try setup.archive("mine v2.zip", Packs.files(id: "mine", version: "2.0.0"))
        #expect(setup.refusal(v2).first?.hasSuffix("run: echolot install --replace 'mine v2.zip'") == true, "\(setup.refusal(v2))")
    }

    @Test func anInstalledPacksIDIsReplacedOnlyOnRequest() throws {
        let setup = Setup()
        _ = try setup.installer().install(try setup.archive("v1.zip", Packs.files(id: "mine", version: "1.0.0")))
        let v2 = try setup.archive("v2.zip", Packs.files(id: "mine", version: "2.0.0", levels: ["one", "two"]))
        let problems = setup.refusal(v2)
        #expect(problems.count == 1)
        #expect(problems == [
            "v2.zip:1:1: error: \"Pack mine\" 1.0.0 by \"Tester\" is already installed; to replace it with version 2.0.0, run: echolot install --replace v2.zip",
        ])
        #expect(try PackLoader.load(at: setup.packs.appendingPathComponent("mine")).manifest.version == "1.0.0")

        let replaced = try setup.installer(replace: true).install(v2)
        #expect(replaced.replacedVersion == "1.0.0")
        #expect(try PackLoader.load(at: setup.packs.appendingPathComponent("mine")).manifest.version == "2.0.0")
        // Nothing is left over: no incoming or replaced folders.
        #expect(try FileManager.default.contentsOfDirectory(atPath: setup.packs.path) == ["mine"])
    }

    /// An update that a pack built on the old version does not accept names that pack
    /// with its version, read in the same check that found it left behind: install loaded
    /// the pack a second time only to read the version.
    @Test func anUpdateNamesThePacksItLeavesBehindWithTheirVersions() throws {
        let setup = Setup()
        _ = try setup.installer().install(try setup.archive("bats1.zip", Packs.files(id: "bats", version: "1.0.0")))
        let built = #""extends": "bats", "dependencies": { "bats": "^1.0.0" }"#
        _ = try setup.installer().install(try setup.archive("cave.zip", Packs.files(id: "cave", version: "1.3.0", extra: built)))
        let update = try setup.installer(replace: true).install(try setup.archive("bats2.zip", Packs.files(id: "bats", version: "2.0.0")))
        #expect(update.replacedVersion == "1.0.0")
        #expect(update.noLongerLoading.map(\.problem.id) == ["cave"])
        #expect(update.noLongerLoading.map(\.version) == ["1.3.0"])
        #expect(update.noLongerLoading.first?.problem.diagnostics.first?.message.contains("needs \"bats\" ^1.0.0") == true)
    }

    /// The installed pack's author went into the refusal raw (an escape sequence in it
    /// reached the terminal), and an installed pack that does not load left a gap:
    /// 'pack "mine"  is already installed'.
    @Test func aTakenIDIsToldWithTheInstalledPacksTextsQuoted() throws {
        let setup = Setup()
        var files = Packs.files(id: "mine")
        files["pack.json"] = #"{ "id": "mine", "name": "Mine", "version": "1.0.0", "api": 1, "author": "A\u001b[2J" }"#
        _ = try setup.installer().install(try setup.archive("v1.zip", files))
        let again = try setup.archive("v2.zip", Packs.files(id: "mine", version: "2.0.0"))
        #expect(setup.refusal(again).first?.hasPrefix(#"v2.zip:1:1: error: "Mine" 1.0.0 by "A\u001B[2J" is already installed; "#) == true)
        setup.scratch.write(["levels/one.json": "{"], in: "data/packs/mine")
        #expect(setup.refusal(again).first?.hasPrefix(#"v2.zip:1:1: error: a pack with the id "mine" is already installed; "#) == true)
    }

    /// Installing again the archive that is installed — the same version, file for file —
    /// is done already, not refused: it read as a failure, exit status 1. The same version
    /// with other files is refused and said to differ, the installed files left as they were.
    @Test func theInstalledArchiveAgainIsAlreadyInstalled() throws {
        let setup = Setup()
        let url = try setup.archive("v1.zip", Packs.files(id: "mine", levels: ["one", "two"]))
        let first = try setup.installer().install(url)
        #expect(!first.alreadyInstalled)
        let before = setup.scratch.listing("data/packs")
        // The folder itself, not a copy swapped in: nothing was moved.
        func folderNumber() throws -> Int? {
            try FileManager.default.attributesOfItem(atPath: first.folder.path)[.systemFileNumber] as? Int
        }
        let number = try folderNumber()
        let again = try setup.installer().install(url)
        #expect(again.alreadyInstalled)
        #expect(again.folder == first.folder)
        #expect(again.pack.levels.count == 2)
        #expect(setup.scratch.listing("data/packs") == before)
        #expect(try folderNumber() == number)

        var edited = Packs.files(id: "mine", levels: ["one", "two"])
        edited["levels/two.json"] = edited["levels/two.json"]! + " "
        let other = try setup.archive("other.zip", edited)
        #expect(setup.refusal(other) == [
            "other.zip:1:1: error: \"Pack mine\" 1.0.0 by \"Tester\" is already installed, with other files than this archive's; "
                + "to replace it with the archive's, run: echolot install --replace other.zip",
        ])
        #expect(setup.scratch.listing("data/packs") == before)
        #expect(try String(contentsOf: setup.packs.appendingPathComponent("mine/levels/two.json"), encoding: .utf8)
            == Packs.files(id: "mine", levels: ["one", "two"])["levels/two.json"])
    }

    @Test func anInstallNeedsItsBaseAndDependencies() throws {
        let setup = Setup()
        let url = try setup.archive("needy.zip", Packs.files(id: "needy", extra: #""dependencies": { "helper": "^1.0.0" }"#))
        #expect(setup.refusal(url) == [
            "needy.zip/pack.json:1:118: error: dependencies.helper: pack \"needy\" depends on \"helper\" ^1.0.0, which is neither installed nor shipped (needed through needy → helper); install it with 'echolot install FILE.zip'",
        ])
        #expect(!FileManager.default.fileExists(atPath: setup.packs.path))
        let extending = try setup.archive("ext.zip", Packs.files(id: "ext", extra: #""extends": "shipped""#, levels: []))
        let installed = try setup.installer().install(extending)
        #expect(installed.pack.levels.keys.sorted() == ["one"])
        #expect(installed.pack.bases.map(\.id) == ["shipped"])
    }
}
