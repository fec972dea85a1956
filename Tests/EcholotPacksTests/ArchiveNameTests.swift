import EcholotTestSupport
import Foundation
import Testing

@testable import EcholotModel

@Suite("Packs: entry names as the archive's tool meant them, and folders spelt two ways")
struct ArchiveNameTests {
    /// Installs the archive `cave.zip` built by `body` with the `echolot` binary, into a
    /// fresh data folder.
    func install(unflagged: Bool = false, hash: UInt8? = nil, msdos: Bool = false,
                 _ body: (ZipBuilder) throws -> Void) throws -> (result: ProcessOutput, scratch: Scratch) {
        let scratch = Scratch()
        try ZipBuilder.write(scratch.at("cave.zip"), body)
        if unflagged { try ZipBuilder.unflagNames(scratch.at("cave.zip"), hash: hash) }
        if msdos { try ZipBuilder.madeOnMSDOS(scratch.at("cave.zip")) }
        let result = try echolot(["install", "cave.zip"], in: scratch.url, data: scratch.at("data"))
        return (result, scratch)
    }

    /// Linux's `zip -r` (Info-ZIP 3.0) writes a name's UTF-8 bytes without the UTF-8 flag,
    /// and `glöckchen.wav` was read as code page 437 (`gl├╢ckchen.wav`): the level's sound
    /// was missing and the install refused.
    @Test func aUTF8NameWithoutTheFlagIsReadAsUTF8() throws {
        let (result, scratch) = try install(unflagged: true) { zip in
            var files = Packs.files(id: "cave")
            files["levels/one.json"] = Packs.level(id: "one", sound: "gl\u{F6}ckchen.wav")
            try zip.playablePack(files, prefix: "cave/")
            try zip.bytes("cave/sounds/gl\u{F6}ckchen.wav", ToneWAV.chime())
        }
        #expect(result.status == 0, "\(result.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: scratch.at("data/packs/cave/sounds").path)
        #expect(names.map { Array($0.utf8) }.sorted { $0.lexicographicallyPrecedes($1) }
            == [Array("a.wav".utf8), Array("gl\u{F6}ckchen.wav".utf8)])
    }

    /// Read as code page 437, the escape in an unflagged `a\x1Bb.txt` became `←` and was
    /// installed so; a control character is refused as in a flagged name.
    @Test func aControlCharacterInAnUnflaggedNameIsRefused() throws {
        let (result, scratch) = try install(unflagged: true) { zip in
            try zip.playablePack(Packs.files(id: "cave"), prefix: "cave/")
            try zip.file("cave/a\u{1B}b.txt", "x")
        }
        #expect(result.status == 1)
        #expect(result.stderr == "cave.zip:1:1: error: entry \"cave/a\\u001Bb.txt\" has control characters in its name\n")
        #expect(!FileManager.default.fileExists(atPath: scratch.at("data/packs").path))
    }

    /// A name whose bytes are not UTF-8 is code page 437 still (`0x81` is `ü`), and a
    /// control byte in it is refused there too.
    @Test func aNameThatIsNotUTF8IsReadAsCodePage437() throws {
        let (result, scratch) = try install(unflagged: true, hash: 0x81) { zip in
            try zip.playablePack(Packs.files(id: "cave"), prefix: "cave/")
            try zip.file("cave/gl#ck.txt", "x")
        }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: scratch.at("data/packs/cave/gl\u{FC}ck.txt").path))
        let control = try install(unflagged: true, hash: 0x81) { zip in
            try zip.playablePack(Packs.files(id: "cave"), prefix: "cave/")
            try zip.file("cave/gl#\u{1B}ck.txt", "x")
        }
        #expect(control.result.status == 1)
        #expect(control.result.stderr == "cave.zip:1:1: error: entry \"cave/gl\u{FC}\\u001Bck.txt\" has control characters in its name\n")
    }

    /// "café" composed and decomposed are two top folders to Linux: with the pack in one,
    /// the other's file was left out and the install went on; with `pack.json` alone in
    /// one, the archive was told to have no pack.json. Both are refused as two spellings.
    @Test(arguments: [false, true])
    func topFoldersThatDifferOnlyInUnicodeFormAreRefused(manifestAlone: Bool) throws {
        let composed = "caf\u{E9}/", decomposed = "cafe\u{301}/"
        let (result, scratch) = try install { zip in
            var files = Packs.files(id: "cafe")
            try zip.file(composed + "pack.json", files.removeValue(forKey: "pack.json")!)
            try zip.playablePack(files, prefix: manifestAlone ? decomposed : composed)
            try zip.file(decomposed + "sounds/extra.txt", "extra")
        }
        #expect(result.status == 1)
        #expect(result.stderr == "cave.zip:1:1: error: folders \"caf\u{E9}\" and \"cafe\u{301}\" differ only in Unicode form: "
            + "\"\u{E9}\" is U+00E9 (NFC) in the first and U+0065 U+0301 (NFD) in the second; "
            + "they would be one folder on some systems and two on others\n")
        #expect(!FileManager.default.fileExists(atPath: scratch.at("data/packs").path))
    }

    /// Folders further down are one on macOS and Windows too: `Sounds/` beside `sounds/`.
    @Test func foldersThatDifferOnlyInCaseAreRefused() throws {
        let (result, _) = try install { zip in
            try zip.playablePack(Packs.files(id: "cave"), prefix: "cave/")
            try zip.file("cave/Sounds/b.wav", "b")
        }
        #expect(result.status == 1)
        #expect(result.stderr == "cave.zip:1:1: error: folders \"cave/sounds\" and \"cave/Sounds\" differ only in case; "
            + "they would be one folder on some systems and two on others\n")
    }

    /// A file entry named like a folder was told as a disk that cannot be written.
    @Test func aFileWhoseNameEndsInASlashIsRefused() throws {
        let (result, scratch) = try install { zip in
            try zip.playablePack(Packs.files(id: "cave"), prefix: "cave/")
            try zip.file("cave/notes/", "I am a file")
        }
        #expect(result.status == 1)
        #expect(result.stderr == "cave.zip:1:1: error: entry \"cave/notes/\" is a file, but its name ends in '/' as a folder's does\n")
        #expect(!FileManager.default.fileExists(atPath: scratch.at("data/packs").path))
    }

    /// Written by an MS-DOS tool, the same entry reads as a folder (its name ends in '/'),
    /// and its bytes were dropped without a word: it is refused as the Unix one is.
    @Test func aFolderEntryHoldingBytesIsRefusedAsAFile() throws {
        let (result, scratch) = try install(msdos: true) { zip in
            try zip.playablePack(Packs.files(id: "cave"), prefix: "cave/")
            try zip.file("cave/notes/", "data", compression: .none)
        }
        #expect(result.status == 1)
        #expect(result.stderr == "cave.zip:1:1: error: entry \"cave/notes/\" is a file, but its name ends in '/' as a folder's does\n")
        #expect(!FileManager.default.fileExists(atPath: scratch.at("data/packs").path))
    }
}
