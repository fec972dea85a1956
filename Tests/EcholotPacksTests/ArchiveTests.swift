import Foundation
import Testing
import ZIPFoundation

@testable import EcholotModel

@Suite("Packs: archives round-trip and hostile ones are refused")
struct ArchiveTests {
    /// A pack folder `src/` with two levels and strings.
    func makePack(_ scratch: Scratch) {
        scratch.write(Packs.files(id: "zipped", levels: ["one", "two"], strings: ["pack.name": "Zipped"]), in: "src")
    }

    @Test func roundTripThroughPackArchiverAndLoader() throws {
        let scratch = Scratch()
        makePack(scratch)
        let folder = try PackLoader.load(at: scratch.at("src"))
        let summary = try PackArchiver.write(folder: scratch.at("src"), id: "zipped", to: scratch.at("zipped.zip"),
                                             displayRoot: "src")
        #expect(summary.fileCount == 5)
        let zipped = try PackLoader.load(at: scratch.at("zipped.zip"))
        #expect(zipped.id == "zipped")
        #expect(zipped.levels.keys.sorted() == folder.levels.keys.sorted())
        #expect(zipped.levels["one"]?.level == folder.levels["one"]?.level)
        #expect(zipped.strings == folder.strings)
        #expect(zipped.levelOrder == ["one", "two"])
        // The archive's files are readable while the pack is alive, and removed after.
        let extracted = zipped.root
        #expect(zipped.sound("a.wav").map { FileManager.default.fileExists(atPath: $0.path) } == true)
        #expect(zipped.displayRoot.hasSuffix("zipped.zip"))
        _ = consume zipped
        #expect(!FileManager.default.fileExists(atPath: extracted.path))
    }

