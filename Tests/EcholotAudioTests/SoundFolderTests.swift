import EcholotAudio
import Foundation
import Testing

/// Sound names resolve in the pack's sounds/ folder, to files inside the pack and nowhere
/// else, even when a script writes the name at run time.
@Suite final class SoundFolderPaths {
    let sounds: TestSounds

    init() throws { sounds = try TestSounds() }
    deinit { sounds.remove() }

    @Test func resolvesNamesAndSubfolders() throws {
        let folder = sounds.soundFolder
        #expect(try folder.locate("noise.wav").lastPathComponent == "noise.wav")
        #expect(try folder.locate("birds/lark.wav").path.hasSuffix("/birds/lark.wav"))
    }

    @Test(arguments: ["", "/etc/passwd", "../secret.wav", "a/../../b.wav", "a\\b.wav"])
    func refusesEscapes(name: String) {
        #expect(throws: AudioAssetError.self) { try sounds.soundFolder.locate(name) }
    }

    @Test func refusesLinksOutOfTheFolder() throws {
        let link = sounds.url("out.wav")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "/etc/hostname")
        #expect(throws: AudioAssetError.self) { try sounds.soundFolder.locate("out.wav") }
    }

    /// A link to another sound inside the folder is that sound: found, and decoded at the
    /// size of the file it leads to (not of the link, which once read as "truncated").
    @Test func aLinkInsideTheFolderIsTheSoundItLeadsTo() throws {
        let link = sounds.url("again.wav")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "noise.wav")
        let located = try sounds.soundFolder.locate("again.wav")
        let audio = try AudioAsset.decode(url: located)
        #expect(audio.samples == (try AudioAsset.decode(url: sounds.url("noise.wav"))).samples)
    }

    /// An extending pack's folder first, then its base's: the nearest file wins, the base
    /// fills in the rest, and a name neither has is reported missing in the pack's own.
    @Test func resolvesThroughBaseFoldersNearestFirst() throws {
        let own = sounds.pack.appendingPathComponent("own/sounds", isDirectory: true)
        let base = sounds.pack.appendingPathComponent("base/sounds", isDirectory: true)
        for folder in [own, base] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        try Data("own".utf8).write(to: own.appendingPathComponent("both.wav"))
        try Data("base".utf8).write(to: base.appendingPathComponent("both.wav"))
        try Data("base".utf8).write(to: base.appendingPathComponent("inherited.wav"))
        let layered = SoundFolder(packs: [own, base].map { $0.deletingLastPathComponent() })
        #expect(try layered.locate("both.wav").path == own.appendingPathComponent("both.wav").path)
        #expect(try layered.locate("inherited.wav").path == base.appendingPathComponent("inherited.wav").path)
        try Data("base".utf8).write(to: base.appendingPathComponent("piped.wav"))
        #expect(mkfifo(own.appendingPathComponent("piped.wav").path, 0o644) == 0)
        #expect(try layered.locate("piped.wav").path == base.appendingPathComponent("piped.wav").path)
        #expect(try layered.locate("missing.wav").path == own.appendingPathComponent("missing.wav").path)
        // A folder named like a sound is no sound: the base's file is, as the pack's own
        // check (Pack.sound) finds it.
        try FileManager.default.createDirectory(at: own.appendingPathComponent("inherited.wav"), withIntermediateDirectories: true)
        #expect(try layered.locate("inherited.wav").path == base.appendingPathComponent("inherited.wav").path)
        #expect(throws: AudioAssetError.self) { try layered.locate("../base/inherited.wav") }
        try FileManager.default.createSymbolicLink(atPath: base.appendingPathComponent("out.wav").path, withDestinationPath: "/etc/hostname")
        #expect(throws: AudioAssetError.self) { try layered.locate("out.wav") }
        // The base is another pack: a link of the extending pack's into it leads out.
        try FileManager.default.createSymbolicLink(atPath: own.appendingPathComponent("borrowed.wav").path,
                                                   withDestinationPath: base.appendingPathComponent("both.wav").path)
        #expect(throws: AudioAssetError.self) { try layered.locate("borrowed.wav") }
    }
}
