import EcholotAudio
import Foundation
import Testing

/// Sound names resolve inside the pack's sounds/ folder and nowhere else, even when a
/// script writes the name at run time.
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
}