    @Test func archivesAreDeterministicAndSorted() throws {
        let scratch = Scratch()
        makePack(scratch)
        scratch.write([".git/config": "x", ".DS_Store": "junk"], in: "src")
        _ = try PackArchiver.write(folder: scratch.at("src"), id: "zipped", to: scratch.at("a.zip"), displayRoot: "src")
        // A later modification time must not change the bytes.
        try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: scratch.at("src/pack.json").path)
        _ = try PackArchiver.write(folder: scratch.at("src"), id: "zipped", to: scratch.at("b.zip"), displayRoot: "src")
        let a = try Data(contentsOf: scratch.at("a.zip"))
        let b = try Data(contentsOf: scratch.at("b.zip"))
        #expect(a == b)
        let names = try Archive(url: scratch.at("a.zip"), accessMode: .read).map(\.path)
        #expect(names == ["zipped/levels/one.json", "zipped/levels/two.json", "zipped/pack.json",
                          "zipped/sounds/a.wav", "zipped/strings/en.json"])
    }

    @Test func packArchiverRefusesLinks() throws {
        let scratch = Scratch()
        makePack(scratch)
        try FileManager.default.createSymbolicLink(atPath: scratch.at("src/sounds/b.wav").path,
                                                   withDestinationPath: "/etc/passwd")
        #expect(throws: PackLoadError.self) {
            try PackArchiver.write(folder: scratch.at("src"), id: "zipped", to: scratch.at("x.zip"), displayRoot: "src")
        }
        #expect(!FileManager.default.fileExists(atPath: scratch.at("x.zip").path))
        do {
            _ = try PackArchiver.files(in: scratch.at("src"), displayRoot: "src")
        } catch {
            #expect(error.diagnostics.map(\.description) == [
                "src/sounds/b.wav:1:1: error: a symbolic link; archives may not hold links (installing would refuse it), put the file itself here",
            ])
        }
    }

    @Test func aPackAtTheTopOfTheArchiveLoadsToo() throws {
        let scratch = Scratch()
        try ZipBuilder.write(scratch.at("top.zip")) { zip in
            try zip.pack(Packs.files(id: "top"))
            try zip.folder("__MACOSX/")
            try zip.file("__MACOSX/._pack.json", "resource fork")
        }
        let pack = try PackLoader.load(at: scratch.at("top.zip"))
        #expect(pack.id == "top")
        #expect(!FileManager.default.fileExists(atPath: pack.root.appendingPathComponent("__MACOSX").path))
    }

    @Test func diagnosticsInsideAnArchiveNameTheArchive() throws {
        let scratch = Scratch()
        var files = Packs.files(id: "bad")
        files["levels/one.json"] = #"{ "id": "one", "name": "One", "entities": [], }"#
        try ZipBuilder.write(scratch.at("bad.zip")) { try $0.pack(files, prefix: "bad/") }
        let report = PackLoader.validate(path: "bad.zip", relativeTo: scratch.url)
        #expect(report.diagnostics.map(\.description) == ["bad.zip/levels/one.json:1:45: error: trailing comma before '}'"])
    }

    // MARK: Refusals

    /// The diagnostics of opening the archive `name` built by `body`, with the limits given.
    func refusal(_ limits: ArchiveLimits = .standard, _ body: (ZipBuilder) throws -> Void) throws -> [String] {
        let scratch = Scratch()
        try ZipBuilder.write(scratch.at("evil.zip"), body)
        do {
            _ = try PackArchive.open(scratch.at("evil.zip"), displayPath: "evil.zip", limits: limits)
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    @Test func refusesDotDot() throws {
        let problems = try refusal {
            try $0.pack(Packs.files(id: "evil"))
            try $0.file("levels/../../escape.txt", "boo")
        }
        #expect(problems == [
            "evil.zip:1:1: error: entry \"levels/../../escape.txt\" contains '..'; it would be written outside the pack",
        ])
    }

    /// An accent after a '/' is one Swift character with it, but the file system still
    /// splits there: "../\u{301}x" is '..' and a name beginning with the accent, and was
    /// written beside the folder the archive was extracted to.
    @Test func anAccentAfterASlashHidesNoPathRule() throws {
        let problems = try refusal {
            try $0.pack(Packs.files(id: "evil"))
            try $0.file("../\u{301}escape.txt", "boo")
            try $0.file("/\u{301}tmp/escape.txt", "boo")
            try $0.file("sounds\\\u{301}b.wav", "boo")
        }
        #expect(problems == [
            "evil.zip:1:1: error: entry \"../\u{301}escape.txt\" contains '..'; it would be written outside the pack",
            "evil.zip:1:1: error: entry \"/\u{301}tmp/escape.txt\" has an absolute path; it would be written outside the pack",
            "evil.zip:1:1: error: entry \"sounds\\\\\u{301}b.wav\" uses '\\' in its name; archive names use '/', and a '\\' could be read as a folder separator",
        ])
    }

    @Test func refusesAbsolutePaths() throws {
        let problems = try refusal {
            try $0.pack(Packs.files(id: "evil"))
            try $0.file("/tmp/escape.txt", "boo")
        }
        #expect(problems == [
            "evil.zip:1:1: error: entry \"/tmp/escape.txt\" has an absolute path; it would be written outside the pack",
        ])
    }

    @Test func refusesBackslashesAndDriveLetters() throws {
        let problems = try refusal {
            try $0.pack(Packs.files(id: "evil"))
            try $0.file("C:/escape.txt", "boo")
        }
        #expect(problems == [
            "evil.zip:1:1: error: entry \"C:/escape.txt\" has an absolute path; it would be written outside the pack",
        ])
        let slashes = try refusal {
            try $0.pack(Packs.files(id: "evil"))
            try $0.file("..\\escape.txt", "boo")
        }
        #expect(slashes.count == 1 && slashes[0].contains("uses '\\' in its name"))
    }

    @Test func refusesSymbolicLinks() throws {
        let problems = try refusal {
            try $0.pack(Packs.files(id: "evil"))
            try $0.link("sounds/b.wav", to: "/etc/passwd")
        }
        #expect(problems == [
            "evil.zip:1:1: error: entry \"sounds/b.wav\" is a symbolic link; links could point outside the pack and are not allowed",
        ])
    }

    @Test func refusesTooManyEntries() throws {
        var limits = ArchiveLimits.standard
        limits.maxEntries = 10
        let problems = try refusal(limits) { zip in
            try zip.pack(Packs.files(id: "evil"))
            for i in 0..<20 { try zip.file("sounds/n\(i).txt", "x") }
        }
        #expect(problems == ["evil.zip:1:1: error: the archive has more than 10 entries; a pack may have at most 10"])
        #expect(ArchiveLimits.standard.maxEntries == 2_000)
    }

    @Test func refusesTooMuchInAll() throws {
        var limits = ArchiveLimits.standard
        limits.maxTotalSize = 64 * 1024
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        // xorshift64: bytes that do not compress, so the ratio check stays out of the way.
        let noise = (0..<40_000).map { _ -> UInt8 in
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return UInt8(truncatingIfNeeded: state)
        }
        let problems = try refusal(limits) { zip in
            try zip.pack(Packs.files(id: "evil"))
            try zip.bytes("sounds/b.wav", noise)
            try zip.bytes("sounds/c.wav", noise)
        }
        #expect(problems.count == 1)
        #expect(problems.first?.hasPrefix("evil.zip:1:1: error: the archive inflates to 78.") == true)
        #expect(problems.first?.hasSuffix("KiB, over the 64.0 KiB limit for a pack") == true)
    }

    @Test func refusesAZipBombByRatio() throws {
        // 8 MiB of zeros deflate to about 8 KiB: a ratio near 1000.
        let problems = try refusal { zip in
            try zip.pack(Packs.files(id: "evil"))
            try zip.bytes("sounds/zeros.wav", [UInt8](repeating: 0, count: 8 * 1024 * 1024))
        }
        #expect(problems.count == 1)
        #expect(problems.first?.hasPrefix("evil.zip:1:1: error: entry \"sounds/zeros.wav\" inflates ") == true)
        #expect(problems.first?.hasSuffix("times its packed size, over the limit of 100 (it looks like a zip bomb)") == true)
    }

    /// Many files each just at the 1 MiB below which one file's ratio is not asked: 20
    /// MiB of zeros from an archive of about 20 KiB passed every check of one file.
    @Test func refusesAZipBombOfManySmallFiles() throws {
        let problems = try refusal { zip in
            try zip.pack(Packs.files(id: "evil"))
            for index in 0..<20 { try zip.bytes("sounds/zeros\(index).wav", [UInt8](repeating: 0, count: 1024 * 1024)) }
        }
        #expect(problems.count == 1)
        #expect(problems.first?.hasPrefix("evil.zip:1:1: error: the archive's files inflate to 20.0 MiB, ") == true)
        #expect(problems.first?.hasSuffix("times their packed size, over the limit of 100 (it looks like a zip bomb)") == true)
    }

    @Test func refusesOneFileOverTheSizeLimit() throws {
        var limits = ArchiveLimits.standard
        limits.maxFileSize = 1024
        let problems = try refusal(limits) { zip in
            try zip.pack(Packs.files(id: "evil"))
            try zip.bytes("sounds/big.wav", [UInt8](repeating: 7, count: 2048), compression: .none)
        }
        #expect(problems == ["evil.zip:1:1: error: entry \"sounds/big.wav\" inflates to 2.0 KiB, over the 1.0 KiB limit for one file"])
    }

    @Test func refusesDuplicateNames() throws {
        let problems = try refusal {
            try $0.pack(Packs.files(id: "evil"))
            try $0.file("levels/one.json", "{}")
        }
        #expect(problems == ["evil.zip:1:1: error: entry \"levels/one.json\" appears twice in the archive"])
    }

    @Test func refusesNamesThatDifferOnlyInCase() throws {
        let problems = try refusal {
            try $0.pack(Packs.files(id: "evil"))
            try $0.file("Levels/One.json", "{}")
        }
        #expect(problems == [
            "evil.zip:1:1: error: entries \"levels/one.json\" and \"Levels/One.json\" differ only in case; they would overwrite each other on some systems",
        ])
    }

    /// "é" written precomposed and as "e" with an accent are two files on Linux and one
    /// on macOS: they are told as two forms, not as one name appearing twice, and with
    /// the code points that tell apart names which look the same.
    @Test func refusesNamesThatDifferOnlyInUnicodeForm() throws {
        let problems = try refusal {
            try $0.pack(Packs.files(id: "evil"))
            try $0.file("sounds/caf\u{E9}.wav", "one")
            try $0.file("sounds/cafe\u{301}.wav", "two")
        }
        #expect(problems == [
            "evil.zip:1:1: error: entries \"sounds/caf\u{E9}.wav\" and \"sounds/cafe\u{301}.wav\" differ only in Unicode form: "
                + "\"\u{E9}\" is U+00E9 (NFC) in the first and U+0065 U+0301 (NFD) in the second; they would overwrite each other on some systems",
        ])
    }

    @Test func refusesAFileUsedAsAFolder() throws {
        let problems = try refusal {
            try $0.pack(Packs.files(id: "evil"))
            try $0.file("scripts", "I am a file")
            try $0.file("scripts/goal.lua", "-- and a folder")
        }
        #expect(problems == ["evil.zip:1:1: error: entry \"scripts\" is a file, but other entries use it as a folder"])
    }

    /// An archive without a pack where one is looked for says what it found instead: it
    /// said "no pack.json" of an archive with one, a folder down or beside a README.
    @Test func refusesAnArchiveWithoutAPack() throws {
        let two = try refusal {
            try $0.file("one/pack.json", "{}")
            try $0.file("two/pack.json", "{}")
        }
        #expect(two == [
            "evil.zip:1:1: error: pack.json is at \"one/pack.json\", \"two/pack.json\", not at the archive's top or in its one "
                + "top folder; an archive holds one pack: make the archive with 'echolot pack FOLDER'",
        ])
        let beside = try refusal {
            try $0.pack(Packs.files(id: "cave"), prefix: "cave/")
            try $0.file("README.txt", "how to install")
        }
        #expect(beside == [
            "evil.zip:1:1: error: the pack is in \"cave/\", but the archive holds more beside it (\"README.txt\"); "
                + "an archive holds the pack's folder alone: make the archive with 'echolot pack FOLDER'",
        ])
        let none = try refusal { try $0.file("README.txt", "no pack here") }
        #expect(none == [
            "evil.zip:1:1: error: the archive has no pack.json, so it holds no pack; make the archive with 'echolot pack FOLDER'",
        ])
    }

    @Test func refusesSomethingThatIsNotAZip() throws {
        let scratch = Scratch()
        scratch.write(["fake.zip": "this is not a zip"])
        #expect(PackLoader.validate(at: scratch.at("fake.zip")).map(\.message)
            == ["not a readable ZIP archive (it may be damaged or not a .zip at all)"])
    }

    /// An archive whose end record (the last 22 bytes: entry counts at 8 and 10, the
    /// directory's size at 12 and its offset at 16) no longer fits its directory is told as
    /// damaged, in one message: a count lowered hid the last files, and the pack loaded
    /// without them. Damage that still gives every file (a wrong size, bytes appended) loads.
    @Test func aDamagedEndRecordIsToldAsSuch() throws {
        let scratch = Scratch()
        makePack(scratch)
        _ = try PackArchiver.write(folder: scratch.at("src"), id: "zipped", to: scratch.at("zipped.zip"), displayRoot: "src")
        let whole = [UInt8](try Data(contentsOf: scratch.at("zipped.zip")))
        let end = whole.count - 22
        func damaged(_ change: (inout [UInt8]) -> Void) throws -> [String] {
            var bytes = whole
            change(&bytes)
            try Data(bytes).write(to: scratch.at("damaged.zip"))
            return PackLoader.validate(at: scratch.at("damaged.zip")).map(\.message)
        }
        func set(_ bytes: inout [UInt8], _ offset: Int, _ value: Int, size: Int = 2) {
            for index in 0..<size { bytes[end + offset + index] = UInt8(truncatingIfNeeded: value >> (8 * index)) }
        }
        let again = "nothing was read from it; get or make the archive again"
        #expect(try damaged { set(&$0, 8, 4); set(&$0, 10, 4) }
            == ["the archive is damaged: its directory holds more entries than the 4 its end record counts; \(again)"])
        #expect(try damaged { set(&$0, 8, 6); set(&$0, 10, 6) }
            == ["the archive is damaged: its directory holds 5 readable entries, but its end record counts 6; \(again)"])
        let start = Int(whole[end + 16]) | Int(whole[end + 17]) << 8 | Int(whole[end + 18]) << 16 | Int(whole[end + 19]) << 24
        #expect(try damaged { set(&$0, 16, start + 1, size: 4) }
            == ["the archive is damaged: its directory holds 0 readable entries, but its end record counts 5; \(again)"])
        // The directory cut short: its last entry's header runs into the end record.
        #expect(try damaged { $0.removeSubrange((end - 30)..<end) }
            == ["the archive is damaged: its directory holds 4 readable entries, but its end record counts 5; \(again)"])
        #expect(try damaged { set(&$0, 12, 1, size: 4) } == [])
        #expect(try damaged { $0 += Array("appended".utf8) } == [])
    }

    /// A ZIP64 end record whose directory offset is near the largest integer (98 bytes a
    /// stranger can write) is damage told, not a crash of the game reading it.
    @Test func aZIP64DirectoryOffsetBeyondTheFileIsDamageNotACrash() throws {
        let scratch = Scratch()
        func little(_ value: UInt64, _ size: Int) -> [UInt8] { (0..<size).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        let record = little(0x0606_4B50, 4) + little(44, 8) + little(45, 2) + little(45, 2) + little(0, 4) + little(0, 4)
            + little(1, 8) + little(1, 8) + little(46, 8) + little(0xFFFF_FFFF_FFFF_FFF0, 8)
        let locator = little(0x0706_4B50, 4) + little(0, 4) + little(0, 8) + little(1, 4)
        let end = little(0x0605_4B50, 4) + little(0, 2) + little(0, 2) + little(0xFFFF, 2) + little(0xFFFF, 2)
            + little(0xFFFF_FFFF, 4) + little(0xFFFF_FFFF, 4) + little(0, 2)
        #expect(record.count == 56 && locator.count == 20 && end.count == 22)
        try Data(record + locator + end).write(to: scratch.at("far.zip"))
        let messages = PackLoader.validate(at: scratch.at("far.zip")).map(\.message)
        #expect(messages.count == 1 && messages[0].hasPrefix("the archive is damaged: its directory holds 0 readable entries"), "\(messages)")
    }

    @Test func refusesAnEntryThatInflatesBeyondItsHeader() throws {
        let scratch = Scratch()
        let text = String(repeating: "echolot ", count: 500)
        try ZipBuilder.write(scratch.at("liar.zip")) { zip in
            try zip.pack(Packs.files(id: "liar"))
            try zip.file("sounds/liar.txt", text)
        }
        // Patch the central directory record of the last entry to claim 100 bytes.
        var bytes = [UInt8](try Data(contentsOf: scratch.at("liar.zip")))
        let signature: [UInt8] = [0x50, 0x4B, 0x01, 0x02]
        let last = try #require((0...(bytes.count - 4)).last { Array(bytes[$0..<($0 + 4)]) == signature })
        bytes.replaceSubrange((last + 24)..<(last + 28), with: [100, 0, 0, 0])
        try Data(bytes).write(to: scratch.at("liar.zip"))
        let archive = try PackArchive.open(scratch.at("liar.zip"), displayPath: "liar.zip")
        let folder = scratch.at("out")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        #expect {
            try archive.extract(into: folder)
        } throws: { error in
            (error as? PackLoadError)?.diagnostics.map(\.description) == [
                "liar.zip:1:1: error: entry \"sounds/liar.txt\": it inflates to more than the 100 bytes its header declares",
            ]
        }
    }

    /// An entry compressed with a method ZIPFoundation does not read (bzip2, as some ZIP
    /// tools offer) is named as such; it was told as a damaged archive.
    @Test func anUnreadableCompressionMethodIsNamed() throws {
        let scratch = Scratch()
        try ZipBuilder.write(scratch.at("bz.zip")) { zip in
            try zip.pack(Packs.files(id: "bz"))
            try zip.file("sounds/z.txt", "bzip2 in name only", compression: .none)
        }
        // Method 12 (bzip2) in the last entry's local header, which extraction reads.
        var bytes = [UInt8](try Data(contentsOf: scratch.at("bz.zip")))
        let signature: [UInt8] = [0x50, 0x4B, 0x03, 0x04]
        let last = try #require((0...(bytes.count - 4)).last { Array(bytes[$0..<($0 + 4)]) == signature })
        bytes.replaceSubrange((last + 8)..<(last + 10), with: [12, 0])
        try Data(bytes).write(to: scratch.at("bz.zip"))
        #expect(PackLoader.validate(at: scratch.at("bz.zip")).map(\.message) == [
            "entry \"sounds/z.txt\": it is compressed with a method Echolot cannot read (only 'stored' and 'deflate'); "
                + "make the archive with 'echolot pack FOLDER' or a ZIP tool's usual settings",
        ])
    }

    @Test func validatingAZipWritesNothingNextToIt() throws {
        let scratch = Scratch()
        try ZipBuilder.write(scratch.at("evil.zip")) {
            try $0.pack(Packs.files(id: "evil"))
            try $0.file("../escape.txt", "boo")
        }
        let before = scratch.listing()
        let report = PackLoader.validate(path: "evil.zip", relativeTo: scratch.url)
        #expect(!report.isOK)
        #expect(scratch.listing() == before)
        #expect(!FileManager.default.fileExists(atPath: scratch.url.deletingLastPathComponent()
            .appendingPathComponent("escape.txt").path))
    }
}
